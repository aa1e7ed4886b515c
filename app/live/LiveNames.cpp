#include "app/live/LiveNames.h"

#include <optional>

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

const std::vector<TargetRef>& LiveLayer::resolve(const std::string& incoming) {
    if (const auto it = mResolved.find(incoming); it != mResolved.end()) return it->second;
    if (mResolved.size() >= kMaxResolvedNames) mResolved.clear();
    std::vector<TargetRef>& refs = mResolved[incoming];
    refs = mNames.targetsOf(incoming);
    if (refs.empty() && mUnmatched.size() < kMaxResolvedNames) {
        bool known = false;
        for (const std::string& name : mUnmatched) known = known || name == incoming;
        if (!known) mUnmatched.push_back(incoming);
    }
    return refs;
}

bool LiveLayer::apply(const LiveSample& sample) {
    bool changed = false;
    for (const auto& [name, value] : sample.values) {
        for (const TargetRef& ref : resolve(name)) {
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
