#include "app/cli/ShotsFile.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "app/cli/Options.h"
#include "app/cli/SharedOptions.h"
#include "renderer/light/GpuEnvironment.h"

namespace app {

namespace {

namespace fs = std::filesystem;

std::optional<std::string> optionalString(const nlohmann::json& entry, const char* key,
                                          const std::string& where, std::string& error) {
    const auto it = entry.find(key);
    if (it == entry.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) {
        error = where + "." + key + ": not a string";
        return std::nullopt;
    }
    return it->get<std::string>();
}

// A shot name becomes a file name in --out-dir: no folders, nothing hidden.
bool validShotName(const std::string& name) {
    if (name.empty() || name[0] == '.' || name.size() > 200) return false;
    for (char c : name) {
        if (c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return false;
    }
    return true;
}

// The fraction tolerance.KEY (0..1) of `tolerance`, nullopt when not given.
morph::Result<std::optional<double>> readFraction(const nlohmann::json& tolerance, const char* key,
                                                  const std::string& where) {
    const auto it = tolerance.find(key);
    if (it == tolerance.end()) return std::optional<double>();
    const double value = it->is_number() ? it->get<double>() : -1.0;
    if (!(value >= 0.0 && value <= 1.0))
        return morph::Error{morph::ErrorCode::BadValue,
                            where + ".tolerance." + key + ": not in 0..1"};
    return std::optional<double>(value);
}

// "tolerance": {"maxAbsDiff": 0..255, "maxFailingPixelsFraction": 0..1, "flipMean": 0..1}, each
// optional.
morph::Result<morph::CompareTolerance> readTolerance(const nlohmann::json& entry,
                                                     const std::string& where) {
    morph::CompareTolerance tolerance;
    const auto it = entry.find("tolerance");
    if (it == entry.end() || it->is_null()) return tolerance;
    if (!it->is_object())
        return morph::Error{morph::ErrorCode::Schema, where + ".tolerance: not an object"};
    if (const auto diff = it->find("maxAbsDiff"); diff != it->end()) {
        if (!diff->is_number_integer() || diff->get<int64_t>() < 0 || diff->get<int64_t>() > 255)
            return morph::Error{morph::ErrorCode::BadValue,
                                where + ".tolerance.maxAbsDiff: not an integer in 0..255"};
        tolerance.maxChannelDiff = diff->get<int>();
    }
    auto fraction = readFraction(*it, "maxFailingPixelsFraction", where);
    if (!fraction) return fraction.error();
    tolerance.maxDifferingFraction = fraction->value_or(tolerance.maxDifferingFraction);
    auto flip = readFraction(*it, "flipMean", where);
    if (!flip) return flip.error();
    if (*flip) tolerance.maxFlipMean = *flip;
    return tolerance;
}

// "clip" + "frames" or "turntable" (ShotEntry). The clip goes where "animation" would.
morph::Status readFrames(const nlohmann::json& entry, const std::string& where, ShotEntry& shot) {
    constexpr size_t kMaxFrames = 1000;
    const auto clip = entry.find("clip");
    const auto frames = entry.find("frames");
    const auto turntable = entry.find("turntable");
    const bool haveClip = clip != entry.end() && !clip->is_null();
    const bool haveFrames = frames != entry.end() && !frames->is_null();
    const bool haveTurntable = turntable != entry.end() && !turntable->is_null();
    if (haveClip != haveFrames)
        return morph::Error{morph::ErrorCode::Schema,
                            where + ": \"clip\" and \"frames\" go together"};
    if (haveClip && haveTurntable)
        return morph::Error{morph::ErrorCode::Inconsistent,
                            where + ": \"turntable\" or \"clip\" with \"frames\", not both"};
    if (haveClip) {
        if (entry.contains("animation") && !entry["animation"].is_null())
            return morph::Error{morph::ErrorCode::Inconsistent,
                                where + ": \"clip\" or \"animation\", not both"};
        if (clip->is_string()) {
            shot.animation = clip->get<std::string>();
        } else if (clip->is_number_unsigned()) {
            shot.animation = std::to_string(clip->get<uint64_t>());
        } else {
            return morph::Error{morph::ErrorCode::Schema, where + ".clip: not a name or an index"};
        }
        if (!frames->is_array() || frames->empty() || frames->size() > kMaxFrames)
            return morph::Error{morph::ErrorCode::Schema,
                                where + ".frames: not a list of 1 to 1000 times"};
        for (const nlohmann::json& time : *frames) {
            if (!time.is_number() || !std::isfinite(time.get<double>()) || time.get<double>() < 0)
                return morph::Error{morph::ErrorCode::BadValue,
                                    where + ".frames: a time is not a number of seconds >= 0"};
            shot.frames.push_back(time.get<float>());
        }
    }
    if (haveTurntable) {
        if (!turntable->is_number_integer() || turntable->get<int64_t>() < 1 ||
            turntable->get<int64_t>() > 360)
            return morph::Error{morph::ErrorCode::BadValue,
                                where + ".turntable: not a count of images in 1..360"};
        shot.turntable = turntable->get<int>();
    }
    return {};
}

morph::Error schema(const std::string& message) {
    return morph::Error{morph::ErrorCode::Schema, message};
}

morph::Error badValue(const std::string& message) {
    return morph::Error{morph::ErrorCode::BadValue, message};
}

// The shot's text fields; a field that is not a string names the last such key.
struct ShotStrings {
    std::optional<std::string> name, model, weights, stream, frame, toneMapping;
};

morph::Result<ShotStrings> readStrings(const nlohmann::json& entry, const std::string& where,
                                       ShotEntry& shot) {
    std::string error;
    ShotStrings strings;
    strings.name = optionalString(entry, "name", where, error);
    strings.model = optionalString(entry, "model", where, error);
    strings.weights = optionalString(entry, kWeightsOption.key, where, error);
    strings.stream = optionalString(entry, "stream", where, error);
    shot.camera = optionalString(entry, kCameraOption.key, where, error);
    shot.size = optionalString(entry, kSizeOption.key, where, error);
    shot.background = optionalString(entry, kBackgroundOption.key, where, error);
    strings.frame = optionalString(entry, kFrameOption.key, where, error);
    shot.environment = optionalString(entry, "environment", where, error);
    strings.toneMapping = optionalString(entry, kToneMappingOption.key, where, error);
    if (!error.empty()) return schema(error);
    return strings;
}

// The value of `text`, the entry's `option` (absent: none), parsed by the option's own parser;
// a bad one is a BadValue naming the entry and the key: "[2].lights: 'sun' is not auto, ...".
template <typename T>
morph::Status readValue(const SharedOption<T>& option, const std::optional<std::string>& text,
                        const std::string& where, std::optional<T>& value) {
    if (!text) return {};
    auto parsed = option.parse(*text);
    if (!parsed) {
        return badValue(where + "." + option.key + ": " +
                        parserMessage(option)(*text, parsed.error()));
    }
    value = *parsed;
    return {};
}

// "toneMapping", "environment" (relative to the shots file's folder), "exposure" and
// "environmentRotation".
morph::Status readLook(const nlohmann::json& entry, const std::string& where,
                       const fs::path& folder, const ShotStrings& strings, ShotEntry& shot) {
    if (auto tone = readValue(kToneMappingOption, strings.toneMapping, where, shot.toneMapping);
        !tone)
        return tone;
    if (shot.environment && *shot.environment != renderer::kStudioEnvironment &&
        *shot.environment != renderer::kRigLighting && !fs::path(*shot.environment).is_absolute()) {
        shot.environment = (folder / *shot.environment).string();
    }
    for (auto [key, field] : {std::pair{"exposure", &shot.exposure},
                              std::pair{"environmentRotation", &shot.environmentRotation}}) {
        const auto it = entry.find(key);
        if (it == entry.end() || it->is_null()) continue;
        if (!it->is_number() || !std::isfinite(it->get<double>()) ||
            (field == &shot.exposure && it->get<double>() <= 0)) {
            return schema(where + "." + key +
                          (field == &shot.exposure ? ": not a positive number"
                                                   : ": not a number of degrees"));
        }
        *field = it->get<float>();
    }
    return {};
}

// "lights", "scene", "variant" and "frame": which of the file's lights, scenes and materials.
morph::Status readSceneChoice(const nlohmann::json& entry, const std::string& where,
                              const ShotStrings& strings, ShotEntry& shot) {
    std::string error;
    const auto lights = optionalString(entry, kLightsOption.key, where, error);
    if (!error.empty()) return schema(error);
    if (auto read = readValue(kLightsOption, lights, where, shot.lights); !read) return read;
    if (const auto it = entry.find("scene"); it != entry.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > 1000000)
            return schema(where + ".scene: not a scene index (0, 1, ...)");
        shot.scene = it->get<int>();
    }
    if (const auto it = entry.find("variant"); it != entry.end() && !it->is_null()) {
        if (it->is_string()) {
            shot.variant = it->get<std::string>();
        } else if (it->is_number_integer() && it->get<int64_t>() >= 0 &&
                   it->get<int64_t>() <= 1000000) {
            shot.variant = std::to_string(it->get<int64_t>());
        } else {
            return schema(where + ".variant: not a variant name or index (0, 1, ...)");
        }
    }
    return readValue(kFrameOption, strings.frame, where, shot.frame);
}

// "name" (a file name, unique in the file) and "model" (relative to the shots file's folder).
morph::Status readIdentity(const ShotStrings& strings, const std::string& where, size_t index,
                           const fs::path& folder, std::map<std::string, size_t>& names,
                           ShotEntry& shot) {
    const std::optional<std::string>& name = strings.name;
    if (!name) return schema(where + ".name: missing");
    if (!validShotName(*name))
        return badValue(where + ".name: '" + *name + "' cannot be a file name");
    if (!names.emplace(*name, index).second) {
        return morph::Error{
            morph::ErrorCode::Inconsistent,
            where + ".name: '" + *name + "' is also shot [" + std::to_string(names[*name]) + "]"};
    }
    if (!strings.model) return schema(where + ".model: missing");
    shot.name = *name;
    shot.model = fs::path(*strings.model).is_absolute() ? *strings.model
                                                        : (folder / *strings.model).string();
    shot.weights = strings.weights.value_or("");
    if (strings.stream) {
        shot.stream = fs::path(*strings.stream).is_absolute() ? *strings.stream
                                                              : (folder / *strings.stream).string();
    }
    return {};
}

// "stream" draws the recording's weights at "time": nothing else may pose the model.
morph::Status checkStream(const nlohmann::json& entry, const std::string& where,
                          const ShotEntry& shot) {
    if (shot.stream.empty()) return {};
    for (const char* key : {"weights", "animation", "clip", "frames", "turntable"}) {
        if (const auto it = entry.find(key); it != entry.end() && !it->is_null()) {
            return morph::Error{morph::ErrorCode::Inconsistent,
                                where + ".stream: not with \"" + key + "\" (the recording " +
                                    "gives the weights at \"time\")"};
        }
    }
    return {};
}

// "animation": a name, an index, "all" or "0,2" (a string, as --animation takes it), or a JSON
// list of names and indices played together in order; and "time".
morph::Status readAnimation(const nlohmann::json& entry, const std::string& where,
                            ShotEntry& shot) {
    auto key = [](const nlohmann::json& value) -> std::optional<std::string> {
        if (value.is_string()) return value.get<std::string>();
        if (value.is_number_unsigned()) return std::to_string(value.get<uint64_t>());
        return std::nullopt;
    };
    if (const auto it = entry.find("animation"); it != entry.end() && !it->is_null()) {
        if (it->is_array()) {
            for (const nlohmann::json& item : *it) {
                std::optional<std::string> k = key(item);
                if (!k) return schema(where + ".animation: a list item is not a name or an index");
                shot.animations.push_back(std::move(*k));
            }
        } else if (std::optional<std::string> k = key(*it)) {
            shot.animation = std::move(*k);
        } else {
            return schema(where + ".animation: not a name, an index, a list or null");
        }
    }
    if (const auto it = entry.find("time"); it != entry.end() && !it->is_null()) {
        if (!it->is_number() || !std::isfinite(it->get<double>()))
            return schema(where + ".time: not a number of seconds");
        shot.time = it->get<float>();
    }
    return {};
}

// Entry `index` of the file, its fields read in the order their errors are reported.
morph::Result<ShotEntry> readShot(const nlohmann::json& entry, const std::string& where,
                                  size_t index, const fs::path& folder,
                                  std::map<std::string, size_t>& names) {
    if (!entry.is_object()) return schema(where + ": not an object");
    ShotEntry shot;
    auto strings = readStrings(entry, where, shot);
    if (!strings) return strings.error();
    if (auto look = readLook(entry, where, folder, *strings, shot); !look) return look.error();
    if (auto choice = readSceneChoice(entry, where, *strings, shot); !choice) return choice.error();
    if (auto identity = readIdentity(*strings, where, index, folder, names, shot); !identity)
        return identity.error();
    if (auto animation = readAnimation(entry, where, shot); !animation) return animation.error();
    auto tolerance = readTolerance(entry, where);
    if (!tolerance) return tolerance.error();
    shot.tolerance = *tolerance;
    std::string error;
    const auto reference = optionalString(entry, "reference", where, error);
    if (!error.empty()) return schema(error);
    shot.reference = reference.value_or(shot.name + ".png");
    if (auto frames = readFrames(entry, where, shot); !frames) return frames.error();
    if (auto stream = checkStream(entry, where, shot); !stream) return stream.error();
    return shot;
}

}  // namespace

morph::Result<std::vector<ShotEntry>> readShotsFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return morph::Error{morph::ErrorCode::Io,
                            path + ": cannot read (no such file or no permission)"};
    const nlohmann::json document = nlohmann::json::parse(file, nullptr, false);
    if (document.is_discarded())
        return morph::Error{morph::ErrorCode::Json, path + ": not valid JSON"};
    if (!document.is_array()) return schema(path + ": expected a JSON list of shots");
    const fs::path folder = fs::path(path).parent_path();
    std::vector<ShotEntry> shots;
    std::map<std::string, size_t> names;
    for (size_t i = 0; i < document.size(); ++i) {
        auto shot = readShot(document[i], path + ": [" + std::to_string(i) + "]", i, folder, names);
        if (!shot) return shot.error();
        shots.push_back(std::move(shot).value());
    }
    return shots;
}

}  // namespace app
