// A shared library with dynamic TLS, loaded by DtlsLeakCheckTest with dlopen: the thread-local
// block glibc allocates for it with malloc is what LeakSanitizer's __tls_get_addr interceptor
// misreads (tests/sanitizers/SanitizerDefaults.cpp).
thread_local char tlsBlock[24];

extern "C" __attribute__((visibility("default"))) char* tlsBlockAddress() {
    return tlsBlock;
}
