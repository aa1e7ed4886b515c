// libFuzzer entry for live input's VMC decoder (app/live/VmcDecoder): any bytes, as an OSC
// datagram, give the samples its Apply messages complete or one clean error line, never a crash,
// a read out of bounds or a leak. Each input is decoded twice by one decoder, so the second pass
// meets the names the first one left pending.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "app/live/VmcDecoder.h"
#include "tests/fuzz/FuzzLive.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    app::live::VmcDecoder decoder;
    for (int pass = 0; pass < 2; ++pass) {
        morph::Result<std::vector<app::live::LiveSample>> r = decoder.decode(data, size);
        if (!r.ok()) {
            checkLiveError("VmcFuzzer", r.error());
            continue;
        }
        for (const app::live::LiveSample& sample : *r) {
            if (sample.values.size() > app::live::kMaxVmcNames) {
                std::fprintf(stderr, "VmcFuzzer: a sample of %zu names\n", sample.values.size());
                std::abort();
            }
            for (const auto& [name, value] : sample.values) {
                if (name.empty() || name.size() > app::live::kMaxVmcNameBytes) {
                    std::fprintf(stderr, "VmcFuzzer: a name of %zu bytes\n", name.size());
                    std::abort();
                }
            }
        }
    }
    return 0;
}
