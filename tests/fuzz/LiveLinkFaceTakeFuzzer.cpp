// libFuzzer entry for Live Link Face's CSV takes (app/take/LiveLinkFaceCsv.cpp), read at the
// default 60 fps and at 24 (a rate that refuses frames 24 to 59): FuzzTake.h's checks.
#include <cstdint>
#include <string_view>

#include "FuzzTake.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    fuzz_take::check(app::take::parseLiveLinkFaceCsv(text, "take.csv", 60), "take.csv");
    fuzz_take::check(app::take::parseLiveLinkFaceCsv(text, "take.csv", 24), "take.csv");
    return 0;
}
