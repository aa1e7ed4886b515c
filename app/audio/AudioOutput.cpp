#include "app/audio/AudioOutput.h"

#include <algorithm>
#include <cstring>

#define SDL_MAIN_HANDLED
#include <SDL.h>

namespace app::audio {

namespace {

// "Says so once": the first failure to open a device in this process is reported, later ones
// play silently without a word.
std::atomic<bool> gSaidSilent{false};

}  // namespace

AudioOutput::~AudioOutput() {
    stop();
    if (mSdlAudio) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void AudioOutput::fill(void* self, uint8_t* stream, int bytes) {
    auto* out = static_cast<AudioOutput*>(self);
    const std::vector<int16_t>& samples = out->mClip->samples;
    const size_t want = size_t(bytes) / sizeof(int16_t);
    const size_t at = std::min(out->mCursor.load(), samples.size());
    const size_t take = std::min(want, samples.size() - at);
    if (take > 0) std::memcpy(stream, samples.data() + at, take * sizeof(int16_t));
    std::memset(stream + take * sizeof(int16_t), 0, (want - take) * sizeof(int16_t));
    out->mCursor.store(at + take);
}

std::string AudioOutput::openDevice(int sampleRate) {
    if (!mSdlAudio) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return SDL_GetError();
        mSdlAudio = true;
    }
    SDL_AudioSpec want{};
    want.freq = sampleRate;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = 512;  // about 23 ms at 22 kHz: the mouth leads the ear by no more
    want.callback = &AudioOutput::fill;
    want.userdata = this;
    SDL_AudioSpec got{};
    // No changes allowed: SDL converts the clip's rate and channels to the device's itself.
    mDevice = SDL_OpenAudioDevice(nullptr, 0, &want, &got, 0);
    if (mDevice == 0) return SDL_GetError();
    return "";
}

std::string AudioOutput::play(std::shared_ptr<const AudioClip> clip, double from) {
    stop();
    if (!clip || clip->sampleRate <= 0) return "";
    mClip = std::move(clip);
    from = std::clamp(from, 0.0, mClip->duration());
    mCursor.store(size_t(from * mClip->sampleRate));
    mPaused = false;
    mFrom = from;
    mStart = std::chrono::steady_clock::now();
    const std::string problem = openDevice(mClip->sampleRate);
    mSilent = mDevice == 0;
    if (!mSilent) {
        SDL_PauseAudioDevice(mDevice, 0);
        return "";
    }
    if (gSaidSilent.exchange(true)) return "";
    return "no audio device (" + (problem.empty() ? std::string("none found") : problem) +
           "): speech plays silently";
}

void AudioOutput::pause() {
    if (!mClip || mPaused) return;
    if (mDevice != 0) SDL_PauseAudioDevice(mDevice, 1);
    mFrom = silentPosition();
    mPaused = true;
}

void AudioOutput::resume() {
    if (!mClip || !mPaused) return;
    mPaused = false;
    mStart = std::chrono::steady_clock::now();
    if (mDevice != 0) SDL_PauseAudioDevice(mDevice, 0);
}

void AudioOutput::stop() {
    if (mDevice != 0) SDL_CloseAudioDevice(mDevice);  // waits for the callback to return
    mDevice = 0;
    mClip.reset();
    mCursor.store(0);
    mPaused = false;
    mFrom = 0;
}

double AudioOutput::silentPosition() const {
    if (!mClip) return 0;
    if (mPaused) return mFrom;
    const std::chrono::duration<double> since = std::chrono::steady_clock::now() - mStart;
    return std::min(mFrom + since.count(), mClip->duration());
}

double AudioOutput::position() const {
    if (!mClip) return 0;
    if (mSilent) return silentPosition();
    return double(std::min(mCursor.load(), mClip->samples.size())) / mClip->sampleRate;
}

bool AudioOutput::playing() const {
    return mClip && !mPaused && position() < mClip->duration();
}

}  // namespace app::audio
