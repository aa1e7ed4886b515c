// libFuzzer entry that goes past the importer (issue 7): bytes -> morph::importGltfMemory ->
// everything a loaded scene meets on the CPU (fixtures::runPipeline: packing, sparsify,
// animation sampling, world matrices, blend, pose). Either import's one clean error line, or a
// pipeline that runs to the end with outputs of the right shape; anything else aborts.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "fixtures/HostilePipeline.h"
#include "morph/gltf/Glb.h"
#include "morph/gltf/GltfImport.h"

namespace {

std::string gBaseDir;  // an empty folder: external URIs resolve to nothing (see ImportFuzzer)
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
    const bool glb = morph::looksLikeGlb(data, size);
    const std::string name = glb ? "fuzz.glb" : "fuzz.gltf";
    morph::ImportOptions options;
    options.maxMemoryBytes = kBudget;
    morph::Result<morph::Scene> scene = morph::importGltfMemory(bytes, name, gBaseDir, options);
    if (!scene) {
        const std::string& message = scene.error().message;
        if (message.rfind(name + ": ", 0) != 0 || message.find('\n') != std::string::npos) {
            std::fprintf(stderr, "bad error message: %s\n", message.c_str());
            std::abort();
        }
        return 0;
    }
    const morph::Status status = fixtures::runPipeline(*scene);
    if (!status) {
        std::fprintf(stderr, "%s\n", status.error().message.c_str());
        std::abort();
    }
    return 0;
}
