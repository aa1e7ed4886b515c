#pragma once
// Incoming live names -> a model's morph targets, through the face name table (morph/names):
// a tracker's "eyeBlinkLeft", "EyeBlink_L" or VRM's "Blink_L" finds the model's target under any
// spelling the table knows. Built once per model from its target names (after --rename, which
// renames them at load); a name on several meshes drives all of them.
#include <array>
#include <cstddef>
#include <map>
#include <optional>
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

// A VRM model's expressions as the live input drives them: an incoming name that addresses an
// expression (morph::findExpression: its name, its VRM 1.0 preset, its name in any case; or a VRM
// 0.x preset such as VMC's "Joy", "A", "Blink_L" read as its 1.0 preset) sets the expression's
// value, and its binds move their targets by the VRM rules (morph/edit/ExpressionWeights.h:
// clamping, isBinary, overrides; the binds of several expressions add up).
class LiveExpressions {
public:
    explicit LiveExpressions(const morph::Scene& scene);

    // The expression an incoming name drives, or -1.
    int expressionOf(const std::string& incoming);
    // Sets expression `index`'s value; true when it changed.
    bool set(int index, float value);
    // Every target the binds of the expressions driven so far reach, with the weight the current
    // values give it (every expression's value counts for the overrides).
    std::map<TargetRef, float> weights() const;

private:
    morph::Scene mScene;  // the expressions alone, and each mesh's target count
    std::vector<float> mValues;
    std::vector<bool> mDriven;                     // per expression: a sample has set it
    std::unordered_map<std::string, int> mByName;  // per incoming name
};

// The live layer's state: the weight of every target the live input drives, from every source
// (the newest value of each target wins; a target a VRM expression's binds reach takes their
// sum), and the incoming names that matched nothing.
class LiveLayer {
public:
    explicit LiveLayer(const morph::Scene& scene) : mNames(scene), mExpressions(scene) {}

    // Every matched name's targets take its value. True when a weight changed.
    bool apply(const LiveSample& sample);

    const std::map<TargetRef, float>& weights() const { return mWeights; }
    // The newest head and eye rotations a source sent (Live Link Face), if any.
    const std::optional<std::array<float, 9>>& headEyes() const { return mHeadEyes; }
    // The complete state by the model's target names (sorted), as the recording writes it.
    std::map<std::string, float> weightsByName() const;
    // The model's names of the targets an incoming name drives (empty: none).
    std::vector<std::string> targetNamesOf(const std::string& incoming);
    // Incoming names no target matched, each once, in the order they first arrived.
    const std::vector<std::string>& unmatched() const { return mUnmatched; }

private:
    const std::vector<TargetRef>& resolve(const std::string& incoming);
    void noteUnmatched(const std::string& incoming);
    // The expressions' binds written over the weights; true when a weight changed.
    bool applyExpressionWeights();

    LiveNameMap mNames;
    LiveExpressions mExpressions;
    std::unordered_map<std::string, std::vector<TargetRef>> mResolved;  // per incoming name
    // The eyes' yaw and pitch as ARKit's eye-look targets, when the sample has rotations but
    // no eye-look values; true when a weight changed.
    bool applyEyeLook(const std::array<float, 9>& rotations);

    std::map<TargetRef, float> mWeights;
    std::optional<std::array<float, 9>> mHeadEyes;
    std::vector<std::string> mUnmatched;
};

}  // namespace app::live
