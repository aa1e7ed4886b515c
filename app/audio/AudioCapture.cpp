#include "app/audio/AudioCapture.h"

#define SDL_MAIN_HANDLED
#include <SDL.h>

namespace app::audio {

morph::Result<std::unique_ptr<AudioCapture>> AudioCapture::open(const std::string& device,
                                                                Deliver deliver) {
    const std::string named = device.empty() ? "the default capture device" : "'" + device + "'";
    std::unique_ptr<AudioCapture> capture(new AudioCapture());
    capture->mDeliver = std::move(deliver);
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        return morph::Error{morph::ErrorCode::Io,
                            "--listen audio: " + named + " cannot open: " + SDL_GetError()};
    }
    capture->mSdlAudio = true;
    SDL_AudioSpec want{};
    want.freq = 48000;
    want.format = AUDIO_F32SYS;
    want.channels = 1;
    want.samples = 256;  // 5.3 ms at 48 kHz: the block adds little to the latency
    want.callback = &AudioCapture::receive;
    want.userdata = capture.get();
    SDL_AudioSpec got{};
    // The rate may change (the analysis takes any); the format and channels SDL converts.
    capture->mDevice =
        SDL_OpenAudioDevice(device.empty() ? nullptr : device.c_str(),
                            /*iscapture=*/1, &want, &got, SDL_AUDIO_ALLOW_FREQUENCY_CHANGE);
    if (capture->mDevice == 0) {
        return morph::Error{morph::ErrorCode::Io,
                            "--listen audio: " + named + " cannot open: " + SDL_GetError()};
    }
    capture->mRate = got.freq;
    return capture;
}

AudioCapture::~AudioCapture() {
    if (mDevice != 0) SDL_CloseAudioDevice(mDevice);  // waits for the callback to return
    if (mSdlAudio) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void AudioCapture::start() {
    if (mDevice != 0) SDL_PauseAudioDevice(mDevice, 0);
}

void AudioCapture::receive(void* self, uint8_t* stream, int bytes) {
    auto* capture = static_cast<AudioCapture*>(self);
    capture->mDeliver(reinterpret_cast<const float*>(stream), size_t(bytes) / sizeof(float));
}

}  // namespace app::audio
