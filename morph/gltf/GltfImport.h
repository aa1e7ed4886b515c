#pragma once
// glTF 2.0 / GLB import into morph::Scene: our own GLB parser, validator and sandboxed file reads.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"

namespace morph {

struct ImportOptions {
    bool allowAnyUri = false;              // else URIs must stay inside the model's folder
    uint64_t maxMemoryBytes = 4ull << 30;  // budget for declared sizes, checked before allocating
    bool decodeImages = true;              // false: images keep name/mimeType only
    // A morph target's NaN or infinite values are an error that refuses the whole file (right for
    // drawing it). With this set they are zeroed instead and each such target is listed in
    // ImportReport::nonFiniteTargets, so `audit` reads the file and checks every other target.
    bool keepNonFiniteTargets = false;
    // Called between the import's stages with the share done (0..1) and the next stage's name,
    // from the importing thread (the viewer's worker shows it).
    std::function<void(float fraction, const char* stage)> progress;
};

// Loads a .gltf or .glb file. Errors are one line: "<path>: <problem>".
Result<Scene> importGltf(const std::string& path, const ImportOptions& options = {});

// The same from bytes already in memory (tests, fuzzing). `name` prefixes messages; external
// URIs resolve against `baseDir`.
Result<Scene> importGltfMemory(const std::vector<uint8_t>& bytes, const std::string& name,
                               const std::string& baseDir, const ImportOptions& options = {});

}  // namespace morph
