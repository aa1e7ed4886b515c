// libFuzzer entry for Audio2Face's exported blendshape weights (app/take/Audio2FaceJson.cpp):
// FuzzTake.h's checks.
#include <cstdint>
#include <string_view>

#include "FuzzTake.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    fuzz_take::check(app::take::parseAudio2Face(text, "a2f.json"), "a2f.json");
    return 0;
}
