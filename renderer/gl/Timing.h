#pragma once
// How the renderer times its work from outside it: a wall-clock scope that adds its duration to
// a total when it ends (the draw's bookkeeping, the morph stage's pre-pass runs), a stopwatch,
// and waiting for the GL work submitted so far. The draw (SceneRenderer) and the morph stage
// time through these and read no clock themselves.
#include <chrono>

namespace renderer {

// Wall-clock milliseconds since it was made (or restarted).
class Stopwatch {
public:
    Stopwatch() : mStart(std::chrono::steady_clock::now()) {}
    void restart() { mStart = std::chrono::steady_clock::now(); }
    double ms() const {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - mStart)
            .count();
    }

private:
    std::chrono::steady_clock::time_point mStart;
};

// Adds the wall-clock milliseconds of its scope to `totalMs` when the scope ends.
class ScopedTimer {
public:
    explicit ScopedTimer(double& totalMs) : mTotal(totalMs) {}
    ScopedTimer(const ScopedTimer&) = delete;
    ScopedTimer& operator=(const ScopedTimer&) = delete;
    ~ScopedTimer() { mTotal += mClock.ms(); }

private:
    double& mTotal;
    Stopwatch mClock;
};

// Waits until the GL work submitted so far has finished (glFinish).
void finishGl();

// The programs ShaderLibrary built in this process so far: how many, and the wall-clock
// milliseconds their expansion, compiles and links took (with an empty shader cache, a CPU
// driver spends most of a first picture here). Process-wide and atomic: regress's workers build
// on their own threads. `capture --timings` and `warm-cache` report it.
struct ProgramWork {
    int programs = 0;
    double ms = 0;
};
ProgramWork programWork();
// The same for the programs built on the calling thread.
ProgramWork threadProgramWork();
void addProgramWork(double ms);

}  // namespace renderer
