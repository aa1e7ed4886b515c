// Rhubarb Lip Sync's cues (docs/LIVE.md): each cue shows one mouth shape from its start until the
// next cue's, so the take holds each shape (STEP) as Rhubarb's own exporters do.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/take/Take.h"

namespace app::take {

namespace {

// The visemes a Rhubarb take names: one per shape, in shape order A-H, X.
constexpr std::string_view kShapes = "ABCDEFGHX";

Take emptyRhubarbTake() {
    Take take;
    take.format = TakeFormat::Rhubarb;
    take.held = true;
    for (char shape : kShapes) take.names.push_back(rhubarbViseme(shape));
    return take;
}

// One sample showing `shape` alone; false when it is not one of A-H, X.
bool addCue(Take& take, double start, std::string_view shape) {
    const size_t index = shape.size() == 1 ? kShapes.find(shape[0]) : std::string_view::npos;
    if (index == std::string_view::npos) return false;
    TakeSample sample;
    sample.t = start;
    sample.values.assign(kShapes.size(), 0.0f);
    sample.values[index] = 1.0f;
    take.samples.push_back(std::move(sample));
    return true;
}

std::string clipped(std::string_view text) {
    return std::string(text.substr(0, 32));
}

// The times from the first cue's start.
morph::Result<Take> finish(Take take, const std::string& path, size_t lastLine) {
    if (take.samples.empty()) return takeError(path, lastLine, "no mouth cues");
    const double first = take.samples.front().t;
    for (TakeSample& s : take.samples) s.t -= first;
    return take;
}

morph::Result<Take> parseTsv(std::string_view text, const std::string& path) {
    Take take = emptyRhubarbTake();
    TakeLines lines(text);
    for (std::string_view line; lines.next(line);) {
        const size_t lineNumber = lines.number();
        if (line.empty()) continue;
        const size_t tab = line.find('\t');
        if (tab == std::string_view::npos || line.find('\t', tab + 1) != std::string_view::npos)
            return takeError(path, lineNumber, "not 'start<TAB>shape'");
        double t = 0;
        const auto [stop, ec] = std::from_chars(line.data(), line.data() + tab, t);
        if (ec != std::errc() || stop != line.data() + tab || !std::isfinite(t) || t < 0)
            return takeError(
                path, lineNumber,
                "'" + clipped(line.substr(0, tab)) + "' is not a start time in seconds");
        if (!take.samples.empty() && t < take.samples.back().t)
            return takeError(path, lineNumber, "the start goes back in time");
        if (!addCue(take, t, line.substr(tab + 1)))
            return takeError(
                path, lineNumber,
                "'" + clipped(line.substr(tab + 1)) + "' is not a mouth shape (A-H or X)");
    }
    return finish(std::move(take), path, lines.number());
}

std::optional<double> timeOf(const nlohmann::json& cue, const char* key) {
    if (!cue.contains(key) || !cue[key].is_number()) return std::nullopt;
    const double t = cue[key].get<double>();
    if (!std::isfinite(t) || t < 0) return std::nullopt;
    return t;
}

morph::Status addJsonCue(Take& take, const nlohmann::json& cue, const std::string& where) {
    const std::optional<double> start = cue.is_object() ? timeOf(cue, "start") : std::nullopt;
    const std::optional<double> end = cue.is_object() ? timeOf(cue, "end") : std::nullopt;
    if (!start || !end || *end < *start)
        return morph::Error{morph::ErrorCode::Schema,
                            where + " has no \"start\" and \"end\" in seconds, end >= start"};
    if (!take.samples.empty() && *start < take.samples.back().t)
        return morph::Error{morph::ErrorCode::Schema, where + " starts before the cue before it"};
    const bool shape = cue.contains("value") && cue["value"].is_string() &&
                       addCue(take, *start, cue["value"].get<std::string>());
    if (!shape)
        return morph::Error{morph::ErrorCode::Schema,
                            where + "'s \"value\" is not a mouth shape (A-H or X)"};
    return {};
}

morph::Result<Take> parseJson(std::string_view text, const std::string& path) {
    auto parsed = parseTakeJson(text, path);
    if (!parsed) return parsed.error();
    const nlohmann::json& j = *parsed;
    if (!j.is_object() || !j.contains("mouthCues") || !j["mouthCues"].is_array())
        return takeError(path, 1, "no \"mouthCues\" array");
    Take take = emptyRhubarbTake();
    const nlohmann::json& cues = j["mouthCues"];
    for (size_t i = 0; i < cues.size(); ++i) {
        if (auto s = addJsonCue(take, cues[i], "mouthCues[" + std::to_string(i) + "]"); !s)
            return takeError(path, lineOfArrayElement(text, "mouthCues", i), s.error().message);
    }
    // The last cue's end: the take lasts as long as Rhubarb says, the last shape held to it.
    if (!cues.empty()) {
        TakeSample last = take.samples.back();
        last.t = cues.back()["end"].get<double>();
        if (last.t > take.samples.back().t) take.samples.push_back(std::move(last));
    }
    return finish(std::move(take), path, lineOfOffset(text, text.size()));
}

}  // namespace

morph::Result<Take> parseRhubarb(std::string_view text, const std::string& path) {
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{') return parseJson(text, path);
    return parseTsv(text, path);
}

}  // namespace app::take
