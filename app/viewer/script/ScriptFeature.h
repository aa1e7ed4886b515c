#pragma once
// The --script driver, a feature the loop walks (app/viewer/ViewerFeature.h): its runner
// (ViewerScript.h) replaces ImGui's input at the frame's first stage and says what it asks of
// the frame (a screenshot, dropped files, a sample, the exit). While it drives, the clock steps
// one fixed frame and every frame is drawn, so a run does not depend on the machine's speed;
// while it idles (`idle`), the window draws by its own rules and a timer wakes it for the script.
#include <memory>
#include <string>

#include "app/viewer/ViewerFeature.h"
#include "app/viewer/script/ViewerScript.h"
#include "morph/Result.h"

namespace app {

// The --script at `path`, read before the window opens (a script that cannot be read fails
// without a display); nullptr when there is none.
morph::Result<std::unique_ptr<ScriptRunner>> readScript(const std::string& path);

class ScriptFeature : public ViewerFeature {
public:
    // The panels record their widgets' rectangles from now on, for the runner to aim at.
    ScriptFeature(const FeatureContext& context, std::unique_ptr<ScriptRunner> runner);

    float fixedStep() const override;  // one script frame, while it drives
    void driveInput(int width, int height, ScriptStep& step) override;
    void addMotion(Motion& motion) const override;  // every frame, else the idle's timer

private:
    bool drives() const { return mIdleSeconds < 0; }

    std::unique_ptr<ScriptRunner> mRunner;
    double mIdleSeconds = -1;  // the script's `idle`: seconds left (< 0: the script drives)
};

}  // namespace app
