#pragma once
// The viewer's work on one file, kept safe while it is open: the user clips and their keys, the
// presets and the A/B slots, the overrides with solo and mute, sticky overrides, the clip layers
// and the live calibration as edited. GL-free: what the work is (Work), how it is written
// (workToJson) and brought back (restoreWork), where it lives (autosavePath), and a corrupt file
// set aside (setAside).
//
// Autosaves live under $XDG_STATE_HOME/morphview/ (else ~/.local/state/morphview/), one file per
// model and process: `<stem>-<hash of the model's absolute path>-<hash of its bytes>-<pid>.json`,
// so two viewers on one file never write the same autosave, and a crashed one's file is found
// again by the next viewer that opens the same bytes at the same path.
#include <array>
#include <cstdint>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/document/ViewerState.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace app::session {

// The user's flags and value for one target (TargetState without `held`, which is a drag).
struct TargetWork {
    bool overridden = false;
    float value = 0;
    bool solo = false;
    bool mute = false;
    bool operator==(const TargetWork& o) const {
        return overridden == o.overridden && value == o.value && solo == o.solo && mute == o.mute;
    }
};

struct Work {
    std::vector<morph::UserClip> userClips;
    int keyClip = -1;
    std::vector<Preset> presets;
    std::array<int, 2> abPresets{-1, -1};
    bool stickyOverrides = false;
    std::vector<std::vector<TargetWork>> targets;  // per mesh, per target
    std::vector<ClipLayer> layers;
    ClipRef clip;
    std::string calibration;  // ViewerState::liveCalibration
};

Work captureWork(const ViewerState& state);
// Whether `state` holds exactly `work`: compared in place, nothing copied (the per-frame check).
bool sameWork(const Work& work, const ViewerState& state);
// Anything a user made: a user clip, a preset, an override, a solo, a mute or a calibration.
bool hasWork(const Work& work);

// The file's names the JSON is written with (meshes and targets by index, names as a check).
struct SceneNames {
    std::vector<std::string> meshes;
    std::vector<std::vector<std::string>> targets;
};
SceneNames sceneNames(const morph::Scene& scene);

nlohmann::json workToJson(const Work& work, const SceneNames& names, const std::string& model,
                          std::time_t saved);

struct Recovered {
    size_t userClips = 0;
    size_t presets = 0;
    size_t overrides = 0;  // targets overridden, soloed or muted
    bool calibration = false;
    std::time_t saved = 0;
};
// The work of `json` into `state` (user clips and presets it lacks by name are added; overrides,
// solo, mute, sticky overrides and layers set). Errors (a file that is not an autosave, a field of
// the wrong type) name `source`; `state` is unchanged then.
morph::Result<Recovered> restoreWork(const nlohmann::json& json, const morph::Scene& scene,
                                     ViewerState& state, const std::string& source);
// "recovered 1 user clip, 2 presets from 2026-12-03 23:41:07" (overrides come back unsaid).
std::string recoveryMessage(const Recovered& recovered);

// $XDG_STATE_HOME/morphview, else $HOME/.local/state/morphview (a relative XDG_STATE_HOME is
// ignored, as the XDG Base Directory spec says); "" when neither is usable.
std::string stateDir(const char* xdgStateHome, const char* home);
std::string stateDir();

// FNV-1a, 64 bits.
uint64_t hashBytes(const void* data, size_t size, uint64_t seed = 0xcbf29ce484222325ull);
morph::Result<uint64_t> hashFile(const std::string& path);
// `<stem>-<path hash>-<content hash>` for the model at `modelPath` (made absolute).
std::string autosaveKey(const std::string& modelPath, uint64_t contentHash);
std::string autosavePath(const std::string& dir, const std::string& key, long pid);
// The autosaves of `key` in `dir` left by processes that are no longer running, newest first.
std::vector<std::string> orphanedAutosaves(const std::string& dir, const std::string& key);

// Renames a corrupt file to `<path>.corrupt-<YYYYmmdd-HHMMSS>` (a number added if taken) and
// returns the new name; "" when the rename failed.
std::string setAside(const std::string& path);

}  // namespace app::session
