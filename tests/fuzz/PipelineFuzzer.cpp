// libFuzzer entry that goes past the importer: bytes -> morph::importGltfMemory ->
// everything a loaded scene meets on the CPU (fixtures::runPipeline: packing, sparsify,
// animation sampling, world matrices, blend, pose). Either import's one clean error line, or a
// pipeline that runs to the end with outputs of the right shape; anything else aborts.
#include "FuzzImport.h"
#include "fixtures/HostilePipeline.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    return fuzz::initialize();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    morph::Result<morph::Scene> scene = fuzz::importInput(data, size);
    if (!scene) return 0;
    const morph::Status status = fixtures::runPipeline(*scene);
    if (!status) {
        std::fprintf(stderr, "%s\n", status.error().message.c_str());
        std::abort();
    }
    return 0;
}
