#include "morph/edit/UserClip.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "morph/anim/Sampler.h"
#include "morph/io/Files.h"

namespace morph {
namespace {

constexpr const char* kFormat = "morphview-clip";
constexpr int kVersion = 1;

// nlohmann's value() throws when the field has another type; a hostile file must not crash.
std::string stringField(const nlohmann::json& json, const char* key, const std::string& fallback) {
    auto it = json.find(key);
    return it != json.end() && it->is_string() ? it->get<std::string>() : fallback;
}

bool allFinite(const std::vector<float>& values) {
    return std::all_of(values.begin(), values.end(), [](float v) { return std::isfinite(v); });
}

}  // namespace

std::vector<float> UserClip::keyTimes() const {
    std::vector<float> times;
    times.reserve(keys.size());
    for (const UserKey& key : keys) times.push_back(key.time);
    return times;
}

const char* interpolationName(Interpolation interpolation) {
    switch (interpolation) {
        case Interpolation::Step: return "STEP";
        case Interpolation::Linear: return "LINEAR";
        case Interpolation::CubicSpline: return "CUBICSPLINE";
    }
    return "LINEAR";
}

std::optional<Interpolation> interpolationFromName(const std::string& name) {
    if (name == "STEP") return Interpolation::Step;
    if (name == "LINEAR") return Interpolation::Linear;
    if (name == "CUBICSPLINE") return Interpolation::CubicSpline;
    return std::nullopt;
}

std::optional<size_t> findKey(const UserClip& clip, float time) {
    for (size_t i = 0; i < clip.keys.size(); ++i) {
        if (std::fabs(clip.keys[i].time - time) <= kKeyTimeTolerance) return i;
    }
    return std::nullopt;
}

Result<size_t> setKey(UserClip& clip, float time, std::vector<float> weights) {
    if (!std::isfinite(time))
        return Error{ErrorCode::BadValue, clip.name + ": key time is not a number"};
    if (weights.size() != clip.targetNames.size()) {
        return Error{ErrorCode::Inconsistent,
                     clip.name + ": key has " + std::to_string(weights.size()) +
                         " weights, the clip has " + std::to_string(clip.targetNames.size()) +
                         " targets"};
    }
    if (!allFinite(weights))
        return Error{ErrorCode::BadValue, clip.name + ": key weights are not all numbers"};
    time = std::max(time, 0.0f);
    if (std::optional<size_t> at = findKey(clip, time)) {
        clip.keys[*at].weights = std::move(weights);
        return *at;
    }
    auto it = std::upper_bound(clip.keys.begin(), clip.keys.end(), time,
                               [](float t, const UserKey& k) { return t < k.time; });
    it = clip.keys.insert(it, UserKey{time, std::move(weights)});
    return static_cast<size_t>(it - clip.keys.begin());
}

Result<size_t> moveKey(UserClip& clip, size_t index, float time) {
    if (index >= clip.keys.size())
        return Error{ErrorCode::BadReference, clip.name + ": no key " + std::to_string(index)};
    if (!std::isfinite(time))
        return Error{ErrorCode::BadValue, clip.name + ": key time is not a number"};
    time = std::max(time, 0.0f);
    std::optional<size_t> there = findKey(clip, time);
    if (there && *there != index) {
        return Error{ErrorCode::Usage,
                     clip.name + ": a key already sits at " + std::to_string(time) + " s"};
    }
    UserKey key = std::move(clip.keys[index]);
    clip.keys.erase(clip.keys.begin() + static_cast<std::ptrdiff_t>(index));
    key.time = time;
    auto it = std::upper_bound(clip.keys.begin(), clip.keys.end(), time,
                               [](float t, const UserKey& k) { return t < k.time; });
    it = clip.keys.insert(it, std::move(key));
    return static_cast<size_t>(it - clip.keys.begin());
}

bool deleteKey(UserClip& clip, size_t index) {
    if (index >= clip.keys.size()) return false;
    clip.keys.erase(clip.keys.begin() + static_cast<std::ptrdiff_t>(index));
    return true;
}

UserClip remapTargets(const UserClip& clip, const std::vector<std::string>& targetNames,
                      const std::vector<float>& fill) {
    std::unordered_map<std::string, size_t> byName;
    for (size_t i = 0; i < clip.targetNames.size(); ++i) byName.emplace(clip.targetNames[i], i);
    UserClip out = clip;
    out.targetNames = targetNames;
    for (size_t k = 0; k < clip.keys.size(); ++k) {
        std::vector<float> weights(targetNames.size(), 0.0f);
        for (size_t i = 0; i < targetNames.size(); ++i) {
            auto it = byName.find(targetNames[i]);
            if (it != byName.end() && it->second < clip.keys[k].weights.size()) {
                weights[i] = clip.keys[k].weights[it->second];
            } else if (i < fill.size()) {
                weights[i] = fill[i];
            }
        }
        out.keys[k].weights = std::move(weights);
    }
    return out;
}

AnimationSampler toSampler(const UserClip& clip) {
    AnimationSampler sampler;
    sampler.interpolation = clip.interpolation;
    sampler.width = static_cast<uint32_t>(clip.targetNames.size());
    sampler.input = clip.keyTimes();
    const size_t width = sampler.width;
    const size_t n = clip.keys.size();
    auto value = [&](size_t k, size_t i) {
        const std::vector<float>& w = clip.keys[k].weights;
        return i < w.size() ? w[i] : 0.0f;
    };
    if (clip.interpolation != Interpolation::CubicSpline) {
        sampler.output.reserve(n * width);
        for (size_t k = 0; k < n; ++k) {
            for (size_t i = 0; i < width; ++i) sampler.output.push_back(value(k, i));
        }
        return sampler;
    }
    // glTF 2.0 Appendix C: per key in-tangent, value, out-tangent, tangents in units per second.
    // Catmull-Rom on uneven key spacing: the slope between the two neighbours.
    sampler.output.assign(n * 3 * width, 0.0f);
    for (size_t k = 0; k < n; ++k) {
        for (size_t i = 0; i < width; ++i) {
            float tangent = 0;
            if (k > 0 && k + 1 < n) {
                float dt = clip.keys[k + 1].time - clip.keys[k - 1].time;
                if (dt > 0) tangent = (value(k + 1, i) - value(k - 1, i)) / dt;
            }
            sampler.output[(k * 3 + 0) * width + i] = tangent;
            sampler.output[(k * 3 + 1) * width + i] = value(k, i);
            sampler.output[(k * 3 + 2) * width + i] = tangent;
        }
    }
    return sampler;
}

Animation toAnimation(const UserClip& clip, const std::vector<int>& nodes) {
    Animation animation;
    animation.name = clip.name;
    animation.samplers.push_back(toSampler(clip));
    for (int node : nodes) animation.channels.push_back({0, node, AnimationPath::Weights});
    animation.start = clip.keys.empty() ? 0.0f : clip.keys.front().time;
    animation.end = clip.duration();
    return animation;
}

std::vector<float> sampleUserClip(const UserClip& clip, float t) {
    if (clip.keys.empty()) return {};
    return sample(toSampler(clip), AnimationPath::Weights, t);
}

nlohmann::json toJson(const UserClip& clip) {
    nlohmann::json keys = nlohmann::json::array();
    for (const UserKey& key : clip.keys) {
        keys.push_back({{"time", key.time}, {"weights", key.weights}});
    }
    return {{"format", kFormat},
            {"version", kVersion},
            {"name", clip.name},
            {"mesh", clip.mesh},
            {"interpolation", interpolationName(clip.interpolation)},
            {"targets", clip.targetNames},
            {"keys", keys}};
}

Result<UserClip> userClipFromJson(const nlohmann::json& json, const std::string& source) {
    auto fail = [&](ErrorCode code, const std::string& problem) {
        return Error{code, source + ": " + problem};
    };
    if (!json.is_object()) return fail(ErrorCode::Schema, "not a JSON object");
    if (stringField(json, "format", "") != kFormat)
        return fail(ErrorCode::Schema, "not a morphview clip");
    if (!json.contains("version") || !json["version"].is_number_integer() ||
        json["version"].get<int>() > kVersion) {
        return fail(ErrorCode::Unsupported, "unsupported clip version");
    }
    UserClip clip;
    clip.name = stringField(json, "name", "");
    clip.mesh = stringField(json, "mesh", "");
    std::optional<Interpolation> interpolation = interpolationFromName(
        json.contains("interpolation") ? stringField(json, "interpolation", "?")
                                       : std::string("LINEAR"));
    if (!interpolation)
        return fail(ErrorCode::BadValue, "interpolation must be STEP, LINEAR or CUBICSPLINE");
    clip.interpolation = *interpolation;
    const nlohmann::json& targets = json.contains("targets") ? json["targets"] : nlohmann::json();
    if (!targets.is_array()) return fail(ErrorCode::Schema, "targets is not a list of names");
    for (const nlohmann::json& name : targets) {
        if (!name.is_string()) return fail(ErrorCode::Schema, "targets is not a list of names");
        clip.targetNames.push_back(name.get<std::string>());
    }
    const nlohmann::json& keys = json.contains("keys") ? json["keys"] : nlohmann::json();
    if (!keys.is_array()) return fail(ErrorCode::Schema, "keys is not a list");
    for (size_t k = 0; k < keys.size(); ++k) {
        const nlohmann::json& key = keys[k];
        const std::string where = "keys[" + std::to_string(k) + "]";
        if (!key.is_object() || !key.contains("time") || !key["time"].is_number()) {
            return fail(ErrorCode::Schema, where + ".time is not a number");
        }
        const nlohmann::json& weights = key.contains("weights") ? key["weights"] : nlohmann::json();
        if (!weights.is_array() || weights.size() != clip.targetNames.size()) {
            return fail(weights.is_array() ? ErrorCode::Inconsistent : ErrorCode::Schema,
                        where + ".weights has " + std::to_string(weights.size()) +
                            " values, expected " + std::to_string(clip.targetNames.size()));
        }
        UserKey parsed{key["time"].get<float>(), {}};
        for (const nlohmann::json& w : weights) {
            if (!w.is_number())
                return fail(ErrorCode::Schema,
                            where + ".weights holds a value that is not a number");
            parsed.weights.push_back(w.get<float>());
        }
        if (!std::isfinite(parsed.time) || parsed.time < 0 || !allFinite(parsed.weights)) {
            return fail(ErrorCode::BadValue, where + " has a negative or non-finite value");
        }
        // Keys must be strictly increasing, as glTF 2.0 3.11 asks of sampler input.
        if (!clip.keys.empty() && parsed.time <= clip.keys.back().time) {
            return fail(ErrorCode::BadValue, where + ".time is not after the previous key's");
        }
        clip.keys.push_back(std::move(parsed));
    }
    return clip;
}

Status saveUserClip(const UserClip& clip, const std::string& path) {
    std::string text = toJson(clip).dump(2) + "\n";
    return writeFileAtomic(path, text.data(), text.size());
}

Result<UserClip> loadUserClip(const std::string& path) {
    Result<std::vector<uint8_t>> text = readFileBytes(path);
    if (!text) return Error{ErrorCode::Io, path + ": cannot open"};
    nlohmann::json json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) return Error{ErrorCode::Json, path + ": not valid JSON"};
    return userClipFromJson(json, path);
}

}  // namespace morph
