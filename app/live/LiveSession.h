#pragma once
// The viewer's live input for one model: a receiver per --listen source, the live layer that
// maps their samples to the model's targets, and the --record-stream file. The window polls it
// once a frame; it is GL-free, so the viewer only holds one and copies its weights.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/live/Calibration.h"
#include "app/live/LiveHead.h"
#include "app/live/LiveNames.h"
#include "app/live/LiveReceiver.h"
#include "app/live/LiveRecording.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace app::live {

constexpr uint16_t kDefaultVmcPort = 39539;       // the VMC protocol's performer port
constexpr uint16_t kDefaultLiveLinkPort = 11111;  // Live Link Face's default target port

struct ListenSpec {
    SourceKind kind = SourceKind::Vmc;
    uint16_t port = 0;
};

// "vmc", "vmc:PORT", "livelink", "livelink:PORT" (PORT 0: any free port). Errors are one line
// for --listen's usage message.
morph::Result<ListenSpec> parseListenSpec(const std::string& text);

struct LiveSessionOptions {
    std::vector<ListenSpec> sources;
    std::string address = "127.0.0.1";
    std::string recordPath;       // --record-stream; empty: none
    std::string calibrationPath;  // --calibration; empty: the identity
    bool liveHead = false;        // --live-head: the head and eye joints follow the source
};

class LiveSession {
public:
    // Reads the calibration profile, then opens every source's port (each one named on stderr with
    // the port bound) and the recording. `wake` is called from the receiving threads when a sample
    // changed.
    static morph::Result<std::unique_ptr<LiveSession>> start(const morph::Scene& scene,
                                                             const LiveSessionOptions& options,
                                                             std::function<void()> wake);

    // Opens one more source on the session's address (File > Live), named on stderr as start
    // names them; its receiver is the last of receivers(). An error names the address and port.
    morph::Status addSource(const ListenSpec& spec);
    // Stops source `index` of receivers() and closes its port; what it sent stays applied.
    void closeSource(size_t index);
    const std::string& address() const { return mAddress; }

    // Another model (or the same one reloaded): the names map anew to its targets, each source's
    // newest sample is applied again at the next poll, and the ports and the recording carry on.
    void useScene(const morph::Scene& scene);

    // Takes each source's newest sample not taken yet, applies it and records the layer's state.
    // True when a weight changed.
    bool poll();
    const LiveLayer& layer() const { return mLayer; }

    // Calibration (the Live panel's): edit it through calibration(), then reapply() so the face
    // shows the edit without waiting for the next sample; save with writeCalibrationProfile.
    Calibration& calibration() { return mCalibration; }
    const Calibration& calibration() const { return mCalibration; }
    // Applies each source's newest sample again under the current calibration. True when a
    // weight changed.
    bool reapply();
    // The current input becomes the rest pose (Calibration::captureNeutral), applied at once.
    bool captureNeutral();
    // True while smoothing has not caught up with a still input: the window should keep polling
    // (a still face's repeats wake nothing) until it turns false.
    bool settling() const { return mCalibration.settling(); }

    // With liveHead: the head and eye joints' rotations from the newest head and eye angles
    // (LiveHead.h), for the pose to apply with applyNodeRotations after the clips and before
    // skinning; empty without liveHead, without angles or without such joints.
    std::vector<NodeRotation> nodeRotations() const;
    const std::vector<std::unique_ptr<LiveReceiver>>& receivers() const { return mReceivers; }
    // The recording's first write error, if any (the recording stops there).
    const std::string& recordError() const { return mRecordError; }

private:
    LiveSession(const morph::Scene& scene, bool liveHead);

    // Calibrates source i's newest raw sample at `when` and applies it; true when it changed.
    bool applyNewest(size_t i, LiveClock::time_point when);

    LiveLayer mLayer;
    bool mLiveHead = false;
    std::optional<LiveHeadRig> mHeadRig;  // with mLiveHead
    Calibration mCalibration;
    std::string mAddress;
    std::function<void()> mWake;
    std::vector<std::unique_ptr<LiveReceiver>> mReceivers;
    std::vector<uint64_t> mSeen;              // per receiver
    std::vector<LiveSample> mRaw;             // per receiver: the newest sample, uncalibrated
    std::vector<LiveClock::time_point> mFed;  // per receiver: the time it was last applied at
    std::optional<StreamRecorder> mRecorder;
    std::string mRecordError;
};

}  // namespace app::live
