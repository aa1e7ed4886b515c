#include "app/voice/FileDevice.h"

#include <algorithm>
#include <cmath>

namespace app::voice {

morph::Result<std::unique_ptr<FileDevice>> FileDevice::open(const std::string& path) {
    auto audio = speech::readWavFile(path);
    if (!audio) return audio.error();
    std::unique_ptr<FileDevice> device(new FileDevice(std::move(audio).value()));
    device->mBlock =
        std::max<size_t>(1, size_t(std::lround(kBlockSeconds * device->mAudio.sampleRate)));
    return device;
}

FileDevice::~FileDevice() {
    mStop = true;
    if (mThread.joinable()) mThread.join();
}

void FileDevice::pushDue(uint64_t due, AudioRing& ring) {
    const size_t total = mAudio.samples.size();
    for (size_t at = mPushed.load(); at < total;) {
        const size_t count = std::min(mBlock, total - at);  // the file's last block is shorter
        if (at + count > due) break;
        ring.push(mAudio.samples.data() + at, count, AudioClock::now());
        at += count;
        mPushed = at;
    }
}

void FileDevice::start(AudioRing& ring, std::function<void()> wake) {
    mThread = std::thread([this, &ring, wake = std::move(wake)] {
        const AudioClock::time_point begin = AudioClock::now();
        const double rate = double(mAudio.sampleRate);
        while (!mStop && !finished()) {
            const size_t next = std::min(mAudio.samples.size(), mPushed.load() + mBlock);
            std::this_thread::sleep_until(begin +
                                          std::chrono::duration_cast<AudioClock::duration>(
                                              std::chrono::duration<double>(double(next) / rate)));
            pushDue(next, ring);
            if (wake) wake();
        }
    });
}

void FileDevice::advance(double seconds, AudioRing& ring) {
    mClock += seconds;
    pushDue(uint64_t(std::floor(mClock * double(mAudio.sampleRate) + 1e-6)), ring);
}

}  // namespace app::voice
