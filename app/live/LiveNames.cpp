#include "app/live/LiveNames.h"

#include <optional>

#include "app/live/LiveHead.h"
#include "morph/edit/ExpressionWeights.h"
#include "morph/names/FaceNames.h"
#include "morph/names/NameParts.h"

namespace app::live {

namespace {

// A resolver's bound on the incoming names it remembers: a hostile sender cycling through
// random names keeps memory flat (past it, names are resolved again each time).
constexpr size_t kMaxResolvedNames = 4096;

// The keys a name is known by, closest first: its text, its name key, its canonical name in
// each set.
std::vector<std::string> keysOf(const std::string& name) {
    std::vector<std::string> keys = {"=" + name, "key:" + morph::nameKey(name).text()};
    for (morph::NameSet set : morph::allNameSets()) {
        if (std::optional<std::string> canonical = morph::canonicalName(set, name)) {
            keys.push_back(std::string(morph::nameSetKey(set)) + ":" + *canonical);
        }
    }
    return keys;
}

}  // namespace

LiveNameMap::LiveNameMap(const morph::Scene& scene) {
    mNames.reserve(scene.meshes.size());
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        mNames.push_back(scene.meshes[m].targetNames);
        for (size_t t = 0; t < mNames[m].size(); ++t) {
            for (const std::string& key : keysOf(mNames[m][t])) {
                std::vector<TargetRef>& refs = mByKey[key];
                // One target per mesh and key: the first of the mesh's spellings.
                if (refs.empty() || refs.back().mesh != m) refs.push_back({m, t});
            }
        }
    }
}

std::vector<TargetRef> LiveNameMap::targetsOf(const std::string& incoming) const {
    std::vector<TargetRef> found;
    std::vector<bool> meshDone(mNames.size(), false);
    for (const std::string& key : keysOf(incoming)) {
        const auto it = mByKey.find(key);
        if (it == mByKey.end()) continue;
        for (const TargetRef& ref : it->second) {
            if (!meshDone[ref.mesh]) {
                meshDone[ref.mesh] = true;
                found.push_back(ref);
            }
        }
    }
    return found;
}

LiveExpressions::LiveExpressions(const morph::Scene& scene) {
    mScene.expressions = scene.expressions;
    mScene.meshes.resize(scene.meshes.size());
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        mScene.meshes[m].targetNames.resize(scene.meshes[m].targetCount());
    }
    mValues.assign(scene.expressions.size(), 0.0f);
    mDriven.assign(scene.expressions.size(), false);
}

int LiveExpressions::expressionOf(const std::string& incoming) {
    if (mScene.expressions.empty()) return -1;
    if (const auto it = mByName.find(incoming); it != mByName.end()) return it->second;
    int found = morph::findExpression(mScene, incoming);
    if (found < 0) {
        if (const std::optional<std::string> preset = morph::vrm0PresetName(incoming)) {
            found = morph::findExpression(mScene, *preset);
        }
    }
    if (mByName.size() >= kMaxResolvedNames) mByName.clear();
    mByName[incoming] = found;
    return found;
}

bool LiveExpressions::set(int index, float value) {
    float& slot = mValues[size_t(index)];
    const bool changed = slot != value || !mDriven[size_t(index)];
    mDriven[size_t(index)] = true;
    slot = value;
    return changed;
}

std::map<TargetRef, float> LiveExpressions::weights() const {
    const std::vector<float> outputs = morph::expressionOutputs(mScene, mValues);
    std::map<TargetRef, float> out;
    for (size_t e = 0; e < mScene.expressions.size(); ++e) {
        if (!mDriven[e]) continue;  // the live input leaves the others to the other layers
        for (const morph::ExpressionBind& bind : mScene.expressions[e].binds) {
            if (bind.mesh < 0 || size_t(bind.mesh) >= mScene.meshes.size() ||
                bind.target >= mScene.meshes[size_t(bind.mesh)].targetNames.size()) {
                continue;
            }
            out[{size_t(bind.mesh), size_t(bind.target)}] += outputs[e] * bind.weight;
        }
    }
    return out;
}

const std::vector<TargetRef>& LiveLayer::resolve(const std::string& incoming) {
    if (const auto it = mResolved.find(incoming); it != mResolved.end()) return it->second;
    if (mResolved.size() >= kMaxResolvedNames) mResolved.clear();
    std::vector<TargetRef>& refs = mResolved[incoming];
    refs = mNames.targetsOf(incoming);
    if (refs.empty()) noteUnmatched(incoming);
    return refs;
}

void LiveLayer::noteUnmatched(const std::string& incoming) {
    if (mUnmatched.size() >= kMaxResolvedNames) return;
    for (const std::string& name : mUnmatched) {
        if (name == incoming) return;
    }
    mUnmatched.push_back(incoming);
}

bool LiveLayer::applyExpressionWeights() {
    bool changed = false;
    for (const auto& [ref, value] : mExpressions.weights()) {
        auto [it, inserted] = mWeights.try_emplace(ref, value);
        if (inserted || it->second != value) changed = true;
        it->second = value;
    }
    return changed;
}

bool LiveLayer::apply(const LiveSample& sample) {
    bool changed = false;
    bool expressions = false;
    for (const auto& [name, value] : sample.values) {
        if (const int e = mExpressions.expressionOf(name); e >= 0) {
            expressions = mExpressions.set(e, value) || expressions;
            continue;
        }
        for (const TargetRef& ref : resolve(name)) {
            auto [it, inserted] = mWeights.try_emplace(ref, value);
            if (inserted || it->second != value) changed = true;
            it->second = value;
        }
    }
    if (expressions) changed = applyExpressionWeights() || changed;
    if (sample.rotations) {
        changed = changed || mHeadEyes != sample.rotations;
        mHeadEyes = sample.rotations;
        changed = applyEyeLook(*sample.rotations) || changed;
    }
    return changed;
}

bool LiveLayer::applyEyeLook(const std::array<float, 9>& rotations) {
    const std::vector<std::pair<std::string, float>> looks = eyeLookValues(rotations);
    for (const auto& [name, value] : looks) {
        if (mResolved.count(name) && !mResolved[name].empty()) return false;  // the source sent it
    }
    bool changed = false;
    for (const auto& [name, value] : looks) {
        for (const TargetRef& ref : mNames.targetsOf(name)) {
            auto [it, inserted] = mWeights.try_emplace(ref, value);
            if (inserted || it->second != value) changed = true;
            it->second = value;
        }
    }
    return changed;
}

std::vector<std::string> LiveLayer::targetNamesOf(const std::string& incoming) {
    std::vector<std::string> names;
    for (const TargetRef& ref : resolve(incoming)) names.push_back(mNames.targetName(ref));
    return names;
}

std::map<std::string, float> LiveLayer::weightsByName() const {
    std::map<std::string, float> out;
    for (const auto& [ref, value] : mWeights) out[mNames.targetName(ref)] = value;
    return out;
}

}  // namespace app::live
