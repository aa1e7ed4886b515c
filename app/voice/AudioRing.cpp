#include "app/voice/AudioRing.h"

#include <utility>

namespace app::voice {

void AudioRing::push(const float* samples, size_t count, AudioClock::time_point arrived) {
    std::lock_guard<std::mutex> lock(mMutex);
    const size_t capacity = mData.size();
    if (capacity == 0) return;
    for (size_t i = 0; i < count; ++i) {
        if (mSize == capacity) {  // the reader is a whole ring behind: the oldest goes
            mHead = (mHead + 1) % capacity;
            --mSize;
            ++mDropped;
        }
        mData[(mHead + mSize) % capacity] = samples[i];
        ++mSize;
    }
    mPushed += count;
    mArrived = arrived;
}

void AudioRing::take(Taken& out) {
    std::lock_guard<std::mutex> lock(mMutex);
    out.samples.resize(mSize);
    const size_t capacity = mData.size();
    for (size_t i = 0; i < mSize; ++i) out.samples[i] = mData[(mHead + i) % capacity];
    out.dropped = std::exchange(mDropped, 0);
    out.arrived = mArrived;
    mHead = capacity > 0 ? (mHead + mSize) % capacity : 0;
    mSize = 0;
}

uint64_t AudioRing::pushed() const {
    std::lock_guard<std::mutex> lock(mMutex);
    return mPushed;
}

}  // namespace app::voice
