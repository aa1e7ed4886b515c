#pragma once
// Whether the window had an event of its own (input, focus, size, a redraw the system asked for)
// since the last look: GLFW wakes a waiting window alike for those and for an empty event, which
// only the live sources post (a tracker's datagram, a voice's block of audio, a quit signal). A
// source's wake needs its one frame, not the frames ImGui settles in after input (Redraw.h), and
// at a voice's hundred blocks a second those frames would keep the window drawing unchanged
// frames without a pause. The window's callbacks are wrapped after ImGui installs its own, each
// noting the event and handing it on.
struct GLFWwindow;

namespace app::window_events {

// Wraps `window`'s input, focus, size, position, refresh and close callbacks (one window per
// process).
void watch(GLFWwindow* window);
// True when the window had an event since the last call (or since watch).
bool take();

}  // namespace app::window_events
