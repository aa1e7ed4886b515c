#pragma once
// Recording (F9 and the Record menu), a feature the loop walks (app/viewer/ViewerFeature.h): a PNG
// sequence and an MP4 through ffmpeg (app/record/Recorder.h) of the window or of the 3D view
// alone. While it records, the clock steps one frame of the recording's rate per frame and every
// frame is drawn; a recording still running when the loop ends is stopped and finished.
#include "app/record/Recorder.h"
#include "app/viewer/GlfwContext.h"
#include "app/viewer/ViewerFeature.h"

namespace app {

class RecordFeature : public ViewerFeature {
public:
    // Finds ffmpeg on PATH (the panel says when it is missing: PNG frames only).
    explicit RecordFeature(const FeatureContext& context);

    float fixedStep() const override;                      // one frame of the rate, while recording
    void sceneDrawn(const ViewRegion& view) override;      // the 3D view alone, when that is asked
    void frameDrawn(FrameTimes& times) override;           // the whole window, else
    void afterFrame(const ScriptStep& scripted) override;  // F9: start or stop
    void addMotion(Motion& motion) const override;         // every frame, while recording
    void end() override;                                   // a recording still running

private:
    void toggle();
    void record(morph::RgbaImage image);

    const GlfwContext& mContext;
    Recorder mRecorder;
};

}  // namespace app
