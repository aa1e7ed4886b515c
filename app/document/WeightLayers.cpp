#include "app/document/WeightLayers.h"

#include <algorithm>
#include <utility>

#include "app/document/ViewerStateExpressions.h"
#include "morph/rig/RigLogic.h"

namespace app {

namespace {

// A layer of the user's per-target state: it covers every mesh with state for this scene, and
// `fill(mesh, its state, weights)` sets the weights its rule decides there.
template <typename Fill>
morph::TargetWeights meshStateWeights(const morph::Scene& scene, const ViewerState& state,
                                      Fill fill) {
    morph::TargetWeights weights;
    for (size_t m = 0; m < state.meshes.size(); ++m) {
        const MeshState* ms = meshStateFor(state, scene, int(m));
        if (!ms) continue;
        weights.coverMesh(m);
        fill(m, *ms, weights);
    }
    return weights;
}

// The user's overrides as data: on every mesh with state for this scene, each overridden
// target's value (applyOverrides' rule, which the panel applies to one mesh).
morph::TargetWeights overrideWeights(const morph::Scene& scene, const ViewerState& state) {
    return meshStateWeights(scene, state,
                            [](size_t m, const MeshState& ms, morph::TargetWeights& weights) {
                                for (size_t t = 0; t < ms.targets.size(); ++t) {
                                    if (ms.targets[t].overridden)
                                        weights.set(m, t, ms.targets[t].value);
                                }
                            });
}

// Solo and mute as data: a muted target at 0, and on a mesh with a soloed target every target
// not soloed (applySoloMute's rule).
morph::TargetWeights soloMuteWeights(const morph::Scene& scene, const ViewerState& state) {
    return meshStateWeights(
        scene, state, [](size_t m, const MeshState& ms, morph::TargetWeights& weights) {
            const bool anySolo = std::any_of(ms.targets.begin(), ms.targets.end(),
                                             [](const TargetState& t) { return t.solo; });
            for (size_t t = 0; t < ms.targets.size(); ++t) {
                const TargetState& target = ms.targets[t];
                if (target.mute || (anySolo && !target.solo)) weights.set(m, t, 0.0f);
            }
        });
}

// The pose under the user's layers: the rest pose with the clips and the expressions, what the
// panel reads "before the user" from (ViewerFrame::sampled).
std::vector<morph::NodePose> poseBelowUser(const morph::Scene& scene,
                                           const morph::PoseLayers& layers) {
    std::vector<morph::NodePose> pose = morph::restPose(scene);
    morph::applyPoseLayers(scene, layers, pose, 0, morph::layerNamed(layers, kOverridesLayer));
    return pose;
}

// The layers under the user's: the file's sources, then the external ones.
morph::PoseLayers layersBelowUser(const ViewerState& state) {
    morph::PoseLayers layers;
    layers.push_back({kClipsLayer, [&state](const morph::Scene& s, auto& pose) {
                          morph::applyAnimationLayers(s, playingClips(s, state).layers, pose);
                      }});
    layers.push_back({kExpressionsLayer, [&state](const morph::Scene& s, auto& pose) {
                          applyExpressionLayer(s, state, pose);
                      }});
    // Live input, speech and any other outside source go here, over the file's own sources and
    // under the user's, as data: their rotations, then their weights.
    for (const ExternalLayer& external : state.externalLayers)
        layers.push_back({external.name, nullptr, external.rotations, external.weights});
    return layers;
}

}  // namespace

morph::PoseLayers weightLayers(const morph::Scene& scene, const ViewerState& state) {
    morph::PoseLayers layers = layersBelowUser(state);
    layers.push_back({kOverridesLayer, nullptr, {}, overrideWeights(scene, state)});
    layers.push_back({kSoloMuteLayer, nullptr, {}, soloMuteWeights(scene, state)});
    if (state.rigLogic) layers.push_back(morph::rigLogicLayer());
    return layers;
}

ExternalLayer& externalLayer(ViewerState& state, const std::string& name) {
    for (ExternalLayer& layer : state.externalLayers) {
        if (layer.name == name) return layer;
    }
    state.externalLayers.push_back({name, {}, {}});
    return state.externalLayers.back();
}

void applyOverrides(const MeshState& mesh, std::vector<float>& weights,
                    std::vector<WeightSource>* sources) {
    weights.resize(mesh.targets.size(), 0.0f);
    for (size_t i = 0; i < mesh.targets.size(); ++i) {
        if (!mesh.targets[i].overridden) continue;
        weights[i] = mesh.targets[i].value;
        if (sources && i < sources->size()) (*sources)[i] = WeightSource::User;
    }
}

void applySoloMute(const MeshState& mesh, std::vector<float>& weights) {
    weights.resize(mesh.targets.size(), 0.0f);
    const bool anySolo = std::any_of(mesh.targets.begin(), mesh.targets.end(),
                                     [](const TargetState& t) { return t.solo; });
    for (size_t i = 0; i < mesh.targets.size(); ++i) {
        const TargetState& t = mesh.targets[i];
        if (t.mute || (anySolo && !t.solo)) weights[i] = 0.0f;
    }
}

ViewerFrame resolveFrame(const morph::Scene& scene, const ViewerState& state) {
    const morph::PoseLayers layers = weightLayers(scene, state);
    ViewerFrame frame;
    frame.sampled = poseBelowUser(scene, layers);
    std::vector<morph::NodePose> pose = frame.sampled;
    morph::applyPoseLayers(scene, layers, pose, morph::layerNamed(layers, kOverridesLayer));
    frame.pose = morph::resolveFrame(scene, std::move(pose));
    frame.pose.scene = state.scene;
    return frame;
}

std::vector<morph::NodePose> resolvePose(const morph::Scene& scene, const ViewerState& state) {
    return morph::resolvePoseLayers(scene, weightLayers(scene, state));
}

ResolvedWeights resolveMeshWeights(const morph::Scene& scene, const ViewerState& state,
                                   const ViewerFrame& frame, int mesh) {
    ResolvedWeights out;
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) return out;
    const morph::Mesh& m = scene.meshes[size_t(mesh)];
    const size_t count = m.targetCount();
    out.sources.assign(count, WeightSource::Default);
    const std::vector<int> nodes = nodesUsingMesh(scene, mesh);
    if (nodes.empty() || size_t(nodes.front()) >= frame.sampled.size()) {
        out.weights = m.defaultWeights;
    } else {
        const int node = nodes.front();
        if (playingClips(scene, state).drivesWeights(node))
            out.sources.assign(count, WeightSource::Animation);
        out.weights = frame.sampled[size_t(node)].weights;
    }
    out.weights.resize(count, 0.0f);
    // The user's layers as they are now, over the frame's sources: a slider dragged in this
    // pass shows its value before the frame is resolved again.
    const MeshState* ms = meshStateFor(state, scene, mesh);
    if (ms) applyOverrides(*ms, out.weights, &out.sources);
    out.beforeSoloMute = out.weights;
    if (ms) applySoloMute(*ms, out.weights);
    if (state.rigLogic && !m.rigRules.empty()) {
        morph::applyRigRules(m.rigRules, out.beforeSoloMute);
        morph::applyRigRules(m.rigRules, out.weights);
        for (const morph::RigRule& rule : m.rigRules) out.sources[rule.target] = WeightSource::Rig;
    }
    return out;
}

ResolvedWeights resolveMeshWeights(const morph::Scene& scene, const ViewerState& state, int mesh) {
    ViewerFrame frame;
    frame.sampled = poseBelowUser(scene, layersBelowUser(state));
    return resolveMeshWeights(scene, state, frame, mesh);
}

}  // namespace app
