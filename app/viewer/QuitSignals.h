#pragma once
// SIGINT and SIGTERM end the viewer the normal way: the handler only sets a flag and writes a
// byte to a pipe (both async-signal-safe); a watcher thread blocked on the pipe's other end
// wakes the event loop (glfwPostEmptyEvent may be called from any thread, but not from a signal
// handler), which sees the flag and leaves its loop as a closed window does, so every recording
// is finished on the way out. One instance at a time (the handlers are the process's).
#include <functional>
#include <thread>

#include "morph/Result.h"

namespace app {

class QuitSignals {
public:
    QuitSignals() = default;
    QuitSignals(const QuitSignals&) = delete;
    QuitSignals& operator=(const QuitSignals&) = delete;
    ~QuitSignals() { stop(); }

    // Installs the handlers; `wake` runs on the watcher thread after each signal.
    morph::Status start(std::function<void()> wake);
    // The previous handlers back, the watcher ended.
    void stop();
    // A SIGINT or SIGTERM arrived since start.
    bool raised() const;

private:
    std::thread mWatcher;
    std::function<void()> mWake;
    bool mStarted = false;
};

}  // namespace app
