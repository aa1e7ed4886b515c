// libFuzzer entry for Rhubarb Lip Sync's TSV and JSON cues (app/take/RhubarbCues.cpp):
// FuzzTake.h's checks, and a Rhubarb take shows one shape at a time.
#include <cstdint>
#include <string_view>

#include "FuzzTake.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto take = app::take::parseRhubarb(text, "cues.json");
    fuzz_take::check(take, "cues.json");
    if (!take.ok()) return 0;
    for (const app::take::TakeSample& sample : take->samples) {
        float sum = 0;
        for (float v : sample.values) sum += v;
        if (sum != 1.0f) fuzz_take::fail("a cue that is not one shape");
    }
    return 0;
}
