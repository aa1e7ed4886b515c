#pragma once
// CPU downscaling of decoded images, for a texture larger than the GL context allows
// (GL_MAX_TEXTURE_SIZE): the renderer shrinks it rather than fail the upload or the model; and
// a texture's mipmaps, for a driver that rasterizes on the CPU (see mipLevels).
#include <cstdint>
#include <vector>

#include "morph/Scene.h"

namespace morph {

// The smallest integer factor f such that both sides of a width x height image divided by f
// (rounded up) fit in maxSize; 1 when the image already fits.
uint32_t downscaleFactor(int width, int height, uint32_t maxSize);

// `image` shrunk by downscaleFactor(): each output texel is the average of the f x f block of
// input texels it covers (a box filter; blocks at the right and bottom edges are clipped). An
// image that fits, or one whose rgba size does not match its width and height, comes back as is.
Image downscaleToFit(const Image& image, uint32_t maxSize);

// The mipmap levels below `image`, level 1 first, as GL sizes them (each side halved and rounded
// down, at least 1) down to 1 x 1: each texel the average of the 2 x 2 block above it (a side of
// 1 repeats its texel; an odd side's last row or column is left out, as a box filter of the
// halved size does). With `srgb` the colour channels are averaged as linear light (decoded from
// sRGB and encoded back) and alpha as stored, as glGenerateMipmap does for GL_SRGB8_ALPHA8. An
// image whose rgba size does not match its width and height has no levels.
//
// The renderer uses it where GL runs on the CPU anyway: Mesa's llvmpipe makes mipmaps by drawing
// with a blit shader it compiles with LLVM on first use, once for linear and once for sRGB
// textures (about 100 and 65 ms, which its shader cache does not keep between runs), while these
// loops take 2 to 4 ms for a 1024 x 1024 texture.
std::vector<Image> mipLevels(const Image& image, bool srgb);

// One image's levels to make: the image and whether it is sRGB.
struct MipRequest {
    const Image* image = nullptr;
    bool srgb = false;
};

// mipLevels of each request, in order, made by up to `threads` threads at once (0: as many as the
// machine has cores). The result is the same whatever the count.
std::vector<std::vector<Image>> mipLevelsOfAll(const std::vector<MipRequest>& requests,
                                               unsigned threads = 0);

}  // namespace morph
