#include "app/viewer/state/ViewerState.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "app/viewer/state/ViewerStateExpressions.h"

namespace app {
namespace {

using TargetRef = std::pair<int, size_t>;  // mesh, target

const morph::Mesh* meshAt(const morph::Scene& scene, int mesh) {
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) return nullptr;
    return &scene.meshes[size_t(mesh)];
}

// The mesh's state when it fits the scene (a state made for another scene is ignored, never
// read out of bounds).
MeshState* meshStateAt(ViewerState& state, const morph::Scene& scene, int mesh) {
    const morph::Mesh* m = meshAt(scene, mesh);
    if (!m || size_t(mesh) >= state.meshes.size()) return nullptr;
    MeshState& ms = state.meshes[size_t(mesh)];
    return ms.targets.size() == m->targetCount() ? &ms : nullptr;
}

const MeshState* meshStateAt(const ViewerState& state, const morph::Scene& scene, int mesh) {
    return meshStateAt(const_cast<ViewerState&>(state), scene, mesh);
}

// Every (mesh, target) an edit of `target` on the selected mesh reaches. Linked meshes have the
// same names, so the same indices.
std::vector<TargetRef> editGroup(const ViewerState& state, const morph::Scene& scene,
                                 size_t target) {
    std::vector<TargetRef> group;
    const int selected = state.selectedMesh;
    const morph::Mesh* mesh = meshAt(scene, selected);
    if (!mesh || target >= mesh->targetCount()) return group;
    for (int m : linkedMeshes(scene, state, selected)) {
        if (!meshStateAt(state, scene, m)) continue;
        for (size_t t : linkedTargets(state, selected, target)) group.emplace_back(m, t);
    }
    return group;
}

TargetState* targetAt(ViewerState& state, const morph::Scene& scene, TargetRef ref) {
    MeshState* ms = meshStateAt(state, scene, ref.first);
    return ms && ref.second < ms->targets.size() ? &ms->targets[ref.second] : nullptr;
}

bool sameNames(const morph::Mesh& a, const morph::Mesh& b) {
    return a.targetNames == b.targetNames;
}

// Overrides, then solo/mute, over weights that already hold defaults and the clip.
void applyUserLayer(const MeshState& ms, std::vector<float>& weights,
                    std::vector<WeightSource>* sources, std::vector<float>* before) {
    weights.resize(ms.targets.size(), 0.0f);
    const bool anySolo = std::any_of(ms.targets.begin(), ms.targets.end(),
                                     [](const TargetState& t) { return t.solo; });
    for (size_t i = 0; i < ms.targets.size(); ++i) {
        const TargetState& t = ms.targets[i];
        if (t.overridden) {
            weights[i] = t.value;
            if (sources) (*sources)[i] = WeightSource::User;
        }
        if (before) (*before)[i] = weights[i];
        if (t.mute || (anySolo && !t.solo)) weights[i] = 0.0f;
    }
}

// Whether the current clip drives the weights of a node that shows `mesh`.
bool clipAnimatesMesh(const morph::Scene& scene, const ViewerState& state, int mesh) {
    morph::Animation scratch;
    const morph::Animation* animation = currentAnimation(scene, state, scratch);
    if (!animation) return false;
    for (const morph::AnimationChannel& c : animation->channels) {
        if (c.path == morph::AnimationPath::Weights && c.node >= 0 &&
            size_t(c.node) < scene.nodes.size() && scene.nodes[size_t(c.node)].mesh == mesh) {
            return true;
        }
    }
    return false;
}

}  // namespace

ViewerState makeViewerState(const morph::Scene& scene) {
    ViewerState state;
    state.meshes.resize(scene.meshes.size());
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        const morph::Mesh& mesh = scene.meshes[m];
        state.meshes[m].targets.resize(mesh.targetCount());
        for (const morph::TargetPair& p : morph::findLeftRightPairs(mesh.targetNames)) {
            state.meshes[m].pairs.push_back({p.left, p.right, false});
        }
    }
    state.expressionWeights.assign(scene.expressions.size(), 0.0f);
    std::vector<int> morphed = meshesWithTargets(scene);
    state.selectedMesh = morphed.empty() ? -1 : morphed.front();
    return state;
}

std::vector<int> meshesWithTargets(const morph::Scene& scene) {
    std::vector<int> out;
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        if (scene.meshes[m].targetCount() > 0) out.push_back(int(m));
    }
    return out;
}

std::vector<int> nodesUsingMesh(const morph::Scene& scene, int mesh) {
    std::vector<int> out;
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        if (scene.nodes[n].mesh == mesh) out.push_back(int(n));
    }
    return out;
}

std::vector<int> linkedMeshes(const morph::Scene& scene, const ViewerState& state, int mesh) {
    const morph::Mesh* self = meshAt(scene, mesh);
    if (!self) return {};
    if (!state.linkIdenticalMeshes || self->targetCount() == 0) return {mesh};
    std::vector<int> out;
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        if (int(m) == mesh || sameNames(scene.meshes[m], *self)) out.push_back(int(m));
    }
    return out;
}

std::vector<size_t> linkedTargets(const ViewerState& state, int mesh, size_t target) {
    std::vector<size_t> out{target};
    if (mesh < 0 || size_t(mesh) >= state.meshes.size()) return out;
    for (const PairLink& p : state.meshes[size_t(mesh)].pairs) {
        if (!p.linked) continue;
        if (p.left == target) out.push_back(p.right);
        if (p.right == target) out.push_back(p.left);
    }
    return out;
}

void setPairLinked(ViewerState& state, int mesh, size_t pair, bool linked) {
    if (mesh < 0 || size_t(mesh) >= state.meshes.size()) return;
    std::vector<PairLink>& pairs = state.meshes[size_t(mesh)].pairs;
    if (pair < pairs.size()) pairs[pair].linked = linked;
}

void setRange(ViewerState& state, float min, float max) {
    min = std::clamp(min, kRangeLimitMin, kRangeLimitMax);
    max = std::clamp(max, kRangeLimitMin, kRangeLimitMax);
    if (!(min < max)) return;  // an empty or inverted range would make every slider unusable
    state.rangeMin = min;
    state.rangeMax = max;
}

void beginUserEdit(ViewerState& state, const morph::Scene& scene, size_t target) {
    ++state.revision;
    std::vector<TargetRef> group = editGroup(state, scene, target);
    std::map<int, ResolvedWeights> shown;
    for (const TargetRef& ref : group) {
        if (!shown.count(ref.first)) shown[ref.first] = resolveMeshWeights(scene, state, ref.first);
    }
    for (const TargetRef& ref : group) {
        TargetState* t = targetAt(state, scene, ref);
        const std::vector<float>& values = shown[ref.first].beforeSoloMute;
        if (!t || ref.second >= values.size()) continue;
        if (!t->overridden) t->value = values[ref.second];
        t->overridden = true;
        t->held = true;
    }
}

void setUserWeight(ViewerState& state, const morph::Scene& scene, size_t target, float value) {
    ++state.revision;
    if (!std::isfinite(value)) return;
    value = std::clamp(value, state.rangeMin, state.rangeMax);
    for (const TargetRef& ref : editGroup(state, scene, target)) {
        if (TargetState* t = targetAt(state, scene, ref)) {
            t->overridden = true;
            t->value = value;
        }
    }
}

void endUserEdit(ViewerState& state, const morph::Scene& scene, size_t target) {
    ++state.revision;
    for (const TargetRef& ref : editGroup(state, scene, target)) {
        TargetState* t = targetAt(state, scene, ref);
        if (!t) continue;
        t->held = false;
        // Only a clip that drives this mesh's weights can take the target back; with nothing
        // to return to, releasing must not make the slider snap to the default.
        if (state.playback.playing && !state.stickyOverrides &&
            clipAnimatesMesh(scene, state, ref.first)) {
            t->overridden = false;
        }
    }
}

void clearOverride(ViewerState& state, const morph::Scene& scene, size_t target) {
    ++state.revision;
    for (const TargetRef& ref : editGroup(state, scene, target)) {
        if (TargetState* t = targetAt(state, scene, ref)) t->overridden = t->held = false;
    }
}

void resetToDefaults(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    for (int m : linkedMeshes(scene, state, state.selectedMesh)) {
        if (MeshState* ms = meshStateAt(state, scene, m)) {
            for (TargetState& t : ms->targets) t.overridden = t.held = false;
        }
    }
}

void resetToZero(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    for (int m : linkedMeshes(scene, state, state.selectedMesh)) {
        if (MeshState* ms = meshStateAt(state, scene, m)) {
            for (TargetState& t : ms->targets) {
                t.overridden = true;
                t.value = 0.0f;
            }
        }
    }
}

void clearAllOverrides(ViewerState& state) {
    ++state.revision;
    for (MeshState& ms : state.meshes) {
        for (TargetState& t : ms.targets) t.overridden = t.held = false;
    }
}

void setSolo(ViewerState& state, const morph::Scene& scene, size_t target, bool solo) {
    ++state.revision;
    for (const TargetRef& ref : editGroup(state, scene, target)) {
        if (TargetState* t = targetAt(state, scene, ref)) t->solo = solo;
    }
}

void setMute(ViewerState& state, const morph::Scene& scene, size_t target, bool mute) {
    ++state.revision;
    for (const TargetRef& ref : editGroup(state, scene, target)) {
        if (TargetState* t = targetAt(state, scene, ref)) t->mute = mute;
    }
}

namespace {

// The rest pose with the current clip (and its node animation) applied at the state's time.
std::vector<morph::NodePose> sampleClips(const morph::Scene& scene, const ViewerState& state) {
    std::vector<morph::NodePose> pose = morph::restPose(scene);
    morph::Animation scratch;
    if (const morph::Animation* animation = currentAnimation(scene, state, scratch)) {
        morph::applyAnimation(scene, *animation, evaluationTime(scene, state), pose);
    }
    return pose;
}

void applyUserLayers(const morph::Scene& scene, const ViewerState& state,
                     std::vector<morph::NodePose>& pose) {
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        if (const MeshState* ms = meshStateAt(state, scene, scene.nodes[n].mesh)) {
            applyUserLayer(*ms, pose[n].weights, nullptr, nullptr);
        }
    }
}

}  // namespace

ViewerFrame resolveFrame(const morph::Scene& scene, const ViewerState& state) {
    ViewerFrame frame;
    frame.sampled = sampleClips(scene, state);
    applyExpressionLayer(scene, state, frame.sampled);
    std::vector<morph::NodePose> pose = frame.sampled;
    applyUserLayers(scene, state, pose);
    frame.pose = morph::resolveFrame(scene, std::move(pose));
    return frame;
}

std::vector<morph::NodePose> resolvePose(const morph::Scene& scene, const ViewerState& state) {
    std::vector<morph::NodePose> pose = sampleClips(scene, state);
    applyExpressionLayer(scene, state, pose);
    applyUserLayers(scene, state, pose);
    return pose;
}

ResolvedWeights resolveMeshWeights(const morph::Scene& scene, const ViewerState& state,
                                   const ViewerFrame& frame, int mesh) {
    ResolvedWeights out;
    const morph::Mesh* m = meshAt(scene, mesh);
    if (!m) return out;
    const size_t count = m->targetCount();
    out.sources.assign(count, WeightSource::Default);
    out.beforeSoloMute.assign(count, 0.0f);
    std::vector<int> nodes = nodesUsingMesh(scene, mesh);
    if (nodes.empty() || size_t(nodes.front()) >= frame.sampled.size()) {
        out.weights = m->defaultWeights;
    } else {
        const int node = nodes.front();
        morph::Animation scratch;
        if (const morph::Animation* animation = currentAnimation(scene, state, scratch)) {
            for (const morph::AnimationChannel& c : animation->channels) {
                if (c.node == node && c.path == morph::AnimationPath::Weights) {
                    out.sources.assign(count, WeightSource::Animation);
                }
            }
        }
        out.weights = frame.sampled[size_t(node)].weights;
    }
    out.weights.resize(count, 0.0f);
    if (const MeshState* ms = meshStateAt(state, scene, mesh)) {
        applyUserLayer(*ms, out.weights, &out.sources, &out.beforeSoloMute);
    } else {
        out.beforeSoloMute = out.weights;
    }
    return out;
}

ResolvedWeights resolveMeshWeights(const morph::Scene& scene, const ViewerState& state, int mesh) {
    ViewerFrame frame;
    frame.sampled = sampleClips(scene, state);
    applyExpressionLayer(scene, state, frame.sampled);
    return resolveMeshWeights(scene, state, frame, mesh);
}

}  // namespace app
