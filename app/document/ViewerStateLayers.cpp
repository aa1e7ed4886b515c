// Clips together: the layer list (on/off, weight, order), crossfades, and what plays at a moment.
#include <algorithm>
#include <cmath>

#include "app/document/ViewerState.h"

namespace app {

namespace {

bool sharesChannels(const morph::Scene& scene, const ViewerState& state, ClipRef a, ClipRef b) {
    morph::Animation scratchA, scratchB;
    const morph::Animation* first = clipAnimation(scene, state, a, scratchA);
    const morph::Animation* second = clipAnimation(scene, state, b, scratchB);
    return first && second && morph::sharesChannels(*first, *second);
}

}  // namespace

float Crossfade::progress() const {
    if (!active() || !(duration > 0)) return active() ? 1.0f : 0.0f;
    return std::clamp(elapsed / duration, 0.0f, 1.0f);
}

std::vector<ClipLayer> defaultLayers(const morph::Scene& scene) {
    std::vector<ClipLayer> layers;
    std::vector<const morph::Animation*> enabled;
    for (size_t a = 0; a < scene.animations.size(); ++a) {
        const morph::Animation& clip = scene.animations[a];
        // facecap.glb: the face's weights, each eye and the head are separate clips that only
        // make sense together; clips that fight over a channel (walk, run) are one at a time.
        const bool free = std::none_of(enabled.begin(), enabled.end(), [&](const auto* other) {
            return morph::sharesChannels(*other, clip);
        });
        if (free) enabled.push_back(&clip);
        layers.push_back({ClipRef{ClipKind::Scene, int(a)}, free, 1.0f});
    }
    return layers;
}

int layerIndex(const ViewerState& state, ClipRef clip) {
    const std::vector<ClipLayer>& layers = state.playback.layers;
    for (size_t i = 0; i < layers.size(); ++i) {
        if (layers[i].clip == clip) return int(i);
    }
    return -1;
}

int ensureLayer(ViewerState& state, const morph::Scene& scene, ClipRef clip) {
    if (!clipExists(scene, state, clip)) return -1;
    const int found = layerIndex(state, clip);
    if (found >= 0) return found;
    state.playback.layers.push_back({clip, false, 1.0f});
    return int(state.playback.layers.size() - 1);
}

void setLayerEnabled(ViewerState& state, int layer, bool enabled) {
    std::vector<ClipLayer>& layers = state.playback.layers;
    if (layer < 0 || size_t(layer) >= layers.size()) return;
    ++state.revision;
    layers[size_t(layer)].enabled = enabled;
    // A crossfade out of a layer switched off has nothing left to fade from.
    const Crossfade& fade = state.playback.crossfade;
    if (!enabled && fade.active() && fade.from == layers[size_t(layer)].clip)
        state.playback.crossfade = Crossfade{};
}

void setLayerWeight(ViewerState& state, int layer, float weight) {
    std::vector<ClipLayer>& layers = state.playback.layers;
    if (layer < 0 || size_t(layer) >= layers.size() || !std::isfinite(weight)) return;
    ++state.revision;
    layers[size_t(layer)].weight = std::clamp(weight, 0.0f, 1.0f);
}

void moveLayer(ViewerState& state, int layer, int to) {
    std::vector<ClipLayer>& layers = state.playback.layers;
    if (layer < 0 || size_t(layer) >= layers.size() || to < 0 || size_t(to) >= layers.size() ||
        layer == to)
        return;
    ++state.revision;
    const ClipLayer moved = layers[size_t(layer)];
    layers.erase(layers.begin() + layer);
    layers.insert(layers.begin() + to, moved);
}

bool overlapsEnabledLayer(const morph::Scene& scene, const ViewerState& state, ClipRef clip) {
    for (const ClipLayer& layer : state.playback.layers) {
        if (layer.enabled && layer.clip != clip && sharesChannels(scene, state, layer.clip, clip))
            return true;
    }
    return false;
}

void soloLayerChannels(ViewerState& state, const morph::Scene& scene, ClipRef clip) {
    const int index = ensureLayer(state, scene, clip);
    if (index < 0) return;
    ++state.revision;
    for (ClipLayer& layer : state.playback.layers) {
        if (layer.enabled && layer.clip != clip && sharesChannels(scene, state, layer.clip, clip))
            layer.enabled = false;
    }
    state.playback.layers[size_t(index)].enabled = true;
}

void playTogether(ViewerState& state, const morph::Scene& scene,
                  const std::vector<ClipRef>& clips) {
    std::vector<ClipRef> valid;
    for (ClipRef clip : clips) {
        if (clipExists(scene, state, clip)) valid.push_back(clip);
    }
    if (valid.empty()) return;
    selectClip(state, scene, valid.front());
    std::vector<ClipLayer>& layers = state.playback.layers;
    for (ClipLayer& layer : layers) layer.enabled = false;
    for (ClipRef clip : valid) {
        const int index = ensureLayer(state, scene, clip);
        ClipLayer layer = layers[size_t(index)];
        layer.enabled = true;
        layers.erase(layers.begin() + index);
        layers.push_back(layer);
    }
}

bool crossfadeTo(ViewerState& state, const morph::Scene& scene, ClipRef from, ClipRef to,
                 float seconds) {
    if (from == to || !clipExists(scene, state, to)) return false;
    const int source = layerIndex(state, from);
    if (source < 0 || !state.playback.layers[size_t(source)].enabled ||
        !clipExists(scene, state, from))
        return false;
    Playback& p = state.playback;
    if (p.crossfade.active()) {
        // A layer fading again mid-fade fades from what it was fading into.
        const Crossfade previous = p.crossfade;
        finishCrossfade(state);
        if (from == previous.from) from = previous.to;
        if (from == to) return true;
    }
    ensureLayer(state, scene, to);
    ++state.revision;
    p.crossfade = Crossfade{from, to, 0.0f, 0.0f};
    if (!std::isfinite(seconds) || !(seconds > 0)) {
        finishCrossfade(state);
        return true;
    }
    p.crossfade.duration = std::min(seconds, kMaxCrossfadeSeconds);
    // Layers play only with a current clip; a fade out of a layer with none current makes it so.
    if (!clipExists(scene, state, p.clip)) p.clip = from;
    p.playing = true;
    return true;
}

void setCrossfadeSeconds(ViewerState& state, float seconds) {
    if (std::isfinite(seconds))
        state.playback.crossfadeSeconds = std::clamp(seconds, 0.0f, kMaxCrossfadeSeconds);
}

void finishCrossfade(ViewerState& state) {
    Playback& p = state.playback;
    if (!p.crossfade.active()) return;
    ++state.revision;
    const Crossfade fade = p.crossfade;
    p.crossfade = Crossfade{};
    const int from = layerIndex(state, fade.from);
    const int to = layerIndex(state, fade.to);
    if (to >= 0) p.layers[size_t(to)].enabled = true;
    if (from >= 0) p.layers[size_t(from)].enabled = false;
    // `to` takes `from`'s place, so what is drawn is what the fade's last frame showed.
    if (from >= 0 && to >= 0) std::swap(p.layers[size_t(from)], p.layers[size_t(to)]);
    if (p.clip == fade.from) p.clip = fade.to;
}

float layerTime(float t, float clipLength, bool loop) {
    if (loop && clipLength > 0 && t > clipLength) return std::fmod(t, clipLength);
    return t;
}

bool PlayingClips::drivesWeights(int node) const {
    for (const morph::AnimationLayer& layer : layers) {
        const bool fading = layer.fadeTo != nullptr;
        const std::pair<const morph::Animation*, bool> sides[] = {
            {layer.animation, layer.weight > 0 && (!fading || layer.fade < 1)},
            {layer.fadeTo, fading && layer.fadeToWeight > 0 && layer.fade > 0}};
        for (const auto& [animation, counts] : sides) {
            if (!animation || !counts) continue;
            for (const morph::AnimationChannel& c : animation->channels) {
                if (c.node == node && c.path == morph::AnimationPath::Weights) return true;
            }
        }
    }
    return false;
}

PlayingClips playingClips(const morph::Scene& scene, const ViewerState& state) {
    PlayingClips out;
    const Playback& p = state.playback;
    if (!clipExists(scene, state, p.clip)) return out;
    const float t = evaluationTime(scene, state);
    auto animationOf = [&](ClipRef clip) -> const morph::Animation* {
        if (clip.kind == ClipKind::Scene) {
            morph::Animation unused;
            return clipAnimation(scene, state, clip, unused);
        }
        auto form = std::make_unique<morph::Animation>();
        const morph::Animation* animation = clipAnimation(scene, state, clip, *form);
        if (!animation) return nullptr;
        out.userForms.push_back(std::move(form));
        return out.userForms.back().get();
    };
    auto timeOf = [&](ClipRef clip) {
        return layerTime(t, clipLength(scene, state, clip), p.loop);
    };
    const Crossfade& fade = p.crossfade;
    const int fadeTo = fade.active() ? layerIndex(state, fade.to) : -1;
    for (const ClipLayer& layer : p.layers) {
        if (!layer.enabled || (fade.active() && layer.clip == fade.to)) continue;
        morph::AnimationLayer played;
        played.animation = animationOf(layer.clip);
        if (!played.animation) continue;
        played.time = timeOf(layer.clip);
        played.weight = std::clamp(layer.weight, 0.0f, 1.0f);
        if (fade.active() && layer.clip == fade.from) {
            played.fadeTo = animationOf(fade.to);
            played.fadeToTime = timeOf(fade.to);
            played.fadeToWeight = fadeTo >= 0 ? p.layers[size_t(fadeTo)].weight : 1.0f;
            played.fade = fade.progress();
        }
        out.layers.push_back(played);
    }
    // A current clip without a layer (a state made by hand) plays on top, as it always did.
    if (layerIndex(state, p.clip) < 0) {
        morph::AnimationLayer played;
        played.animation = animationOf(p.clip);
        played.time = timeOf(p.clip);
        if (played.animation) out.layers.push_back(played);
    }
    return out;
}

}  // namespace app
