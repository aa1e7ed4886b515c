#include "app/speech/Visemes.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "morph/names/FaceNames.h"

namespace app::speech {
namespace {

constexpr float kAttack = 0.05f;    // a viseme starts rising this long before its phoneme
constexpr float kRelease = 0.075f;  // and is gone this long after it ends
constexpr float kStep = 0.01f;      // the tracks are sampled at 100 Hz, then thinned

using Shape = std::vector<std::pair<const char*, float>>;

// ARKit's mouth for each viseme (the order of Viseme), after the usual visemes-to-blendshapes
// charts: lips pressed for PP, the lower lip rolled for FF, the tongue for TH, the jaw's opening
// growing from the consonants to aa.
const std::array<Shape, kVisemeCount>& arkitShapes() {
    static const std::array<Shape, kVisemeCount> kShapes = {{
        {},
        {{"mouthClose", 0.3f}, {"mouthPressLeft", 0.4f}, {"mouthPressRight", 0.4f}},
        {{"mouthRollLower", 0.5f},
         {"mouthUpperUpLeft", 0.25f},
         {"mouthUpperUpRight", 0.25f},
         {"jawOpen", 0.08f}},
        {{"jawOpen", 0.15f}, {"tongueOut", 0.35f}},
        {{"jawOpen", 0.2f}, {"mouthShrugUpper", 0.1f}},
        {{"jawOpen", 0.25f}},
        {{"mouthFunnel", 0.45f}, {"jawOpen", 0.15f}},
        {{"mouthStretchLeft", 0.3f}, {"mouthStretchRight", 0.3f}, {"jawOpen", 0.08f}},
        {{"jawOpen", 0.15f}},
        {{"mouthPucker", 0.35f}, {"mouthFunnel", 0.2f}, {"jawOpen", 0.15f}},
        {{"jawOpen", 0.65f}},
        {{"jawOpen", 0.4f}, {"mouthStretchLeft", 0.3f}, {"mouthStretchRight", 0.3f}},
        {{"jawOpen", 0.25f}, {"mouthSmileLeft", 0.3f}, {"mouthSmileRight", 0.3f}},
        {{"jawOpen", 0.45f}, {"mouthFunnel", 0.55f}},
        {{"jawOpen", 0.2f}, {"mouthPucker", 0.65f}},
    }};
    return kShapes;
}

// VRM's five vowels for each viseme: the vowels themselves, and a little of the nearest vowel for
// the consonants that show the teeth or round the lips.
const std::array<Shape, kVisemeCount>& vrmShapes() {
    static const std::array<Shape, kVisemeCount> kShapes = {{
        {},
        {},
        {{"ih", 0.2f}},
        {{"ih", 0.3f}},
        {{"ih", 0.3f}},
        {{"aa", 0.25f}},
        {{"ou", 0.4f}},
        {{"ih", 0.35f}},
        {{"ih", 0.2f}},
        {{"ou", 0.3f}},
        {{"aa", 1.0f}},
        {{"ee", 1.0f}},
        {{"ih", 1.0f}},
        {{"oh", 1.0f}},
        {{"ou", 1.0f}},
    }};
    return kShapes;
}

bool isVowel(Viseme v) {
    return v == Viseme::aa || v == Viseme::E || v == Viseme::I || v == Viseme::O || v == Viseme::U;
}

// The file's name for each canonical name of `set` it has.
std::map<std::string, std::string> spelled(const std::vector<std::string>& names,
                                           morph::NameSet set) {
    std::map<std::string, std::string> out;
    for (const std::string& name : names) {
        if (auto canonical = morph::canonicalName(set, name)) out.emplace(*canonical, name);
    }
    return out;
}

FaceVisemes fromTable(FaceKind kind, const std::array<Shape, kVisemeCount>& table,
                      const std::map<std::string, std::string>& has) {
    FaceVisemes face;
    face.kind = kind;
    for (size_t v = 0; v < kVisemeCount; ++v) {
        for (const auto& [name, weight] : table[v]) {
            if (auto it = has.find(name); it != has.end())
                face.shapes[v].push_back({it->second, weight});
        }
    }
    return face;
}

// The weight a segment gives at time t: rising over kAttack to `peak` at `start`, held to `end`,
// released over kRelease.
float envelope(float t, float start, float end, float peak) {
    if (t <= start - kAttack || t >= end + kRelease) return 0.0f;
    if (t < start) return peak * (t - (start - kAttack)) / kAttack;
    if (t <= end) return peak;
    return peak * (1.0f - (t - end) / kRelease);
}

// Keys without the ones a straight line through their neighbours already gives.
std::vector<std::pair<float, float>> thin(const std::vector<std::pair<float, float>>& keys) {
    if (keys.size() < 3) return keys;
    std::vector<std::pair<float, float>> out = {keys.front()};
    for (size_t i = 1; i + 1 < keys.size(); ++i) {
        const auto& [t0, w0] = out.back();
        const auto& [t2, w2] = keys[i + 1];
        const float line = w0 + (w2 - w0) * (keys[i].first - t0) / (t2 - t0);
        if (std::fabs(line - keys[i].second) > 1e-3f) out.push_back(keys[i]);
    }
    out.push_back(keys.back());
    return out;
}

}  // namespace

const char* visemeName(Viseme viseme) {
    static const char* const kNames[kVisemeCount] = {
        "sil", "PP", "FF", "TH", "DD", "kk", "CH", "SS", "nn", "RR", "aa", "E", "I", "O", "U"};
    return kNames[size_t(viseme)];
}

const char* faceKindName(FaceKind kind) {
    return kind == FaceKind::Oculus ? "oculus" : kind == FaceKind::Vrm ? "vrm" : "arkit";
}

std::vector<Viseme> visemesOf(const std::string& p) {
    using V = Viseme;
    if (p.empty() || p[0] == '_' || p == ";" || p == "|") return {V::Sil};
    static const std::map<std::string, std::vector<Viseme>> kTable = {
        {"p", {V::PP}},        {"b", {V::PP}},       {"m", {V::PP}},       {"m-", {V::PP}},
        {"f", {V::FF}},        {"v", {V::FF}},       {"T", {V::TH}},       {"D", {V::TH}},
        {"t", {V::DD}},        {"d", {V::DD}},       {"t#", {V::DD}},      {"d#", {V::DD}},
        {"?", {V::DD}},        {"k", {V::kk}},       {"g", {V::kk}},       {"N", {V::kk}},
        {"x", {V::kk}},        {"h", {V::kk}},       {"tS", {V::CH}},      {"dZ", {V::CH}},
        {"S", {V::CH}},        {"Z", {V::CH}},       {"s", {V::SS}},       {"z", {V::SS}},
        {"n", {V::nn}},        {"n-", {V::nn}},      {"l", {V::nn}},       {"l/", {V::nn}},
        {"L", {V::nn}},        {"r", {V::RR}},       {"r-", {V::RR}},      {"3", {V::RR}},
        {"3:", {V::RR}},       {"j", {V::I}},        {"w", {V::U}},        {"a", {V::aa}},
        {"a#", {V::aa}},       {"A:", {V::aa}},      {"A@", {V::aa}},      {"aa", {V::aa}},
        {"V", {V::aa}},        {"@", {V::E}},        {"e", {V::E}},        {"E", {V::E}},
        {"e#", {V::E}},        {"e@", {V::E}},       {"i", {V::I}},        {"i:", {V::I}},
        {"I", {V::I}},         {"I#", {V::I}},       {"I2", {V::I}},       {"0", {V::O}},
        {"O", {V::O}},         {"O:", {V::O}},       {"O@", {V::O}},       {"o", {V::O}},
        {"u", {V::U}},         {"u:", {V::U}},       {"U", {V::U}},        {"aI", {V::aa, V::I}},
        {"aU", {V::aa, V::U}}, {"eI", {V::E, V::I}}, {"OI", {V::O, V::I}}, {"oU", {V::O, V::U}},
        {"i@", {V::I, V::E}},  {"U@", {V::U, V::E}}, {"I@", {V::I, V::E}},
    };
    if (auto it = kTable.find(p); it != kTable.end()) return it->second;
    // Variants with a mark after the mnemonic ("@L", "@2", "a2"): the mnemonic's first letter.
    if (p[0] == '@') return {V::E};
    if (auto it = kTable.find(p.substr(0, 1)); it != kTable.end()) return it->second;
    return {std::string("aeiouAEIOUV03").find(p[0]) != std::string::npos ? V::aa : V::DD};
}

morph::Result<FaceVisemes> faceVisemes(const std::vector<std::string>& names) {
    const std::map<std::string, std::string> oculus = spelled(names, morph::NameSet::Oculus);
    if (oculus.size() >= 10) {
        FaceVisemes face;
        face.kind = FaceKind::Oculus;
        for (size_t v = 0; v < kVisemeCount; ++v) {
            const std::string name = std::string("viseme_") + visemeName(Viseme(v));
            if (auto it = oculus.find(name); it != oculus.end())
                face.shapes[v].push_back({it->second, 1.0f});
        }
        return face;
    }
    const std::map<std::string, std::string> vrm = spelled(names, morph::NameSet::Vrm);
    const size_t vowels = size_t(std::count_if(vrm.begin(), vrm.end(), [](const auto& entry) {
        return entry.first == "aa" || entry.first == "ih" || entry.first == "ou" ||
               entry.first == "ee" || entry.first == "oh";
    }));
    if (vowels >= 3) return fromTable(FaceKind::Vrm, vrmShapes(), vrm);
    const std::map<std::string, std::string> arkit = spelled(names, morph::NameSet::Arkit);
    if (arkit.count("jawOpen") != 0) return fromTable(FaceKind::Arkit, arkitShapes(), arkit);
    return morph::Error{morph::ErrorCode::BadValue,
                        "has no mouth to speak with: no Oculus visemes, no VRM vowels (aa ih ou "
                        "ee oh) and no ARKit jawOpen"};
}

std::vector<float> loudness(const std::vector<int16_t>& samples, int sampleRate) {
    const size_t hop = size_t(std::max(1, sampleRate / 100));
    std::vector<float> rms;
    for (size_t at = 0; at < samples.size(); at += hop) {
        const size_t begin = at >= hop / 2 ? at - hop / 2 : 0;
        const size_t end = std::min(samples.size(), at + hop + hop / 2);
        double sum = 0;
        for (size_t i = begin; i < end; ++i) sum += double(samples[i]) * double(samples[i]);
        rms.push_back(float(std::sqrt(sum / double(std::max<size_t>(1, end - begin)))));
    }
    std::vector<float> sorted = rms;
    std::sort(sorted.begin(), sorted.end());
    const float top = sorted.empty() ? 0.0f : sorted[sorted.size() * 9 / 10];
    for (float& r : rms) r = top > 0.0f ? std::min(1.0f, r / top) : 0.0f;
    return rms;
}

std::string openTarget(const FaceVisemes& face) {
    const auto& shapes = face.shapes[size_t(Viseme::aa)];
    const auto top =
        std::max_element(shapes.begin(), shapes.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    return top != shapes.end() ? top->first : std::string();
}

float voicedOpening(float loud) {
    if (loud < 0.1f) return 0.0f;
    if (loud < 0.2f) return 3.0f * (loud - 0.1f);
    return 0.3f + 0.5f * (loud - 0.2f);
}

namespace {

struct Segment {
    float start, end;
    Viseme viseme;
};

// One target's weight at t: the largest of the segments' envelopes, and for the open target
// the voiced opening, except while the lips are shut for /p b m/.
float weightAt(const std::string& target, bool isOpen, float t,
               const std::vector<Segment>& segments, const FaceVisemes& face,
               const std::function<float(float)>& loudAt, bool hasLoudness) {
    float w = 0.0f;
    bool lipsShut = false;
    for (const Segment& s : segments) {
        if (t <= s.start - kAttack || t >= s.end + kRelease) continue;
        lipsShut = lipsShut || (s.viseme == Viseme::PP && t >= s.start && t <= s.end);
        for (const auto& [name, peak] : face.shapes[size_t(s.viseme)]) {
            if (name != target) continue;
            const float scale =
                isVowel(s.viseme) ? 0.55f + 0.45f * loudAt(0.5f * (s.start + s.end)) : 1.0f;
            w = std::max(w, envelope(t, s.start, s.end, peak * scale));
        }
    }
    if (isOpen && hasLoudness && !lipsShut) w = std::max(w, voicedOpening(loudAt(t)));
    return w;
}

}  // namespace

Tracks visemeTracks(const std::vector<Phoneme>& phonemes, const FaceVisemes& face, float duration,
                    const std::vector<float>& loud) {
    std::vector<Segment> segments;
    for (const Phoneme& p : phonemes) {
        const std::vector<Viseme> visemes = visemesOf(p.phoneme);
        const float part = (p.end - p.start) / float(visemes.size());
        for (size_t i = 0; i < visemes.size(); ++i)
            segments.push_back(
                {p.start + part * float(i), p.start + part * float(i + 1), visemes[i]});
    }
    const std::function<float(float)> loudAt = [&loud](float t) {
        const size_t i = size_t(std::max(0.0f, t) * 100.0f);
        return loud.empty() ? 1.0f : loud[std::min(i, loud.size() - 1)];
    };
    const std::string open = openTarget(face);
    Tracks tracks;
    for (size_t v = 0; v < kVisemeCount; ++v) {
        for (const auto& [target, weight] : face.shapes[v]) tracks[target];
    }
    for (auto& [target, keys] : tracks) {
        // The 100 Hz grid, and each envelope's corners, so a release ends when it should.
        std::vector<float> times;
        for (float t = 0.0f; t < duration; t += kStep) times.push_back(t);
        times.push_back(duration);
        for (const Segment& s : segments) {
            for (const auto& [name, peak] : face.shapes[size_t(s.viseme)]) {
                if (name != target) continue;
                for (float t : {s.start - kAttack, s.start, s.end, s.end + kRelease})
                    times.push_back(std::clamp(t, 0.0f, duration));
            }
        }
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        for (float t : times)
            keys.push_back(
                {t, weightAt(target, target == open, t, segments, face, loudAt, !loud.empty())});
        keys = thin(keys);
    }
    return tracks;
}

}  // namespace app::speech
