#include "app/voice/AudioTape.h"

#include <algorithm>
#include <cstddef>

#include "app/speech/Speech.h"
#include "app/speech/Wav.h"
#include "morph/io/Files.h"

namespace app::voice {

void AudioTape::add(const AudioRing::Taken& taken) {
    const size_t silence = size_t(std::min<uint64_t>(taken.dropped, mLimit - mSamples.size()));
    mSamples.insert(mSamples.end(), silence, 0.0f);
    const size_t heard = std::min(taken.samples.size(), mLimit - mSamples.size());
    mSamples.insert(mSamples.end(), taken.samples.begin(),
                    taken.samples.begin() + std::ptrdiff_t(heard));
}

morph::Status AudioTape::writeWav(const std::string& path) const {
    const std::vector<uint8_t> bytes = speech::encodeWav(speech::toPcm16(mSamples), mRate);
    return morph::writeFileAtomic(path, bytes.data(), bytes.size());
}

}  // namespace app::voice
