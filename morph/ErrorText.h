#pragma once
// An error's text: its kind's stable name, and the one-line rule every message keeps. Apart from
// Result.h, which nearly every file includes, so that these can change and rebuild a few files.
#include <string>

#include "morph/Result.h"

namespace morph {

// A stable lowercase name ("out-of-bounds") for test messages and machine-readable output.
const char* errorCodeName(ErrorCode code);

// `message` with every control character written as \xNN. Messages echo strings from files
// (URIs, names, keys): a newline in one would break the one-line contract, or forge a line in
// a log.
std::string oneLine(const std::string& message);

}  // namespace morph
