#pragma once
// UASTC LDR 4x4 (the Basis Universal "UASTC Texture Specification"): 19 block modes, each a subset
// of ASTC 4x4 (one to three subsets, one or two weight planes, RGB, RGBA or luminance-alpha
// endpoints) plus hints for transcoders, in 128 bits a block. Decoded to RGBA8 as the reference
// transcoder's unpack_uastc does: ASTC's LDR interpolation of 8-bit endpoints, not sRGB.
#include <cstdint>

namespace morph::ktx2 {

constexpr int kUastcBlockBytes = 16;

// Decodes one block to 16 texels, row by row (rgba[0..63]). False for a block no encoder writes
// (the reserved mode, a partition pattern past its table).
bool decodeUastcBlock(const uint8_t* block, uint8_t* rgba);

// The block's mode (0..18), or -1 for the reserved code: for tests that check which modes a file
// covers.
int uastcBlockMode(const uint8_t* block);

}  // namespace morph::ktx2
