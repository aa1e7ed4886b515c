#pragma once
// What both live input fuzzers check of a decoder's error: one clean line that blames the
// datagram, never a crash.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "morph/ErrorText.h"
#include "morph/Result.h"
#include "tests/fixtures/ErrorCodes.h"

inline void checkLiveError(const char* fuzzer, const morph::Error& e) {
    if (e.message.empty() || e.message.find('\n') != std::string::npos ||
        !fixtures::isInputFault(e.code)) {
        std::fprintf(stderr, "%s: bad error (%s): %s\n", fuzzer, morph::errorCodeName(e.code),
                     e.message.c_str());
        std::abort();
    }
}
