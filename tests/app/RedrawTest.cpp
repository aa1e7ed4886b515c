// When the viewer draws (app/document/Redraw.h): every frame while something moves, a few
// frames after an event or the end of a motion, one when a timer runs out or a live source's
// data wakes it, else none.
#include <gtest/gtest.h>

#include "app/document/Redraw.h"

namespace redraw_test {

namespace {

using app::Motion;
using app::RedrawPolicy;
using app::RedrawWait;

constexpr int kSettle = RedrawPolicy::kSettleFrames;

// Frames drawn (afterFrame answered "poll") before the policy first waits; the wait is returned.
int framesUntilWait(RedrawPolicy& policy, const Motion& motion, RedrawWait* wait = nullptr) {
    int frames = 0;
    for (; frames < 1000; ++frames) {
        const RedrawWait w = policy.afterFrame(motion);
        if (!w.poll) {
            if (wait) *wait = w;
            return frames;
        }
    }
    return frames;
}

TEST(Redraw, StillWindowSettlesThenWaitsWithoutATimer) {
    RedrawPolicy policy;
    RedrawWait wait;
    // The first frame is drawn before the first afterFrame: kSettle more after it.
    EXPECT_EQ(framesUntilWait(policy, Motion{}, &wait), kSettle);
    EXPECT_LT(wait.timeout, 0);
    // Asked again without an event in between, it keeps waiting.
    EXPECT_FALSE(policy.afterFrame(Motion{}).poll);
}

TEST(Redraw, AnEventDrawsTheSettleFramesInAll) {
    RedrawPolicy policy;
    framesUntilWait(policy, Motion{});
    policy.woke(false);  // the frame drawn on waking is the first of them
    EXPECT_EQ(framesUntilWait(policy, Motion{}), kSettle - 1);
}

TEST(Redraw, ATimerDrawsOneFrame) {
    RedrawPolicy policy;
    Motion timer;
    timer.wakeAfter = 3.5;
    RedrawWait wait;
    framesUntilWait(policy, timer, &wait);
    EXPECT_DOUBLE_EQ(wait.timeout, 3.5);
    policy.woke(true);
    EXPECT_EQ(framesUntilWait(policy, Motion{}), 0);
}

TEST(Redraw, ALiveSourcesWakeDrawsOneFrame) {
    // An empty event with no input (a voice's block of audio, a tracker's datagram): the frame
    // that shows the data, then the window waits for the next.
    RedrawPolicy policy;
    framesUntilWait(policy, Motion{});
    policy.woke(false, /*windowEvent=*/false);
    EXPECT_EQ(framesUntilWait(policy, Motion{}), 0);
    policy.woke(false, /*windowEvent=*/true);  // input after it settles as before
    EXPECT_EQ(framesUntilWait(policy, Motion{}), kSettle - 1);
}

TEST(Redraw, MotionDrawsEveryFrameThenSettles) {
    RedrawPolicy policy;
    framesUntilWait(policy, Motion{});
    Motion playing;
    playing.moving = true;
    policy.woke(false);  // a click on Play
    for (int i = 0; i < 100; ++i) ASSERT_TRUE(policy.afterFrame(playing).poll) << i;
    // The clip stopped in the frame just drawn: the panels catch up, then the window waits.
    EXPECT_EQ(framesUntilWait(policy, Motion{}), kSettle);
}

}  // namespace

}  // namespace redraw_test
