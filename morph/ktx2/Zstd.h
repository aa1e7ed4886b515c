#pragma once
// KTX2's Zstandard supercompression (KTX 2.0 section 3.12.3), through Debian's libzstd.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "morph/Result.h"
#include "morph/ktx2/Ktx2Container.h"

namespace morph::ktx2 {

// The first `size` bytes that a level's Zstandard frame decompresses to: the base image, before the
// level's other layers and faces, which are never decompressed. An error when the frame is corrupt
// or ends before `size` bytes.
Result<std::vector<uint8_t>> zstdPrefix(ByteSpan frame, size_t size);

}  // namespace morph::ktx2
