#pragma once
// The skin's base colour, painted procedurally in the head's UV space: skin tone, hair,
// eyebrows, lips, a blush on the cheeks. Written as PNG with stb_image_write.
#include <cstdint>
#include <vector>

#include "HeadSurface.h"

namespace face {

// RGB8 pixels, `size` x `size`, row 0 at v = 0 (the crown).
std::vector<uint8_t> paintSkin(const HeadSurface& head, int size);
std::vector<uint8_t> encodePng(const std::vector<uint8_t>& rgb, int width, int height);

}  // namespace face
