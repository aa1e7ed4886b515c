#include "morph/decode/ImageDecode.h"

#include <climits>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <string>

// jpeglib.h needs FILE and size_t declared first.
#include <jpeglib.h>
#include <stb/stb_image.h>
#include <webp/decode.h>

#include "morph/ktx2/Ktx2Container.h"
#include "morph/ktx2/Ktx2Decode.h"

namespace morph {
namespace {

// A decoder's w x h RGBA8 pixels copied into an image, then handed back to it with `release`.
template <typename Release>
DecodedImage takePixels(uint8_t* pixels, int w, int h, Release release) {
    DecodedImage image;
    image.width = w;
    image.height = h;
    image.rgba.assign(pixels, pixels + size_t(w) * size_t(h) * 4);
    release(pixels);
    return image;
}

Status checkImageSize(int w, int h, uint64_t maxBytes) {
    if (w <= 0 || h <= 0 || uint64_t(w) * uint64_t(h) * 4 > maxBytes) {
        return Error{ErrorCode::Limit, "image of " + std::to_string(w) + "x" + std::to_string(h) +
                                           " is past the memory limit"};
    }
    return {};
}

const char* webpStatusName(VP8StatusCode status) {
    switch (status) {
        case VP8_STATUS_OK: return "ok";
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
        case VP8_STATUS_SUSPENDED: return "suspended";
        case VP8_STATUS_USER_ABORT: return "user abort";
        case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated data";
    }
    return "unknown";
}

Result<DecodedImage> decodeWebp(const uint8_t* data, size_t size, uint64_t maxBytes) {
    if (!looksLikeWebp(data, size))
        return Error{ErrorCode::Decode, "not a WebP image (no RIFF/WEBP header)"};
    // The header first, as for stb: a hostile size is refused before libwebp allocates it.
    WebPBitstreamFeatures features;
    const VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) {
        return Error{ErrorCode::Decode,
                     std::string("not a decodable WebP image (") + webpStatusName(status) + ")"};
    }
    // EXT_texture_webp names still images; an animation would need libwebpdemux to pick a frame.
    if (features.has_animation)
        return Error{ErrorCode::Decode, "animated WebP images are not supported"};
    if (Status s = checkImageSize(features.width, features.height, maxBytes); !s) return s.error();
    int w = 0, h = 0;
    uint8_t* pixels = WebPDecodeRGBA(data, size, &w, &h);
    if (!pixels) return Error{ErrorCode::Decode, "WebP image decode failed (corrupt data)"};
    return takePixels(pixels, w, h, WebPFree);
}

// libjpeg reports errors through error_exit, which must not return: it jumps back to decodeJpeg's
// setjmp with the message formatted.
struct JpegErrors {
    jpeg_error_mgr manager;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

void jpegFail(j_common_ptr info) {
    auto* errors = reinterpret_cast<JpegErrors*>(info->err);
    info->err->format_message(info, errors->message);
    std::longjmp(errors->jump, 1);
}

// Warnings (a truncated file, a corrupt marker) are not printed: the pixels libjpeg makes of
// what is there are used, as browsers do.
void jpegQuiet(j_common_ptr) {}

// The JPEG into `out`, or why not in `error`. Only plain values live in this frame (libjpeg leaves
// it by longjmp); the pixels go straight into `out`'s vector, row by row.
bool decodeJpegInto(const uint8_t* data, size_t size, uint64_t maxBytes, DecodedImage* out,
                    Error* error) {
    jpeg_decompress_struct info;
    JpegErrors errors;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = jpegFail;
    errors.manager.output_message = jpegQuiet;
    jpeg_create_decompress(&info);
    if (setjmp(errors.jump)) {
        *error =
            Error{ErrorCode::Decode, std::string("not a decodable image (") + errors.message + ")"};
        jpeg_destroy_decompress(&info);
        return false;
    }
    jpeg_mem_src(&info, data, static_cast<unsigned long>(size));
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_calc_output_dimensions(&info);
    if (Status s = checkImageSize(int(std::min<JDIMENSION>(info.output_width, INT_MAX)),
                                  int(std::min<JDIMENSION>(info.output_height, INT_MAX)), maxBytes);
        !s) {
        *error = s.error();
        jpeg_destroy_decompress(&info);
        return false;
    }
    jpeg_start_decompress(&info);
    out->width = int(info.output_width);
    out->height = int(info.output_height);
    out->rgba.resize(size_t(out->width) * size_t(out->height) * 4);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = out->rgba.data() + size_t(info.output_scanline) * size_t(out->width) * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return true;
}

// JPEG with libjpeg-turbo: its SIMD decoder takes three quarters of stb_image's time (an avatar's
// fifteen 1024 x 1024 textures: 70 against 92 ms) and writes the pixels where they stay.
Result<DecodedImage> decodeJpeg(const uint8_t* data, size_t size, uint64_t maxBytes) {
    DecodedImage image;
    Error error{ErrorCode::Decode, {}};
    if (!decodeJpegInto(data, size, maxBytes, &image, &error)) return error;
    return image;
}

// KHR_texture_basisu: the base image transcoded to RGBA8 (morph/ktx2).
Result<DecodedImage> decodeKtx2(const uint8_t* data, size_t size, uint64_t maxBytes) {
    if (!ktx2::looksLikeKtx2(data, size))
        return Error{ErrorCode::Decode, "not a KTX2 image (no KTX 20 identifier)"};
    auto decoded = ktx2::decodeKtx2(data, size, maxBytes);
    if (!decoded) return decoded.error();
    if (decoded->width > uint32_t(INT_MAX) || decoded->height > uint32_t(INT_MAX))
        return Error{ErrorCode::Limit, "KTX2 image wider or taller than 2^31 - 1 pixels"};
    DecodedImage image;
    image.width = int(decoded->width);
    image.height = int(decoded->height);
    image.rgba = std::move(decoded->rgba);
    return image;
}

}  // namespace

bool looksLikeJpeg(const uint8_t* data, size_t size) {
    return data && size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
}

bool looksLikeWebp(const uint8_t* data, size_t size) {
    return data && size >= 12 && std::memcmp(data, "RIFF", 4) == 0 &&
           std::memcmp(data + 8, "WEBP", 4) == 0;
}

Result<DecodedImage> decodeImage(const uint8_t* data, size_t size, uint64_t maxBytes,
                                 const std::string& mimeType) {
    if (!data || size == 0) return Error{ErrorCode::Decode, "no image data"};
    if (size > size_t(INT_MAX)) return Error{ErrorCode::Limit, "image data larger than 2 GiB"};
    if (mimeType == "image/webp" || looksLikeWebp(data, size))
        return decodeWebp(data, size, maxBytes);
    if (mimeType == "image/ktx2" || ktx2::looksLikeKtx2(data, size))
        return decodeKtx2(data, size, maxBytes);
    if (looksLikeJpeg(data, size)) return decodeJpeg(data, size, maxBytes);
    int w = 0, h = 0, channels = 0;
    // Read the header first so a hostile size is refused before stb allocates it.
    if (!stbi_info_from_memory(data, int(size), &w, &h, &channels)) {
        const char* reason = stbi_failure_reason();
        return Error{ErrorCode::Decode,
                     std::string("not a decodable image (") + (reason ? reason : "unknown") + ")"};
    }
    if (Status s = checkImageSize(w, h, maxBytes); !s) return s.error();
    stbi_uc* pixels = stbi_load_from_memory(data, int(size), &w, &h, &channels, 4);
    if (!pixels) {
        const char* reason = stbi_failure_reason();
        return Error{ErrorCode::Decode,
                     std::string("image decode failed (") + (reason ? reason : "unknown") + ")"};
    }
    return takePixels(pixels, w, h, stbi_image_free);
}

}  // namespace morph
