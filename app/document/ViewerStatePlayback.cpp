// Playback, the timing preview, and keying into user clips.
#include <algorithm>
#include <cmath>

#include "app/document/ViewerState.h"
#include "morph/anim/Sampler.h"
#include "morph/edit/ClipExport.h"

namespace app {
namespace {

const morph::UserClip* userClipAt(const ViewerState& state, int index) {
    if (index < 0 || size_t(index) >= state.userClips.size()) return nullptr;
    return &state.userClips[size_t(index)];
}

bool validClip(const morph::Scene& scene, const ViewerState& state, ClipRef clip) {
    return clipExists(scene, state, clip);
}

// The mesh a user clip plays on: the one it was keyed on (by name), else the selected one.
int meshForUserClip(const morph::Scene& scene, const ViewerState& state,
                    const morph::UserClip& clip) {
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        if (!clip.mesh.empty() && scene.meshes[m].name == clip.mesh &&
            scene.meshes[m].targetCount() > 0) {
            return int(m);
        }
    }
    return state.selectedMesh;
}

}  // namespace

bool clipExists(const morph::Scene& scene, const ViewerState& state, ClipRef clip) {
    switch (clip.kind) {
        case ClipKind::Scene:
            return clip.index >= 0 && size_t(clip.index) < scene.animations.size();
        case ClipKind::User: return userClipAt(state, clip.index) != nullptr;
        case ClipKind::None: return false;
    }
    return false;
}

const morph::Animation* currentAnimation(const morph::Scene& scene, const ViewerState& state,
                                         morph::Animation& scratch) {
    return clipAnimation(scene, state, state.playback.clip, scratch);
}

const morph::Animation* clipAnimation(const morph::Scene& scene, const ViewerState& state,
                                      ClipRef clip, morph::Animation& scratch) {
    if (!validClip(scene, state, clip)) return nullptr;
    if (clip.kind == ClipKind::Scene) return &scene.animations[size_t(clip.index)];
    const morph::UserClip& user = state.userClips[size_t(clip.index)];
    const int mesh = meshForUserClip(scene, state, user);
    if (user.keys.empty() || mesh < 0 || size_t(mesh) >= scene.meshes.size()) return nullptr;
    // One sampler per mesh it reaches (linked meshes name their targets in their own order).
    // Targets the clip does not name keep the mesh's defaults, as export writes them.
    scratch = morph::Animation();
    scratch.name = user.name;
    for (int linked : linkedMeshes(scene, state, mesh)) {
        const morph::Mesh& m = scene.meshes[size_t(linked)];
        morph::Animation part =
            morph::toAnimation(morph::remapTargets(user, m.targetNames, m.defaultWeights),
                               nodesUsingMesh(scene, linked));
        for (morph::AnimationChannel& c : part.channels) {
            c.sampler = int(scratch.samplers.size());
            scratch.channels.push_back(c);
        }
        scratch.samplers.push_back(std::move(part.samplers.front()));
        scratch.start = part.start;
        scratch.end = part.end;
    }
    return &scratch;
}

std::string clipName(const morph::Scene& scene, const ViewerState& state, ClipRef clip) {
    if (!validClip(scene, state, clip)) return "(none)";
    if (clip.kind == ClipKind::User) return state.userClips[size_t(clip.index)].name;
    const std::string& name = scene.animations[size_t(clip.index)].name;
    return name.empty() ? "animation " + std::to_string(clip.index) : name;
}

float clipLength(const morph::Scene& scene, const ViewerState& state, ClipRef clip) {
    if (!validClip(scene, state, clip)) return 0.0f;
    if (clip.kind == ClipKind::User) {
        return std::max(state.userClips[size_t(clip.index)].duration(), state.userClipLength);
    }
    // glTF time starts at 0, so a clip whose first key is later still runs from 0 (Scene.h).
    return std::max(0.0f, scene.animations[size_t(clip.index)].end);
}

float clipDuration(const morph::Scene& scene, const ViewerState& state) {
    const Playback& p = state.playback;
    if (!validClip(scene, state, p.clip)) return 0.0f;
    float duration = clipLength(scene, state, p.clip);
    for (const ClipLayer& layer : p.layers) {
        if (layer.enabled) duration = std::max(duration, clipLength(scene, state, layer.clip));
    }
    if (p.crossfade.active())
        duration = std::max(duration, clipLength(scene, state, p.crossfade.to));
    return duration;
}

std::vector<float> clipKeyTimes(const morph::Scene& scene, const ViewerState& state) {
    const ClipRef clip = state.playback.clip;
    if (!validClip(scene, state, clip)) return {};
    if (clip.kind == ClipKind::User) return state.userClips[size_t(clip.index)].keyTimes();
    std::vector<float> times;
    for (const morph::AnimationSampler& s : scene.animations[size_t(clip.index)].samplers) {
        times.insert(times.end(), s.input.begin(), s.input.end());
    }
    std::sort(times.begin(), times.end());
    // Samplers exported separately carry the same frame with float noise: one tick each.
    times.erase(std::unique(times.begin(), times.end(),
                            [](float a, float b) { return b - a <= morph::kKeyTimeTolerance; }),
                times.end());
    return times;
}

void selectClip(ViewerState& state, const morph::Scene& scene, ClipRef clip) {
    ++state.revision;
    state.playback.clip = validClip(scene, state, clip) ? clip : ClipRef{};
    state.playback.time = 0.0f;
    state.playback.crossfade = Crossfade{};
    if (state.playback.clip.kind == ClipKind::None) {
        state.playback.playing = false;
        return;
    }
    // The picked clip is seen as it is: clips on its channels step aside, the others play on.
    soloLayerChannels(state, scene, clip);
}

void togglePlay(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    Playback& p = state.playback;
    // Nothing picked yet: the first layer that is on becomes current, so Play right after opening
    // facecap plays its face, eyes and head together.
    if (!validClip(scene, state, p.clip)) {
        for (const ClipLayer& layer : p.layers) {
            if (layer.enabled && validClip(scene, state, layer.clip)) {
                p.clip = layer.clip;
                p.time = 0.0f;
                break;
            }
        }
    }
    if (!validClip(scene, state, p.clip)) {
        p.playing = false;
        return;
    }
    if (!p.playing && !p.loop && p.time >= clipDuration(scene, state)) p.time = 0.0f;
    p.playing = !p.playing;
}

void stop(ViewerState& state) {
    ++state.revision;
    state.playback.playing = false;
    state.playback.time = 0.0f;
}

void advance(ViewerState& state, const morph::Scene& scene, float seconds) {
    Playback& p = state.playback;
    if (!p.playing || !std::isfinite(seconds) || seconds <= 0) return;
    if (p.crossfade.active()) {
        p.crossfade.elapsed += seconds * p.speed;
        if (p.crossfade.elapsed >= p.crossfade.duration) finishCrossfade(state);
    }
    const float duration = clipDuration(scene, state);
    if (duration <= 0) {
        p.time = 0.0f;
        return;
    }
    p.time += seconds * p.speed;
    if (p.time < duration) return;
    if (p.loop) {
        p.time = std::fmod(p.time, duration);
    } else {
        p.time = duration;
        p.playing = false;
    }
}

void scrub(ViewerState& state, const morph::Scene& scene, float time) {
    ++state.revision;
    if (!std::isfinite(time)) return;
    state.playback.time = std::clamp(time, 0.0f, clipDuration(scene, state));
}

void setSpeed(ViewerState& state, float speed) {
    if (std::isfinite(speed)) state.playback.speed = std::clamp(speed, kSpeedMin, kSpeedMax);
}

void setInbetweens(ViewerState& state, int inbetweens) {
    state.playback.inbetweens = std::clamp(inbetweens, 0, kMaxInbetweens);
}

bool stepToNextKey(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    const std::vector<float> times = clipKeyTimes(scene, state);
    const float now = state.playback.time;
    auto it = std::find_if(times.begin(), times.end(),
                           [&](float t) { return t > now + morph::kKeyTimeTolerance; });
    state.playback.playing = false;
    if (it == times.end()) return false;
    state.playback.time = *it;
    return true;
}

bool stepToPrevKey(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    const std::vector<float> times = clipKeyTimes(scene, state);
    const float now = state.playback.time;
    auto it = std::find_if(times.rbegin(), times.rend(),
                           [&](float t) { return t < now - morph::kKeyTimeTolerance; });
    state.playback.playing = false;
    if (it == times.rend()) return false;
    state.playback.time = *it;
    return true;
}

float evaluationTime(const morph::Scene& scene, const ViewerState& state) {
    const Playback& p = state.playback;
    if (!p.timingPreview) return p.time;
    return heldTime(clipKeyTimes(scene, state), p.inbetweens, p.time);
}

float heldTime(const std::vector<float>& keys, int inbetweens, float time) {
    if (keys.size() < 2 || !(time > keys.front())) return time;
    if (time >= keys.back()) return keys.back();
    inbetweens = std::clamp(inbetweens, 0, kMaxInbetweens);
    // An animator's timing chart: each interval is shown on the key and N evenly spaced
    // inbetweens, and the pose holds from one drawing to the next.
    const size_t k = morph::findKeyInterval(keys, time);
    const float step = (keys[k + 1] - keys[k]) / float(inbetweens + 1);
    if (!(step > 0)) return keys[k];
    // The small bias keeps a time sitting exactly on a drawing from falling to the one before.
    const float drawing = std::floor((time - keys[k]) / step + 1e-4f);
    return keys[k] + std::min(drawing, float(inbetweens)) * step;
}

int newUserClip(ViewerState& state, const morph::Scene& scene, const std::string& name) {
    morph::UserClip clip;
    clip.name = name;
    for (int n = 1; clip.name.empty(); ++n) {
        std::string candidate = "clip " + std::to_string(n);
        bool taken = std::any_of(state.userClips.begin(), state.userClips.end(),
                                 [&](const morph::UserClip& c) { return c.name == candidate; });
        if (!taken) clip.name = candidate;
    }
    const int mesh = state.selectedMesh;
    if (mesh >= 0 && size_t(mesh) < scene.meshes.size()) {
        clip.mesh = scene.meshes[size_t(mesh)].name;
        clip.targetNames = scene.meshes[size_t(mesh)].targetNames;
    }
    state.userClips.push_back(std::move(clip));
    state.keyClip = int(state.userClips.size() - 1);
    return state.keyClip;
}

morph::Result<size_t> keyCurrentPose(ViewerState& state, const morph::Scene& scene) {
    const int mesh = state.selectedMesh;
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size() ||
        scene.meshes[size_t(mesh)].targetCount() == 0) {
        return morph::Error{morph::ErrorCode::Usage, "Key: no mesh with morph targets is selected"};
    }
    const morph::Mesh& m = scene.meshes[size_t(mesh)];
    const morph::UserClip* current = userClipAt(state, state.keyClip);
    const bool fits =
        current &&
        std::any_of(m.targetNames.begin(), m.targetNames.end(), [&](const std::string& n) {
            return std::find(current->targetNames.begin(), current->targetNames.end(), n) !=
                   current->targetNames.end();
        });
    if (!fits) newUserClip(state, scene);
    morph::UserClip& clip = state.userClips[size_t(state.keyClip)];

    const float time = state.playback.time;
    const std::vector<float> shown = resolveMeshWeights(scene, state, mesh).beforeSoloMute;
    // Targets of the clip this mesh lacks keep what the clip already says there.
    std::vector<float> weights = morph::sampleUserClip(clip, time);
    weights.resize(clip.targetNames.size(), 0.0f);
    for (size_t i = 0; i < clip.targetNames.size(); ++i) {
        auto it = std::find(m.targetNames.begin(), m.targetNames.end(), clip.targetNames[i]);
        if (it != m.targetNames.end()) weights[i] = shown[size_t(it - m.targetNames.begin())];
    }
    morph::Result<size_t> key = morph::setKey(clip, time, std::move(weights));
    if (!key) return key;
    if (state.playback.clip == ClipRef{ClipKind::User, state.keyClip}) {
        for (int linked : linkedMeshes(scene, state, mesh)) {
            if (size_t(linked) >= state.meshes.size()) continue;
            for (TargetState& t : state.meshes[size_t(linked)].targets) {
                if (!t.held) t.overridden = false;
            }
        }
    }
    return key;
}

void deleteUserClip(ViewerState& state, int index) {
    if (!userClipAt(state, index)) return;
    state.userClips.erase(state.userClips.begin() + index);
    ClipRef& playing = state.playback.clip;
    if (playing.kind == ClipKind::User) {
        if (playing.index == index) {
            playing = ClipRef{};
            state.playback.playing = false;
            state.playback.time = 0.0f;
        } else if (playing.index > index) {
            --playing.index;
        }
    }
    if (state.keyClip == index) state.keyClip = -1;
    else if (state.keyClip > index) --state.keyClip;
    std::vector<ClipLayer>& layers = state.playback.layers;
    layers.erase(std::remove_if(layers.begin(), layers.end(),
                                [&](const ClipLayer& l) {
                                    return l.clip == ClipRef{ClipKind::User, index};
                                }),
                 layers.end());
    for (ClipLayer& layer : layers) {
        if (layer.clip.kind == ClipKind::User && layer.clip.index > index) --layer.clip.index;
    }
    Crossfade& fade = state.playback.crossfade;
    for (ClipRef* ref : {&fade.from, &fade.to}) {
        if (ref->kind != ClipKind::User) continue;
        if (ref->index == index) fade = Crossfade{};
        else if (ref->index > index) --ref->index;
    }
}

morph::Status loadUserClipInto(ViewerState& state, const std::string& path) {
    morph::Result<morph::UserClip> clip = morph::loadUserClip(path);
    if (!clip) return clip.error();
    state.userClips.push_back(std::move(*clip));
    return {};
}

morph::Status exportUserClip(const ViewerState& state, const morph::Scene& scene, int clip,
                             const std::string& output) {
    const morph::UserClip* user = userClipAt(state, clip);
    if (!user)
        return morph::Error{morph::ErrorCode::BadReference,
                            output + ": no user clip " + std::to_string(clip) + " to export"};
    if (scene.path.empty())
        return morph::Error{morph::ErrorCode::Usage, output + ": the model has no source file"};
    // Scene mesh indices are the file's (the importer keeps glTF order).
    // With rig logic on, what the viewer shows: derived targets baked at each key.
    return morph::exportClip(scene.path, output, *user, meshForUserClip(scene, state, *user),
                             state.rigLogic ? &scene : nullptr);
}

}  // namespace app
