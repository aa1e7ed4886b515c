#pragma once
// Incoming live names -> a model's morph targets, through the face name table (morph/names):
// a tracker's "eyeBlinkLeft", "EyeBlink_L" or VRM's "Blink_L" finds the model's target under any
// spelling the table knows. Built once per model from its target names (after --rename, which
// renames them at load); a name on several meshes drives all of them.
#include <cstddef>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "app/live/LiveSample.h"
#include "morph/Scene.h"

namespace app::live {

struct TargetRef {
    size_t mesh = 0;
    size_t target = 0;
    bool operator<(const TargetRef& o) const {
        return mesh != o.mesh ? mesh < o.mesh : target < o.target;
    }
    bool operator==(const TargetRef& o) const { return mesh == o.mesh && target == o.target; }
};

class LiveNameMap {
public:
    explicit LiveNameMap(const morph::Scene& scene);

    // The targets an incoming name drives, at most one per mesh: on each mesh the target whose
    // name matches most closely (the same text; then the same name key, morph/names/NameParts.h;
    // then the same canonical name in one of the name sets, FaceNames.h). Empty: no match.
    std::vector<TargetRef> targetsOf(const std::string& incoming) const;
    // The model's name of a target.
    const std::string& targetName(TargetRef ref) const { return mNames[ref.mesh][ref.target]; }

private:
    // Key -> the targets with that key, in mesh and target order.
    std::unordered_map<std::string, std::vector<TargetRef>> mByKey;
    std::vector<std::vector<std::string>> mNames;  // per mesh, per target
};

// The live layer's state: the weight of every target the live input drives, from every source
// (the newest value of each target wins), and the incoming names that matched nothing.
class LiveLayer {
public:
    explicit LiveLayer(const morph::Scene& scene) : mNames(scene) {}

    // Every matched name's targets take its value. True when a weight changed.
    bool apply(const LiveSample& sample);

    const std::map<TargetRef, float>& weights() const { return mWeights; }
    // The complete state by the model's target names (sorted), as the recording writes it.
    std::map<std::string, float> weightsByName() const;
    // The model's names of the targets an incoming name drives (empty: none).
    std::vector<std::string> targetNamesOf(const std::string& incoming);
    // Incoming names no target matched, each once, in the order they first arrived.
    const std::vector<std::string>& unmatched() const { return mUnmatched; }

private:
    const std::vector<TargetRef>& resolve(const std::string& incoming);

    LiveNameMap mNames;
    std::unordered_map<std::string, std::vector<TargetRef>> mResolved;  // per incoming name
    std::map<TargetRef, float> mWeights;
    std::vector<std::string> mUnmatched;
};

}  // namespace app::live
