// The work on a file as data and JSON, where autosaves live, and corrupt files set aside.
#include "app/session/Autosave.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <signal.h>
#include <unistd.h>

#include "morph/io/Files.h"

namespace app::session {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kFormat = "morphview-autosave";

bool sameClip(const morph::UserClip& a, const morph::UserClip& b) {
    if (a.name != b.name || a.mesh != b.mesh || a.targetNames != b.targetNames ||
        a.interpolation != b.interpolation || a.keys.size() != b.keys.size()) {
        return false;
    }
    for (size_t k = 0; k < a.keys.size(); ++k) {
        if (a.keys[k].time != b.keys[k].time || a.keys[k].weights != b.keys[k].weights)
            return false;
    }
    return true;
}

bool sameLayers(const std::vector<ClipLayer>& a, const std::vector<ClipLayer>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].clip != b[i].clip || a[i].enabled != b[i].enabled || a[i].weight != b[i].weight)
            return false;
    }
    return true;
}

TargetWork targetWork(const TargetState& t) {
    return {t.overridden, t.overridden ? t.value : 0.0f, t.solo, t.mute};
}

Json clipToJson(ClipRef clip) {
    if (clip.kind == ClipKind::None) return nullptr;
    return {{clip.kind == ClipKind::User ? "user" : "scene", clip.index}};
}

ClipRef clipFromJson(const Json& json) {
    if (!json.is_object()) return {};
    for (auto [key, kind] : {std::pair{"user", ClipKind::User}, {"scene", ClipKind::Scene}}) {
        auto it = json.find(key);
        if (it != json.end() && it->is_number_integer()) return {kind, it->get<int>()};
    }
    return {};
}

Json targetsToJson(const Work& work, const SceneNames& names) {
    Json list = Json::array();
    for (size_t m = 0; m < work.targets.size(); ++m) {
        for (size_t t = 0; t < work.targets[m].size(); ++t) {
            const TargetWork& w = work.targets[m][t];
            if (w == TargetWork{}) continue;
            const bool named = m < names.targets.size() && t < names.targets[m].size();
            list.push_back({{"mesh", m},
                            {"target", t},
                            {"name", named ? names.targets[m][t] : std::string()},
                            {"overridden", w.overridden},
                            {"value", w.value},
                            {"solo", w.solo},
                            {"mute", w.mute}});
        }
    }
    return list;
}

template <typename T>
T field(const Json& json, const char* key, T fallback) {
    auto it = json.find(key);
    if (it == json.end()) return fallback;
    if constexpr (std::is_same_v<T, bool>) {
        return it->is_boolean() ? it->get<bool>() : fallback;
    } else {
        return it->is_number() && std::isfinite(it->get<double>()) ? it->get<T>() : fallback;
    }
}

// The overrides, solo and mute of `json` on targets whose index and name match the scene.
size_t restoreTargets(const Json& list, const morph::Scene& scene, ViewerState& state) {
    size_t restored = 0;
    if (!list.is_array()) return 0;
    for (const Json& item : list) {
        if (!item.is_object()) continue;
        const long m = field(item, "mesh", -1L), t = field(item, "target", -1L);
        if (m < 0 || size_t(m) >= state.meshes.size() || size_t(m) >= scene.meshes.size()) continue;
        std::vector<TargetState>& targets = state.meshes[size_t(m)].targets;
        const std::vector<std::string>& names = scene.meshes[size_t(m)].targetNames;
        if (t < 0 || size_t(t) >= targets.size() || size_t(t) >= names.size()) continue;
        if (item.value("name", std::string()) != names[size_t(t)]) continue;
        TargetState& target = targets[size_t(t)];
        target.overridden = field(item, "overridden", false);
        target.value = std::clamp(field(item, "value", 0.0f), kRangeLimitMin, kRangeLimitMax);
        target.solo = field(item, "solo", false);
        target.mute = field(item, "mute", false);
        ++restored;
    }
    return restored;
}

// User clips the state lacks by name; the index each saved clip has now, for layers and slots.
morph::Result<std::vector<int>> restoreClips(const Json& list, ViewerState& state,
                                             const std::string& source, size_t& added) {
    std::vector<int> where;
    if (!list.is_array()) return where;
    for (size_t i = 0; i < list.size(); ++i) {
        auto clip =
            morph::userClipFromJson(list[i], source + ": userClips[" + std::to_string(i) + "]");
        if (!clip) return clip.error();
        auto same = std::find_if(state.userClips.begin(), state.userClips.end(),
                                 [&](const morph::UserClip& c) { return c.name == clip->name; });
        if (same != state.userClips.end()) {
            where.push_back(int(same - state.userClips.begin()));
            continue;
        }
        state.userClips.push_back(std::move(clip).value());
        where.push_back(int(state.userClips.size() - 1));
        ++added;
    }
    return where;
}

void restoreLayers(const Json& json, const morph::Scene& scene, const std::vector<int>& clips,
                   ViewerState& state) {
    auto remap = [&](ClipRef clip) {
        if (clip.kind != ClipKind::User) return clip;
        if (clip.index < 0 || size_t(clip.index) >= clips.size()) return ClipRef{};
        return ClipRef{ClipKind::User, clips[size_t(clip.index)]};
    };
    if (auto layers = json.find("layers"); layers != json.end() && layers->is_array()) {
        for (const Json& item : *layers) {
            if (!item.is_object()) continue;
            const ClipRef clip = remap(clipFromJson(item.value("clip", Json())));
            const int layer = clipExists(scene, state, clip) ? ensureLayer(state, scene, clip) : -1;
            if (layer < 0) continue;
            setLayerEnabled(state, layer, field(item, "enabled", false));
            setLayerWeight(state, layer, field(item, "weight", 1.0f));
        }
    }
    const ClipRef current = remap(clipFromJson(json.value("clip", Json())));
    if (clipExists(scene, state, current)) {
        ensureLayer(state, scene, current);
        state.playback.clip = current;
    }
    const long key = field(json, "keyClip", -1L);
    if (key >= 0 && size_t(key) < clips.size()) state.keyClip = clips[size_t(key)];
}

size_t restorePresets(const std::vector<Preset>& presets, ViewerState& state) {
    size_t added = 0;
    for (const Preset& preset : presets) {
        auto same = std::find_if(state.presets.begin(), state.presets.end(),
                                 [&](const Preset& p) { return p.name == preset.name; });
        if (same != state.presets.end()) continue;
        state.presets.push_back(preset);
        ++added;
    }
    return added;
}

std::string timeText(std::time_t t, const char* format) {
    std::tm local{};
    localtime_r(&t, &local);
    char text[64];
    std::strftime(text, sizeof text, format, &local);
    return text;
}

std::string hex(uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

bool processRuns(long pid) {
    return pid > 0 && (kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

}  // namespace

Work captureWork(const ViewerState& state) {
    Work work;
    work.userClips = state.userClips;
    work.keyClip = state.keyClip;
    work.presets = state.presets;
    work.abPresets = state.abPresets;
    work.stickyOverrides = state.stickyOverrides;
    work.targets.resize(state.meshes.size());
    for (size_t m = 0; m < state.meshes.size(); ++m) {
        for (const TargetState& t : state.meshes[m].targets)
            work.targets[m].push_back(targetWork(t));
    }
    work.layers = state.playback.layers;
    work.clip = state.playback.clip;
    work.calibration = state.liveCalibration;
    return work;
}

bool sameWork(const Work& work, const ViewerState& state) {
    if (work.keyClip != state.keyClip || work.abPresets != state.abPresets ||
        work.stickyOverrides != state.stickyOverrides || work.clip != state.playback.clip ||
        work.calibration != state.liveCalibration ||
        work.userClips.size() != state.userClips.size() ||
        work.presets.size() != state.presets.size() || work.targets.size() != state.meshes.size() ||
        !sameLayers(work.layers, state.playback.layers)) {
        return false;
    }
    for (size_t m = 0; m < work.targets.size(); ++m) {
        const std::vector<TargetState>& targets = state.meshes[m].targets;
        if (work.targets[m].size() != targets.size()) return false;
        for (size_t t = 0; t < targets.size(); ++t) {
            if (!(work.targets[m][t] == targetWork(targets[t]))) return false;
        }
    }
    for (size_t p = 0; p < work.presets.size(); ++p) {
        if (work.presets[p].name != state.presets[p].name ||
            work.presets[p].weights != state.presets[p].weights) {
            return false;
        }
    }
    for (size_t c = 0; c < work.userClips.size(); ++c) {
        if (!sameClip(work.userClips[c], state.userClips[c])) return false;
    }
    return true;
}

bool hasWork(const Work& work) {
    if (!work.userClips.empty() || !work.presets.empty() || !work.calibration.empty()) return true;
    for (const std::vector<TargetWork>& mesh : work.targets) {
        for (const TargetWork& t : mesh) {
            if (!(t == TargetWork{})) return true;
        }
    }
    return false;
}

SceneNames sceneNames(const morph::Scene& scene) {
    SceneNames names;
    for (const morph::Mesh& mesh : scene.meshes) {
        names.meshes.push_back(mesh.name);
        names.targets.push_back(mesh.targetNames);
    }
    return names;
}

Json workToJson(const Work& work, const SceneNames& names, const std::string& model,
                std::time_t saved) {
    Json clips = Json::array();
    for (const morph::UserClip& clip : work.userClips) clips.push_back(morph::toJson(clip));
    Json layers = Json::array();
    for (const ClipLayer& layer : work.layers) {
        layers.push_back({{"clip", clipToJson(layer.clip)},
                          {"enabled", layer.enabled},
                          {"weight", layer.weight}});
    }
    Json out = {{"format", kFormat},
                {"version", 1},
                {"model", model},
                {"saved", int64_t(saved)},
                {"userClips", clips},
                {"keyClip", work.keyClip},
                {"presets", presetsToJson(work.presets)},
                {"abPresets", work.abPresets},
                {"stickyOverrides", work.stickyOverrides},
                {"targets", targetsToJson(work, names)},
                {"layers", layers},
                {"clip", clipToJson(work.clip)}};
    // The panel writes the profile's own JSON: kept as an object, so the file reads as one.
    if (Json calibration = Json::parse(work.calibration, nullptr, false); calibration.is_object())
        out["calibration"] = std::move(calibration);
    return out;
}

morph::Result<Recovered> restoreWork(const Json& json, const morph::Scene& scene,
                                     ViewerState& state, const std::string& source) {
    if (!json.is_object() || json.value("format", Json()) != kFormat)
        return morph::Error{morph::ErrorCode::Schema, source + ": not a morphview autosave"};
    auto presets = presetsFromJson(json.value("presets", Json()), source);
    if (!presets) return presets.error();
    ViewerState restored = state;
    Recovered recovered;
    auto clips =
        restoreClips(json.value("userClips", Json()), restored, source, recovered.userClips);
    if (!clips) return clips.error();
    recovered.presets = restorePresets(*presets, restored);
    recovered.overrides = restoreTargets(json.value("targets", Json()), scene, restored);
    restored.stickyOverrides = field(json, "stickyOverrides", restored.stickyOverrides);
    restoreLayers(json, scene, *clips, restored);
    if (auto ab = json.find("abPresets"); ab != json.end() && ab->is_array() && ab->size() == 2) {
        for (int slot = 0; slot < 2; ++slot) {
            if ((*ab)[size_t(slot)].is_number_integer())
                setABPreset(restored, slot, (*ab)[size_t(slot)].get<int>());
        }
    }
    if (auto c = json.find("calibration"); c != json.end() && c->is_object()) {
        restored.liveCalibration = c->dump(2) + "\n";
        recovered.calibration = true;
    }
    recovered.saved = std::time_t(field(json, "saved", int64_t(0)));
    ++restored.revision;
    state = std::move(restored);
    return recovered;
}

std::string recoveryMessage(const Recovered& r) {
    auto count = [](size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    return "recovered " + count(r.userClips, "user clip", "user clips") + ", " +
           count(r.presets, "preset", "presets") + (r.calibration ? ", the live calibration" : "") +
           " from " + timeText(r.saved, "%Y-%m-%d %H:%M:%S");
}

std::string stateDir(const char* xdgStateHome, const char* home) {
    return xdgDir(xdgStateHome, home, ".local/state");
}

std::string stateDir() {
    return stateDir(std::getenv("XDG_STATE_HOME"), std::getenv("HOME"));
}

uint64_t hashBytes(const void* data, size_t size, uint64_t seed) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    uint64_t hash = seed;
    for (size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ull;
    return hash;
}

morph::Result<uint64_t> hashFile(const std::string& path) {
    auto bytes = morph::readFileBytes(path);
    if (!bytes) return bytes.error();
    return hashBytes(bytes->data(), bytes->size());
}

std::string autosaveKey(const std::string& modelPath, uint64_t contentHash) {
    std::error_code ec;
    fs::path absolute = fs::absolute(modelPath, ec);
    const std::string path = (ec ? fs::path(modelPath) : absolute).lexically_normal().string();
    const uint64_t pathHash = hashBytes(path.data(), path.size());
    return fs::path(path).stem().string() + "-" + hex(pathHash) + "-" + hex(contentHash);
}

std::string autosavePath(const std::string& dir, const std::string& key, long pid) {
    return dir + "/" + key + "-" + std::to_string(pid) + ".json";
}

std::vector<std::string> orphanedAutosaves(const std::string& dir, const std::string& key) {
    std::vector<std::pair<fs::file_time_type, std::string>> found;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() <= key.size() + 6 || name.compare(0, key.size() + 1, key + "-") != 0 ||
            entry.path().extension() != ".json") {
            continue;
        }
        const std::string pidText = name.substr(key.size() + 1, name.size() - key.size() - 6);
        char* end = nullptr;
        const long pid = std::strtol(pidText.c_str(), &end, 10);
        if (end == pidText.c_str() || *end != '\0' || pid == long(getpid()) || processRuns(pid))
            continue;
        found.emplace_back(entry.last_write_time(ec), entry.path().string());
    }
    std::sort(found.begin(), found.end(), [](auto& a, auto& b) { return a.first > b.first; });
    std::vector<std::string> paths;
    for (auto& [time, path] : found) paths.push_back(path);
    return paths;
}

std::string setAside(const std::string& path) {
    const std::string base = path + ".corrupt-" + timeText(std::time(nullptr), "%Y%m%d-%H%M%S");
    std::string aside = base;
    std::error_code ec;
    for (int n = 2; fs::exists(aside, ec) && n < 100; ++n) aside = base + "-" + std::to_string(n);
    fs::rename(path, aside, ec);
    return ec ? std::string() : aside;
}

}  // namespace app::session
