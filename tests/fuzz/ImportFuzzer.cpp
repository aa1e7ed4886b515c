// libFuzzer entry for the glTF importer: any bytes, as a .glb or a .gltf text, must give
// a Scene or one clean error line, never a crash, a leak, a hang or unbounded memory.
#include "FuzzImport.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    return fuzz::initialize();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    (void)fuzz::importInput(data, size);
    return 0;
}
