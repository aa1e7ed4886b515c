#include "app/viewer/speech/SpeechPlayer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace app {

SpeechPlayer::~SpeechPlayer() {
    if (mPending.valid()) mPending.wait();
}

morph::Status SpeechPlayer::prepare(LineSource source, std::vector<std::string> targetNames) {
    if (mPending.valid())
        return morph::Error{morph::ErrorCode::Usage, "speech: still preparing the last line"};
    mPending = std::async(
        std::launch::async,
        [source = std::move(source), names = std::move(targetNames)]() -> morph::Result<Prepared> {
            auto face = speech::faceVisemes(names);
            if (!face) return face.error();
            auto line = source();
            if (!line) return line.error();
            Prepared prepared;
            prepared.tracks =
                speech::visemeTracks(line->phonemes, *face, line->duration(),
                                     speech::loudness(line->samples, line->sampleRate));
            prepared.phonemes = line->phonemes.size();
            prepared.clip = std::make_shared<audio::AudioClip>();
            prepared.clip->sampleRate = line->sampleRate;
            prepared.clip->samples = std::move(line->samples);
            return prepared;
        });
    return {};
}

morph::Status SpeechPlayer::say(const std::string& text, const speech::VoiceOptions& voice,
                                const morph::Scene& scene) {
    return prepare([text, voice] { return speech::speakText(text, voice); },
                   morph::sceneTargetNames(scene));
}

void SpeechPlayer::start(Prepared prepared, const morph::Scene& scene, Update& update) {
    mTracks = std::move(prepared.tracks);
    mDriven.clear();
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        const std::vector<std::string>& names = scene.meshes[m].targetNames;
        for (size_t t = 0; t < names.size(); ++t) {
            const auto track = mTracks.find(names[t]);
            if (track != mTracks.end()) mDriven.push_back({m, t, &track->second});
        }
    }
    mClip = prepared.clip;
    const std::string silent = mAudio.play(mClip);
    if (!silent.empty()) std::fprintf(stderr, "morphview: %s\n", silent.c_str());
    char said[160];
    std::snprintf(said, sizeof said, "saying %.2f s, %zu phonemes, %zu targets", mClip->duration(),
                  prepared.phonemes, mDriven.size());
    update.message = silent.empty() ? said : silent;
    mActive = true;
}

SpeechPlayer::Update SpeechPlayer::poll(const morph::Scene& scene, morph::TargetWeights& weights,
                                        float frameStep) {
    Update update;
    mFrameClock = frameStep > 0;
    if (mPending.valid() &&
        mPending.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        auto prepared = mPending.get();
        if (prepared) {
            start(std::move(prepared).value(), scene, update);
            mClock = -frameStep;  // the first frame shows the line's start
        } else {
            update.error = prepared.error().message;
        }
    }
    if (!mActive) return update;
    const bool soundOver = !mAudio.playing() && !mAudio.paused();
    if (mFrameClock && !mAudio.paused()) mClock += frameStep;
    if (soundOver && (!mFrameClock || mClock >= duration())) {  // the mouth goes back to rest
        stop(weights);
        update.changed = true;
        return update;
    }
    const float t = float(mFrameClock ? mClock : mAudio.position());
    for (const Driven& d : mDriven) weights.set(d.mesh, d.target, trackValue(*d.keys, t));
    update.changed = true;
    return update;
}

void SpeechPlayer::stop(morph::TargetWeights& weights) {
    mAudio.stop();
    mActive = false;
    mDriven.clear();
    mTracks.clear();
    mClip.reset();
    weights.clear();
}

float trackValue(const std::vector<std::pair<float, float>>& keys, float t) {
    if (keys.empty()) return 0;
    if (t <= keys.front().first) return keys.front().second;
    if (t >= keys.back().first) return keys.back().second;
    const auto next = std::upper_bound(keys.begin(), keys.end(), t,
                                       [](float v, const auto& key) { return v < key.first; });
    const auto& [t1, w1] = *next;
    const auto& [t0, w0] = *(next - 1);
    const float span = t1 - t0;
    return span > 0 ? w0 + (w1 - w0) * (t - t0) / span : w1;
}

}  // namespace app
