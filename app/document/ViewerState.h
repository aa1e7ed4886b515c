#pragma once
// The viewer's state: a plain struct the UI edits and the renderer reads, and the free functions
// that change it. No window, no ImGui, no GL here: every rule (links, solo/mute, overrides while
// playing, keying, presets, A/B, settings, reload) is unit-tested without a context.
//
// Weights resolve as one ordered list of layers (WeightLayers.h): the clips, the VRM expression
// sliders, the sources outside the file (externalLayers: live input, speech), the user's
// overrides, then solo / mute.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json_fwd.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"
#include "morph/anim/Layers.h"
#include "morph/anim/PoseLayers.h"
#include "morph/anim/TargetWeights.h"
#include "morph/edit/TargetGroups.h"
#include "morph/edit/UserClip.h"

namespace app {

// The slider range may be widened to -1..2: relative targets are often driven past 1.
inline constexpr float kRangeLimitMin = -1.0f;
inline constexpr float kRangeLimitMax = 2.0f;
inline constexpr float kSpeedMin = 0.1f;
inline constexpr float kSpeedMax = 4.0f;
inline constexpr int kMaxInbetweens = 10;
inline constexpr size_t kMaxRecentFiles = 10;

// Where a target's weight comes from; Rig: rig logic derives it (Mesh::rigRules).
enum class WeightSource { Default, Animation, User, Rig };

// A source of weights outside the file, as the state holds it for its layer: written by the
// source (once a frame, or when a sample changes them), read when the frame resolves.
struct ExternalLayer {
    std::string name;              // the layer's name (WeightLayers.h: "live", "speech", ...)
    morph::TargetWeights weights;  // {mesh, target} -> value, on every node showing the mesh
    // {node, rotation}, each applied on top of the node's pose rotation (live input's head and
    // eyes, --live-head: LiveSession::nodeRotations).
    morph::NodeRotations rotations;
};

struct TargetState {
    bool overridden = false;  // the user's value wins over the default and the clip
    float value = 0;          // the user's value; meaningful while overridden
    bool held = false;        // the slider is being dragged right now
    bool solo = false;
    bool mute = false;
};

// A left/right pair (morph::findLeftRightPairs); linked, one slider drives both.
struct PairLink {
    size_t left = 0;
    size_t right = 0;
    bool linked = false;
};

struct MeshState {
    std::vector<TargetState> targets;  // one per scene.meshes[m].targetNames
    std::vector<PairLink> pairs;
};

enum class ClipKind { None, Scene, User };
struct ClipRef {
    ClipKind kind = ClipKind::None;
    int index = -1;  // scene.animations or ViewerState::userClips
    bool operator==(const ClipRef& o) const { return kind == o.kind && index == o.index; }
    bool operator!=(const ClipRef& o) const { return !(*this == o); }
};

// One clip of the layer list: whether it plays with the current clip, and how much of it.
struct ClipLayer {
    ClipRef clip;
    bool enabled = false;
    float weight = 1;  // 0..1: blends the clip's channels over the layers below it
};

// A layer's clip giving way to another over `duration` seconds of playback (crossfadeTo).
struct Crossfade {
    ClipRef from;
    ClipRef to;
    float elapsed = 0;   // seconds of playback since it began (speed included)
    float duration = 0;  // > 0 while active
    bool active() const { return from.kind != ClipKind::None && to.kind != ClipKind::None; }
    float progress() const;  // 0..1
};

inline constexpr float kMaxCrossfadeSeconds = 10.0f;

struct Playback {
    // The current clip: select, play, scrub, step, keys, the timing preview and keying act on it.
    // While there is one, every enabled layer plays with it at the same time (none: nothing
    // plays, the rest pose and the user's edits).
    ClipRef clip;
    // Bottom first: a later layer wins where two drive the same channel at weight 1. One entry
    // per scene clip from the start (those whose channels no earlier enabled clip drives are
    // enabled: facecap's face, eyes and head play together); user clips join when selected.
    std::vector<ClipLayer> layers;
    Crossfade crossfade;
    float crossfadeSeconds = 0.5f;  // the duration the panel's crossfade uses
    bool playing = false;
    bool loop = true;
    float speed = 1;             // kSpeedMin..kSpeedMax
    float time = 0;              // seconds on the timeline every playing layer shares
    bool timingPreview = false;  // hold the pose on the keys and `inbetweens` per key interval
    int inbetweens = 2;          // 0..kMaxInbetweens
};

// A named weight set, by target name, so it applies to any mesh that has those names.
struct Preset {
    std::string name;
    std::map<std::string, float> weights;
};

struct ViewerState {
    // Bumped by every edit below that changes what is drawn (weights, solo/mute, presets, the
    // clip and its time), so the window can resolve its frame again after the panels edited it.
    uint64_t revision = 0;
    int selectedMesh = -1;
    // Which of the file's scenes is shown (View > Scene, --scene; -1: the file's default):
    // the frame's FramePose::scene.
    int scene = -1;
    // Which KHR_materials_variants variant draws (View > Variant, --variant; -1: the file's
    // default materials): DrawOptions::variant. Kept by name across a reload.
    int variant = -1;
    std::vector<MeshState> meshes;  // one per scene.meshes
    // One slider per target name: an edit reaches every mesh with a target of that name (an
    // avatar's head, teeth and tongue share jawOpen), and the panel lists every mesh's names.
    // false: the per-mesh view, where an edit reaches the selected mesh only.
    bool linkSharedNames = true;
    // View > Rig logic: derived targets follow their drivers (morph/rig/RigLogic.h); off shows
    // the raw targets, each its own slider.
    bool rigLogic = true;
    float rangeMin = 0;
    float rangeMax = 1;
    // false: a slider touched while a clip plays overrides it only until released. true: the
    // override stays until cleared. Edits made while paused always stay until cleared.
    bool stickyOverrides = false;
    Playback playback;
    // A user clip's timeline runs to its last key or this, whichever is later, so there is room
    // to key past the end.
    float userClipLength = 2.0f;
    std::vector<morph::UserClip> userClips;
    int keyClip = -1;  // the user clip "Key" writes into (-1: the next Key makes one)
    std::vector<Preset> presets;
    std::array<int, 2> abPresets{-1, -1};  // presets behind the A and B buttons
    int abActive = 0;                      // which of them was applied last

    // One per scene.expressions: the VRM expression sliders, 0..1 (ViewerStateExpressions.h).
    std::vector<float> expressionWeights;

    // The sources of weights outside the file (live input, speech, ...), bottom first: each a
    // layer between the expressions and the user's overrides (WeightLayers.h). The window's
    // features name theirs when a model opens (externalLayer), in the order they are listed.
    std::vector<ExternalLayer> externalLayers;

    // The live input's calibration as the Live panel last edited it, as its profile's JSON
    // (app/live/Calibration.h's format), so the autosave keeps it; empty: not edited here.
    std::string liveCalibration;
};

// What the panel shows for one mesh: final weights, and where each came from before solo/mute.
struct ResolvedWeights {
    std::vector<float> weights;         // after solo/mute: what is drawn
    std::vector<float> beforeSoloMute;  // what Key and presets store
    std::vector<WeightSource> sources;
};

// ---- Scene and selection (ViewerState.cpp) ----
ViewerState makeViewerState(const morph::Scene& scene);  // selects primaryMesh(scene)
// The state of mesh `mesh`; nullptr when there is none or it was made for another scene (a
// state is never read out of bounds).
const MeshState* meshStateFor(const ViewerState& state, const morph::Scene& scene, int mesh);
std::vector<int> meshesWithTargets(const morph::Scene& scene);
std::vector<int> nodesUsingMesh(const morph::Scene& scene, int mesh);
// The meshes with targets, the one whose targets move the most vertices first: the moved
// vertices summed over its targets, leaving out targets that move 90% or more of their
// primitive (body shapes), so a face with 52 targets comes before the body with `male` and
// `female`, and before the eyes; then with them; ties in file order.
std::vector<int> meshesByMovedVertices(const morph::Scene& scene);
int primaryMesh(const morph::Scene& scene);  // the first of those; -1 when none
// Whether a target name links meshes: not a bare index ("0", "1", ... are what the importer
// names targets of a mesh without extras.targetNames, and mean nothing across meshes).
bool linksByName(const std::string& name);
// `mesh` and, when linkSharedNames, every mesh with targets that shares a linking name with it.
std::vector<int> linkedMeshes(const morph::Scene& scene, const ViewerState& state, int mesh);
// Whether two meshes share a linking target name (the panel then shows one slider per name).
bool meshesShareNames(const morph::Scene& scene);
// One row of the all-meshes view: a name and every (mesh, target) that has it, the first in
// meshesByMovedVertices order leading (its value is the one shown).
struct NamedTarget {
    std::string name;
    std::vector<std::pair<int, size_t>> refs;
};
// Every target name of every mesh, in meshesByMovedVertices order, each mesh's new names in
// its own order; bare-index names stay per mesh ("0" of two meshes is two rows).
std::vector<NamedTarget> namedTargets(const morph::Scene& scene);
// The panel's meshes: every mesh with targets when linkSharedNames, else the selected one.
std::vector<int> panelMeshes(const morph::Scene& scene, const ViewerState& state);
// The targets of the selected mesh an edit of `target` reaches: itself and a linked partner.
std::vector<size_t> linkedTargets(const ViewerState& state, int mesh, size_t target);
void setPairLinked(ViewerState& state, int mesh, size_t pair, bool linked);
void setRange(ViewerState& state, float min, float max);  // clamped to the limits, min < max

// ---- Editing a target; each reaches linked targets and linked meshes (by name) ----
// The forms without a mesh edit the selected mesh's target.
// Press: the override starts at the value shown, so nothing jumps.
void beginUserEdit(ViewerState& state, const morph::Scene& scene, size_t target);
// Drag or typed value (ctrl-click): clamped to the slider range.
void setUserWeight(ViewerState& state, const morph::Scene& scene, size_t target, float value);
// Release: while a clip plays (and overrides are not sticky) the clip takes the target back.
void endUserEdit(ViewerState& state, const morph::Scene& scene, size_t target);
void clearOverride(ViewerState& state, const morph::Scene& scene, size_t target);  // "reset"
// The panel's meshes (panelMeshes): clears their overrides / overrides every target to 0.
void resetToDefaults(ViewerState& state, const morph::Scene& scene);
void resetToZero(ViewerState& state, const morph::Scene& scene);
void clearAllOverrides(ViewerState& state);  // every mesh
void setSolo(ViewerState& state, const morph::Scene& scene, size_t target, bool solo);
void setMute(ViewerState& state, const morph::Scene& scene, size_t target, bool mute);
void beginUserEdit(ViewerState& state, const morph::Scene& scene, int mesh, size_t target);
void setUserWeight(ViewerState& state, const morph::Scene& scene, int mesh, size_t target,
                   float value);
void endUserEdit(ViewerState& state, const morph::Scene& scene, int mesh, size_t target);
void clearOverride(ViewerState& state, const morph::Scene& scene, int mesh, size_t target);
void setSolo(ViewerState& state, const morph::Scene& scene, int mesh, size_t target, bool solo);
void setMute(ViewerState& state, const morph::Scene& scene, int mesh, size_t target, bool mute);

// ---- Resolution: the layers of WeightLayers.h, bottom first (WeightLayers.cpp) ----
// One frame of the viewer, resolved once per frame after the clips advance (the window's loop),
// and read by everything that shows it: the draw, the overlays, the panels, picking, inspection.
struct ViewerFrame {
    std::vector<morph::NodePose> sampled;  // the layers under the user's: clips, expressions
    morph::FramePose pose;                 // every layer: what is drawn
    bool valid(const morph::Scene& scene) const { return pose.size() == scene.nodes.size(); }
};
ViewerFrame resolveFrame(const morph::Scene& scene, const ViewerState& state);
// Every node's TRS and weights (the clip's node animation plays along): resolveFrame's pose
// without the derived matrices, for what needs no frame (keying, presets, scripts).
std::vector<morph::NodePose> resolvePose(const morph::Scene& scene, const ViewerState& state);
// For the panel: mesh `mesh` as its first node shows it in `frame`'s sources (no node: the
// mesh's defaults), under the user's layers as they are now.
ResolvedWeights resolveMeshWeights(const morph::Scene& scene, const ViewerState& state,
                                   const ViewerFrame& frame, int mesh);
// The same, resolving the layers under the user's at the state's time itself.
ResolvedWeights resolveMeshWeights(const morph::Scene& scene, const ViewerState& state, int mesh);

// ---- Playback (ViewerStatePlayback.cpp) ----
std::string clipName(const morph::Scene& scene, const ViewerState& state, ClipRef clip);
bool clipExists(const morph::Scene& scene, const ViewerState& state, ClipRef clip);
// One clip's timeline: a scene clip's last key; a user clip's, or userClipLength if later.
float clipLength(const morph::Scene& scene, const ViewerState& state, ClipRef clip);
// The timeline's length: the current clip's, or the longest layer playing with it (0: no clip).
float clipDuration(const morph::Scene& scene, const ViewerState& state);
// Sorted, distinct key times of the current clip (scrub bar ticks, stepping, timing preview).
std::vector<float> clipKeyTimes(const morph::Scene& scene, const ViewerState& state);
void selectClip(ViewerState& state, const morph::Scene& scene, ClipRef clip);  // time -> 0
// At the end without loop: restarts. With no current clip, the first enabled layer's becomes it.
void togglePlay(ViewerState& state, const morph::Scene& scene);
void stop(ViewerState& state);                                               // pause and rewind
void advance(ViewerState& state, const morph::Scene& scene, float seconds);  // per frame
void scrub(ViewerState& state, const morph::Scene& scene, float time);  // clamped; keeps playing
void setSpeed(ViewerState& state, float speed);
void setInbetweens(ViewerState& state, int inbetweens);
bool stepToNextKey(ViewerState& state, const morph::Scene& scene);  // pauses; false: no later key
bool stepToPrevKey(ViewerState& state, const morph::Scene& scene);
// The time the clip is evaluated at: playback.time, or with the timing preview the last of the
// keys and their N evenly spaced inbetweens at or before it (the pose holds between them).
float evaluationTime(const morph::Scene& scene, const ViewerState& state);
// The same rule as a pure function, for drawing many times at once (the curve view): `keys` from
// clipKeyTimes, computed once.
float heldTime(const std::vector<float>& keys, int inbetweens, float time);
// The animation the current clip plays (a user clip as its glTF form), or nullptr.
const morph::Animation* currentAnimation(const morph::Scene& scene, const ViewerState& state,
                                         morph::Animation& scratch);
// The same for any clip.
const morph::Animation* clipAnimation(const morph::Scene& scene, const ViewerState& state,
                                      ClipRef clip, morph::Animation& scratch);

// ---- Layers and crossfades (ViewerStateLayers.cpp) ----
// A scene's layer list as a file opens: one per clip in file order, each enabled unless an
// earlier enabled clip drives one of its (node, path) channels.
std::vector<ClipLayer> defaultLayers(const morph::Scene& scene);
int layerIndex(const ViewerState& state, ClipRef clip);  // -1: the clip has no layer
// The clip's layer, appended (disabled) when it has none; -1 for a clip that does not exist.
int ensureLayer(ViewerState& state, const morph::Scene& scene, ClipRef clip);
void setLayerEnabled(ViewerState& state, int layer, bool enabled);
void setLayerWeight(ViewerState& state, int layer, float weight);  // clamped to 0..1
void moveLayer(ViewerState& state, int layer, int to);  // reorders; the precedence changes
// Enables `clip`'s layer and disables the enabled layers that drive one of its channels, so
// picking a clip shows it, and clips on other channels keep playing with it (selectClip).
void soloLayerChannels(ViewerState& state, const morph::Scene& scene, ClipRef clip);
// `--animation all` or `0,2` in the viewer: exactly these clips play, in this order (moved to
// the end of the list, so the later ones win), the first of them current, from time 0.
void playTogether(ViewerState& state, const morph::Scene& scene, const std::vector<ClipRef>& clips);
// Whether `clip` shares a (node, path) channel with another enabled layer.
bool overlapsEnabledLayer(const morph::Scene& scene, const ViewerState& state, ClipRef clip);
// `from` (an enabled layer) gives way to `to` over `seconds` of playback (0..kMaxCrossfadeSeconds;
// 0: at once), and playback starts. Channels both drive mix by the progress, the others fade
// out or in alone (morph::AnimationLayer). At the end `to` takes `from`'s place in the list,
// enabled, `from` is disabled, and if `from` was the current clip `to` is. A crossfade already
// running finishes first (when `from` was its source, the new one starts from its target).
// False (nothing changes) when either clip is missing, they are the same, or `from` is not
// enabled.
bool crossfadeTo(ViewerState& state, const morph::Scene& scene, ClipRef from, ClipRef to,
                 float seconds);
void setCrossfadeSeconds(ViewerState& state, float seconds);  // clamped to 0..kMaxCrossfadeSeconds
void finishCrossfade(ViewerState& state);
// The time a layer's clip is sampled at for timeline time t: with loop, a clip shorter than the
// timeline starts over at its own length; without, it holds its last pose.
float layerTime(float t, float clipLength, bool loop);
// What plays at the state's (timing-preview) time, bottom first, as morph::applyAnimationLayers
// takes it: nothing without a current clip, else every enabled layer with a clip; during a
// crossfade `from`'s layer carries both clips and `to`'s own layer waits.
struct PlayingClips {
    // User clips in their glTF form, which `layers` point to (on the heap: moving keeps them).
    std::vector<std::unique_ptr<morph::Animation>> userForms;
    std::vector<morph::AnimationLayer> layers;
    bool drivesWeights(int node) const;  // a layer (weight > 0) drives node's weights
};
PlayingClips playingClips(const morph::Scene& scene, const ViewerState& state);

// ---- User clips and keying ----
// A new empty clip for the selected mesh ("clip 1", "clip 2", ... unless named); it becomes the
// key clip. Returns its index.
int newUserClip(ViewerState& state, const morph::Scene& scene, const std::string& name = "");
// "Key": the selected mesh's weights (before solo/mute) at playback.time into the key clip,
// made first if needed. When that clip is the one playing, the mesh's overrides are cleared
// (the clip now holds their values). Returns the key's index.
morph::Result<size_t> keyCurrentPose(ViewerState& state, const morph::Scene& scene);
void deleteUserClip(ViewerState& state, int index);  // fixes the playing and key clip indices
morph::Status loadUserClipInto(ViewerState& state, const std::string& path);  // appends
// File > Export: scene.path plus user clip `clip` (on the mesh it plays on) as a new GLB at
// `output` (morph::exportClip: never over the source).
morph::Status exportUserClip(const ViewerState& state, const morph::Scene& scene, int clip,
                             const std::string& output);

// ---- Presets and A/B (ViewerStateStore.cpp) ----
// The selected mesh's weights (before solo/mute) under `name`, replacing a preset of that name.
int savePreset(ViewerState& state, const morph::Scene& scene, const std::string& name);
// Overrides the named targets of the selected (and linked) meshes, clears the others' overrides.
// False when the preset names none of the mesh's targets.
bool applyPreset(ViewerState& state, const morph::Scene& scene, int preset);
void deletePreset(ViewerState& state, int preset);  // fixes the A/B slots
void setABPreset(ViewerState& state, int slot, int preset);
// Applies the other slot's preset; false when it has none.
bool toggleAB(ViewerState& state, const morph::Scene& scene);
nlohmann::json presetsToJson(const std::vector<Preset>& presets);
morph::Result<std::vector<Preset>> presetsFromJson(const nlohmann::json& json,
                                                   const std::string& source);
morph::Status savePresets(const std::vector<Preset>& presets, const std::string& path);
morph::Result<std::vector<Preset>> loadPresets(const std::string& path);

// ---- Settings and recent files ----
struct Settings {
    std::vector<std::string> recentFiles;  // most recent first
    float rangeMin = 0;
    float rangeMax = 1;
    bool loop = true;
    float speed = 1;
    bool stickyOverrides = false;
    int inbetweens = 2;
    bool linkSharedNames = true;
    float crossfadeSeconds = 0.5f;
};
// morphview's folder of one XDG Base Directory kind: `xdgHome`/morphview, else
// `home`/`homeDefault`/morphview (a relative `xdgHome` is ignored, as the spec says); "" when
// neither is usable. configDir() and the session's stateDir() are the two kinds.
std::string xdgDir(const char* xdgHome, const char* home, const char* homeDefault);
// $XDG_CONFIG_HOME/morphview, else $HOME/.config/morphview (XDG Base Directory: a relative
// XDG_CONFIG_HOME is ignored); "" when neither is usable. The overload reads the environment.
std::string configDir(const char* xdgConfigHome, const char* home);
std::string configDir();
std::string settingsPath();  // configDir()/settings.json, or "" without a config folder
void addRecentFile(Settings& settings, const std::string& path);  // made absolute, to the front
void removeRecentFile(Settings& settings, const std::string& path);
void applySettings(ViewerState& state, const Settings& settings);
void captureSettings(Settings& settings, const ViewerState& state);
nlohmann::json settingsToJson(const Settings& settings);
Settings settingsFromJson(const nlohmann::json& json);  // bad fields keep their defaults
// A missing file is not an error: first run gets the defaults.
morph::Result<Settings> loadSettings(const std::string& path);
morph::Status saveSettings(const Settings& settings, const std::string& path);  // makes folders

// ---- Reload (F5) ----
// The state carried over to `newScene`: meshes matched by name (else index), targets, solo/mute,
// overrides and pair links by target name, expression weights by expression name, the clip, the
// layers (their order, on/off and weight) and a crossfade by animation name; user clips, presets
// and playback settings as they were. A clip the old file lacked joins the layers at the end,
// enabled when no enabled clip drives its channels.
ViewerState remapState(const ViewerState& old, const morph::Scene& oldScene,
                       const morph::Scene& newScene);

}  // namespace app
