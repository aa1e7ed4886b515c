#pragma once
// GL error reporting: the KHR_debug callback (on in debug builds) and a drain of glGetError that
// tests call once per case to assert "no GL error".
#include <string>
#include <vector>

#include "morph/Result.h"

namespace renderer {

// Installs the KHR_debug message callback on the current context (synchronous, so a message
// arrives inside the call that caused it). Errors are kept for takeDebugErrors(); errors and
// high-severity messages are also logged. Harmless on a non-debug context.
void enableDebugOutput();

// Drains glGetError: the names of the pending errors ("GL_INVALID_OPERATION"), empty when none.
std::vector<std::string> glErrors();
// Drains the error-type messages the debug callback collected since the last call.
std::vector<std::string> takeDebugErrors();

// Both drains together: an error "<where>: GL error GL_INVALID_VALUE; ..." when anything was
// pending, else ok.
morph::Status checkGl(const std::string& where);

}  // namespace renderer
