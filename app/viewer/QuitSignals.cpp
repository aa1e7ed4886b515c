#include "app/viewer/QuitSignals.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace app {

namespace {

// The process's one set: a signal handler reaches only globals. Lock-free atomics and write()
// are what a handler may touch.
std::atomic<bool> gRaised{false};
int gPipe[2] = {-1, -1};
struct sigaction gPrevious[2];
constexpr int kSignals[2] = {SIGINT, SIGTERM};
static_assert(std::atomic<bool>::is_always_lock_free, "the handler needs a lock-free flag");

// A signal: 1, the watcher's end: 0.
constexpr char kSignalled = 1, kEnd = 0;

extern "C" void onQuitSignal(int) {
    const int saved = errno;  // the interrupted code's errno stays as it was
    gRaised.store(true);
    if (gPipe[1] >= 0) {
        const char byte = kSignalled;
        [[maybe_unused]] const ssize_t n = ::write(gPipe[1], &byte, 1);
    }
    errno = saved;
}

}  // namespace

morph::Status QuitSignals::start(std::function<void()> wake) {
    stop();
    if (::pipe2(gPipe, O_CLOEXEC) != 0) {
        return morph::Error{morph::ErrorCode::Io,
                            std::string("signal handling: pipe: ") + std::strerror(errno)};
    }
    // A burst of signals must never block the handler: past the pipe's capacity they are one.
    ::fcntl(gPipe[1], F_SETFL, O_NONBLOCK);
    gRaised = false;
    mWake = std::move(wake);
    const int readEnd = gPipe[0];
    mWatcher = std::thread([this, readEnd] {
        char byte = kEnd;
        for (;;) {
            const ssize_t n = ::read(readEnd, &byte, 1);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0 || byte == kEnd) return;
            if (mWake) mWake();
        }
    });
    struct sigaction action {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &action, &gPrevious[i]);
    mStarted = true;
    return {};
}

void QuitSignals::stop() {
    if (!mStarted) return;
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &gPrevious[i], nullptr);
    const char byte = kEnd;
    while (::write(gPipe[1], &byte, 1) < 0 && (errno == EINTR || errno == EAGAIN)) {
    }
    mWatcher.join();
    ::close(gPipe[0]);
    ::close(gPipe[1]);
    gPipe[0] = gPipe[1] = -1;
    mStarted = false;
}

bool QuitSignals::raised() const {
    return gRaised.load();
}

}  // namespace app
