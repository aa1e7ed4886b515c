#include "morph/ktx2/Zstd.h"

#include <memory>
#include <string>

#include <zstd.h>

namespace morph::ktx2 {

Result<std::vector<uint8_t>> zstdPrefix(ByteSpan frame, size_t size) {
    std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> ctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!ctx) return Error{ErrorCode::Limit, "out of memory for a Zstandard decoder"};
    // A hostile frame may ask for a window of up to 2^31 bytes; libzstd's default limit (2^27, 128
    // MiB) is kept, as for any frame its own encoder writes without --long.
    std::vector<uint8_t> out(size);
    ZSTD_inBuffer in{frame.data, frame.size, 0};
    ZSTD_outBuffer dst{out.data(), out.size(), 0};
    while (dst.pos < dst.size) {
        const size_t inBefore = in.pos, outBefore = dst.pos;
        const size_t ret = ZSTD_decompressStream(ctx.get(), &dst, &in);
        if (ZSTD_isError(ret)) {
            return Error{ErrorCode::Decode, std::string("KTX2 Zstandard data is corrupt (") +
                                                ZSTD_getErrorName(ret) + ")"};
        }
        // The frame ended, or the input did and nothing more came out.
        if (ret == 0 || (in.pos == inBefore && dst.pos == outBefore)) break;
    }
    if (dst.pos < dst.size) {
        return Error{ErrorCode::Decode, "KTX2 Zstandard data ends after " +
                                            std::to_string(dst.pos) + " of " +
                                            std::to_string(size) + " bytes"};
    }
    return out;
}

}  // namespace morph::ktx2
