// The calibration profile's JSON (docs/LIVE.md): read with every problem named by its place in
// the file, written so that it reads back equal.
#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/live/Calibration.h"
#include "morph/ErrorText.h"
#include "morph/io/Files.h"

namespace app::live {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

morph::Error schemaError(const std::string& path, const std::string& where,
                         const std::string& what) {
    // One line whatever the file's keys hold (a key's "\n" is written as \x0a).
    return morph::Error{morph::ErrorCode::Schema,
                        morph::oneLine(path + ": " + where + ": " + what)};
}

// Every key of `object` is one of `known`.
morph::Status checkKeys(const Json& object, std::initializer_list<const char*> known,
                        const std::string& path, const std::string& where) {
    for (const auto& [key, value] : object.items()) {
        bool ok = false;
        for (const char* name : known) ok = ok || key == name;
        if (!ok) return schemaError(path, where, "unknown key '" + key + "'");
    }
    return morph::Status();
}

morph::Status readNumber(const Json& object, const char* key, double& out, const std::string& path,
                         const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) return morph::Status();
    if (!it->is_number() || !std::isfinite(it->get<double>())) {
        return schemaError(path, where + "." + key, "not a finite number");
    }
    out = it->get<double>();
    return morph::Status();
}

morph::Result<SmoothingParams> readSmoothing(const Json& j, const std::string& path,
                                             const std::string& where) {
    if (!j.is_object()) return schemaError(path, where, "not an object or false");
    if (morph::Status s = checkKeys(j, {"minCutoff", "beta", "dCutoff"}, path, where); !s) {
        return s.error();
    }
    SmoothingParams p;
    for (auto [key, out] : {std::pair{"minCutoff", &p.minCutoff}, std::pair{"beta", &p.beta},
                            std::pair{"dCutoff", &p.dCutoff}}) {
        if (morph::Status s = readNumber(j, key, *out, path, where); !s) return s.error();
    }
    if (!(p.minCutoff > 0) || !(p.dCutoff > 0) || p.beta < 0) {
        return morph::Error{
            morph::ErrorCode::BadValue,
            path + ": " + where + ": minCutoff and dCutoff must be above 0 and beta not below 0"};
    }
    return p;
}

morph::Status readEntrySmoothing(const Json& j, CalibrationEntry& entry, const std::string& path,
                                 const std::string& where) {
    const auto it = j.find("smoothing");
    if (it == j.end()) return morph::Status();
    if (it->is_boolean() && !it->get<bool>()) {
        entry.smoothingChoice = EntrySmoothing::Off;
        return morph::Status();
    }
    auto smoothing = readSmoothing(*it, path, where + ".smoothing");
    if (!smoothing) return smoothing.error();
    entry.smoothingChoice = EntrySmoothing::Own;
    entry.smoothing = *smoothing;
    return morph::Status();
}

morph::Result<CalibrationEntry> readEntry(const Json& j, const std::string& path,
                                          const std::string& where) {
    if (!j.is_object()) return schemaError(path, where, "not an object");
    if (morph::Status s =
            checkKeys(j, {"neutral", "gain", "offset", "min", "max", "smoothing"}, path, where);
        !s) {
        return s.error();
    }
    CalibrationEntry e;
    for (auto [key, out] :
         {std::pair{"neutral", &e.neutral}, std::pair{"gain", &e.gain},
          std::pair{"offset", &e.offset}, std::pair{"min", &e.min}, std::pair{"max", &e.max}}) {
        if (morph::Status s = readNumber(j, key, *out, path, where); !s) return s.error();
    }
    if (e.min > e.max) {
        return morph::Error{morph::ErrorCode::Inconsistent,
                            path + ": " + where + ": min is above max"};
    }
    if (morph::Status s = readEntrySmoothing(j, e, path, where); !s) return s.error();
    return e;
}

OrderedJson smoothingJson(const SmoothingParams& p) {
    return OrderedJson{{"minCutoff", p.minCutoff}, {"beta", p.beta}, {"dCutoff", p.dCutoff}};
}

}  // namespace

morph::Result<CalibrationProfile> parseCalibrationProfile(const std::string& text,
                                                          const std::string& path) {
    const Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
        return morph::Error{morph::ErrorCode::Json, path + ": not a JSON calibration profile"};
    }
    if (!j.is_object()) return schemaError(path, "the profile", "not a JSON object");
    if (morph::Status s = checkKeys(j, {"smoothing", "names"}, path, "the profile"); !s) {
        return s.error();
    }
    CalibrationProfile profile;
    if (const auto it = j.find("smoothing"); it != j.end() && !it->is_null()) {
        auto smoothing = readSmoothing(*it, path, "smoothing");
        if (!smoothing) return smoothing.error();
        profile.smoothing = *smoothing;
    }
    const auto names = j.find("names");
    if (names == j.end()) return profile;
    if (!names->is_object()) return schemaError(path, "names", "not an object");
    for (const auto& [name, value] : names->items()) {
        auto entry = readEntry(value, path, "names." + name);
        if (!entry) return entry.error();
        profile.entries[name] = *entry;
    }
    return profile;
}

morph::Result<CalibrationProfile> readCalibrationProfile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return morph::Error{morph::ErrorCode::Io, path + ": cannot open the calibration profile"};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseCalibrationProfile(text.str(), path);
}

std::string calibrationProfileJson(const CalibrationProfile& profile) {
    OrderedJson j = OrderedJson::object();
    if (profile.smoothing) j["smoothing"] = smoothingJson(*profile.smoothing);
    OrderedJson names = OrderedJson::object();
    for (const auto& [name, e] : profile.entries) {
        OrderedJson entry{{"neutral", e.neutral},
                          {"gain", e.gain},
                          {"offset", e.offset},
                          {"min", e.min},
                          {"max", e.max}};
        if (e.smoothingChoice == EntrySmoothing::Off) entry["smoothing"] = false;
        if (e.smoothingChoice == EntrySmoothing::Own)
            entry["smoothing"] = smoothingJson(e.smoothing);
        names[name] = std::move(entry);
    }
    j["names"] = std::move(names);
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// Through the one atomic write every output takes: a failed save leaves the old profile whole.
morph::Status writeCalibrationProfile(const std::string& path, const CalibrationProfile& profile) {
    const std::string text = calibrationProfileJson(profile);
    return morph::writeFileAtomic(path, text.data(), text.size());
}

}  // namespace app::live
