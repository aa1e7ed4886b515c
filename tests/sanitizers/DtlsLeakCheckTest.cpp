// The cause of the "Tracer caught signal 11" failures at exit of GL tests under load, reproduced
// on purpose (built in the sanitized tree only). A dynamic TLS block that starts 16 bytes past a
// page boundary is taken by GCC 12's sanitizer runtime for a glibc <= 2.18 block; the leak check
// at exit then scans a range made of the allocator's chunk header and dies. Mesa's driver threads
// get such blocks when the heap happens to be laid out so, which depends on their timing. Here the
// heap is laid out so on purpose: children allocate k small blocks, then touch a dlopen'ed
// module's thread-local data, until one child's block lands at a page + 16. That child exits
// through the leak check as any test process does, and must exit 0, as it does with the compiled-in
// intercept_tls_get_addr=0 (with the interceptor on it ends "LeakSanitizer has encountered a fatal
// error").
#include <cstdint>
#include <cstdlib>
#include <vector>

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

constexpr int kNotPlaced = 100;

TEST(DtlsLeakCheckTest, ABlockAtAPagePlusSixteenPassesTheLeakCheckAtExit) {
    int placedAt = -1, status = 0;
    for (int k = 0; k < 4096 && placedAt < 0; ++k) {
        const pid_t pid = fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            std::vector<void*> blocks;
            for (int i = 0; i < k; ++i) blocks.push_back(std::malloc(24));
            void* module = dlopen(MORPHVIEW_TLS_MODULE, RTLD_NOW);
            if (module == nullptr) _exit(2);
            auto address = reinterpret_cast<char* (*)()>(dlsym(module, "tlsBlockAddress"));
            if (address == nullptr) _exit(3);
            const uintptr_t block = reinterpret_cast<uintptr_t>(address());
            for (void* b : blocks) std::free(b);
            if (block % 4096 != 16) _exit(kNotPlaced);
            std::exit(0);  // through the leak check, with the thread's DTLS block still alive
        }
        ASSERT_EQ(waitpid(pid, &status, 0), pid);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != kNotPlaced) placedAt = k;
    }
    ASSERT_GE(placedAt, 0) << "no child's TLS block landed 16 bytes past a page";
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "the child with the block at a page + 16 (after " << placedAt << " blocks) ended with "
        << (WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status))
                              : "signal " + std::to_string(WTERMSIG(status)));
}

}  // namespace
