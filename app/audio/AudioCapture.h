#pragma once
// Sound in through SDL2's audio capture (`--listen audio[:DEVICE]`): a capture device opened
// for 32-bit float mono at 48 kHz (or the rate the device insists on), its blocks of 256 samples
// handed to `deliver` on SDL's audio thread as they arrive. GL-free, window-free; what is done
// with the samples is the caller's (app/voice/'s ring), so this room stays SDL's alone.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "morph/Result.h"

namespace app::audio {

class AudioCapture {
public:
    using Deliver = std::function<void(const float* samples, size_t count)>;

    // Opens `device` (its SDL2 name; "" the default) paused. An error names the device and SDL's
    // reason (no capture device, a name that is none).
    static morph::Result<std::unique_ptr<AudioCapture>> open(const std::string& device,
                                                             Deliver deliver);
    ~AudioCapture();
    AudioCapture(const AudioCapture&) = delete;
    AudioCapture& operator=(const AudioCapture&) = delete;

    int sampleRate() const { return mRate; }
    void start();  // blocks are delivered from now on

private:
    AudioCapture() = default;
    static void receive(void* self, uint8_t* stream, int bytes);  // SDL's audio thread

    Deliver mDeliver;
    uint32_t mDevice = 0;  // SDL_AudioDeviceID
    bool mSdlAudio = false;
    int mRate = 0;
};

}  // namespace app::audio
