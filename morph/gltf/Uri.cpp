#include "morph/gltf/Uri.h"

namespace morph {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int base64Value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

}  // namespace

std::string percentDecode(const std::string& uri) {
    std::string out;
    out.reserve(uri.size());
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && hexValue(uri[i + 1]) >= 0 &&
            hexValue(uri[i + 2]) >= 0) {
            out += char(hexValue(uri[i + 1]) * 16 + hexValue(uri[i + 2]));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

bool uriLeavesFolder(const std::string& uri) {
    const std::string path = percentDecode(uri);
    if (path.empty() || path[0] == '/' || path[0] == '\\' || path.find(':') != std::string::npos) {
        return true;
    }
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find_first_of("/\\", start);
        if (end == std::string::npos) end = path.size();
        if (end - start == 2 && path.compare(start, 2, "..") == 0) return true;
        start = end + 1;
    }
    return false;
}

Result<std::vector<uint8_t>> dataUriBytes(const std::string& uri) {
    const size_t comma = uri.find(',');
    if (uri.rfind("data:", 0) != 0 || comma == std::string::npos || comma < 7 ||
        uri.compare(comma - 7, 7, ";base64") != 0) {
        return Error{ErrorCode::BadValue, "data: URI is not base64"};
    }
    std::vector<uint8_t> out;
    out.reserve((uri.size() - comma) / 4 * 3);
    uint32_t bits = 0;
    int count = 0;
    for (size_t i = comma + 1; i < uri.size() && uri[i] != '='; ++i) {
        const int value = base64Value(uri[i]);
        if (value < 0) return Error{ErrorCode::Decode, "data: URI holds characters outside base64"};
        bits = (bits << 6) | uint32_t(value);
        if (++count == 4) {
            out.push_back(uint8_t(bits >> 16));
            out.push_back(uint8_t(bits >> 8));
            out.push_back(uint8_t(bits));
            bits = 0;
            count = 0;
        }
    }
    if (count == 2) out.push_back(uint8_t(bits >> 4));
    if (count == 3) {
        out.push_back(uint8_t(bits >> 10));
        out.push_back(uint8_t(bits >> 2));
    }
    return out;
}

}  // namespace morph
