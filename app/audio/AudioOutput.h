#pragma once
// Sound out through SDL2's audio (Debian's libsdl2-dev), 16-bit mono PCM from a time offset, with
// pause, stop and the play position the viewer's mouth follows. SDL2 rather than OpenAL Soft or
// PortAudio: it converts any clip rate to the device's by itself, and its "disk" driver
// (SDL_AUDIODRIVER=disk) writes the samples that actually went out to a file, so a test checks
// them on a machine with no sound card. Without a device the clip plays silently on the wall
// clock: the position still advances, and play() says so once. GL-free, window-free.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace app::audio {

struct AudioClip {
    int sampleRate = 0;
    std::vector<int16_t> samples;  // mono

    double duration() const {
        return sampleRate > 0 ? double(samples.size()) / double(sampleRate) : 0.0;
    }
};

class AudioOutput {
public:
    AudioOutput() = default;
    ~AudioOutput();
    AudioOutput(const AudioOutput&) = delete;
    AudioOutput& operator=(const AudioOutput&) = delete;

    // Plays `clip` from `from` seconds (clamped to the clip), replacing what played. Returns ""
    // or, the first time in this process that no device opens, the one line saying the sound is
    // silent and why; the clip plays (silently) either way.
    std::string play(std::shared_ptr<const AudioClip> clip, double from = 0);
    void pause();
    void resume();
    void stop();  // closes the device; position() is 0 again

    // Seconds into the clip of the samples handed to the device (or of the wall clock when
    // silent), 0 .. duration.
    double position() const;
    bool playing() const;  // a clip is loaded, not paused and not at its end
    bool paused() const { return mPaused; }
    bool silent() const { return mSilent; }

private:
    static void fill(void* self, uint8_t* stream, int bytes);  // SDL's audio thread
    std::string openDevice(int sampleRate);
    double silentPosition() const;

    std::shared_ptr<const AudioClip> mClip;
    uint32_t mDevice = 0;  // SDL_AudioDeviceID; 0: none open
    bool mSdlAudio = false;
    bool mSilent = false;
    bool mPaused = false;
    std::atomic<size_t> mCursor{0};  // the next sample the device takes
    // Silent: the position is mFrom plus the wall time since mStart while not paused.
    double mFrom = 0;
    std::chrono::steady_clock::time_point mStart;
};

}  // namespace app::audio
