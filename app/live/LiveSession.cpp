#include "app/live/LiveSession.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstddef>
#include <cstdio>

namespace app::live {

morph::Result<ListenSpec> parseListenSpec(const std::string& text) {
    const size_t colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    ListenSpec spec;
    if (kind == "vmc") {
        spec = {SourceKind::Vmc, kDefaultVmcPort};
    } else if (kind == "livelink") {
        spec = {SourceKind::LiveLink, kDefaultLiveLinkPort};
    } else {
        return morph::Error{morph::ErrorCode::Usage,
                            "--listen: '" + text + "' is not vmc[:PORT] or livelink[:PORT]"};
    }
    if (colon == std::string::npos) return spec;
    const std::string port = text.substr(colon + 1);
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value > 65535) {
        return morph::Error{morph::ErrorCode::Usage,
                            "--listen: '" + text + "': the port is not a number from 0 to 65535"};
    }
    spec.port = uint16_t(value);
    return spec;
}

morph::Result<std::unique_ptr<LiveSession>> LiveSession::start(const morph::Scene& scene,
                                                               const LiveSessionOptions& options,
                                                               std::function<void()> wake) {
    std::unique_ptr<LiveSession> session(new LiveSession(scene, options.liveHead));
    if (!options.calibrationPath.empty()) {
        auto profile = readCalibrationProfile(options.calibrationPath);
        if (!profile) return profile.error();
        session->mCalibration = Calibration(std::move(profile).value());
    }
    if (!options.recordPath.empty()) {
        auto recorder = StreamRecorder::open(options.recordPath);
        if (!recorder) return recorder.error();
        session->mRecorder.emplace(std::move(recorder).value());
    }
    session->mAddress = options.address;
    session->mWake = std::move(wake);
    for (const ListenSpec& spec : options.sources) {
        if (morph::Status s = session->addSource(spec); !s) return s.error();
    }
    return session;
}

LiveSession::LiveSession(const morph::Scene& scene, bool liveHead)
    : mLayer(scene), mLiveHead(liveHead) {
    if (mLiveHead) mHeadRig.emplace(scene);
}

std::vector<NodeRotation> LiveSession::nodeRotations() const {
    if (!mHeadRig || !mLayer.headEyes()) return {};
    return mHeadRig->rotations(*mLayer.headEyes());
}

morph::Status LiveSession::addSource(const ListenSpec& spec) {
    auto receiver = std::make_unique<LiveReceiver>();
    if (morph::Status s = receiver->start(spec.kind, mAddress, spec.port, mWake); !s) return s;
    std::fprintf(stderr, "morphview: listening for %s on %s:%u\n", sourceKindKey(spec.kind),
                 mAddress.c_str(), unsigned(receiver->port()));
    mReceivers.push_back(std::move(receiver));
    mSeen.push_back(0);
    mRaw.emplace_back();
    mFed.emplace_back();
    return {};
}

void LiveSession::closeSource(size_t index) {
    if (index >= mReceivers.size()) return;
    mReceivers.erase(mReceivers.begin() + std::ptrdiff_t(index));
    mSeen.erase(mSeen.begin() + std::ptrdiff_t(index));
    mRaw.erase(mRaw.begin() + std::ptrdiff_t(index));
    mFed.erase(mFed.begin() + std::ptrdiff_t(index));
}

void LiveSession::useScene(const morph::Scene& scene) {
    mLayer = LiveLayer(scene);
    if (mLiveHead) mHeadRig.emplace(scene);
    std::fill(mSeen.begin(), mSeen.end(), 0);
}

bool LiveSession::applyNewest(size_t i, LiveClock::time_point when) {
    LiveSample sample = mRaw[i];
    if (!mLiveHead) sample.rotations.reset();  // the eyes' looks and the joints stay as they were
    const double seconds = std::chrono::duration<double>(when.time_since_epoch()).count();
    mCalibration.apply(sample, seconds,
                       [this](const std::string& name) { return mLayer.targetNamesOf(name); });
    mFed[i] = when;
    if (!mLayer.apply(sample)) return false;
    if (mRecorder && mRecordError.empty()) {
        morph::Status written =
            mRecorder->write(LiveClock::now(), sample.source, mLayer.weightsByName());
        if (!written) mRecordError = written.error().message;
    }
    return true;
}

bool LiveSession::poll() {
    bool changed = false;
    const bool settling = mCalibration.settling();
    for (size_t i = 0; i < mReceivers.size(); ++i) {
        if (mReceivers[i]->takeNewer(mSeen[i], mRaw[i])) {
            changed = applyNewest(i, mRaw[i].received) || changed;
        } else if (settling && mSeen[i] > 0) {
            // A still input's repeats reach the filter on their own arrival times.
            const std::optional<LiveClock::time_point> last = mReceivers[i]->counts().lastSample;
            if (last && *last > mFed[i]) changed = applyNewest(i, *last) || changed;
        }
    }
    return changed;
}

bool LiveSession::reapply() {
    bool changed = false;
    for (size_t i = 0; i < mReceivers.size(); ++i) {
        if (mSeen[i] > 0) changed = applyNewest(i, mFed[i]) || changed;
    }
    return changed;
}

bool LiveSession::captureNeutral() {
    mCalibration.captureNeutral();
    return reapply();
}

}  // namespace app::live
