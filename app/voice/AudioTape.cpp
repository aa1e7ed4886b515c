#include "app/voice/AudioTape.h"

#include "app/speech/Speech.h"
#include "app/speech/Wav.h"
#include "morph/io/Files.h"

namespace app::voice {

void AudioTape::add(const AudioRing::Taken& taken) {
    mSamples.insert(mSamples.end(), size_t(taken.dropped), 0.0f);
    mSamples.insert(mSamples.end(), taken.samples.begin(), taken.samples.end());
}

morph::Status AudioTape::writeWav(const std::string& path) const {
    const std::vector<uint8_t> bytes = speech::encodeWav(speech::toPcm16(mSamples), mRate);
    return morph::writeFileAtomic(path, bytes.data(), bytes.size());
}

}  // namespace app::voice
