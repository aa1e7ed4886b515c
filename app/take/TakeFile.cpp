#include "app/take/TakeFile.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "app/live/LiveNames.h"
#include "app/speech/Visemes.h"
#include "morph/edit/UserClip.h"
#include "morph/names/NameParts.h"

namespace app::take {

namespace {

bool endsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() &&
           morph::toLowerAscii(text.substr(text.size() - suffix.size())) == suffix;
}

morph::Result<std::string> readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return morph::Error{morph::ErrorCode::Io, path + ": cannot be opened"};
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return morph::Error{morph::ErrorCode::Io, path + ": cannot be read"};
    return text.str();
}

// A Rhubarb TSV line: a start time, a tab, one shape letter.
bool looksLikeRhubarbTsv(std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || tab == 0 || line.size() != tab + 2) return false;
    return !rhubarbViseme(line[tab + 1]).empty() && line.find_first_not_of("0123456789.") == tab;
}

std::string seconds(double t) {
    char text[32];
    std::snprintf(text, sizeof(text), "%g", t);
    return text;
}

// Each viseme take name's index as the Viseme it is.
std::vector<std::pair<size_t, speech::Viseme>> visemesOf(const Take& take) {
    std::vector<std::pair<size_t, speech::Viseme>> out;
    for (size_t n = 0; n < take.names.size(); ++n) {
        for (size_t v = 0; v < speech::kVisemeCount; ++v) {
            const auto viseme = speech::Viseme(v);
            if (take.names[n] == std::string("viseme_") + speech::visemeName(viseme))
                out.push_back({n, viseme});
        }
    }
    return out;
}

// Rhubarb on a model: each sample's visemes as the face shows them, the larger weight winning
// where two visemes share a target (as `speak`'s tracks do).
morph::Result<Retargeted> retargetVisemes(const Take& take, const morph::Scene& scene) {
    auto face = speech::faceVisemes(morph::sceneTargetNames(scene));
    if (!face) return morph::Error{morph::ErrorCode::Usage, face.error().message};
    Retargeted out;
    out.shownAs = speech::faceKindName(face->kind);
    const auto visemes = visemesOf(take);
    std::map<std::string, float> rest;
    for (const auto& shape : face->shapes) {
        for (const auto& [target, weight] : shape) rest[target] = 0.0f;
    }
    for (const TakeSample& sample : take.samples) {
        live::StreamLine line{sample.t, rest};
        for (const auto& [n, viseme] : visemes) {
            for (const auto& [target, weight] : face->shapes[size_t(viseme)]) {
                float& slot = line.weights[target];
                slot = std::max(slot, sample.values[n] * weight);
            }
        }
        out.lines.push_back(std::move(line));
    }
    return out;
}

// Blendshape names on a model: through the live layer, as a tracker's names arrive.
Retargeted retargetNames(const Take& take, const morph::Scene& scene) {
    Retargeted out;
    live::LiveLayer layer(scene);
    for (const TakeSample& sample : take.samples) {
        live::LiveSample live;
        live.source = takeFormatKey(take.format);
        for (size_t n = 0; n < take.names.size(); ++n)
            live.values.push_back({take.names[n], sample.values[n]});
        layer.apply(live);
        out.lines.push_back({sample.t, layer.weightsByName()});
    }
    out.unmatched = layer.unmatched();
    return out;
}

}  // namespace

std::optional<TakeFormat> takeFormatFromKey(const std::string& key) {
    for (TakeFormat f : {TakeFormat::LiveLinkFace, TakeFormat::Rhubarb, TakeFormat::Audio2Face}) {
        if (key == takeFormatKey(f)) return f;
    }
    return std::nullopt;
}

std::optional<TakeFormat> guessTakeFormat(const std::string& text, const std::string& path) {
    const std::string head = text.substr(0, 4096);
    if (head.rfind("Timecode,", 0) == 0 || head.rfind("\xEF\xBB\xBFTimecode,", 0) == 0)
        return TakeFormat::LiveLinkFace;
    const size_t first = head.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && head[first] == '{') {
        if (head.find("\"mouthCues\"") != std::string::npos) return TakeFormat::Rhubarb;
        if (head.find("\"weightMat\"") != std::string::npos ||
            head.find("\"facsNames\"") != std::string::npos ||
            head.find("\"exportFps\"") != std::string::npos)
            return TakeFormat::Audio2Face;
        return std::nullopt;  // a recording's JSON lines
    }
    if (looksLikeRhubarbTsv(head.substr(0, head.find('\n')))) return TakeFormat::Rhubarb;
    if (endsWith(path, ".csv")) return TakeFormat::LiveLinkFace;
    if (endsWith(path, ".tsv")) return TakeFormat::Rhubarb;
    return std::nullopt;
}

morph::Result<Take> readTake(const std::string& path, const TakeOptions& options) {
    auto text = readText(path);
    if (!text) return text.error();
    const std::optional<TakeFormat> format =
        options.format ? options.format : guessTakeFormat(*text, path);
    if (!format)
        return morph::Error{morph::ErrorCode::Usage,
                            path +
                                ": not a take morphview knows (Live Link Face CSV, Rhubarb TSV "
                                "or JSON, Audio2Face JSON); --format says which"};
    switch (*format) {
        case TakeFormat::LiveLinkFace: return parseLiveLinkFaceCsv(*text, path, options.fps);
        case TakeFormat::Rhubarb: return parseRhubarb(*text, path);
        case TakeFormat::Audio2Face: return parseAudio2Face(*text, path);
    }
    return parseAudio2Face(*text, path);
}

morph::Result<Retargeted> retarget(const Take& take, const morph::Scene* scene) {
    if (scene != nullptr) {
        if (take.visemes()) return retargetVisemes(take, *scene);
        return retargetNames(take, *scene);
    }
    Retargeted out;
    for (const TakeSample& sample : take.samples) {
        live::StreamLine line;
        line.t = sample.t;
        for (size_t n = 0; n < take.names.size(); ++n)
            line.weights[take.names[n]] = sample.values[n];
        out.lines.push_back(std::move(line));
    }
    return out;
}

morph::UserClip takeClip(const std::vector<live::StreamLine>& lines, bool held) {
    morph::UserClip clip;
    clip.name = "take";
    clip.interpolation = held ? morph::Interpolation::Step : morph::Interpolation::Linear;
    std::map<std::string, size_t> columns;
    for (const live::StreamLine& line : lines) {
        for (const auto& [name, value] : line.weights) columns.emplace(name, 0);
    }
    for (auto& [name, column] : columns) {
        column = clip.targetNames.size();
        clip.targetNames.push_back(name);
    }
    for (const live::StreamLine& line : lines) {
        std::vector<float> weights(columns.size(), 0.0f);
        for (const auto& [name, value] : line.weights) weights[columns[name]] = value;
        // One value per target by construction, the one thing setKey refuses.
        const morph::Result<size_t> keyed = morph::setKey(clip, float(line.t), std::move(weights));
        (void)keyed;
    }
    return clip;
}

morph::Result<std::vector<live::StreamLine>> readRecordingOrTake(const std::string& path,
                                                                 const morph::Scene* scene,
                                                                 const TakeOptions& options) {
    auto text = readText(path);
    if (!text) return text.error();
    if (!options.format && !guessTakeFormat(*text, path)) return live::parseStream(*text, path);
    auto take = readTake(path, options);
    if (!take) return take.error();
    auto retargeted = retarget(*take, scene);
    if (!retargeted) return retargeted.error();
    return std::move(retargeted->lines);
}

bool isTakeFile(const std::string& path) {
    auto text = readText(path);
    return text && guessTakeFormat(*text, path).has_value();
}

morph::Result<std::vector<morph::WeightAssignment>> replayWeightsOn(const std::string& path,
                                                                    double time,
                                                                    const morph::Scene* scene) {
    auto text = readText(path);
    if (!text || !guessTakeFormat(*text, path)) return live::replayWeights(path, time);
    auto lines = readRecordingOrTake(path, scene);
    if (!lines) return lines.error();
    const live::StreamLine* chosen = live::streamLineAt(*lines, time);
    if (!chosen) {
        return morph::Error{morph::ErrorCode::Usage,
                            path + ": no line has t <= " + seconds(time) + " (the first: 0)"};
    }
    return live::weightItemsOf(chosen->weights);
}

}  // namespace app::take
