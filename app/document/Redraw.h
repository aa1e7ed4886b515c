#pragma once
// When the viewer draws: only when something changes. On a CPU rasterizer a 1280 x 800 frame
// costs a core for a tenth of a second, so a viewer left open on a still model must not draw.
// A frame is drawn
//   - every frame while something moves by itself: a playing clip, the turntable, the preset
//     cycle, a model loading, a recording, a script driving the UI, a message fading;
//   - for kSettleFrames frames after an event (input, a resize, a dropped file) or after the last
//     frame of a motion: ImGui settles hover, layout and auto-sized windows over the frames after
//     a change, and the panels show the state the motion left;
//   - once when a timer the window asked for runs out (a message about to fade), and once when a
//     live source wakes the window with new data (an empty event, no input: nothing for ImGui to
//     settle).
// Otherwise the window waits for events (glfwWaitEvents) and draws nothing.
namespace app {

// What the frame just drawn says about the next one.
struct Motion {
    bool moving = false;    // something moves by itself (see above)
    double wakeAfter = -1;  // seconds until a timer needs a frame; < 0: none
};

// How to get to the next frame.
struct RedrawWait {
    bool poll = true;     // draw it at once (poll the events, do not wait for one)
    double timeout = -1;  // else wait for an event at most this long; < 0: without a limit
};

class RedrawPolicy {
public:
    static constexpr int kSettleFrames = 3;

    // After each drawn frame.
    RedrawWait afterFrame(const Motion& motion);
    // The wait returned: on an event, or (`timedOut`) when its timeout ran out. Either way the
    // next frame is drawn; after a window's own event (`windowEvent`: input, focus, a resize),
    // kSettleFrames frames in all; after a timeout or a live source's wake, that one.
    void woke(bool timedOut, bool windowEvent = true);

private:
    int mSettle = kSettleFrames;  // frames still to draw; the first frames after opening too
    bool mWasMoving = false;
};

}  // namespace app
