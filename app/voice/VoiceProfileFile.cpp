#include "app/voice/VoiceProfileFile.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "morph/io/Files.h"

namespace app::voice {

namespace {

using nlohmann::json;
using speech::Viseme;

// Formants the analyzer can report lie within 200-2800 Hz; a little room either side.
constexpr double kMinHz = 50, kMaxHz = 8000;

bool numberIn(const json& value, double low, double high) {
    if (!value.is_number()) return false;
    const double v = value.get<double>();
    return std::isfinite(v) && v >= low && v <= high;
}

morph::Error problem(morph::ErrorCode code, const std::string& file, const std::string& what) {
    return morph::Error{code, file + ": " + what};
}

// One class's entry into `profile`.
morph::Status readClass(const std::string& name, const json& entry, const std::string& file,
                        VoiceProfile& profile) {
    const std::string at = "classes." + name;
    if (!entry.is_object())
        return problem(morph::ErrorCode::Schema, file, at + " is not an object");
    if (name == "SS") {
        if (entry.contains("hiss") && !numberIn(entry["hiss"], 0, 1))
            return problem(morph::ErrorCode::BadValue, file, at + ".hiss is not a number 0 to 1");
        return {};
    }
    for (const char* key : {"f1", "f2"}) {
        if (!entry.contains(key))
            return problem(morph::ErrorCode::Schema, file, at + " has no " + key);
        if (!numberIn(entry[key], kMinHz, kMaxHz))
            return problem(morph::ErrorCode::BadValue, file,
                           at + "." + key + " is not a frequency from 50 to 8000 Hz");
    }
    for (VowelCentroid& c : profile.vowels) {
        if (profileClassName(c.viseme) != name) continue;
        c.f1 = entry["f1"].get<float>();
        c.f2 = entry["f2"].get<float>();
        return {};
    }
    profile.vowels.push_back({Viseme::aa, entry["f1"].get<float>(), entry["f2"].get<float>()});
    for (Viseme v : kProfileClasses) {
        if (profileClassName(v) == name) profile.vowels.back().viseme = v;
    }
    return {};
}

}  // namespace

const char* profileClassName(Viseme viseme) {
    switch (viseme) {
        case Viseme::aa: return "aa";
        case Viseme::E: return "E";
        case Viseme::I: return "I";
        case Viseme::O: return "O";
        case Viseme::U: return "U";
        case Viseme::SS: return "SS";
        default: return "";
    }
}

morph::Result<VoiceProfile> parseVoiceProfile(std::string_view text, const std::string& file,
                                              const VoiceProfile& base) {
    const json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded()) return problem(morph::ErrorCode::Json, file, "not valid JSON");
    if (!doc.is_object()) return problem(morph::ErrorCode::Schema, file, "not a JSON object");
    if (!doc.contains("version") || !doc["version"].is_number_integer() ||
        doc["version"].get<long long>() != kVoiceProfileVersion)
        return problem(morph::ErrorCode::BadValue, file, "\"version\" is not 1");
    if (!doc.contains("classes") || !doc["classes"].is_object())
        return problem(morph::ErrorCode::Schema, file, "\"classes\" is not an object");
    VoiceProfile profile = base;
    if (doc.contains("sibilance")) {
        if (!numberIn(doc["sibilance"], 0, 1))
            return problem(morph::ErrorCode::BadValue, file,
                           "\"sibilance\" is not a number 0 to 1");
        profile.sibilance = doc["sibilance"].get<float>();
    }
    for (const auto& [name, entry] : doc["classes"].items()) {
        bool known = false;
        for (Viseme v : kProfileClasses) known = known || name == profileClassName(v);
        if (!known)
            return problem(morph::ErrorCode::BadReference, file,
                           "unknown class '" + name + "' (aa, E, I, O, U or SS)");
        if (morph::Status s = readClass(name, entry, file, profile); !s) return s.error();
    }
    return profile;
}

morph::Result<VoiceProfile> readVoiceProfile(const std::string& path, const VoiceProfile& base) {
    auto bytes = morph::readFileBytes(path);
    if (!bytes) return problem(morph::ErrorCode::Io, path, "cannot be read");
    const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    return parseVoiceProfile(text, path, base);
}

std::string voiceProfileText(const std::vector<ProfileClass>& classes, float sibilance,
                             const std::string& source) {
    json out = {{"version", kVoiceProfileVersion}, {"source", source}, {"sibilance", sibilance}};
    json list = json::object();
    for (const ProfileClass& c : classes) {
        json entry =
            c.viseme == Viseme::SS ? json{{"hiss", c.hiss}} : json{{"f1", c.f1}, {"f2", c.f2}};
        entry["windows"] = c.windows;
        entry["learned"] = c.learned;
        list[profileClassName(c.viseme)] = entry;
    }
    out["classes"] = list;
    return out.dump(1) + "\n";
}

}  // namespace app::voice
