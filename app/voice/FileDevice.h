#pragma once
// A WAV file as a microphone (`--listen audio:FILE.wav`): its samples pushed into an AudioRing
// in blocks of kBlockSeconds, as a capture device delivers them, so everything after the device
// runs the same code. Paced by the steady clock on a thread of its own (start), or by a clock
// the caller advances (advance: the viewer's fixed frame step under --record-stream, so a
// recording is the same on a busy machine). It needs no sound card.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "app/speech/Wav.h"
#include "app/voice/AudioRing.h"
#include "morph/Result.h"

namespace app::voice {

inline constexpr double kBlockSeconds = 0.010;  // a capture callback's usual block

class FileDevice {
public:
    // Reads the file (app/speech/Wav: any PCM or float WAV, mixed to mono); errors name it.
    static morph::Result<std::unique_ptr<FileDevice>> open(const std::string& path);
    ~FileDevice();
    FileDevice(const FileDevice&) = delete;
    FileDevice& operator=(const FileDevice&) = delete;

    const speech::Audio& audio() const { return mAudio; }

    // Real time: a thread pushes each block when its last sample is due, calling `wake` after.
    void start(AudioRing& ring, std::function<void()> wake);
    // Clocked: pushes the blocks due once `seconds` more of the stream have passed.
    void advance(double seconds, AudioRing& ring);
    bool finished() const { return mPushed.load() >= mAudio.samples.size(); }

private:
    explicit FileDevice(speech::Audio audio) : mAudio(std::move(audio)) {}
    void pushDue(uint64_t due, AudioRing& ring);  // the whole blocks before sample `due`

    speech::Audio mAudio;
    size_t mBlock = 1;
    std::atomic<size_t> mPushed{0};
    double mClock = 0;  // advance's seconds so far
    std::atomic<bool> mStop{false};
    std::thread mThread;
};

}  // namespace app::voice
