#include "morph/Result.h"

#include "morph/ErrorText.h"

namespace morph {

const char* errorCodeName(ErrorCode code) {
    switch (code) {
        case ErrorCode::Io: return "io";
        case ErrorCode::Container: return "container";
        case ErrorCode::Json: return "json";
        case ErrorCode::Schema: return "schema";
        case ErrorCode::OutOfBounds: return "out-of-bounds";
        case ErrorCode::BadReference: return "bad-reference";
        case ErrorCode::Inconsistent: return "inconsistent";
        case ErrorCode::BadValue: return "bad-value";
        case ErrorCode::Limit: return "limit";
        case ErrorCode::Decode: return "decode";
        case ErrorCode::Unsupported: return "unsupported";
        case ErrorCode::UriDenied: return "uri-denied";
        case ErrorCode::Usage: return "usage";
        case ErrorCode::Gpu: return "gpu";
    }
    return "unknown";
}

std::string oneLine(const std::string& message) {
    std::string out;
    for (const char c : message) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u != 0x7f) {
            out += c;
            continue;
        }
        const char* hex = "0123456789abcdef";
        out += {'\\', 'x', hex[u >> 4], hex[u & 15]};
    }
    return out;
}

}  // namespace morph
