#include "morph/image/HdrImage.h"

#include <climits>
#include <cstdlib>

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include "morph/io/Files.h"

namespace morph {

namespace {

void appendHdrBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<uint8_t>*>(context);
    const auto* bytes = static_cast<const uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
}

std::string stbHdrReason() {
    const char* reason = stbi_failure_reason();
    return reason ? reason : "unknown";
}

}  // namespace

Result<FloatImage> decodeHdr(const uint8_t* data, size_t size, uint64_t maxBytes) {
    if (!data || size == 0) return Error{ErrorCode::Decode, "no image data"};
    if (size > size_t(INT_MAX)) return Error{ErrorCode::Limit, "image data larger than 2 GiB"};
    // stb would also convert a PNG or JPEG to float through a guessed gamma; an environment
    // must be radiance, so only Radiance files are taken.
    if (!stbi_is_hdr_from_memory(data, int(size))) {
        return Error{ErrorCode::Decode, "not a Radiance .hdr image (no #?RADIANCE header)"};
    }
    int w = 0, h = 0, channels = 0;
    if (!stbi_info_from_memory(data, int(size), &w, &h, &channels)) {
        return Error{ErrorCode::Decode, "not a Radiance .hdr image (" + stbHdrReason() + ")"};
    }
    if (w <= 0 || h <= 0 || uint64_t(w) * uint64_t(h) * 12 > maxBytes) {
        return Error{ErrorCode::Limit, std::to_string(w) + "x" + std::to_string(h) +
                                           " is over the " + std::to_string(maxBytes >> 20) +
                                           " MiB image limit"};
    }
    float* pixels = stbi_loadf_from_memory(data, int(size), &w, &h, &channels, 3);
    if (!pixels) {
        return Error{ErrorCode::Decode, "Radiance image decode failed (" + stbHdrReason() + ")"};
    }
    FloatImage out;
    out.width = w;
    out.height = h;
    out.rgb.assign(pixels, pixels + size_t(w) * size_t(h) * 3);
    stbi_image_free(pixels);
    return out;
}

Result<FloatImage> readHdrFile(const std::string& path, uint64_t maxBytes) {
    const Result<std::vector<uint8_t>> bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    auto image = decodeHdr(bytes->data(), bytes->size(), maxBytes);
    if (!image) return Error{image.error().code, path + ": " + image.error().message};
    return image;
}

Status writeHdrFile(const std::string& path, const FloatImage& image) {
    if (!image.valid()) return Error{ErrorCode::Usage, path + ": no image to write"};
    std::vector<uint8_t> bytes;
    if (!stbi_write_hdr_to_func(appendHdrBytes, &bytes, image.width, image.height, 3,
                                image.rgb.data())) {
        return Error{ErrorCode::Io, path + ": Radiance encoding failed"};
    }
    return writeFileAtomic(path, bytes.data(), bytes.size());
}

}  // namespace morph
