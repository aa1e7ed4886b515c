#include "renderer/gl/Log.h"

#include <cstdio>
#include <mutex>
#include <utility>

namespace renderer {

namespace {
std::mutex gSinkMutex;
LogSink gSink;
}  // namespace

LogSink setLogSink(LogSink sink) {
    std::lock_guard<std::mutex> lock(gSinkMutex);
    return std::exchange(gSink, std::move(sink));
}

void logNote(const std::string& line) {
    LogSink sink;
    {
        std::lock_guard<std::mutex> lock(gSinkMutex);
        sink = gSink;
    }
    if (sink) {
        sink(line);
    } else {
        std::fprintf(stderr, "morphview: %s\n", line.c_str());
    }
}

}  // namespace renderer
