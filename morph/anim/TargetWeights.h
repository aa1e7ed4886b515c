#pragma once
// Weights a source gives by {mesh, target} rather than by node (live input, speech, any source
// that drives a face's targets by name): one type for them, and the one rule that writes them
// over a pose, on every node showing the mesh. A pose layer takes one as data
// (PoseLayer::weights, morph/anim/PoseLayers.h). A layer may also speak for a whole mesh (the
// user's overrides, solo and mute): the nodes showing it get their weights sized to its targets
// first, whatever a layer before left there.
#include <cstddef>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "morph/Scene.h"
#include "morph/anim/Animate.h"

namespace morph {

class TargetWeights {
public:
    using Key = std::pair<size_t, size_t>;  // {mesh, target}
    using Map = std::map<Key, float>;

    TargetWeights() = default;
    TargetWeights(std::initializer_list<Map::value_type> values) : mWeights(values) {}

    void set(size_t mesh, size_t target, float weight) { mWeights[{mesh, target}] = weight; }
    std::optional<float> get(size_t mesh, size_t target) const;
    void clear() {
        mWeights.clear();
        mWholeMeshes.clear();
    }
    bool empty() const { return mWeights.empty() && mWholeMeshes.empty(); }
    size_t size() const { return mWeights.size(); }
    // In {mesh, target} order.
    Map::const_iterator begin() const { return mWeights.begin(); }
    Map::const_iterator end() const { return mWeights.end(); }
    Map::const_iterator firstOf(size_t mesh) const { return mWeights.lower_bound({mesh, 0}); }
    // The weights speak for all of `mesh`: its nodes' weights are sized to its target count.
    void coverMesh(size_t mesh) { mWholeMeshes.insert(mesh); }
    bool covers(size_t mesh) const { return mWholeMeshes.count(mesh) > 0; }
    bool operator==(const TargetWeights& other) const {
        return mWeights == other.mWeights && mWholeMeshes == other.mWholeMeshes;
    }
    bool operator!=(const TargetWeights& other) const { return !(*this == other); }

private:
    Map mWeights;
    std::set<size_t> mWholeMeshes;
};

// Each node of `scene` showing a mesh takes the weights `weights` holds for that mesh's targets;
// a target past its mesh's count is left out.
void applyTargetWeights(const Scene& scene, const TargetWeights& weights,
                        std::vector<NodePose>& pose);

}  // namespace morph
