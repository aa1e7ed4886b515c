#pragma once
// A clip the user keys in the viewer: whole weight vectors of one mesh at times, one interpolation
// for the clip. It is stored by target name (so a reload or another file with the same names keeps
// it), saved as JSON, and turned into a morph::Animation so the normal sampler evaluates it: what
// the viewer plays is what export writes.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"

namespace morph {

struct UserKey {
    float time = 0;              // seconds, >= 0
    std::vector<float> weights;  // one per UserClip::targetNames
};

struct UserClip {
    std::string name;
    std::string mesh;                      // the mesh it was keyed on (a hint for loading)
    std::vector<std::string> targetNames;  // what the weights of every key mean
    Interpolation interpolation = Interpolation::Linear;
    std::vector<UserKey> keys;  // strictly increasing times

    float duration() const { return keys.empty() ? 0.0f : keys.back().time; }
    std::vector<float> keyTimes() const;
};

// Keys closer than this are the same key: keying twice at one frame replaces, never duplicates.
inline constexpr float kKeyTimeTolerance = 1e-4f;

// The key at `time` (within kKeyTimeTolerance), or nullopt.
std::optional<size_t> findKey(const UserClip& clip, float time);

// Writes a key at `time` (negative times clamp to 0): replaces the key there or inserts in time
// order. `weights` must have one value per target; returns the key's index.
Result<size_t> setKey(UserClip& clip, float time, std::vector<float> weights);

// Moves key `index` to `time` (clamped to >= 0). Moving onto another key is refused rather than
// silently dropping one. Returns the key's new index.
Result<size_t> moveKey(UserClip& clip, size_t index, float time);

// False when there is no such key.
bool deleteKey(UserClip& clip, size_t index);

// The clip re-expressed for `targetNames` (a mesh's): weights follow their names, targets the clip
// does not know take `fill` (e.g. the mesh's defaults; missing values are 0).
UserClip remapTargets(const UserClip& clip, const std::vector<std::string>& targetNames,
                      const std::vector<float>& fill = {});

// The weights sampler: CUBICSPLINE gets Catmull-Rom tangents (finite differences between the
// neighbours, flat at the first and last key) so the curve passes through every key without the
// user editing tangents.
AnimationSampler toSampler(const UserClip& clip);
// An Animation named after the clip whose single sampler drives the weights of `nodes`.
Animation toAnimation(const UserClip& clip, const std::vector<int>& nodes);
// The clip's weights at time t through morph::sample (empty clip: empty vector).
std::vector<float> sampleUserClip(const UserClip& clip, float t);

// JSON: {"format": "morphview-clip", "version": 1, "name", "mesh", "interpolation": "LINEAR",
//        "targets": [names], "keys": [{"time": s, "weights": [...]}]}
nlohmann::json toJson(const UserClip& clip);
// `source` prefixes errors ("talk.json: keys[2].weights has 3 values, expected 52").
Result<UserClip> userClipFromJson(const nlohmann::json& json, const std::string& source);

Status saveUserClip(const UserClip& clip, const std::string& path);  // atomic write
Result<UserClip> loadUserClip(const std::string& path);

// "STEP", "LINEAR", "CUBICSPLINE" (the glTF names) and back.
const char* interpolationName(Interpolation interpolation);
std::optional<Interpolation> interpolationFromName(const std::string& name);

}  // namespace morph
