#include "app/document/ViewerState.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

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

// The index of the target named `name` in `mesh`, when the name links meshes.
std::optional<size_t> targetNamed(const morph::Mesh& mesh, const std::string& name) {
    if (!linksByName(name)) return std::nullopt;
    const auto it = std::find(mesh.targetNames.begin(), mesh.targetNames.end(), name);
    if (it == mesh.targetNames.end()) return std::nullopt;
    return size_t(it - mesh.targetNames.begin());
}

// Every (mesh, target) an edit of `target` of `mesh` reaches: its linked left/right partner,
// and in every linked mesh the targets of the same names.
std::vector<TargetRef> editGroup(const ViewerState& state, const morph::Scene& scene, int mesh,
                                 size_t target) {
    std::vector<TargetRef> group;
    const morph::Mesh* source = meshAt(scene, mesh);
    if (!source || target >= source->targetCount()) return group;
    const std::vector<int> meshes = linkedMeshes(scene, state, mesh);
    for (size_t t : linkedTargets(state, mesh, target)) {
        for (int m : meshes) {
            if (!meshStateFor(state, scene, m)) continue;
            if (m == mesh) {
                group.emplace_back(m, t);
            } else if (auto same = targetNamed(scene.meshes[size_t(m)], source->targetNames[t])) {
                group.emplace_back(m, *same);
            }
        }
    }
    return group;
}

bool shareName(const morph::Mesh& a, const morph::Mesh& b) {
    for (const std::string& name : a.targetNames) {
        if (targetNamed(b, name)) return true;
    }
    return false;
}

// The vertices its targets move, summed over targets: first without the targets that move 90%
// or more of their primitive (body shapes such as Ready Player Me's male/female, which would
// make a body outrank its face), then all of them (a mesh of noisy dense targets moves every
// vertex in every target).
std::pair<uint64_t, uint64_t> movedVertices(const morph::Mesh& mesh) {
    uint64_t local = 0, all = 0;
    for (const morph::Primitive& p : mesh.primitives) {
        for (const morph::TargetStats& s : p.targetStats) {
            all += s.movedVertices;
            if (uint64_t(s.movedVertices) * 10 < uint64_t(p.vertexCount()) * 9)
                local += s.movedVertices;
        }
    }
    return {local, all};
}

TargetState* targetAt(ViewerState& state, const morph::Scene& scene, TargetRef ref) {
    MeshState* ms = meshStateAt(state, scene, ref.first);
    return ms && ref.second < ms->targets.size() ? &ms->targets[ref.second] : nullptr;
}

// Whether a playing clip drives the weights of a node that shows `mesh`.
bool clipAnimatesMesh(const morph::Scene& scene, const ViewerState& state, int mesh) {
    const PlayingClips playing = playingClips(scene, state);
    for (int node : nodesUsingMesh(scene, mesh)) {
        if (playing.drivesWeights(node)) return true;
    }
    return false;
}

}  // namespace

const MeshState* meshStateFor(const ViewerState& state, const morph::Scene& scene, int mesh) {
    return meshStateAt(const_cast<ViewerState&>(state), scene, mesh);
}

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
    state.selectedMesh = primaryMesh(scene);
    state.playback.layers = defaultLayers(scene);
    return state;
}

std::vector<int> meshesByMovedVertices(const morph::Scene& scene) {
    std::vector<int> out = meshesWithTargets(scene);
    std::vector<std::pair<uint64_t, uint64_t>> moved(scene.meshes.size());
    for (int m : out) moved[size_t(m)] = movedVertices(scene.meshes[size_t(m)]);
    std::stable_sort(out.begin(), out.end(),
                     [&](int a, int b) { return moved[size_t(a)] > moved[size_t(b)]; });
    return out;
}

int primaryMesh(const morph::Scene& scene) {
    const std::vector<int> meshes = meshesByMovedVertices(scene);
    return meshes.empty() ? -1 : meshes.front();
}

bool linksByName(const std::string& name) {
    return !name.empty() && name.find_first_not_of("0123456789") != std::string::npos;
}

bool meshesShareNames(const morph::Scene& scene) {
    const std::vector<int> meshes = meshesWithTargets(scene);
    for (size_t i = 0; i < meshes.size(); ++i) {
        for (size_t j = i + 1; j < meshes.size(); ++j) {
            if (shareName(scene.meshes[size_t(meshes[i])], scene.meshes[size_t(meshes[j])]))
                return true;
        }
    }
    return false;
}

std::vector<NamedTarget> namedTargets(const morph::Scene& scene) {
    std::vector<NamedTarget> out;
    std::map<std::string, size_t> rows;
    for (int m : meshesByMovedVertices(scene)) {
        const std::vector<std::string>& names = scene.meshes[size_t(m)].targetNames;
        for (size_t t = 0; t < names.size(); ++t) {
            const auto found = linksByName(names[t]) ? rows.find(names[t]) : rows.end();
            if (found != rows.end()) {
                out[found->second].refs.emplace_back(m, t);
                continue;
            }
            if (linksByName(names[t])) rows.emplace(names[t], out.size());
            out.push_back({names[t], {{m, t}}});
        }
    }
    return out;
}

std::vector<int> panelMeshes(const morph::Scene& scene, const ViewerState& state) {
    if (state.linkSharedNames) return meshesWithTargets(scene);
    if (!meshAt(scene, state.selectedMesh)) return {};
    return {state.selectedMesh};
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
    if (!state.linkSharedNames || self->targetCount() == 0) return {mesh};
    std::vector<int> out;
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        if (int(m) == mesh || shareName(*self, scene.meshes[m])) out.push_back(int(m));
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
    beginUserEdit(state, scene, state.selectedMesh, target);
}

void beginUserEdit(ViewerState& state, const morph::Scene& scene, int mesh, size_t target) {
    ++state.revision;
    std::vector<TargetRef> group = editGroup(state, scene, mesh, target);
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

namespace {

// The edit of `target` of `mesh`: applies `change` to every target the edit reaches.
template <typename Change>
void editTargets(ViewerState& state, const morph::Scene& scene, int mesh, size_t target,
                 Change change) {
    ++state.revision;
    for (const TargetRef& ref : editGroup(state, scene, mesh, target)) {
        if (TargetState* t = targetAt(state, scene, ref)) change(ref, *t);
    }
}

}  // namespace

void setUserWeight(ViewerState& state, const morph::Scene& scene, size_t target, float value) {
    setUserWeight(state, scene, state.selectedMesh, target, value);
}

void setUserWeight(ViewerState& state, const morph::Scene& scene, int mesh, size_t target,
                   float value) {
    if (!std::isfinite(value)) {
        ++state.revision;
        return;
    }
    value = std::clamp(value, state.rangeMin, state.rangeMax);
    editTargets(state, scene, mesh, target, [value](TargetRef, TargetState& t) {
        t.overridden = true;
        t.value = value;
    });
}

void endUserEdit(ViewerState& state, const morph::Scene& scene, size_t target) {
    endUserEdit(state, scene, state.selectedMesh, target);
}

void endUserEdit(ViewerState& state, const morph::Scene& scene, int mesh, size_t target) {
    editTargets(state, scene, mesh, target, [&](TargetRef ref, TargetState& t) {
        t.held = false;
        // Only a clip that drives this mesh's weights can take the target back; with nothing
        // to return to, releasing must not make the slider snap to the default.
        if (state.playback.playing && !state.stickyOverrides &&
            clipAnimatesMesh(scene, state, ref.first)) {
            t.overridden = false;
        }
    });
}

void clearOverride(ViewerState& state, const morph::Scene& scene, size_t target) {
    clearOverride(state, scene, state.selectedMesh, target);
}

void clearOverride(ViewerState& state, const morph::Scene& scene, int mesh, size_t target) {
    editTargets(state, scene, mesh, target,
                [](TargetRef, TargetState& t) { t.overridden = t.held = false; });
}

void resetToDefaults(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    for (int m : panelMeshes(scene, state)) {
        if (MeshState* ms = meshStateAt(state, scene, m)) {
            for (TargetState& t : ms->targets) t.overridden = t.held = false;
        }
    }
}

void resetToZero(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    for (int m : panelMeshes(scene, state)) {
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
    setSolo(state, scene, state.selectedMesh, target, solo);
}

void setSolo(ViewerState& state, const morph::Scene& scene, int mesh, size_t target, bool solo) {
    editTargets(state, scene, mesh, target, [solo](TargetRef, TargetState& t) { t.solo = solo; });
}

void setMute(ViewerState& state, const morph::Scene& scene, size_t target, bool mute) {
    setMute(state, scene, state.selectedMesh, target, mute);
}

void setMute(ViewerState& state, const morph::Scene& scene, int mesh, size_t target, bool mute) {
    editTargets(state, scene, mesh, target, [mute](TargetRef, TargetState& t) { t.mute = mute; });
}

}  // namespace app
