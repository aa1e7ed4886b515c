#include "morph/image/ImageFile.h"

#include <stb/stb_image_write.h>

#include "morph/decode/ImageDecode.h"
#include "morph/io/Files.h"

namespace morph {

namespace {

// Images larger than this are refused rather than decoded (1 GiB of RGBA8, 16k x 16k).
constexpr uint64_t kMaxImageBytes = uint64_t(1) << 30;

void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<uint8_t>*>(context);
    const auto* bytes = static_cast<const uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
}

}  // namespace

Result<RgbaImage> readImageFile(const std::string& path) {
    const Result<std::vector<uint8_t>> bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    auto decoded = decodeImage(bytes->data(), bytes->size(), kMaxImageBytes);
    if (!decoded) return Error{decoded.error().code, path + ": " + decoded.error().message};
    RgbaImage image;
    image.width = decoded->width;
    image.height = decoded->height;
    image.pixels = std::move(decoded->rgba);
    return image;
}

Result<std::vector<uint8_t>> encodePng(const RgbaImage& image) {
    if (!image.valid()) return Error{ErrorCode::BadValue, "PNG: empty or inconsistent image"};
    std::vector<uint8_t> out;
    const int ok = stbi_write_png_to_func(appendBytes, &out, image.width, image.height, 4,
                                          image.pixels.data(), image.width * 4);
    if (ok == 0 || out.empty()) return Error{ErrorCode::BadValue, "PNG: encoding failed"};
    return out;
}

Status writePngFile(const std::string& path, const RgbaImage& image) {
    auto png = encodePng(image);
    if (!png) return Error{png.error().code, path + ": " + png.error().message};
    return writeFileAtomic(path, png->data(), png->size());
}

}  // namespace morph
