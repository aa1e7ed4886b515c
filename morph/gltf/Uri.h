#pragma once
// glTF URIs (glTF 2.0 3.2, RFC 3986): percent-decoding, the rule that keeps file reads inside the
// model's folder, and base64 data: URIs. The validator, the importer and File > Export share them.
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

// "my%20file.bin" -> "my file.bin". A '%' not followed by two hex digits stays as it is.
std::string percentDecode(const std::string& uri);

// True when a relative URI would leave the model's folder: once percent-decoded (so %2e%2e
// counts), it is empty, absolute, has a scheme or drive (any ':'), or has a ".." segment.
bool uriLeavesFolder(const std::string& uri);

// The bytes of a "data:[<mime>];base64,<payload>" URI (RFC 4648 alphabet, '=' padding ends the
// payload). Errors (no file name) when it is not base64 or holds other characters.
Result<std::vector<uint8_t>> dataUriBytes(const std::string& uri);

}  // namespace morph
