#include "morph/image/ImageDecode.h"

#include <climits>
#include <string>

#include <stb/stb_image.h>

namespace morph {

Result<DecodedImage> decodeImage(const uint8_t* data, size_t size, uint64_t maxBytes) {
    if (!data || size == 0) return Error{ErrorCode::Decode, "no image data"};
    if (size > size_t(INT_MAX)) return Error{ErrorCode::Limit, "image data larger than 2 GiB"};
    int w = 0, h = 0, channels = 0;
    // Read the header first so a hostile size is refused before stb allocates it.
    if (!stbi_info_from_memory(data, int(size), &w, &h, &channels)) {
        const char* reason = stbi_failure_reason();
        return Error{ErrorCode::Decode,
                     std::string("not a decodable image (") + (reason ? reason : "unknown") + ")"};
    }
    if (w <= 0 || h <= 0 || uint64_t(w) * uint64_t(h) * 4 > maxBytes) {
        return Error{ErrorCode::Limit, "image of " + std::to_string(w) + "x" + std::to_string(h) +
                                           " is past the memory limit"};
    }
    stbi_uc* pixels = stbi_load_from_memory(data, int(size), &w, &h, &channels, 4);
    if (!pixels) {
        const char* reason = stbi_failure_reason();
        return Error{ErrorCode::Decode,
                     std::string("image decode failed (") + (reason ? reason : "unknown") + ")"};
    }
    DecodedImage image;
    image.width = w;
    image.height = h;
    image.rgba.assign(pixels, pixels + size_t(w) * size_t(h) * 4);
    stbi_image_free(pixels);
    return image;
}

}  // namespace morph
