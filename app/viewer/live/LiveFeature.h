#pragma once
// Live input in the window, a feature the loop walks (app/viewer/ViewerFeature.h): the session
// for --listen and the Live panel, --replay on the live layer, Record to clip, the panel's
// requests. --listen's ports and --replay's recording open with the first model loaded (later
// models keep them and the recording, with their own names); a port that cannot open shows as
// an error, and in the Live panel.
#include <memory>
#include <optional>
#include <string>

#include "app/document/WeightLayers.h"
#include "app/live/LiveSession.h"
#include "app/viewer/ViewerFeature.h"
#include "app/viewer/live/LivePanel.h"

namespace app {

class LiveFeature : public ViewerFeature {
public:
    explicit LiveFeature(const FeatureContext& context) : ViewerFeature(context) {}

    const char* layerName() const override { return kLiveLayer; }
    void modelChanged() override;  // the session follows the new scene; the first opens it
    // Before the frame resolves: the newest samples' weights, the replay's line (advanced by
    // the frame's dt), each keyed into the clip while recording to one.
    void poll(float dt) override;
    void drawPanels(float viewX, float viewY) override;    // the Live panel
    void frameDrawn(FrameTimes& times) override;           // the newest sample's age
    void afterFrame(const ScriptStep& scripted) override;  // the Live panel's requests
    // A replay still playing or smoothing still settling moves; the panel's ages and rates are
    // kept current while it shows.
    void addMotion(Motion& motion) const override;

private:
    bool openLiveSession();  // the session, with no source yet; false (and shown) on failure
    void openLiveSource(const std::string& spec);  // a --listen spec; failures shown and listed
    bool advanceReplay(float dt);                  // true when the replay's line changed
    void keyLiveSample();
    void toggleLiveClip();
    void handleCalibrationRequests(const LiveUi::Requests& requests);
    void followStateCalibration();
    std::optional<double> newestLiveAgeMs() const;  // mLive's newest sample; nullopt: none yet
    bool liveMoves() const;  // a replay still playing, or smoothing still settling

    std::unique_ptr<live::LiveSession> mLive;
    LiveUi mLiveUi;  // the Live panel, --replay and Record to clip
    std::optional<live::LiveClock::time_point> mLiveClipStart;  // Record to clip's first key
    bool mLiveRecalibrated = false;              // the panel's calibration changed the live layer
    std::string mLiveCalibrationShown;           // the state's liveCalibration the session has
    live::CalibrationProfile mLiveStartProfile;  // --calibration's, for a discarded recovery
};

}  // namespace app
