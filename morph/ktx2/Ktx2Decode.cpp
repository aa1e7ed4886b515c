// Which decoder a KTX2 file's base image needs: the DFD's color model for VK_FORMAT_UNDEFINED
// (ETC1S with BasisLZ, UASTC raw or with Zstandard), or the vkFormat of plain 8-bit data.
#include "morph/ktx2/Ktx2Decode.h"

#include <algorithm>
#include <string>

#include "morph/ktx2/BasisLz.h"
#include "morph/ktx2/Ktx2Container.h"
#include "morph/ktx2/Uastc.h"
#include "morph/ktx2/Zstd.h"

namespace morph::ktx2 {
namespace {

// VkFormat values (Vulkan 1.0, VkFormat) of the plain formats read here.
constexpr uint32_t kVkR8G8B8Unorm = 23, kVkR8G8B8Srgb = 29;
constexpr uint32_t kVkR8G8B8A8Unorm = 37, kVkR8G8B8A8Srgb = 43;

// The output, allocated once the data it comes from has been checked (its size is within the cap).
void allocate(Ktx2Image& image) {
    image.rgba.assign(size_t(image.width) * image.height * 4, 0);
}

// The base image's first `imageBytes` bytes: in the file, or Zstandard-decompressed into
// `storage`. Level 0's images start with layer 0, face 0 (KTX 2.0 section 3.9).
Result<ByteSpan> baseImageBytes(const Ktx2Container& c, uint64_t imageBytes, uint64_t maxBytes,
                                std::vector<uint8_t>& storage) {
    const Ktx2Level& level = c.levels[0];
    const std::string need = "its base image needs " + std::to_string(imageBytes) + " bytes";
    if (c.scheme == Supercompression::None) {
        if (level.byteLength < imageBytes) {
            return Error{
                ErrorCode::Inconsistent,
                "KTX2 level 0 holds " + std::to_string(level.byteLength) + " bytes; " + need};
        }
        return ByteSpan{c.file + level.byteOffset, size_t(imageBytes)};
    }
    if (c.scheme != Supercompression::Zstandard) {
        return Error{ErrorCode::Unsupported,
                     "KTX2 BasisLZ supercompression of anything but ETC1S is not supported"};
    }
    if (imageBytes > maxBytes)
        return Error{ErrorCode::Limit, "KTX2 " + need + ", past the memory limit"};
    if (level.uncompressedByteLength < imageBytes) {
        return Error{ErrorCode::Inconsistent, "KTX2 level 0 decompresses to " +
                                                  std::to_string(level.uncompressedByteLength) +
                                                  " bytes; " + need};
    }
    auto bytes = zstdPrefix(c.levelBytes(0), size_t(imageBytes));
    if (!bytes) return bytes.error();
    storage = std::move(*bytes);
    return ByteSpan{storage.data(), storage.size()};
}

Status decodeUastc(const Ktx2Container& c, uint64_t maxBytes, Ktx2Image& image) {
    const uint32_t blocksX = (c.width + 3) / 4, blocksY = (c.height + 3) / 4;
    std::vector<uint8_t> storage;
    auto bytes =
        baseImageBytes(c, uint64_t(blocksX) * blocksY * kUastcBlockBytes, maxBytes, storage);
    if (!bytes) return bytes.error();
    allocate(image);
    uint8_t texels[64];
    for (uint32_t by = 0; by < blocksY; ++by) {
        for (uint32_t bx = 0; bx < blocksX; ++bx) {
            const uint8_t* block = bytes->data + (size_t(by) * blocksX + bx) * kUastcBlockBytes;
            if (!decodeUastcBlock(block, texels)) {
                return Error{ErrorCode::Decode, "UASTC block (" + std::to_string(bx) + ", " +
                                                    std::to_string(by) + ") is not valid"};
            }
            const uint32_t w = std::min(4u, c.width - bx * 4), h = std::min(4u, c.height - by * 4);
            for (uint32_t y = 0; y < h; ++y) {
                std::copy_n(texels + y * 16, w * 4,
                            image.rgba.data() + ((size_t(by) * 4 + y) * c.width + bx * 4) * 4);
            }
        }
    }
    return {};
}

Error sliceOutOfBounds(const char* which, uint32_t offset, uint32_t length, size_t levelSize) {
    return Error{ErrorCode::OutOfBounds, std::string("BasisLZ ") + which + " slice (offset " +
                                             std::to_string(offset) + ", length " +
                                             std::to_string(length) + ") is past level 0's " +
                                             std::to_string(levelSize) + " bytes"};
}

Status decodeEtc1s(const Ktx2Container& c, Ktx2Image& image) {
    if (c.scheme != Supercompression::BasisLZ)
        return Error{ErrorCode::Unsupported, "KTX2 ETC1S data without BasisLZ is not supported"};
    auto global = readBasisLzGlobal(c.globalData, uint64_t(c.levels.size()) * c.imagesPerLevel());
    if (!global) return global.error();
    const BasisLzImageDesc& desc = global->images[0];  // level 0, layer 0, face 0
    const ByteSpan level = c.levelBytes(0);
    const auto slice = [&level](uint32_t offset, uint32_t length) {
        return ByteSpan{level.data + offset, length};
    };
    if (uint64_t(desc.rgbSliceByteOffset) + desc.rgbSliceByteLength > level.size)
        return sliceOutOfBounds("RGB", desc.rgbSliceByteOffset, desc.rgbSliceByteLength,
                                level.size);
    allocate(image);
    if (Status s =
            decodeEtc1sSlice(*global, slice(desc.rgbSliceByteOffset, desc.rgbSliceByteLength),
                             c.width, c.height, SliceKind::Rgb, image.rgba.data());
        !s) {
        return s;
    }
    // The DFD's second sample says whether there is an alpha slice (KTX 2.0 section 3.10.2).
    const bool alpha = c.channelIds.size() >= 2 && c.channelIds[1] == kChannelEtc1sAlpha;
    if (!alpha) return {};
    if (desc.alphaSliceByteLength == 0)
        return Error{ErrorCode::Inconsistent, "KTX2 ETC1S image with alpha has no alpha slice"};
    if (uint64_t(desc.alphaSliceByteOffset) + desc.alphaSliceByteLength > level.size) {
        return sliceOutOfBounds("alpha", desc.alphaSliceByteOffset, desc.alphaSliceByteLength,
                                level.size);
    }
    return decodeEtc1sSlice(*global, slice(desc.alphaSliceByteOffset, desc.alphaSliceByteLength),
                            c.width, c.height, SliceKind::Alpha, image.rgba.data());
}

Status decodePlain(const Ktx2Container& c, uint32_t texelBytes, uint64_t maxBytes,
                   Ktx2Image& image) {
    const uint64_t texels = uint64_t(c.width) * c.height;
    std::vector<uint8_t> storage;
    auto bytes = baseImageBytes(c, texels * texelBytes, maxBytes, storage);
    if (!bytes) return bytes.error();
    allocate(image);
    if (texelBytes == 4) {
        std::copy_n(bytes->data, size_t(texels) * 4, image.rgba.data());
        return {};
    }
    for (size_t i = 0; i < texels; ++i) {
        std::copy_n(bytes->data + i * 3, 3, image.rgba.data() + i * 4);
        image.rgba[i * 4 + 3] = 255;
    }
    return {};
}

}  // namespace

Result<Ktx2Image> decodeKtx2(const uint8_t* data, size_t size, uint64_t maxBytes) {
    auto container = readKtx2Container(data, size);
    if (!container) return container.error();
    const Ktx2Container& c = *container;
    // width * height < 2^64 always; times 4 it might not be, so the cap is divided instead.
    if (uint64_t(c.width) * c.height > maxBytes / 4) {
        return Error{ErrorCode::Limit, "image of " + std::to_string(c.width) + "x" +
                                           std::to_string(c.height) + " is past the memory limit"};
    }
    const bool basis = c.vkFormat == 0;
    const bool plain = c.vkFormat == kVkR8G8B8A8Unorm || c.vkFormat == kVkR8G8B8A8Srgb ||
                       c.vkFormat == kVkR8G8B8Unorm || c.vkFormat == kVkR8G8B8Srgb;
    if (!basis && !plain) {
        return Error{ErrorCode::Unsupported,
                     "KTX2 vkFormat " + std::to_string(c.vkFormat) +
                         " is not supported (ETC1S, UASTC and 8-bit RGB/RGBA are)"};
    }
    if (basis && c.colorModel != kColorModelEtc1s && c.colorModel != kColorModelUastc) {
        return Error{ErrorCode::Unsupported, "KTX2 color model " + std::to_string(c.colorModel) +
                                                 " is not supported (ETC1S and UASTC are)"};
    }
    Ktx2Image image;
    image.width = c.width;
    image.height = c.height;
    Status s = !basis ? decodePlain(c, c.vkFormat <= kVkR8G8B8Srgb ? 3 : 4, maxBytes, image)
               : c.colorModel == kColorModelEtc1s ? decodeEtc1s(c, image)
                                                  : decodeUastc(c, maxBytes, image);
    if (!s) return s.error();
    return image;
}

}  // namespace morph::ktx2
