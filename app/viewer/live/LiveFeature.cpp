// Live input in the window (LiveFeature.h): the session for --listen and File > Live, --replay,
// Record to clip, the Live panel's requests.
#include "app/viewer/live/LiveFeature.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <utility>

#include "app/take/TakeFile.h"
#include "app/voice/VoiceSession.h"
#include "morph/edit/WeightSpec.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace app {

namespace {

// A sample that changed something wakes a window waiting for events (Redraw.h).
void wakeLoop() {
    glfwPostEmptyEvent();
}

// A recording line's weights as the live layer's, through its --weights SPEC as capture
// --replay draws it.
morph::Result<morph::TargetWeights> replayWeights(const morph::Scene& scene,
                                                  const live::StreamLine& line) {
    auto text = live::weightSpecOf(line.weights);
    if (!text) return text.error();
    auto spec = morph::parseWeightSpec(*text);
    if (!spec) return spec.error();
    return liveWeightsOf(scene, *spec);
}

}  // namespace

morph::Result<std::vector<live::StreamLine>> loadReplay(const std::string& path,
                                                        const morph::Scene* scene) {
    // A recording, or another tool's take retargeted onto the face (by the take's own names
    // without one, as the check before the window opens reads it).
    auto lines = take::readRecordingOrTake(path, scene);
    if (!lines) return morph::Error{lines.error().code, "--replay: " + lines.error().message};
    if (lines->empty())
        return morph::Error{morph::ErrorCode::Usage, "--replay: " + path + ": has no lines"};
    for (size_t i = 0; i < lines->size(); ++i) {
        if (auto spec = live::weightSpecOf((*lines)[i].weights); !spec) {
            return morph::Error{morph::ErrorCode::Usage, path + ": line " + std::to_string(i + 1) +
                                                             ": " + spec.error().message};
        }
    }
    return lines;
}

bool LiveFeature::openLiveSession() {
    if (mLive) return true;
    if (!mOptions.calibration.empty()) mLiveUi.profilePath = mOptions.calibration;
    live::LiveSessionOptions options;
    options.address = mOptions.listenAddress;
    // Without --listen, --record-stream is idle life's file (--alive): a source opened later
    // from the Live panel leaves it alone.
    if (!mOptions.listen.empty()) options.recordPath = mOptions.recordStream;
    options.calibrationPath = mOptions.calibration;
    options.liveHead = mOptions.liveHead;
    auto session = live::LiveSession::start(mDoc.scene, options, wakeLoop);
    if (!session) {
        std::fprintf(stderr, "morphview: %s\n", session.error().message.c_str());
        showError(mUi, session.error().message);
        return false;
    }
    mLive = std::move(session).value();
    mLiveStartProfile = mLive->calibration().profile();
    return true;
}

void LiveFeature::openLiveSource(const std::string& text) {
    auto spec = live::parseListenSpec(text);
    if (!spec) {
        showError(mUi, spec.error().message);
        return;
    }
    if (!openLiveSession()) return;
    if (morph::Status s = mLive->addSource(*spec); !s) {
        std::fprintf(stderr, "morphview: %s\n", s.error().message.c_str());
        showError(mUi, s.error().message);
        mLiveUi.failed.push_back({std::string(live::sourceKindKey(spec->kind)) + " on " +
                                      mLive->address() + ":" + std::to_string(spec->port),
                                  s.error().message});
    }
}

void LiveFeature::modelChanged() {
    if (mLive) {  // another model: the ports and the recording carry on
        ExternalLayer& layer = externalLayer(mDoc.state, kLiveLayer);
        layer.weights.clear();  // the newest samples come again at the next poll
        layer.rotations.clear();
        mLive->useScene(mDoc.scene);
    }
    if (mLiveUi.replay) mLiveUi.replay->shown = nullptr;  // its line maps anew at the next poll
    if (mLive || mLiveUi.replay) return;
    // `--listen audio...` is the voice's (app/viewer/voice/VoiceFeature.h).
    std::vector<std::string> network;
    for (const std::string& text : mOptions.listen) {
        if (!voice::isAudioListenSpec(text)) network.push_back(text);
    }
    if (!network.empty() && openLiveSession()) {
        for (const std::string& text : network) openLiveSource(text);
    }
    if (!mOptions.replay.empty()) {
        auto lines = loadReplay(mOptions.replay, &mDoc.scene);  // checked before the window opened
        if (!lines) {
            showError(mUi, lines.error().message);
            return;
        }
        mLiveUi.replay.emplace();
        mLiveUi.replay->path = mOptions.replay;
        mLiveUi.replay->lines = std::move(lines).value();
    }
}

bool LiveFeature::advanceReplay(float dt) {
    if (!mLiveUi.replay) return false;
    LiveReplay& r = *mLiveUi.replay;
    if (r.shown) r.time += dt;  // the first line shows at 0, in the first frame
    const live::StreamLine* line = live::streamLineAt(r.lines, r.lines.front().t + r.time);
    if (line == r.shown) return false;
    r.shown = line;
    auto weights = replayWeights(mDoc.scene, *line);
    r.weights = weights ? std::move(weights).value() : morph::TargetWeights{};
    return true;
}

// The state's calibration, when it is not the session's: recovered from an autosave, or dropped
// with the recovered work (back to the profile the session started with).
void LiveFeature::followStateCalibration() {
    if (!mLive || mDoc.state.liveCalibration == mLiveCalibrationShown) return;
    mLiveCalibrationShown = mDoc.state.liveCalibration;
    if (mLiveCalibrationShown.empty()) {
        mLive->calibration().setProfile(mLiveStartProfile);
    } else {
        auto profile =
            live::parseCalibrationProfile(mLiveCalibrationShown, "the autosave's calibration");
        if (!profile) return showError(mUi, profile.error().message);
        mLive->calibration().setProfile(std::move(profile).value());
    }
    mLiveRecalibrated = mLive->reapply() || mLiveRecalibrated;
}

void LiveFeature::poll(float dt) {
    if (!mDoc.loaded) return;
    followStateCalibration();
    const bool sampled = mLive && mLive->poll();
    const bool replayed = advanceReplay(dt);
    if (!sampled && !replayed && !std::exchange(mLiveRecalibrated, false)) return;
    // The live layer: the sources' newest values, a replay's line over them.
    ExternalLayer& layer = externalLayer(mDoc.state, kLiveLayer);
    layer.weights.clear();
    if (mLive) {
        for (const auto& [ref, value] : mLive->layer().weights())
            layer.weights.set(ref.mesh, ref.target, value);
    }
    if (mLiveUi.replay) {
        for (const auto& [ref, value] : mLiveUi.replay->weights)
            layer.weights.set(ref.first, ref.second, value);
    }
    layer.rotations.clear();
    if (mLive) {
        for (const live::NodeRotation& r : mLive->nodeRotations())
            layer.rotations.emplace_back(r.node, r.rotation);
    }
    if (mLiveUi.clip) keyLiveSample();
}

void LiveFeature::keyLiveSample() {
    const auto now = live::LiveClock::now();
    if (!mLiveClipStart) mLiveClipStart = now;
    mLiveUi.clipSeconds = std::chrono::duration<double>(now - *mLiveClipStart).count();
    if (morph::Status s =
            keyLiveClip(mDoc.state, mDoc.scene, *mLiveUi.clip, float(mLiveUi.clipSeconds));
        !s) {
        showError(mUi, s.error().message);
        mLiveUi.clip.reset();
    }
}

void LiveFeature::toggleLiveClip() {
    if (mLiveUi.clip) {
        const morph::UserClip& clip = mDoc.state.userClips[size_t(mLiveUi.clip->clip)];
        showMessage(mUi, "recorded '" + clip.name + "' (" + std::to_string(clip.keys.size()) +
                             " keys): File > Export writes it");
        mLiveUi.clip.reset();
        return;
    }
    auto recording = startLiveClip(mDoc.state, mDoc.scene);
    if (!recording) {
        showError(mUi, recording.error().message);
        return;
    }
    mLiveUi.clip = *recording;
    mLiveUi.clipSeconds = -1;
    mLiveClipStart.reset();
    keyLiveSample();  // the pose the recording starts from, at 0
    showMessage(mUi, "recording live input to '" +
                         mDoc.state.userClips[size_t(recording->clip)].name + "'");
}

void LiveFeature::afterFrame(const ScriptStep& /*scripted*/) {
    LiveUi::Requests requests = std::exchange(mLiveUi.requests, {});
    if (!mDoc.loaded) return;
    if (requests.close && mLive) {
        mLive->closeSource(*requests.close);
        if (*requests.close < mLiveUi.rates.size())
            mLiveUi.rates.erase(mLiveUi.rates.begin() + std::ptrdiff_t(*requests.close));
    }
    if (requests.open) openLiveSource(*requests.open);
    if (requests.toggleClip) toggleLiveClip();
    if (mLive) handleCalibrationRequests(requests);
}

// The calibration as the panel edited it, applied to each source's newest sample at once (the
// face shows the edit without waiting for the tracker), and saved where the panel says.
void LiveFeature::handleCalibrationRequests(const LiveUi::Requests& requests) {
    if (requests.profile) {
        mLive->calibration().setProfile(*requests.profile);
        mLiveRecalibrated = mLive->reapply() || mLiveRecalibrated;
    }
    if (requests.captureNeutral) {
        mLiveRecalibrated = mLive->captureNeutral() || mLiveRecalibrated;
        showMessage(mUi, "the live input's current values are its neutral now");
    }
    if (requests.profile || requests.captureNeutral) {  // the edit is work the autosave keeps
        mDoc.state.liveCalibration = live::calibrationProfileJson(mLive->calibration().profile());
        mLiveCalibrationShown = mDoc.state.liveCalibration;
    }
    if (requests.saveProfile) {
        const std::string& path = mLiveUi.profilePath;
        if (morph::Status s = live::writeCalibrationProfile(path, mLive->calibration().profile());
            !s)
            showError(mUi, s.error().message);
        else showMessage(mUi, "saved the calibration to " + path);
    }
}

void LiveFeature::drawPanels(float /*viewX*/, float /*viewY*/) {
    if (mUi.visible && mDoc.loaded) drawLivePanel(mLive.get(), mLiveUi, mUi);
}

void LiveFeature::frameDrawn(FrameTimes& times) {
    if (mLive) times.addLiveAge(newestLiveAgeMs());
}

std::optional<double> LiveFeature::newestLiveAgeMs() const {
    std::optional<live::LiveClock::time_point> newest;
    for (const auto& receiver : mLive->receivers()) {
        const std::optional<live::LiveClock::time_point> last = receiver->counts().lastSample;
        if (last && (!newest || *last > *newest)) newest = last;
    }
    if (!newest) return std::nullopt;
    return std::chrono::duration<double, std::milli>(live::LiveClock::now() - *newest).count();
}

bool LiveFeature::liveMoves() const {
    if (mLive && mLive->settling()) return true;  // smoothing still catching up with a still face
    if (mLiveRecalibrated) return true;           // the panel's edit, shown at the next frame
    if (!mLiveUi.replay || !mLiveUi.replay->shown) return mLiveUi.replay.has_value();
    const LiveReplay& r = *mLiveUi.replay;
    return r.lines.front().t + r.time < r.lines.back().t;
}

void LiveFeature::addMotion(Motion& motion) const {
    if (liveMoves()) motion.moving = true;
    // The Live panel's ages and rates stay current while it shows.
    constexpr double kLivePanelSeconds = 0.25;
    if (mUi.showLive) wakeWithin(motion, kLivePanelSeconds);
}

}  // namespace app
