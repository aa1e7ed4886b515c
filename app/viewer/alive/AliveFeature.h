#pragma once
// Idle life in the window (--alive, View > Alive), a feature the loop walks
// (app/viewer/ViewerFeature.h): the face blinks, its eyes move and it breathes
// (morph/anim/IdleLife.h) on its own external layer, "alive", the first the window lists, so
// live input, speech, the user's sliders and solo/mute each win where they set a target. Its
// clock is the frames' dt (a script's and a recording's fixed step included), so a run with the
// same --seed is the same face at the same frame. Turned on, it says on stderr in one line what
// drives each part on the face shown (the menu item's tooltip says it too); with --record-stream
// and no --listen it writes each frame's layer as a line with "source": "alive".
#include <map>
#include <optional>
#include <string>

#include "app/document/WeightLayers.h"
#include "app/live/LiveRecording.h"
#include "app/viewer/ViewerFeature.h"
#include "morph/anim/IdleLife.h"

namespace app {

class AliveFeature : public ViewerFeature {
public:
    explicit AliveFeature(const FeatureContext& context);

    const char* layerName() const override { return kAliveLayer; }
    void modelChanged() override;  // the new face's plan, said again when on
    // Before the frame resolves: the layer at the idle clock, advanced by `dt` while on; empty
    // while off.
    void poll(float dt) override;
    void addMotion(Motion& motion) const override;  // a face alive moves

private:
    void record(const morph::TargetWeights& weights);

    morph::IdleSchedule mSchedule;
    morph::IdleLifePlan mPlan;
    double mTime = -1;   // the idle clock, seconds; -1 before its first frame
    bool mSaid = false;  // the plan's line was printed for the face shown
    std::optional<live::StreamRecorder> mRecorder;
    std::optional<std::map<std::string, float>> mRecorded;  // the last line written
};

}  // namespace app
