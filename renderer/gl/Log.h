#pragma once
// Notes the renderer wants a person to see (a mesh split across textures, a debug message).
// One line each; by default written to stderr, redirectable by the app or a test.
#include <functional>
#include <string>

namespace renderer {

using LogSink = std::function<void(const std::string& line)>;

// Replaces the sink (an empty function restores stderr); returns the previous one.
LogSink setLogSink(LogSink sink);
void logNote(const std::string& line);

}  // namespace renderer
