// libFuzzer entry for the KTX2 transcoder: any bytes, as a KTX2 file, must give
// an RGBA8 image of the size the header says or one clean error line that blames the input, never
// a crash, a read out of bounds, a leak, a hang or unbounded memory.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "morph/ErrorText.h"
#include "morph/ktx2/Ktx2Decode.h"
#include "tests/fixtures/ErrorCodes.h"

namespace {

// 16 MiB of RGBA8 (2048 x 2048): larger images only cost time per input; the cap itself is
// checked by Ktx2Test.
constexpr uint64_t kMaxBytes = 16ull << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const morph::Result<morph::ktx2::Ktx2Image> r = morph::ktx2::decodeKtx2(data, size, kMaxBytes);
    if (r.ok()) {
        if (r->rgba.size() != size_t(r->width) * r->height * 4) {
            std::fprintf(stderr, "Ktx2Fuzzer: %ux%u image with %zu bytes\n", r->width, r->height,
                         r->rgba.size());
            std::abort();
        }
        return 0;
    }
    const morph::Error& e = r.error();
    if (e.message.empty() || e.message.find('\n') != std::string::npos ||
        !fixtures::isInputFault(e.code)) {
        std::fprintf(stderr, "Ktx2Fuzzer: bad error (%s): %s\n", morph::errorCodeName(e.code),
                     e.message.c_str());
        std::abort();
    }
    return 0;
}
