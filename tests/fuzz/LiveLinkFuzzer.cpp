// libFuzzer entry for live input's Live Link Face decoder (app/live/LiveLinkDecoder): any bytes,
// as one datagram, give the 52 shapes with finite values or one clean error line, never a crash
// or a read out of bounds.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "app/live/LiveLinkDecoder.h"
#include "tests/fuzz/FuzzLive.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const morph::Result<app::live::LiveLinkFrame> r = app::live::decodeLiveLink(data, size);
    if (!r.ok()) {
        checkLiveError("LiveLinkFuzzer", r.error());
        return 0;
    }
    if (r->sample.values.size() != app::live::kLiveLinkShapes) {
        std::fprintf(stderr, "LiveLinkFuzzer: %zu shapes\n", r->sample.values.size());
        std::abort();
    }
    for (const auto& [name, value] : r->sample.values) {
        if (!std::isfinite(value)) {
            std::fprintf(stderr, "LiveLinkFuzzer: %s is not finite\n", name.c_str());
            std::abort();
        }
    }
    return 0;
}
