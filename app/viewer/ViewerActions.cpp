// What panels and shortcuts do beyond editing ViewerState: keying, clip and preset files, export,
// and the numbers of the stats overlay. Everything here reports through the UI (an error line or
// a message), never by exiting or throwing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include <imgui.h>

#include "app/viewer/ViewerUi.h"
#include "morph/edit/ClipExport.h"
#include "renderer/morph/MorphTargets.h"

namespace app {

namespace {

namespace fs = std::filesystem;

// The user clip File > Export and "Save clip" act on: the one being keyed, else the one playing.
morph::UserClip* activeUserClip(ViewerState& state) {
    if (state.keyClip >= 0 && size_t(state.keyClip) < state.userClips.size()) {
        return &state.userClips[size_t(state.keyClip)];
    }
    const ClipRef clip = state.playback.clip;
    if (clip.kind == ClipKind::User && clip.index >= 0 &&
        size_t(clip.index) < state.userClips.size()) {
        return &state.userClips[size_t(clip.index)];
    }
    return nullptr;
}

// Clip names become parts of file names: keep letters, digits, '-', '_' and '.'.
std::string fileSafe(const std::string& name) {
    std::string out;
    for (char c : name) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                          (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        out += keep ? c : '_';
    }
    return out.empty() ? std::string("clip") : out;
}

}  // namespace

const std::vector<Shortcut>& viewerShortcuts() {
    static const std::vector<Shortcut> shortcuts = {
        {"Left drag", "Orbit"},
        {"Middle drag, Shift + left drag", "Pan"},
        {"Wheel", "Zoom"},
        {"F", "Frame all"},
        {"M", "Frame the morphed region (an avatar's face)"},
        {"S", "Frame the selected mesh"},
        {"1 / Ctrl+1", "Front / back view"},
        {"3 / Ctrl+3", "Right / left view"},
        {"7 / Ctrl+7", "Top / bottom view"},
        {"Home", "Reset the camera"},
        {"Space", "Play / pause"},
        {"Left / Right", "Previous / next key"},
        {"K", "Key the current weights into the user clip"},
        {"Delete", "Delete the selected key"},
        {"W", "Wireframe: off, overlay, only"},
        {"N", "Normals (the morphed ones) as short lines"},
        {"G", "Base-mesh ghost: off, translucent, wire"},
        {"H", "Heat map of displacement (over a slider: that target alone)"},
        {"Click the model", "Pick a vertex: its index, position and the targets moving it"},
        {"T", "Turntable"},
        {"P", "Cycle through the presets"},
        {"F9", "Start / stop recording (PNG frames, MP4 with ffmpeg)"},
        {"Ctrl+O", "Open a model"},
        {"F5", "Reload, keeping the weights by target name"},
        {"F12", "Screenshot (timestamped PNG in the current folder)"},
        {"F11", "Fullscreen"},
        {"Tab", "Hide / show all panels"},
        {"Ctrl+click a slider", "Type a value"},
        {"Drop a file", "Open a .gltf / .glb / .vrm; an .hdr becomes the light"},
        {"F1", "This list"},
        {"Ctrl+Q, Esc (fullscreen: leave)", "Quit"},
    };
    return shortcuts;
}

void showError(ViewerUi& ui, const std::string& error) {
    ui.error = error;
    std::fprintf(stderr, "morphview: %s\n", error.c_str());
}

void showMessage(ViewerUi& ui, const std::string& message) {
    ui.message = message;
    ui.messageTime = ImGui::GetTime();
}

void keyPose(ViewerDocument& doc, ViewerUi& ui) {
    if (!doc.loaded) return;
    auto key = keyCurrentPose(doc.state, doc.scene);
    if (!key) {
        showError(ui, key.error().message);
        return;
    }
    ui.selectedKey = int(*key);
    const morph::UserClip& clip = doc.state.userClips[size_t(doc.state.keyClip)];
    // Show what was keyed: the clip plays from the key clip from now on if nothing else plays.
    if (doc.state.playback.clip.kind == ClipKind::None) {
        selectClip(doc.state, doc.scene, {ClipKind::User, doc.state.keyClip});
        scrub(doc.state, doc.scene, clip.keys[*key].time);
    }
    char text[160];
    std::snprintf(text, sizeof text, "keyed '%s' at %.2f s (%zu keys)", clip.name.c_str(),
                  clip.keys[*key].time, clip.keys.size());
    showMessage(ui, text);
}

std::string defaultExportPath(const ViewerDocument& doc, const morph::UserClip& clip) {
    const fs::path source(doc.model.path);
    const fs::path folder = source.has_parent_path() ? source.parent_path() : fs::path(".");
    fs::path out = folder / (source.stem().string() + "-" + fileSafe(clip.name) + ".glb");
    // Never over the source: exportClip refuses it too, but the suggestion should be usable.
    for (int n = 2; fs::exists(out) && fs::equivalent(out, source); ++n) {
        out = folder / (source.stem().string() + "-" + fileSafe(clip.name) + "-" +
                        std::to_string(n) + ".glb");
    }
    return out.string();
}

void exportUserClip(ViewerDocument& doc, ViewerUi& ui, const std::string& path) {
    const morph::UserClip* clip = activeUserClip(doc.state);
    if (!doc.loaded || !clip) {
        showError(ui, "export: no user clip (key a pose first)");
        return;
    }
    if (clip->keys.empty()) {
        showError(ui, "export: clip '" + clip->name + "' has no keys");
        return;
    }
    // With rig logic on, what the viewer shows: derived targets baked at each key.
    const morph::Scene* rigOf = doc.state.rigLogic ? &doc.scene : nullptr;
    if (auto status = morph::exportClip(doc.model.path, path, *clip, -1, rigOf); !status) {
        showError(ui, status.error().message);
        return;
    }
    ui.exportPath = path;
    showMessage(ui, "exported '" + clip->name + "' to " + path);
}

void saveKeyClip(ViewerDocument& doc, ViewerUi& ui, const std::string& path) {
    const morph::UserClip* clip = activeUserClip(doc.state);
    if (!clip) {
        showError(ui, "save clip: no user clip (key a pose first)");
        return;
    }
    if (auto status = morph::saveUserClip(*clip, path); !status) {
        showError(ui, status.error().message);
        return;
    }
    ui.clipPath = path;
    showMessage(ui, "saved clip '" + clip->name + "' to " + path);
}

void loadClip(ViewerDocument& doc, ViewerUi& ui, const std::string& path) {
    if (auto status = loadUserClipInto(doc.state, path); !status) {
        showError(ui, status.error().message);
        return;
    }
    ui.clipPath = path;
    const int index = int(doc.state.userClips.size()) - 1;
    doc.state.keyClip = index;
    if (doc.loaded) selectClip(doc.state, doc.scene, {ClipKind::User, index});
    showMessage(ui, "loaded clip '" + doc.state.userClips.back().name + "'");
}

void savePresetsFile(ViewerDocument& doc, ViewerUi& ui, const std::string& path) {
    if (auto status = savePresets(doc.state.presets, path); !status) {
        showError(ui, status.error().message);
        return;
    }
    ui.presetsPath = path;
    showMessage(ui, "saved " + std::to_string(doc.state.presets.size()) + " presets to " + path);
}

void loadPresetsFile(ViewerDocument& doc, ViewerUi& ui, const std::string& path) {
    auto presets = loadPresets(path);
    if (!presets) {
        showError(ui, presets.error().message);
        return;
    }
    // Loaded presets replace those of the same name and add the others.
    for (Preset& p : *presets) {
        auto same = std::find_if(doc.state.presets.begin(), doc.state.presets.end(),
                                 [&](const Preset& q) { return q.name == p.name; });
        if (same != doc.state.presets.end()) {
            *same = std::move(p);
        } else {
            doc.state.presets.push_back(std::move(p));
        }
    }
    ui.presetsPath = path;
    showMessage(ui, "loaded presets from " + path);
}

void measureMorphMemory(const ViewerDocument& doc, FrameStats& stats) {
    stats.vertices = stats.targets = stats.morphTextureBytes = stats.threeJsBytes = 0;
    if (!doc.loaded) return;
    const renderer::MorphLimits limits = renderer::MorphLimits::query();
    for (const morph::Mesh& mesh : doc.scene.meshes) {
        stats.targets += mesh.targetCount();
        for (const morph::Primitive& p : mesh.primitives) {
            stats.vertices += p.vertexCount();
            if (p.targets.empty()) continue;
            // three.js (WebGLMorphtargets): one RGBA32F layer per target holding vertexCount *
            // N texels, N = 1 with positions, 2 with normals, 3 with colours (it morphs only
            // those three), wrapped at the maximum texture width.
            uint64_t perVertex = 0;
            if (p.morphs(morph::MorphChannel::Position)) perVertex = 1;
            if (p.morphs(morph::MorphChannel::Normal)) perVertex = 2;
            if (p.morphs(morph::MorphChannel::Color0)) perVertex = 3;
            uint64_t width = uint64_t(p.vertexCount()) * perVertex, height = 1;
            if (width > limits.maxTextureSize) {
                height = (width + limits.maxTextureSize - 1) / limits.maxTextureSize;
                width = limits.maxTextureSize;
            }
            stats.threeJsBytes += width * height * 16 * p.targets.size();
        }
    }
    // The morph paths build their data on first use, when the model is drawn (ViewerWindow).
    stats.morphTextureBytes = 0;
}

std::string timestampedName(const std::string& prefix, const std::string& extension) {
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const auto millis =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
        1000;
    std::tm local{};
    localtime_r(&seconds, &local);
    char stamp[64];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    char name[128];
    std::snprintf(name, sizeof name, "-%s-%03d", stamp, int(millis));
    return prefix + name + extension;
}

}  // namespace app
