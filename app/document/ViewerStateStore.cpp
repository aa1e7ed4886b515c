// What outlives a frame: presets and the A/B switch, settings and recent files, and the state
// carried across a reload (F5).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "app/document/ViewerState.h"
#include "app/document/ViewerStateExpressions.h"
#include "morph/io/Files.h"

namespace app {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kPresetsFormat = "morphview-presets";

morph::Result<Json> readJsonFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return morph::Error{morph::ErrorCode::Io, path + ": cannot open"};
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) return morph::Error{morph::ErrorCode::Json, path + ": not valid JSON"};
    return json;
}

morph::Status writeJsonFile(const Json& json, const std::string& path) {
    std::error_code ec;
    fs::path folder = fs::path(path).parent_path();
    if (!folder.empty()) fs::create_directories(folder, ec);
    if (ec)
        return morph::Error{morph::ErrorCode::Io,
                            folder.string() + ": cannot create folder: " + ec.message()};
    std::string text = json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    return morph::writeFileAtomic(path, text.data(), text.size());
}

// Settings are forgiving: a field of the wrong type keeps its default instead of failing the run.
template <typename T>
void readField(const Json& json, const char* key, T& out) {
    auto it = json.find(key);
    if (it == json.end()) return;
    if constexpr (std::is_same_v<T, bool>) {
        if (it->is_boolean()) out = it->get<bool>();
    } else if constexpr (std::is_arithmetic_v<T>) {
        if (it->is_number() && std::isfinite(it->get<double>())) out = it->get<T>();
    }
}

// Where a mesh of the old scene went in the new one: by name when it has one, else by index.
int matchMesh(const morph::Scene& oldScene, int oldMesh, const morph::Scene& newScene) {
    if (oldMesh < 0 || size_t(oldMesh) >= oldScene.meshes.size()) return -1;
    const std::string& name = oldScene.meshes[size_t(oldMesh)].name;
    if (!name.empty()) {
        for (size_t m = 0; m < newScene.meshes.size(); ++m) {
            if (newScene.meshes[m].name == name) return int(m);
        }
        return -1;
    }
    return size_t(oldMesh) < newScene.meshes.size() && newScene.meshes[size_t(oldMesh)].name.empty()
               ? oldMesh
               : -1;
}

std::optional<size_t> indexOf(const std::vector<std::string>& names, const std::string& name) {
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) return std::nullopt;
    return size_t(it - names.begin());
}

ClipRef matchClip(ClipRef clip, const morph::Scene& oldScene, const morph::Scene& newScene) {
    if (clip.kind == ClipKind::User) return clip;  // user clips travel with the state
    if (clip.kind != ClipKind::Scene || clip.index < 0 ||
        size_t(clip.index) >= oldScene.animations.size()) {
        return {};
    }
    const std::string& name = oldScene.animations[size_t(clip.index)].name;
    for (size_t a = 0; a < newScene.animations.size(); ++a) {
        if (!name.empty() && newScene.animations[a].name == name) return {ClipKind::Scene, int(a)};
    }
    if (name.empty() && size_t(clip.index) < newScene.animations.size()) return clip;
    return {};
}

// The old layers in their order, by clip name; the new file's other clips after them, enabled
// when no enabled clip drives their channels (as a file opens).
void remapLayers(const Playback& old, const morph::Scene& oldScene, const morph::Scene& newScene,
                 ViewerState& state) {
    const std::vector<ClipLayer> fresh = std::move(state.playback.layers);
    std::vector<ClipLayer>& layers = state.playback.layers;
    layers.clear();
    for (const ClipLayer& layer : old.layers) {
        const ClipRef clip = matchClip(layer.clip, oldScene, newScene);
        if (!clipExists(newScene, state, clip) || layerIndex(state, clip) >= 0) continue;
        layers.push_back({clip, layer.enabled, layer.weight});
    }
    for (const ClipLayer& layer : fresh) {
        if (layerIndex(state, layer.clip) >= 0) continue;
        const bool free = !overlapsEnabledLayer(newScene, state, layer.clip);
        layers.push_back({layer.clip, layer.enabled && free, layer.weight});
    }
    Crossfade& fade = state.playback.crossfade;
    fade.from = matchClip(old.crossfade.from, oldScene, newScene);
    fade.to = matchClip(old.crossfade.to, oldScene, newScene);
    if (!fade.active() || layerIndex(state, fade.from) < 0 || layerIndex(state, fade.to) < 0)
        fade = Crossfade{};
}

}  // namespace

int savePreset(ViewerState& state, const morph::Scene& scene, const std::string& name) {
    Preset preset;
    preset.name = name;
    // The panel's meshes, the selected one first: a name several meshes share is stored once,
    // with the value its slider shows.
    std::vector<int> meshes = panelMeshes(scene, state);
    std::stable_partition(meshes.begin(), meshes.end(),
                          [&](int m) { return m == state.selectedMesh; });
    for (int mesh : meshes) {
        const std::vector<float> weights = resolveMeshWeights(scene, state, mesh).beforeSoloMute;
        const std::vector<std::string>& names = scene.meshes[size_t(mesh)].targetNames;
        for (size_t i = 0; i < names.size() && i < weights.size(); ++i) {
            preset.weights.emplace(names[i], weights[i]);
        }
    }
    for (size_t p = 0; p < state.presets.size(); ++p) {
        if (state.presets[p].name == name) {
            state.presets[p] = std::move(preset);
            return int(p);
        }
    }
    state.presets.push_back(std::move(preset));
    return int(state.presets.size() - 1);
}

bool applyPreset(ViewerState& state, const morph::Scene& scene, int preset) {
    ++state.revision;
    if (preset < 0 || size_t(preset) >= state.presets.size()) return false;
    const Preset& p = state.presets[size_t(preset)];
    bool matched = false;
    for (int m : panelMeshes(scene, state)) {
        const std::vector<std::string>& names = scene.meshes[size_t(m)].targetNames;
        if (size_t(m) >= state.meshes.size() ||
            state.meshes[size_t(m)].targets.size() != names.size()) {
            continue;
        }
        for (size_t i = 0; i < names.size(); ++i) {
            TargetState& t = state.meshes[size_t(m)].targets[i];
            auto it = p.weights.find(names[i]);
            t.held = false;
            t.overridden = it != p.weights.end();
            if (t.overridden) {
                t.value = std::clamp(it->second, kRangeLimitMin, kRangeLimitMax);
                matched = true;
            }
        }
    }
    return matched;
}

void deletePreset(ViewerState& state, int preset) {
    if (preset < 0 || size_t(preset) >= state.presets.size()) return;
    state.presets.erase(state.presets.begin() + preset);
    for (int& slot : state.abPresets) {
        if (slot == preset) slot = -1;
        else if (slot > preset) --slot;
    }
}

void setABPreset(ViewerState& state, int slot, int preset) {
    if (slot < 0 || slot > 1) return;
    state.abPresets[size_t(slot)] =
        preset >= 0 && size_t(preset) < state.presets.size() ? preset : -1;
}

bool toggleAB(ViewerState& state, const morph::Scene& scene) {
    ++state.revision;
    const int other = 1 - state.abActive;
    if (!applyPreset(state, scene, state.abPresets[size_t(other)])) return false;
    state.abActive = other;
    return true;
}

Json presetsToJson(const std::vector<Preset>& presets) {
    Json list = Json::array();
    for (const Preset& p : presets) list.push_back({{"name", p.name}, {"weights", p.weights}});
    return {{"format", kPresetsFormat}, {"version", 1}, {"presets", list}};
}

morph::Result<std::vector<Preset>> presetsFromJson(const Json& json, const std::string& source) {
    auto fail = [&](const std::string& problem) {
        return morph::Error{morph::ErrorCode::Schema, source + ": " + problem};
    };
    auto format = json.is_object() ? json.find("format") : json.end();
    if (!json.is_object() || format == json.end() || *format != kPresetsFormat) {
        return fail("not a morphview presets file");
    }
    auto list = json.find("presets");
    if (list == json.end() || !list->is_array()) return fail("presets is not a list");
    std::vector<Preset> presets;
    for (size_t i = 0; i < list->size(); ++i) {
        const Json& p = (*list)[i];
        const std::string where = "presets[" + std::to_string(i) + "]";
        if (!p.is_object() || !p.contains("name") || !p["name"].is_string()) {
            return fail(where + ".name is not a string");
        }
        if (!p.contains("weights") || !p["weights"].is_object()) {
            return fail(where + ".weights is not an object of target names");
        }
        Preset preset{p["name"].get<std::string>(), {}};
        for (auto it = p["weights"].begin(); it != p["weights"].end(); ++it) {
            if (!it->is_number() || !std::isfinite(it->get<double>())) {
                return fail(where + ".weights." + it.key() + " is not a number");
            }
            preset.weights[it.key()] = it->get<float>();
        }
        presets.push_back(std::move(preset));
    }
    return presets;
}

morph::Status savePresets(const std::vector<Preset>& presets, const std::string& path) {
    return writeJsonFile(presetsToJson(presets), path);
}

morph::Result<std::vector<Preset>> loadPresets(const std::string& path) {
    morph::Result<Json> json = readJsonFile(path);
    if (!json) return json.error();
    return presetsFromJson(*json, path);
}

std::string xdgDir(const char* xdgHome, const char* home, const char* homeDefault) {
    // XDG Base Directory: "If $XDG_CONFIG_HOME is either not set or empty, a default equal to
    // $HOME/.config should be used" (so for each kind); relative paths in it are invalid and
    // ignored.
    if (xdgHome && xdgHome[0] == '/') return std::string(xdgHome) + "/morphview";
    if (home && home[0] == '/') return std::string(home) + "/" + homeDefault + "/morphview";
    return "";
}

std::string configDir(const char* xdgConfigHome, const char* home) {
    return xdgDir(xdgConfigHome, home, ".config");
}

std::string configDir() {
    return configDir(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
}

std::string settingsPath() {
    std::string dir = configDir();
    return dir.empty() ? "" : dir + "/settings.json";
}

void addRecentFile(Settings& settings, const std::string& path) {
    if (path.empty()) return;
    std::error_code ec;
    fs::path absolute = fs::absolute(path, ec);
    std::string entry = ec ? path : absolute.lexically_normal().string();
    removeRecentFile(settings, entry);
    settings.recentFiles.insert(settings.recentFiles.begin(), entry);
    if (settings.recentFiles.size() > kMaxRecentFiles) settings.recentFiles.resize(kMaxRecentFiles);
}

void removeRecentFile(Settings& settings, const std::string& path) {
    auto& files = settings.recentFiles;
    files.erase(std::remove(files.begin(), files.end(), path), files.end());
}

void applySettings(ViewerState& state, const Settings& settings) {
    setRange(state, settings.rangeMin, settings.rangeMax);
    state.playback.loop = settings.loop;
    setSpeed(state, settings.speed);
    state.stickyOverrides = settings.stickyOverrides;
    setInbetweens(state, settings.inbetweens);
    state.linkSharedNames = settings.linkSharedNames;
    setCrossfadeSeconds(state, settings.crossfadeSeconds);
}

void captureSettings(Settings& settings, const ViewerState& state) {
    settings.rangeMin = state.rangeMin;
    settings.rangeMax = state.rangeMax;
    settings.loop = state.playback.loop;
    settings.speed = state.playback.speed;
    settings.stickyOverrides = state.stickyOverrides;
    settings.inbetweens = state.playback.inbetweens;
    settings.linkSharedNames = state.linkSharedNames;
    settings.crossfadeSeconds = state.playback.crossfadeSeconds;
}

Json settingsToJson(const Settings& s) {
    return {{"recentFiles", s.recentFiles},
            {"rangeMin", s.rangeMin},
            {"rangeMax", s.rangeMax},
            {"loop", s.loop},
            {"speed", s.speed},
            {"stickyOverrides", s.stickyOverrides},
            {"inbetweens", s.inbetweens},
            {"linkSharedNames", s.linkSharedNames},
            {"crossfadeSeconds", s.crossfadeSeconds}};
}

Settings settingsFromJson(const Json& json) {
    Settings s;
    if (!json.is_object()) return s;
    if (auto it = json.find("recentFiles"); it != json.end() && it->is_array()) {
        for (const Json& f : *it) {
            if (f.is_string() && s.recentFiles.size() < kMaxRecentFiles) s.recentFiles.push_back(f);
        }
    }
    readField(json, "rangeMin", s.rangeMin);
    readField(json, "rangeMax", s.rangeMax);
    readField(json, "loop", s.loop);
    readField(json, "speed", s.speed);
    readField(json, "stickyOverrides", s.stickyOverrides);
    readField(json, "inbetweens", s.inbetweens);
    readField(json, "linkSharedNames", s.linkSharedNames);
    readField(json, "crossfadeSeconds", s.crossfadeSeconds);
    return s;
}

morph::Result<Settings> loadSettings(const std::string& path) {
    std::error_code ec;
    if (path.empty() || !fs::exists(path, ec)) return Settings{};
    morph::Result<Json> json = readJsonFile(path);
    if (!json) return json.error();
    return settingsFromJson(*json);
}

morph::Status saveSettings(const Settings& settings, const std::string& path) {
    if (path.empty())
        return morph::Error{morph::ErrorCode::Io, "settings: no config folder (HOME is not set)"};
    return writeJsonFile(settingsToJson(settings), path);
}

ViewerState remapState(const ViewerState& old, const morph::Scene& oldScene,
                       const morph::Scene& newScene) {
    ViewerState state = makeViewerState(newScene);
    state.linkSharedNames = old.linkSharedNames;
    state.rangeMin = old.rangeMin;
    state.rangeMax = old.rangeMax;
    state.stickyOverrides = old.stickyOverrides;
    state.userClipLength = old.userClipLength;
    state.userClips = old.userClips;
    state.keyClip = old.keyClip;
    state.presets = old.presets;
    state.abPresets = old.abPresets;
    state.abActive = old.abActive;
    for (size_t m = 0; m < oldScene.meshes.size() && m < old.meshes.size(); ++m) {
        const int to = matchMesh(oldScene, int(m), newScene);
        if (to < 0) continue;
        const std::vector<std::string>& oldNames = oldScene.meshes[m].targetNames;
        const std::vector<std::string>& newNames = newScene.meshes[size_t(to)].targetNames;
        MeshState& target = state.meshes[size_t(to)];
        const MeshState& source = old.meshes[m];
        for (size_t t = 0; t < oldNames.size() && t < source.targets.size(); ++t) {
            if (std::optional<size_t> i = indexOf(newNames, oldNames[t])) {
                target.targets[*i] = source.targets[t];
                target.targets[*i].held = false;  // no slider is pressed across a reload
            }
        }
        for (const PairLink& link : source.pairs) {
            if (!link.linked || link.left >= oldNames.size() || link.right >= oldNames.size())
                continue;
            for (PairLink& p : target.pairs) {
                if (newNames[p.left] == oldNames[link.left] &&
                    newNames[p.right] == oldNames[link.right]) {
                    p.linked = true;
                }
            }
        }
    }
    carryExpressionWeights(old, oldScene, newScene, state);
    if (old.variant >= 0 && size_t(old.variant) < oldScene.variants.size()) {
        const std::string& name = oldScene.variants[size_t(old.variant)].displayName;
        for (size_t v = 0; v < newScene.variants.size(); ++v) {
            if (newScene.variants[v].displayName == name) state.variant = int(v);
        }
    }
    const int selected = matchMesh(oldScene, old.selectedMesh, newScene);
    if (selected >= 0) state.selectedMesh = selected;
    std::vector<ClipLayer> fresh = std::move(state.playback.layers);
    state.playback = old.playback;
    state.playback.clip = matchClip(old.playback.clip, oldScene, newScene);
    state.playback.layers = std::move(fresh);
    remapLayers(old.playback, oldScene, newScene, state);
    if (state.playback.clip.kind == ClipKind::None) state.playback.playing = false;
    state.playback.time = std::clamp(old.playback.time, 0.0f, clipDuration(newScene, state));
    return state;
}

}  // namespace app
