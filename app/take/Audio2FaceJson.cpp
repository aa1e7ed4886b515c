// Audio2Face's exported blendshape weights (docs/LIVE.md): frame i of weightMat is at
// i / exportFps, one weight per facsNames entry. Its other keys (trackPath, numPoses, joints,
// rotations, translations) are not weights and are not read.
#include <cfloat>
#include <cmath>

#include <nlohmann/json.hpp>

#include "app/take/Take.h"

namespace app::take {

namespace {

morph::Status readNames(const nlohmann::json& j, const std::string& path, Take& take) {
    if (!j.contains("facsNames") || !j["facsNames"].is_array())
        return takeError(path, 1, "no \"facsNames\" array");
    const nlohmann::json& names = j["facsNames"];
    for (const nlohmann::json& name : names) {
        if (!name.is_string() || name.get<std::string>().empty())
            return takeError(path, 1,
                             "facsNames[" + std::to_string(take.names.size()) + "] is not a name");
        take.names.push_back(name.get<std::string>());
    }
    return {};
}

morph::Status readFrame(const nlohmann::json& row, size_t count, TakeSample& sample) {
    if (!row.is_array() || row.size() != count)
        return morph::Error{morph::ErrorCode::Schema,
                            "not an array of " + std::to_string(count) + " weights"};
    for (size_t n = 0; n < count; ++n) {
        if (!row[n].is_number() || !(std::fabs(row[n].get<double>()) <= FLT_MAX))
            return morph::Error{morph::ErrorCode::Schema,
                                "weight " + std::to_string(n) + " is not a finite number"};
        sample.values.push_back(row[n].get<float>());
    }
    return {};
}

morph::Result<double> exportFps(const nlohmann::json& j, const std::string& path) {
    if (!j.contains("exportFps") || !j["exportFps"].is_number())
        return takeError(path, 1, "no number \"exportFps\"");
    const double fps = j["exportFps"].get<double>();
    if (!std::isfinite(fps) || fps <= 0) return takeError(path, 1, "\"exportFps\" is not > 0");
    return fps;
}

}  // namespace

morph::Result<Take> parseAudio2Face(std::string_view text, const std::string& path) {
    auto parsed = parseTakeJson(text, path);
    if (!parsed) return parsed.error();
    const nlohmann::json& j = *parsed;
    if (!j.is_object()) return takeError(path, 1, "not an Audio2Face weights object");
    auto fps = exportFps(j, path);
    if (!fps) return fps.error();
    Take take;
    take.format = TakeFormat::Audio2Face;
    if (auto s = readNames(j, path, take); !s) return s.error();
    if (!j.contains("weightMat") || !j["weightMat"].is_array())
        return takeError(path, 1, "no \"weightMat\" array");
    const nlohmann::json& frames = j["weightMat"];
    if (j.contains("numFrames") &&
        (!j["numFrames"].is_number_unsigned() || j["numFrames"].get<size_t>() != frames.size()))
        return takeError(
            path, lineOfOffset(text, text.find("\"numFrames\"")),
            "\"numFrames\" is not weightMat's " + std::to_string(frames.size()) + " frames");
    if (frames.empty()) return takeError(path, 1, "weightMat has no frames");
    for (size_t f = 0; f < frames.size(); ++f) {
        TakeSample sample;
        sample.t = double(f) / *fps;
        if (auto s = readFrame(frames[f], take.names.size(), sample); !s)
            return takeError(path, lineOfArrayElement(text, "weightMat", f),
                             "weightMat[" + std::to_string(f) + "]: " + s.error().message);
        take.samples.push_back(std::move(sample));
    }
    return take;
}

}  // namespace app::take
