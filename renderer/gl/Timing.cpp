#include "renderer/gl/Timing.h"

#include <atomic>
#include <cstdint>

#include "renderer/gl/Gl.h"

namespace renderer {

void finishGl() {
    glFinish();
}

namespace {

// Microseconds, so the total adds atomically without a lock.
std::atomic<int64_t> gProgramMicros{0};
std::atomic<int> gPrograms{0};
thread_local ProgramWork tThreadWork;

}  // namespace

ProgramWork programWork() {
    return {gPrograms.load(), double(gProgramMicros.load()) / 1000.0};
}

ProgramWork threadProgramWork() {
    return tThreadWork;
}

void addProgramWork(double ms) {
    gProgramMicros += int64_t(ms * 1000.0);
    ++gPrograms;
    tThreadWork.ms += ms;
    ++tThreadWork.programs;
}

}  // namespace renderer
