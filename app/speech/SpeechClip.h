#pragma once
// What `speak` writes besides the audio: visemes.json (the line's phonemes and each target's
// keys, a format checks outside the repo read) and speech.glb (the model with one more animation,
// `speech`, driving those targets on every mesh that has them, its extras naming the audio).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/speech/Visemes.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/edit/UserClip.h"

namespace app::speech {

// {"audio": audioFile, "duration": s, "phonemes": [{"start", "end", "phoneme"}], "tracks":
// {"<target>": [[t, w], ...]}} (and "face": "oculus" | "vrm" | "arkit", how the face speaks).
nlohmann::ordered_json visemesJson(const std::string& audioFile, float duration,
                                   const std::vector<Phoneme>& phonemes, const Tracks& tracks,
                                   FaceKind face);

// The tracks as one user clip named "speech": a key at every time any track has one, each
// target's weight there by its track's line.
morph::UserClip speechClip(const Tracks& tracks);

// `sourcePath` with the clip appended as one animation over every mesh that has any of its
// targets (extras: {"audio": audioFile}), written to `outputPath` as a self-contained GLB.
morph::Status writeSpeechGlb(const std::string& sourcePath, const std::string& outputPath,
                             const morph::UserClip& clip, const std::string& audioFile,
                             const morph::Scene* rigOf = nullptr);

// The same for any clip (`take` writes a take's): `extras` (an object; empty: none) on the
// animation; the error when no shown mesh has the clip's targets names clip.name. With `rigOf`
// (the source's scene), rig logic's derived targets are baked into each key
// (morph::appendClip).
morph::Status writeClipGlb(const std::string& sourcePath, const std::string& outputPath,
                           const morph::UserClip& clip, const nlohmann::json& extras,
                           const morph::Scene* rigOf = nullptr);

}  // namespace app::speech
