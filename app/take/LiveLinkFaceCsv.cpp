// Live Link Face's CSV take (docs/LIVE.md): the header names the columns, so the order of the
// blendshapes is the header's, whatever the app's version writes.
#include <array>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/take/Take.h"

namespace app::take {

namespace {

// The head and eye rotations after the 52 blendshapes: values, but not weights.
constexpr std::array<std::string_view, 9> kRotations = {
    "HeadYaw",     "HeadPitch",   "HeadRoll",      "LeftEyeYaw",  "LeftEyePitch",
    "LeftEyeRoll", "RightEyeYaw", "RightEyePitch", "RightEyeRoll"};

bool isRotation(std::string_view name) {
    for (std::string_view r : kRotations) {
        if (name == r) return true;
    }
    return false;
}

std::vector<std::string_view> splitFields(std::string_view line) {
    std::vector<std::string_view> fields;
    for (size_t start = 0;;) {
        const size_t comma = line.find(',', start);
        fields.push_back(line.substr(start, comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return fields;
}

std::optional<double> number(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// A timecode's parts: the seconds of the day, the frame and its fraction, kept apart so that
// times from the first frame are exact (a take late in the day is 50,000 s in).
struct Timecode {
    long seconds = 0;
    long frame = 0;
    double fraction = 0;
    // Seconds from `first`.
    double since(const Timecode& first, double fps) const {
        return double(seconds - first.seconds) +
               (double(frame - first.frame) + (fraction - first.fraction)) / fps;
    }
};

// HH:MM:SS:FF[.fff]; nullopt when it is not one, or FF is not a frame at `fps`.
std::optional<Timecode> parseTimecode(std::string_view text, double fps) {
    std::array<long, 4> parts{};
    size_t at = 0;
    for (size_t i = 0; i < parts.size(); ++i) {
        const char* first = text.data() + at;
        const auto [end, ec] = std::from_chars(first, text.data() + text.size(), parts[i]);
        if (ec != std::errc() || end == first || parts[i] < 0) return std::nullopt;
        at = size_t(end - text.data());
        if (i < 3 && (at >= text.size() || text[at] != ':')) return std::nullopt;
        if (i < 3) ++at;
    }
    Timecode timecode;
    if (at < text.size()) {
        if (text[at] != '.') return std::nullopt;
        const std::optional<double> sub = number("0" + std::string(text.substr(at)));
        if (!sub) return std::nullopt;
        timecode.fraction = *sub;
    }
    if (parts[1] > 59 || parts[2] > 59 || double(parts[3]) >= fps || parts[0] > 1000000)
        return std::nullopt;
    timecode.seconds = parts[0] * 3600 + parts[1] * 60 + parts[2];
    timecode.frame = parts[3];
    return timecode;
}

struct Header {
    std::vector<size_t> columns;  // the column of each name
    size_t fieldCount = 0;
};

morph::Result<Header> readHeader(std::string_view line, const std::string& path, Take& take) {
    const std::vector<std::string_view> fields = splitFields(line);
    if (fields.size() < 3 || fields[0] != "Timecode" || fields[1] != "BlendShapeCount")
        return takeError(path, 1, "not a Live Link Face header (Timecode,BlendShapeCount,...)");
    Header header;
    header.fieldCount = fields.size();
    for (size_t c = 2; c < fields.size(); ++c) {
        if (fields[c].empty())
            return takeError(path, 1, "column " + std::to_string(c + 1) + " has no name");
        if (isRotation(fields[c])) continue;
        take.names.emplace_back(fields[c]);
        header.columns.push_back(c);
    }
    return header;
}

morph::Status readRow(std::string_view line, size_t lineNumber, const Header& header, double fps,
                      const std::string& path, TakeSample& sample, Timecode& when) {
    const std::vector<std::string_view> fields = splitFields(line);
    if (fields.size() != header.fieldCount) {
        return takeError(path, lineNumber,
                         std::to_string(fields.size()) + " columns, the header has " +
                             std::to_string(header.fieldCount));
    }
    const std::optional<Timecode> t = parseTimecode(fields[0], fps);
    if (!t) {
        char rate[32];
        std::snprintf(rate, sizeof(rate), "%g", fps);
        return takeError(path, lineNumber,
                         "'" + std::string(fields[0]) + "' is not a timecode HH:MM:SS:FF.fff at " +
                             rate + " fps (--fps says another rate)");
    }
    when = *t;
    if (!number(fields[1])) return takeError(path, lineNumber, "BlendShapeCount is not a number");
    // Every column is a number, the rotations too, though only the names' are kept.
    for (size_t c = 2, kept = 0; c < fields.size(); ++c) {
        const std::optional<double> value = number(fields[c]);
        if (!value || std::fabs(*value) > FLT_MAX) {
            return takeError(path, lineNumber,
                             "column " + std::to_string(c + 1) + " ('" +
                                 std::string(fields[c].substr(0, 32)) + "') is not a number");
        }
        if (kept < header.columns.size() && header.columns[kept] == c) {
            sample.values.push_back(float(*value));
            ++kept;
        }
    }
    return {};
}

}  // namespace

morph::Result<Take> parseLiveLinkFaceCsv(std::string_view text, const std::string& path,
                                         double fps) {
    Take take;
    take.format = TakeFormat::LiveLinkFace;
    std::optional<Header> header;
    std::optional<Timecode> first;
    TakeLines lines(text);
    for (std::string_view line; lines.next(line);) {
        const size_t lineNumber = lines.number();
        if (lineNumber == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.remove_prefix(3);  // BOM
        if (line.empty()) continue;
        if (!header) {
            auto read = readHeader(line, path, take);
            if (!read) return read.error();
            header = std::move(read).value();
            continue;
        }
        TakeSample sample;
        Timecode when;
        if (auto s = readRow(line, lineNumber, *header, fps, path, sample, when); !s)
            return s.error();
        if (!first) first = when;
        sample.t = when.since(*first, fps);
        if (!take.samples.empty() && sample.t < take.samples.back().t)
            return takeError(path, lineNumber, "the timecode goes back in time");
        take.samples.push_back(std::move(sample));
    }
    if (!header) return takeError(path, 1, "empty: no Live Link Face header");
    if (take.samples.empty()) return takeError(path, lines.number(), "no frames after the header");
    return take;
}

}  // namespace app::take
