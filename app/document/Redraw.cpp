#include "app/document/Redraw.h"

namespace app {

RedrawWait RedrawPolicy::afterFrame(const Motion& motion) {
    if (motion.moving) {
        mWasMoving = true;
        return {};
    }
    if (mWasMoving) {  // the motion stopped in the frame just drawn
        mWasMoving = false;
        mSettle = kSettleFrames;
    }
    if (mSettle > 0) {
        --mSettle;
        return {};
    }
    return {false, motion.wakeAfter};
}

void RedrawPolicy::woke(bool timedOut, bool windowEvent) {
    // This frame is one of them: kSettleFrames - 1 more after it.
    mSettle = timedOut || !windowEvent ? 0 : kSettleFrames - 1;
}

}  // namespace app
