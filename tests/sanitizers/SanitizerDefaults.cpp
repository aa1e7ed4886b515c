// The sanitizer options of every executable in the sanitized tree (MORPHVIEW_SANITIZE: the tests,
// morphview and the fuzzers), compiled in so that a test run by hand, by CTest, by
// tests/ci-stress.sh or as a child process behaves as in CI. ASAN_OPTIONS, LSAN_OPTIONS and
// UBSAN_OPTIONS in the environment still win, flag by flag.

#include "SanitizerDefaults.h"

// ASan + LeakSanitizer. intercept_tls_get_addr=0: the __tls_get_addr interceptor of GCC 12's
// and LLVM 14's runtimes (fixed upstream in LLVM 17) takes any dynamic TLS block that starts 16
// bytes past a page boundary for a glibc <= 2.18 block and reads the two words before it as the
// block's start and size. Since glibc 2.25 those words are the allocator's chunk header, so the
// leak check at exit scans a garbage range and its stop-the-world tracer dies with SIGSEGV
// ("Tracer caught signal 11", seen on the 50k x 300 GL tests under load). Mesa's driver
// threads allocate such blocks, at addresses that depend on the threads' timing. Without the
// interceptor the blocks are ordinary heap chunks and pointers held only in them are not roots:
// the driver's, which the suppressions below already cover.
// Weak: a test may define its own (tests/sanitizers/SanitizerDefaults.h).
extern "C" __attribute__((weak, used, visibility("default"))) const char* __asan_default_options() {
    return MV_ASAN_DEFAULT_OPTIONS;
}

extern "C" __attribute__((used, visibility("default"))) const char* __lsan_default_options() {
    return "print_suppressions=0";
}

// Leaks inside the GL driver stack only, which is not instrumented and which we cannot fix: Mesa
// (its EGL/GLX front ends, the gallium llvmpipe driver in *_dri.so, the glapi dispatch), LLVM
// (llvmpipe's JIT), the glvnd loaders, GLFW and the X11/xcb libraries under it. Patterns name
// shared libraries only, never a morphview function, file or library: a leak in our code must
// still fail the run.
extern "C" __attribute__((used, visibility("default"))) const char* __lsan_default_suppressions() {
    return "leak:libEGL.so\n"
           "leak:libEGL_mesa.so\n"
           "leak:libGLX.so\n"
           "leak:libGLX_mesa.so\n"
           "leak:libGLdispatch.so\n"
           "leak:libglapi.so\n"
           "leak:libgbm.so\n"
           "leak:_dri.so\n"
           "leak:libLLVM-\n"
           "leak:libglfw.so\n"
           "leak:libX11.so\n"
           "leak:libxcb.so\n";
}

// UBSan: a finding stops the program, with its stack.
extern "C" __attribute__((used, visibility("default"))) const char* __ubsan_default_options() {
    return "print_stacktrace=1:halt_on_error=1";
}
