#pragma once
// What the viewer's panels need besides the ViewerState: the open document, UI-only state
// (filter text, which windows show, the file browser), and the requests a panel makes of the
// application (open a file, reload, take a screenshot). Panels never touch GL or GLFW: they edit
// state and post requests; the window carries them out after the frame (ViewerLoop.cpp's
// handleRequests).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/cli/ModelLoader.h"
#include "app/document/ViewerAudit.h"
#include "app/document/ViewerState.h"
#include "app/document/ViewerStatePresentation.h"
#include "app/viewer/speech/SpeechUi.h"
#include "morph/Scene.h"
#include "morph/edit/RayCast.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/Look.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/OverlayRenderer.h"

namespace app {

// The model on screen: its CPU scene (the state's reference), its GPU copy, and its state.
struct ViewerDocument {
    ModelOptions model;  // the path it came from (and any --pose files)
    morph::Scene scene;
    renderer::GpuScene gpu;
    ViewerState state;
    // The frame being shown: resolved once per frame, after the clips advance and before the
    // panels (refreshFrame), and read by the draw, the overlays, the panels, picking and
    // inspection alike.
    ViewerFrame frame;
    DocumentAudit audit;  // the rig audit, run as the file loaded (the File report's Audit)
    bool loaded = false;
};

// doc.frame for the document as it is now (an empty frame when nothing is loaded).
inline void refreshFrame(ViewerDocument& doc) {
    doc.frame = doc.loaded ? resolveFrame(doc.scene, doc.state) : ViewerFrame();
}

enum class CameraPreset { Front, Back, Right, Left, Top, Bottom };
// What "frame" frames: the whole model (F), the region the morph targets move (M: an avatar's
// face, GpuScene::morphedRegion), or the selected mesh (S).
enum class Framing { All, Morphed, SelectedMesh };

struct ViewerRequests {
    std::optional<std::string> open;  // a model path
    // The light to switch to: "studio", "rig" or an .hdr file (View > Lighting, a dropped .hdr,
    // File > Open environment).
    std::optional<std::string> environment;
    bool reload = false;
    std::optional<Framing> frame;  // frame this (and keep it for the view presets and Home)
    std::optional<CameraPreset> view;
    bool resetCamera = false;
    std::optional<int> scene;    // View > Scene: show this scene of the file
    std::optional<int> variant;  // View > Variant: draw with this variant (-1: the default)
    // View > Camera: look through the file's camera N (-1: back to orbiting, from that view).
    std::optional<int> fileCamera;
    // A File report audit row was clicked: show finding N's target (solo, weight 1) and frame
    // the region it moves.
    std::optional<size_t> finding;
    bool screenshot = false;
    bool toggleFullscreen = false;
    bool toggleRecording = false;
    bool toggleRigLogic = false;  // View > Rig logic
    // Rig menu (app/viewer/rig/): reload the open model from this file instead of its own, its
    // path and state kept (the operation's result, written where only this process reads it).
    std::optional<std::string> reloadFrom;
    std::optional<std::string> saveRig;  // Rig > Save As...'s path, written by the Rig feature
    std::optional<size_t> fixFinding;    // a File report row's Fix (the Rig feature applies it)
    bool quit = false;
};

enum class BrowserMode {
    OpenModel,
    OpenEnvironment,
    LoadClip,
    SaveClip,
    ExportGlb,
    LoadPresets,
    SavePresets,
    SaveRig  // Rig > Save As...
};

// File > Open and friends: a list of one folder, filtered by extension.
struct FileBrowser {
    bool visible = false;
    BrowserMode mode = BrowserMode::OpenModel;
    std::string folder;
    std::string fileName;  // the name field (save modes), or the selected entry
    std::string error;
};

enum class Wireframe { Off, Overlay, Only };

// How long a message shows (ViewerUi::message), its last kMessageFadeSeconds fading out.
inline constexpr double kMessageSeconds = 4.0;
inline constexpr double kMessageFadeSeconds = 0.5;

// A model loading in the background (BackgroundLoad), for the progress overlay.
struct LoadingUi {
    bool active = false;
    std::string file;
    std::string stage;
    float fraction = 0;
    double seconds = 0;
};

// Per-frame numbers the stats overlay shows.
struct FrameStats {
    float frameMs = 0;  // smoothed
    uint64_t vertices = 0;
    uint64_t targets = 0;
    uint64_t activeTargets = 0;
    uint64_t morphTextureBytes = 0;  // what GpuScene uploaded
    uint64_t threeJsBytes = 0;       // three.js's morph texture layout for the same primitives
    std::string morphPath;           // the path the last frame ran ("auto: ..." when mixed)
    uint64_t morphReadBytes = 0;     // bytes read per frame by that path (MorphCost)
    std::string renderer;            // GL_RENDERER / GL_VERSION
};

// "Looking closely": the overlays and the picked vertex.
struct InspectUi {
    bool normals = false;
    renderer::GhostMode ghost = renderer::GhostMode::Off;
    bool heat = false;
    bool heatFollowsHover = true;  // with the mouse over a slider: that target alone, at 1
    int hoveredTarget = -1;        // the selected mesh's target whose row the mouse is over
    int heatTarget = -1;           // what the heat map showed (-1: the current weights)
    float heatMax = 0;             // world units at the ramp's top, for the legend

    bool picked = false;
    int pickNode = -1;
    int pickMesh = -1;
    int pickPrimitive = -1;
    uint32_t pickVertex = 0;
    int scrollToTarget = -1;  // the weight panel brings this row into view once
};

struct RecordUi {
    int fps = 30;
    bool viewOnly = false;  // the 3D view without panels, else the whole window
    bool active = false;
    size_t frames = 0;
    std::string folder;
    std::string ffmpeg;  // found on PATH ("" none: PNG frames only)
};

// Where a widget was drawn this frame (ImGui's window coordinates), by a name the --script
// runner addresses it with: the label a user reads ("Filter", "Key", a target's name).
struct WidgetRect {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// --script: the curves the curve view drew last frame, by target name, each its columns' values
// from 0 to `duration` seconds into the clip (expect-curve reads them).
struct DrawnCurves {
    float duration = 0;
    std::map<std::string, std::vector<float>> values;
};

// View > Alive (app/viewer/alive/AliveFeature.h): idle life on or off (--alive), and what drives
// it on the face shown, the item's tooltip.
struct AliveUi {
    bool on = false;
    std::string found;
};

// The live voice in File > Live (app/viewer/voice/VoiceFeature.h): what the panel shows of it
// and what it asks of it. The panel's Record to clip records the voice while one listens.
struct VoiceUi {
    std::string source;  // the file or capture device heard; "" while no voice listens
    bool recordingClip = false;
    size_t clipKeys = 0;
    double clipSeconds = 0;  // of audio recorded to the clip so far
    // Where Record to clip stops by itself: the longest WAV morphview reads (speech's
    // kMaxWavSeconds), so the audio it writes can be heard again (a script's clip-limit).
    float clipLimitSeconds = 600;
    std::string transcript;       // what the profile's recording says (voice-profile's --text)
    float profileSeconds = 10;    // the profile's recording (a script's profile-seconds)
    double profileRecorded = -1;  // seconds recorded for a profile so far; < 0: not recording
    bool learning = false;        // a profile being learned on a worker (a script waits)
    struct Requests {
        bool toggleClip = false;
        bool recordProfile = false;
    } requests;
};

struct ViewerUi {
    bool visible = true;  // Tab hides every panel
    bool showWeights = true;
    bool showTimeline = true;
    bool showStats = true;
    bool showShortcuts = false;
    bool showAbout = false;
    bool showReport = false;  // File > File report, the menu bar's "Report (N)"
    bool showLive = false;    // File > Live (app/viewer/live/LivePanel.h)
    Wireframe wireframe = Wireframe::Off;
    Framing framing = Framing::All;  // what F/M/S framed last; view presets and Home keep it
    LoadingUi loading;
    renderer::MorphPath morphPath = renderer::MorphPath::Auto;  // View > Morph path, --morph-path
    // View > Anti-aliasing, --msaa: the 3D view's samples (0: none). On a GPU 4 by default; on a
    // CPU rasterizer 0, where 4x multisampling took 65 of 112 ms of a 1280 x 800 frame.
    // The light and the display transform (View > Lighting; --environment and friends).
    std::string environment = renderer::kStudioEnvironment;  // drawn now: studio, rig or a path
    float environmentRotation = 0;                           // degrees about +Y
    float exposure = 1;
    renderer::ToneMapping toneMapping = renderer::ToneMapping::PbrNeutral;
    renderer::BackgroundMode backgroundMode = renderer::BackgroundMode::Color;
    int viewSamples = 4;
    // View > Half resolution while dragging: while a mouse button is held (orbiting, dragging a
    // slider) the view draws at half its size and is scaled up; full again when released. On by
    // default on a CPU rasterizer only.
    bool halfWhileDragging = false;
    float scale = 1;  // the HiDPI content scale the style and fonts were built for

    std::string filter;             // the weight panel's filter box
    std::set<size_t> curveTargets;  // targets of the selected mesh shown in the curve view
    int selectedKey = -1;           // of the key clip, in the timeline
    bool draggingKey = false;       // the scrub bar drag moves the selected key
    std::string presetName = "preset 1";
    std::string clipPath;       // last user clip JSON path
    std::string exportPath;     // last export path
    bool fileModified = false;  // the model shown differs from its file (the Rig menu's edits)
    std::string presetsPath;    // last presets JSON path

    std::string error;       // a failed load or write, shown until dismissed
    std::string message;     // the last thing that worked ("saved shot.png")
    double messageTime = 0;  // ImGui::GetTime() when it was shown

    InspectUi inspect;
    RecordUi record;
    SpeechUi speech;  // File > Speech... (app/viewer/speech/SpeechPanel.h)
    AliveUi alive;
    VoiceUi voice;
    Turntable turntable;
    PresetCycle presetCycle;
    bool trackWidgets = false;  // --script: record widget rectangles (and the curves drawn)
    DrawnCurves drawnCurves;
    std::map<std::string, WidgetRect> widgets;

    std::vector<std::string> recentFiles;  // most recent first (Settings::recentFiles)
    FileBrowser browser;
    FrameStats stats;
    ViewerRequests requests;
    // Looking through the file's camera N (View > Camera; -1: the orbit camera). Orbiting,
    // panning, zooming or a preset start the orbit camera from that view.
    int fileCamera = -1;
    renderer::DirectLights lights = renderer::DirectLights::Auto;  // View > Lights

    // Panel geometry of this frame in framebuffer pixels (the 3D view is what is left).
    float menuHeight = 0;
    float weightsWidth = 0;
    float timelineHeight = 0;
};

// One line per shortcut, for Help > Shortcuts (and the README's table).
struct Shortcut {
    const char* keys;
    const char* action;
};
const std::vector<Shortcut>& viewerShortcuts();

// ---- Panels (ViewerPanels*.cpp) ----
void applyViewerTheme(float scale);  // the dark style, sizes scaled for HiDPI
// `featureMenus` draws the features' top-level menus, between View and Help.
void drawMenuBar(ViewerDocument& doc, ViewerUi& ui, const std::function<void()>& featureMenus);
// A menu title's rectangle, recorded before its BeginMenu (the script clicks it by its label).
void trackMenuTitle(ViewerUi& ui, const char* label);
void drawViewMenu(const ViewerDocument& doc, ViewerUi& ui);  // ViewerPanelsView.cpp
void drawWeightPanel(ViewerDocument& doc, ViewerUi& ui);
// The VRM expression sliders above the targets (ViewerPanelsExpressions.cpp; none without any).
void drawExpressionSliders(ViewerDocument& doc, ViewerUi& ui);
void drawTimelinePanel(ViewerDocument& doc, ViewerUi& ui);
void drawFileBrowser(ViewerDocument& doc, ViewerUi& ui);
void drawOverlays(const ViewerDocument& doc, ViewerUi& ui, float viewX, float viewY,
                  float viewWidth, float viewHeight);
void drawShortcutsWindow(ViewerUi& ui);
// The File report (ViewerPanelsReport.cpp): the window, and the menu bar's "Report (N)" that
// opens it, drawn only while the open file's report has something worth a look.
void drawReportWindow(const ViewerDocument& doc, ViewerUi& ui);
void drawReportBadge(const ViewerDocument& doc, ViewerUi& ui);
void openBrowser(ViewerUi& ui, BrowserMode mode, const std::string& startPath);
// Records the last item's rectangle under `name` (only while ui.trackWidgets, only if visible).
void trackItem(ViewerUi& ui, const std::string& name);
// A rectangle given explicitly (menu bar titles, whose last item is their popup).
void trackRect(ViewerUi& ui, const std::string& name, const WidgetRect& rect);
// Where a floating window (the File report, the browser, the shortcuts, the Live panel) first
// appears: its pivot at a point of the main viewport, its size in logical pixels.
struct FloatingPlace {
    float x = 0.5f, y = 0.5f;            // the point, in fractions of the viewport
    float pivotX = 0.5f, pivotY = 0.5f;  // the window's point put there, in its fractions
    float width = 0, height = 0;         // scaled by ui.scale; a height of 0 fits the contents
};
void placeFloatingWindow(const ViewerUi& ui, const FloatingPlace& place);

// ---- Looking closely (ViewerInspect.cpp) ----
// The picked vertex's panel (index, position, the targets moving it, each clickable) and the
// heat map's legend, inside the 3D view.
void drawInspectPanels(ViewerDocument& doc, ViewerUi& ui, float viewX, float viewY, float viewWidth,
                       float viewHeight);
// A click in the 3D view: the ray against the scene as drawn now (resolvePose, morph::raycast).
// A hit on a mesh with targets selects that mesh in the weight panel.
void pickVertex(ViewerDocument& doc, ViewerUi& ui, const morph::Ray& ray);
// The picked vertex as morphed now, in world space (false: nothing picked).
bool pickedPosition(const ViewerDocument& doc, const ViewerUi& ui, glm::vec3& world);
// Per node the weights the heat map shows (empty vectors: the pose's), and which target alone.
std::vector<std::vector<float>> heatWeights(const ViewerDocument& doc, ViewerUi& ui,
                                            const morph::FramePose& frame);

// ---- Actions shared by panels and shortcuts (ViewerActions.cpp) ----
void showError(ViewerUi& ui, const std::string& error);
void showMessage(ViewerUi& ui, const std::string& message);
void keyPose(ViewerDocument& doc, ViewerUi& ui);  // "Key" (K)
// The export next to the source: "face-clip 1.glb" for face.glb; never the source itself.
std::string defaultExportPath(const ViewerDocument& doc, const morph::UserClip& clip);
void exportUserClip(ViewerDocument& doc, ViewerUi& ui, const std::string& path);
void saveKeyClip(ViewerDocument& doc, ViewerUi& ui, const std::string& path);
void loadClip(ViewerDocument& doc, ViewerUi& ui, const std::string& path);
void savePresetsFile(ViewerDocument& doc, ViewerUi& ui, const std::string& path);
void loadPresetsFile(ViewerDocument& doc, ViewerUi& ui, const std::string& path);
// (ViewerLoad.cpp) --weights SPEC as user overrides (every mesh with such a target) and
// --animation/--time as the selected clip. Errors name the option: "--animation: no clip 'walk' in
// face.glb".
// --scene N (-1: none) as the scene shown; out of range names the file and its scene count.
// --variant NAME|INDEX ("" none) as the material variant; unknown lists the file's variants.
morph::Status applyStartOptions(ViewerDocument& doc, const std::string& weights,
                                const std::string& animation, float time, int scene = -1,
                                const std::string& variant = "");
// Morph texture bytes as GpuScene packs them, and as three.js (WebGLMorphtargets) would.
void measureMorphMemory(const ViewerDocument& doc, FrameStats& stats);
// "2026-11-30 10:15:02" style stamp for file names: "morphview-20261130-101502-123.png".
std::string timestampedName(const std::string& prefix, const std::string& extension);

}  // namespace app
