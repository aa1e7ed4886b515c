#include "renderer/gl/Log.h"

#include <cstdio>
#include <mutex>
#include <utility>

namespace renderer {

namespace {
std::mutex gMutex;
LogSink gSink;
}  // namespace

LogSink setLogSink(LogSink sink) {
    std::lock_guard<std::mutex> lock(gMutex);
    return std::exchange(gSink, std::move(sink));
}

void logNote(const std::string& line) {
    LogSink sink;
    {
        std::lock_guard<std::mutex> lock(gMutex);
        sink = gSink;
    }
    if (sink) {
        sink(line);
    } else {
        std::fprintf(stderr, "morphview: %s\n", line.c_str());
    }
}

}  // namespace renderer
