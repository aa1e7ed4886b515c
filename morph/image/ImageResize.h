#pragma once
// CPU downscaling of decoded images, for a texture larger than the GL context allows
// (GL_MAX_TEXTURE_SIZE): the renderer shrinks it rather than fail the upload or the model.
#include <cstdint>

#include "morph/Scene.h"

namespace morph {

// The smallest integer factor f such that both sides of a width x height image divided by f
// (rounded up) fit in maxSize; 1 when the image already fits.
uint32_t downscaleFactor(int width, int height, uint32_t maxSize);

// `image` shrunk by downscaleFactor(): each output texel is the average of the f x f block of
// input texels it covers (a box filter; blocks at the right and bottom edges are clipped). An
// image that fits, or one whose rgba size does not match its width and height, comes back as is.
Image downscaleToFit(const Image& image, uint32_t maxSize);

}  // namespace morph
