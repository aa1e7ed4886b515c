// libFuzzer entry for the glTF importer (issue 7): any bytes, as a .glb or a .gltf text, must give
// a Scene or one clean error line, never a crash, a leak, a hang or unbounded memory.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "morph/gltf/Glb.h"
#include "morph/gltf/GltfImport.h"

namespace {

// External URIs resolve against an empty folder: the fuzzer exercises the URI checks and the
// "missing file" path, and never reads whatever happens to lie beside the binary.
std::string gBaseDir;

// Well under the run's -rss_limit_mb=2048, so a declared-size bomb that slips past the budget
// shows up as an OOM report instead of passing.
constexpr uint64_t kBudget = 256ull << 20;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "morphview-fuzz-empty";
    std::error_code ec;
    fs::create_directories(dir, ec);
    gBaseDir = dir.string();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::vector<uint8_t> bytes(data, data + size);
    // The GLB magic picks the container; anything else goes in as .gltf text (the importer still
    // sniffs the content, so both paths see garbage too).
    const bool glb = morph::looksLikeGlb(data, size);
    morph::ImportOptions options;
    options.maxMemoryBytes = kBudget;
    morph::Result<morph::Scene> scene =
        morph::importGltfMemory(bytes, glb ? "fuzz.glb" : "fuzz.gltf", gBaseDir, options);
    if (!scene) {
        // The contract: one line that starts with the file name.
        const std::string& message = scene.error().message;
        const std::string prefix = glb ? "fuzz.glb: " : "fuzz.gltf: ";
        if (message.rfind(prefix, 0) != 0 || message.find('\n') != std::string::npos) {
            std::fprintf(stderr, "bad error message: %s\n", message.c_str());
            std::abort();
        }
    }
    return 0;
}
