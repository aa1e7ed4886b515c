// The View menu: panels, the looking-closely overlays, presentation (turntable, preset cycle),
// recording settings and the camera.
#include <filesystem>
#include <string>
#include <utility>

#include <imgui.h>

#include "app/record/Recording.h"
#include "app/viewer/ViewerUi.h"

namespace app {

namespace {

namespace fs = std::filesystem;

void drawOverlayItems(ViewerUi& ui) {
    int wire = int(ui.wireframe);
    ImGui::TextDisabled("Wireframe (W)");
    ImGui::RadioButton("Off", &wire, int(Wireframe::Off));
    ImGui::SameLine();
    ImGui::RadioButton("Overlay", &wire, int(Wireframe::Overlay));
    ImGui::SameLine();
    ImGui::RadioButton("Only", &wire, int(Wireframe::Only));
    ui.wireframe = Wireframe(wire);
    ImGui::MenuItem("Normals", "N", &ui.inspect.normals);
    trackItem(ui, "Normals");
    int ghost = int(ui.inspect.ghost);
    ImGui::TextDisabled("Base-mesh ghost (G)");
    ImGui::RadioButton("Off##ghost", &ghost, int(renderer::GhostMode::Off));
    ImGui::SameLine();
    ImGui::RadioButton("Translucent##ghost", &ghost, int(renderer::GhostMode::Translucent));
    ImGui::SameLine();
    ImGui::RadioButton("Wire##ghost", &ghost, int(renderer::GhostMode::Wire));
    ui.inspect.ghost = renderer::GhostMode(ghost);
    ImGui::MenuItem("Heat map of displacement", "H", &ui.inspect.heat);
    trackItem(ui, "Heat map");
    ImGui::MenuItem("Heat map: hovered target alone", nullptr, &ui.inspect.heatFollowsHover);
}

void drawPresentationItems(ViewerUi& ui) {
    const float width = 140 * ui.scale;
    ImGui::MenuItem("Turntable", "T", &ui.turntable.on);
    trackItem(ui, "Turntable");
    ImGui::SetNextItemWidth(width);
    ImGui::SliderFloat("deg/s##turntable", &ui.turntable.degreesPerSecond, -90.0f, 90.0f, "%.0f");
    ImGui::MenuItem("Cycle presets", "P", &ui.presetCycle.on);
    trackItem(ui, "Cycle presets");
    ImGui::SetNextItemWidth(width);
    ImGui::SliderFloat("s per preset##cycle", &ui.presetCycle.period, 0.5f, 20.0f, "%.1f");
    ImGui::SetNextItemWidth(width);
    ImGui::SliderFloat("s blending##cycle", &ui.presetCycle.blend, 0.0f, ui.presetCycle.period,
                       "%.1f");
    ImGui::Separator();
    ImGui::TextDisabled("Recording (F9)");
    ImGui::BeginDisabled(ui.record.active);
    ImGui::SetNextItemWidth(width);
    ImGui::SliderInt("fps##record", &ui.record.fps, kMinRecordFps, kMaxRecordFps);
    ImGui::Checkbox("3D view only (no panels)", &ui.record.viewOnly);
    trackItem(ui, "3D view only");
    ImGui::EndDisabled();
    ImGui::TextDisabled("%s", ui.record.ffmpeg.empty() ? "ffmpeg not on PATH: PNG frames only"
                                                       : "ffmpeg found: PNG frames and an MP4");
}

// The light: the environment or the rig, turned, exposed, tone mapped, and what is
// drawn behind the model.
void drawLightingItems(ViewerUi& ui) {
    const float width = 140 * ui.scale;
    const bool open = ImGui::BeginMenu("Lighting");
    trackItem(ui, "Lighting");  // the submenu's own item, before its contents
    if (!open) return;
    const bool file =
        ui.environment != renderer::kStudioEnvironment && ui.environment != renderer::kRigLighting;
    if (ImGui::RadioButton("Studio environment", ui.environment == renderer::kStudioEnvironment))
        ui.requests.environment = renderer::kStudioEnvironment;
    trackItem(ui, "Studio environment");
    if (file) {
        const std::string name = "Environment: " + fs::path(ui.environment).filename().string();
        ImGui::RadioButton(name.c_str(), true);
    }
    if (ImGui::RadioButton("Three-light rig", ui.environment == renderer::kRigLighting))
        ui.requests.environment = renderer::kRigLighting;
    trackItem(ui, "Three-light rig");
    ImGui::TextDisabled("Drop an .hdr on the window, or File > Open environment");
    ImGui::BeginDisabled(ui.environment == renderer::kRigLighting);
    ImGui::SetNextItemWidth(width);
    ImGui::SliderFloat("rotation##environment", &ui.environmentRotation, -180.0f, 180.0f,
                       "%.0f deg");
    ImGui::EndDisabled();
    ImGui::SetNextItemWidth(width);
    ImGui::SliderFloat("exposure", &ui.exposure, 0.125f, 8.0f, "%.2f",
                       ImGuiSliderFlags_Logarithmic);
    int tone = int(ui.toneMapping);
    ImGui::SetNextItemWidth(width);
    ImGui::Combo("tone mapping", &tone, "PBR Neutral\0ACES\0AgX\0None (clamp)\0");
    ui.toneMapping = renderer::ToneMapping(tone);
    int background = int(ui.backgroundMode);
    ImGui::SetNextItemWidth(width);
    ImGui::Combo("background", &background, "Colour\0Environment\0Environment, blurred\0");
    ui.backgroundMode = renderer::BackgroundMode(background);
    ImGui::EndMenu();
}

// The file's own scene: which scene (the default first, marked), which camera (the orbit camera
// or one of the file's, by name), which direct lights, which material variant.
void drawFileSceneMenus(const ViewerDocument& doc, ViewerUi& ui) {
    const morph::Scene& scene = doc.scene;
    const bool loaded = doc.loaded;
    const bool openScene = ImGui::BeginMenu("Scene", loaded && !scene.scenes.empty());
    trackItem(ui, "Scene");  // the submenu's own item, before its contents
    if (openScene) {
        std::vector<int> order;
        if (scene.defaultScene >= 0) order.push_back(scene.defaultScene);
        for (int s = 0; s < int(scene.scenes.size()); ++s) {
            if (s != scene.defaultScene) order.push_back(s);
        }
        const int shown = doc.state.scene >= 0 ? doc.state.scene : scene.defaultScene;
        for (int s : order) {
            const std::string& name = scene.scenes[size_t(s)].name;
            std::string label = std::to_string(s) + " " + (name.empty() ? "(unnamed)" : name);
            if (s == scene.defaultScene) label += " (default)";
            if (ImGui::MenuItem(label.c_str(), nullptr, s == shown)) ui.requests.scene = s;
            trackItem(ui, "scene:" + std::to_string(s));
        }
        ImGui::EndMenu();
    }
    const bool openCamera = ImGui::BeginMenu("Camera", loaded);
    trackItem(ui, "Camera");  // the submenu's own item, before its contents
    if (openCamera) {
        if (ImGui::MenuItem("Orbit", nullptr, ui.fileCamera < 0) && ui.fileCamera >= 0)
            ui.requests.fileCamera = -1;  // orbit on from the file camera's view
        for (int c = 0; c < int(scene.cameras.size()); ++c) {
            const morph::Camera& camera = scene.cameras[size_t(c)];
            std::string label =
                std::to_string(c) + " " + (camera.name.empty() ? "(unnamed)" : camera.name) +
                (camera.type == morph::CameraType::Orthographic ? " (orthographic)" : "");
            const bool placed = renderer::fileCameraNode(scene, c, doc.state.scene) >= 0;
            if (ImGui::MenuItem(label.c_str(), nullptr, ui.fileCamera == c, placed))
                ui.requests.fileCamera = c;
            trackItem(ui, "camera:" + std::to_string(c));
        }
        ImGui::EndMenu();
    }
    const bool openLights = ImGui::BeginMenu("Lights");
    trackItem(ui, "Lights");  // the submenu's own item, before its contents
    if (openLights) {
        const std::pair<renderer::DirectLights, const char*> choices[] = {
            {renderer::DirectLights::Auto,
             "Auto (the file's; else the rig, without an environment)"},
            {renderer::DirectLights::File, "The file's lights"},
            {renderer::DirectLights::Rig, "Studio rig"},
            {renderer::DirectLights::Both, "Both"},
            {renderer::DirectLights::None, "None (environment only)"},
        };
        for (const auto& [choice, label] : choices) {
            if (ImGui::MenuItem(label, nullptr, ui.lights == choice)) ui.lights = choice;
            trackItem(ui, std::string("lights:") + renderer::directLightsName(choice));
        }
        ImGui::EndMenu();
    }
    // KHR_materials_variants: shown only for a file that has variants.
    if (!loaded || scene.variants.empty()) return;
    const bool openVariant = ImGui::BeginMenu("Variant");
    trackItem(ui, "Variant");  // the submenu's own item, before its contents
    if (openVariant) {
        if (ImGui::MenuItem("Default", nullptr, doc.state.variant < 0)) ui.requests.variant = -1;
        trackItem(ui, "variant:default");
        for (int v = 0; v < int(scene.variants.size()); ++v) {
            const std::string label =
                std::to_string(v) + " " + scene.variants[size_t(v)].displayName;
            if (ImGui::MenuItem(label.c_str(), nullptr, doc.state.variant == v))
                ui.requests.variant = v;
            trackItem(ui, "variant:" + std::to_string(v));
        }
        ImGui::EndMenu();
    }
}

}  // namespace

void drawViewMenu(const ViewerDocument& doc, ViewerUi& ui) {
    ImGui::MenuItem("Weights panel", nullptr, &ui.showWeights);
    ImGui::MenuItem("Timeline", nullptr, &ui.showTimeline);
    ImGui::MenuItem("Stats", nullptr, &ui.showStats);
    if (ImGui::MenuItem("Rig logic", nullptr, doc.state.rigLogic))
        ui.requests.toggleRigLogic = true;
    trackItem(ui, "Rig logic");
    ImGui::MenuItem("Alive", nullptr, &ui.alive.on, doc.loaded);
    if (!ui.alive.found.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", ui.alive.found.c_str());
    trackItem(ui, "Alive");
    if (ImGui::MenuItem("Hide all panels", "Tab")) ui.visible = false;
    ImGui::Separator();
    drawOverlayItems(ui);
    ImGui::Separator();
    ImGui::TextDisabled("Morph path");
    for (renderer::MorphPath path :
         {renderer::MorphPath::Auto, renderer::MorphPath::VsDense, renderer::MorphPath::VsActive,
          renderer::MorphPath::CsSparse, renderer::MorphPath::Cpu}) {
        if (ImGui::RadioButton(renderer::morphPathName(path), ui.morphPath == path)) {
            ui.morphPath = path;
        }
    }
    ImGui::TextDisabled("Anti-aliasing");
    for (const auto& [label, samples] :
         {std::pair<const char*, int>{"Off", 0}, {"MSAA 2x", 2}, {"MSAA 4x", 4}, {"MSAA 8x", 8}}) {
        if (ImGui::RadioButton(label, ui.viewSamples == samples)) ui.viewSamples = samples;
        trackItem(ui, std::string("aa:") + label);
    }
    ImGui::MenuItem("Half resolution while dragging", nullptr, &ui.halfWhileDragging);
    trackItem(ui, "Half resolution while dragging");
    ImGui::Separator();
    drawLightingItems(ui);
    ImGui::Separator();
    drawPresentationItems(ui);
    ImGui::Separator();
    if (ImGui::MenuItem("Frame all", "F", ui.framing == Framing::All))
        ui.requests.frame = Framing::All;
    if (ImGui::MenuItem("Frame morphed region", "M", ui.framing == Framing::Morphed))
        ui.requests.frame = Framing::Morphed;
    if (ImGui::MenuItem("Frame selected mesh", "S", ui.framing == Framing::SelectedMesh))
        ui.requests.frame = Framing::SelectedMesh;
    if (ImGui::MenuItem("Front", "1")) ui.requests.view = CameraPreset::Front;
    if (ImGui::MenuItem("Right", "3")) ui.requests.view = CameraPreset::Right;
    if (ImGui::MenuItem("Top", "7")) ui.requests.view = CameraPreset::Top;
    if (ImGui::MenuItem("Reset camera", "Home")) ui.requests.resetCamera = true;
    drawFileSceneMenus(doc, ui);
    ImGui::Separator();
    if (ImGui::MenuItem("Fullscreen", "F11")) ui.requests.toggleFullscreen = true;
}

}  // namespace app
