#pragma once
// The autosave in the window, a feature the loop walks (app/viewer/ViewerFeature.h): the work on
// the open file kept safe (app/session/AutosaveSession.h), started with the window, told when a
// file opens (the recovery and its message), given the state once per frame and ended by a clean
// quit; the recovered work's Discard button; the question before the window closes on unsaved
// work; and a script's `sample LABEL` with the autosave's folder measured.
#include <memory>
#include <string>

#include "app/session/AutosaveSession.h"
#include "app/viewer/ViewerFeature.h"

namespace app {

class AutosaveFeature : public ViewerFeature {
public:
    // A --screenshot-after run is a picture of the command line's options: nothing to keep.
    explicit AutosaveFeature(const FeatureContext& context);

    void opened(bool reloaded) override;  // a file opened fresh: recover what a dead viewer left
    // The close question (shown even with the panels hidden: the window waits for its answer),
    // then the recovered work's buttons.
    void drawPanels(float viewX, float viewY) override;
    // The state to the autosave, its write errors shown; then a script's `sample LABEL`: the
    // autosave flushed, then the line (printSampleLine).
    void afterFrame(const ScriptStep& scripted) override;
    // Whether the window closes: nothing is unsaved, or the user answered the question.
    bool allowClose() override;
    void end() override;  // removed, or kept when the user chose Keep

private:
    void printSample(const std::string& label);
    void answerClose(bool keep);
    void drawCloseQuestion();
    void drawAutosavePanels(float viewX, float viewY);  // the recovered work's buttons

    std::unique_ptr<session::AutosaveSession> mAutosave;
    bool mAskClose = false;       // open the unsaved-work question next frame
    bool mCloseAnswered = false;  // the question was answered with a quit
    bool mKeepAutosave = false;   // ... and the work kept for next time
    bool mRecoveryDismissed = false;
};

}  // namespace app
