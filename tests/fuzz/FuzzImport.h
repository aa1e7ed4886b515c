#pragma once
// What both fuzz targets share: any bytes imported as morph::importGltfMemory sees them (the GLB
// magic picks "fuzz.glb", anything else goes in as "fuzz.gltf" text; the importer still sniffs
// the content, so both paths see garbage too), and the contract on failure: one line that starts
// with the file name, and a code that blames the input, else abort().
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "morph/ErrorText.h"
#include "morph/glb/Glb.h"
#include "morph/gltf/GltfImport.h"
#include "tests/fixtures/ErrorCodes.h"

namespace fuzz {

// External URIs resolve against an empty folder: the fuzzer exercises the URI checks and the
// "missing file" path, and never reads whatever happens to lie beside the binary.
inline std::string& baseDir() {
    static std::string dir;
    return dir;
}

// Well under the run's -rss_limit_mb=2048, so a declared-size bomb that slips past the budget
// shows up as an OOM report instead of passing.
constexpr uint64_t kBudget = 256ull << 20;

// LLVMFuzzerInitialize: makes the empty folder.
inline int initialize() {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "morphview-fuzz-empty";
    std::error_code ec;
    fs::create_directories(dir, ec);
    baseDir() = dir.string();
    return 0;
}

inline morph::Result<morph::Scene> importInput(const uint8_t* data, size_t size) {
    const std::vector<uint8_t> bytes(data, data + size);
    const std::string name = morph::looksLikeGlb(data, size) ? "fuzz.glb" : "fuzz.gltf";
    morph::ImportOptions options;
    options.maxMemoryBytes = kBudget;
    morph::Result<morph::Scene> scene = morph::importGltfMemory(bytes, name, baseDir(), options);
    if (!scene) {
        const std::string& message = scene.error().message;
        if (message.rfind(name + ": ", 0) != 0 || message.find('\n') != std::string::npos) {
            std::fprintf(stderr, "bad error message: %s\n", message.c_str());
            std::abort();
        }
        // The bytes are at fault, or a file they name is not in the empty folder (Io).
        const morph::ErrorCode code = scene.error().code;
        if (!fixtures::isInputFault(code) && code != morph::ErrorCode::Io) {
            std::fprintf(stderr, "error code %s for an input fault: %s\n",
                         morph::errorCodeName(code), message.c_str());
            std::abort();
        }
    }
    return scene;
}

}  // namespace fuzz
