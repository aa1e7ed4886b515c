#include "app/voice/VoiceSession.h"

#include <cctype>
#include <cmath>

namespace app::voice {

bool isAudioListenSpec(const std::string& text) {
    return text == "audio" || text.rfind("audio:", 0) == 0;
}

morph::Result<AudioListenSpec> parseAudioListenSpec(const std::string& text) {
    if (!isAudioListenSpec(text)) {
        return morph::Error{morph::ErrorCode::Usage,
                            "--listen: '" + text + "' is not audio[:DEVICE] or audio:FILE.wav"};
    }
    AudioListenSpec spec;
    if (text == "audio") return spec;
    spec.name = text.substr(6);
    if (spec.name.empty()) {
        return morph::Error{morph::ErrorCode::Usage,
                            "--listen: '" + text + "': name a capture device or a .wav file"};
    }
    std::string tail = spec.name.size() >= 4 ? spec.name.substr(spec.name.size() - 4) : "";
    for (char& c : tail) c = char(std::tolower(static_cast<unsigned char>(c)));
    spec.file = tail == ".wav";
    return spec;
}

VoiceSession::VoiceSession(int sampleRate, const VoiceProfile& profile)
    : mRing(size_t(std::lround(kRingSeconds * sampleRate))), mAnalyzer(sampleRate, profile) {}

morph::Result<std::unique_ptr<VoiceSession>> VoiceSession::start(
    const std::vector<std::string>& targetNames, int sampleRate, const std::string& recordPath,
    const VoiceProfile& profile) {
    std::unique_ptr<VoiceSession> session(new VoiceSession(sampleRate, profile));
    if (morph::Status s = session->useFace(targetNames); !s) return s.error();
    if (!recordPath.empty()) {
        auto recorder = live::StreamRecorder::open(recordPath);
        if (!recorder) return recorder.error();
        session->mRecorder.emplace(std::move(recorder).value());
    }
    return session;
}

morph::Status VoiceSession::useFace(const std::vector<std::string>& targetNames) {
    auto face = speech::faceVisemes(targetNames);
    if (!face) return morph::Error{face.error().code, "--listen audio: " + face.error().message};
    mMouth = std::make_unique<VoiceMouth>(std::move(face).value());
    return {};
}

bool VoiceSession::poll() {
    mRing.take(mTaken);
    if (mTaken.dropped > 0) {
        mAnalyzer.skip(mTaken.dropped);
        mDropped += mTaken.dropped;
    }
    if (mTaken.arrived) mArrived = mTaken.arrived;
    mFrames.clear();
    mAnalyzer.push(mTaken.samples.data(), mTaken.samples.size(), mFrames);
    bool changed = false;
    for (const VoiceFrame& frame : mFrames) {
        mAudioTime = frame.audioTime;
        if (!mMouth->apply(frame)) continue;
        changed = true;
        if (!mRecorder || !mRecordError.empty()) continue;
        morph::Status written =
            mRecorder->writeAt(frame.audioTime, "audio", mMouth->weights(), frame.audioTime);
        if (!written) mRecordError = written.error().message;
    }
    return changed;
}

}  // namespace app::voice
