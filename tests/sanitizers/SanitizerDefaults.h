#pragma once
// The ASan options every sanitized executable starts with (SanitizerDefaults.cpp says why each).
// A test that needs more defines its own __asan_default_options() returning these plus its own,
// which takes the place of the weak default.
#define MV_ASAN_DEFAULT_OPTIONS "detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0"
