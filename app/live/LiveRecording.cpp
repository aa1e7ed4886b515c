#include "app/live/LiveRecording.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

namespace app::live {

namespace {

using OrderedJson = nlohmann::ordered_json;

morph::Error fileError(morph::ErrorCode code, const std::string& path, const std::string& what) {
    return morph::Error{code, path + ": " + what};
}

// One line's t and weights, or what is wrong with it.
morph::Status parseLine(const std::string& line, double& t, std::map<std::string, float>& weights) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return morph::Error{morph::ErrorCode::Json, "not JSON"};
    if (!j.is_object() || !j.contains("t") || !j["t"].is_number() || !j.contains("weights") ||
        !j["weights"].is_object()) {
        return morph::Error{morph::ErrorCode::Schema,
                            "not an object with a number \"t\" and an object \"weights\""};
    }
    t = j["t"].get<double>();
    if (!std::isfinite(t)) return morph::Error{morph::ErrorCode::BadValue, "\"t\" is not finite"};
    weights.clear();
    for (const auto& [name, value] : j["weights"].items()) {
        // Past a float's range would be undefined as a float, not just a large weight.
        if (!value.is_number() || !(std::fabs(value.get<double>()) <= FLT_MAX)) {
            return morph::Error{morph::ErrorCode::Schema,
                                "weight \"" + name + "\" is not a finite number"};
        }
        weights[name] = value.get<float>();
    }
    return {};
}

std::string seconds(double t) {
    char text[32];
    std::snprintf(text, sizeof(text), "%g", t);
    return text;
}

bool isSpecName(const std::string& name) {
    if (name.empty() || name == "*" || name.rfind("vrm:", 0) == 0) return false;
    if (std::isspace(static_cast<unsigned char>(name.front())) ||
        std::isspace(static_cast<unsigned char>(name.back())))
        return false;
    if (name.find_first_of(",=") != std::string::npos) return false;
    // All digits is an index to --weights; default target names "0", "1", ... are exactly their
    // index, so those still mean the same target.
    return true;
}

}  // namespace

morph::Result<StreamRecorder> StreamRecorder::open(const std::string& path) {
    StreamRecorder recorder(path);
    recorder.mOut.open(path, std::ios::binary | std::ios::trunc);
    if (!recorder.mOut) {
        return fileError(morph::ErrorCode::Io, path, "cannot be created for --record-stream");
    }
    return recorder;
}

morph::Status StreamRecorder::write(LiveClock::time_point when, const std::string& source,
                                    const std::map<std::string, float>& weights) {
    if (!mFirst) mFirst = when;
    return writeAt(std::chrono::duration<double>(when - *mFirst).count(), source, weights);
}

morph::Status StreamRecorder::writeAt(double t, const std::string& source,
                                      const std::map<std::string, float>& weights,
                                      std::optional<double> audioTime) {
    OrderedJson line;
    line["t"] = t;
    line["source"] = source;
    if (audioTime) line["audioTime"] = *audioTime;
    line["weights"] = OrderedJson::object();
    for (const auto& [name, value] : weights) line["weights"][name] = value;
    mOut << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    mOut.flush();
    if (!mOut) return fileError(morph::ErrorCode::Io, mPath, "cannot be written");
    return {};
}

morph::Result<std::vector<StreamLine>> readStream(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fileError(morph::ErrorCode::Io, path, "cannot be opened");
    std::ostringstream text;
    text << in.rdbuf();
    return parseStream(text.str(), path);
}

morph::Result<std::vector<StreamLine>> parseStream(const std::string& recording,
                                                   const std::string& path) {
    std::istringstream in(recording);
    std::vector<StreamLine> lines;
    double previous = -INFINITY;
    std::string text;
    for (size_t number = 1; std::getline(in, text); ++number) {
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        StreamLine line;
        if (morph::Status s = parseLine(text, line.t, line.weights); !s) {
            return fileError(s.error().code, path,
                             "line " + std::to_string(number) + ": " + s.error().message);
        }
        if (line.t < previous) {
            return fileError(morph::ErrorCode::Inconsistent, path,
                             "line " + std::to_string(number) + ": t goes back in time");
        }
        previous = line.t;
        lines.push_back(std::move(line));
    }
    return lines;
}

const StreamLine* streamLineAt(const std::vector<StreamLine>& lines, double time) {
    const auto after =
        std::upper_bound(lines.begin(), lines.end(), time,
                         [](double t, const StreamLine& line) { return t < line.t; });
    return after == lines.begin() ? nullptr : &*(after - 1);
}

morph::Result<std::map<std::string, float>> readStreamWeightsAt(const std::string& path,
                                                                double time) {
    morph::Result<std::vector<StreamLine>> lines = readStream(path);
    if (!lines) return lines.error();
    const StreamLine* chosen = streamLineAt(*lines, time);
    if (!chosen) {
        return fileError(morph::ErrorCode::Usage, path,
                         lines->empty() ? std::string("has no lines")
                                        : "no line has t <= " + seconds(time) +
                                              " (the first: " + seconds(lines->front().t) + ")");
    }
    return chosen->weights;
}

morph::Error unsayable(const std::string& name) {
    return morph::Error{morph::ErrorCode::Usage,
                        "--replay: target name '" + name + "' cannot be given as --weights"};
}

std::string valueText(float value) {
    char number[32];
    std::snprintf(number, sizeof(number), "%.9g", double(value));  // 9 digits: a float exactly
    return number;
}

morph::Result<std::string> weightSpecOf(const std::map<std::string, float>& weights) {
    std::string spec;
    for (const auto& [name, value] : weights) {
        if (!isSpecName(name)) return unsayable(name);
        spec += (spec.empty() ? "" : ",") + name + "=" + valueText(value);
    }
    return spec;
}

morph::Result<std::vector<morph::WeightAssignment>> weightItemsOf(
    const std::map<std::string, float>& weights) {
    std::vector<morph::WeightAssignment> items;
    for (const auto& [name, value] : weights) {
        if (!isSpecName(name)) return unsayable(name);
        morph::WeightAssignment item;
        item.value = value;
        const bool digits =
            std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits) {
            item.name = name;
        } else {
            item.kind = morph::WeightAssignment::Kind::Index;
            const auto [end, ec] =
                std::from_chars(name.data(), name.data() + name.size(), item.index);
            if (ec != std::errc()) {
                return morph::Error{morph::ErrorCode::Usage,
                                    "--weights: '" + name + "=" + valueText(value) +
                                        "': target index " + name + " is too large"};
            }
        }
        items.push_back(std::move(item));
    }
    return items;
}

}  // namespace app::live

namespace app::live {

morph::Result<std::vector<morph::WeightAssignment>> replayWeights(const std::string& path,
                                                                  double time) {
    morph::Result<std::map<std::string, float>> weights = readStreamWeightsAt(path, time);
    if (!weights) return weights.error();
    return weightItemsOf(*weights);
}

}  // namespace app::live
