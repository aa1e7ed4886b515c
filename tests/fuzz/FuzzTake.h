#pragma once
// What every take fuzzer checks of a reader's answer (app/take/Take.h): any bytes give a take or
// one error line "<file>: line N: ...", never a crash; a take has a value per name in every
// sample, finite values, and times from 0 that never go back.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/take/Take.h"

namespace fuzz_take {

[[noreturn]] inline void fail(const char* what) {
    std::fprintf(stderr, "take fuzzer: %s\n", what);
    std::abort();
}

inline void check(const morph::Result<app::take::Take>& take, const std::string& file) {
    if (!take.ok()) {
        const std::string& message = take.error().message;
        if (message.rfind(file + ": ", 0) != 0 || message.find('\n') != std::string::npos)
            fail("an error that is not one line naming the file");
        if (take.error().code != morph::ErrorCode::Io &&
            message.find(": line ") == std::string::npos)
            fail("an error that names no line");
        return;
    }
    if (take->samples.empty()) fail("a take without samples");
    if (take->samples.front().t != 0) fail("a take whose first sample is not at 0");
    double previous = 0;
    for (const app::take::TakeSample& sample : take->samples) {
        if (!(sample.t >= previous) || !std::isfinite(sample.t)) fail("a time going back");
        previous = sample.t;
        if (sample.values.size() != take->names.size()) fail("a sample without a value per name");
        for (float v : sample.values) {
            if (!std::isfinite(v)) fail("a value that is not finite");
        }
    }
}

}  // namespace fuzz_take
