#pragma once
// The viewer's speech, window-free: a line prepared on a worker thread (said by espeak-ng, its
// phonemes as this face's visemes and their tracks, app/speech/), so a frame never waits for it,
// then played through app/audio with the mouth at the audio clock. The window polls it once a
// frame and its weights go into the state's "speech" external layer (WeightLayers.h), so the line
// plays over whatever else plays.
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/audio/AudioOutput.h"
#include "app/speech/Speech.h"
#include "app/speech/Visemes.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/TargetWeights.h"

namespace app {

// Where a line's audio and phonemes come from: espeak-ng for typed text (SpeechPlayer::say), or
// any other source run on the worker, such as a dropped .wav read and recognized.
using LineSource = std::function<morph::Result<speech::SpokenLine>()>;

class SpeechPlayer {
public:
    SpeechPlayer() = default;
    ~SpeechPlayer();  // waits for a line being prepared
    SpeechPlayer(const SpeechPlayer&) = delete;
    SpeechPlayer& operator=(const SpeechPlayer&) = delete;

    // Prepares `source` for the face with these target names (every mesh's, morph::
    // sceneTargetNames) on a worker; it plays from the first poll after it is ready. An error
    // while a line is still being prepared.
    morph::Status prepare(LineSource source, std::vector<std::string> targetNames);
    morph::Status say(const std::string& text, const speech::VoiceOptions& voice,
                      const morph::Scene& scene);

    struct Update {
        bool changed = false;  // `weights` changed
        std::string message;   // a line started, or the one "plays silently" notice
        std::string error;     // the line could not be prepared
    };
    // Once a frame: a prepared line starts playing; while it plays `weights` holds each driven
    // target's value at the audio clock, and it is emptied when the line ends. With a
    // `frameStep` (a script's fixed frames) the mouth follows the frames instead, each poll
    // `frameStep` seconds on from the last, and the line ends once both the frames and the sound
    // have passed its end: the mouth a script sees is then the same however busy the machine,
    // while the sound still goes out whole.
    Update poll(const morph::Scene& scene, morph::TargetWeights& weights, float frameStep = 0);
    void stop(morph::TargetWeights& weights);

    bool preparing() const { return mPending.valid(); }
    bool playing() const { return mActive; }
    double position() const { return mFrameClock ? mClock : mAudio.position(); }
    double duration() const { return mClip ? mClip->duration() : 0.0; }

private:
    struct Prepared {
        std::shared_ptr<audio::AudioClip> clip;
        speech::Tracks tracks;
        size_t phonemes = 0;
    };
    struct Driven {  // one target of one mesh and its keys in mTracks
        size_t mesh = 0, target = 0;
        const std::vector<std::pair<float, float>>* keys = nullptr;
    };
    void start(Prepared prepared, const morph::Scene& scene, Update& update);

    std::future<morph::Result<Prepared>> mPending;
    audio::AudioOutput mAudio;
    std::shared_ptr<const audio::AudioClip> mClip;
    speech::Tracks mTracks;
    std::vector<Driven> mDriven;
    bool mActive = false;
    bool mFrameClock = false;  // the last poll's frameStep was set
    double mClock = 0;         // the frames' clock since the line started
};

// A track's value at `t` seconds: linear between keys, the end keys held outside them.
float trackValue(const std::vector<std::pair<float, float>>& keys, float t);

}  // namespace app
