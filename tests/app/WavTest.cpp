// The WAV reader (app/speech/Wav.h): every sample format it reads, channels mixed down, chunks
// in any order, a data chunk cut short read as far as it goes; each error as its one line; and
// the resampler's low-pass (a tone above the new Nyquist frequency is gone, one below it kept).
#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/speech/Wav.h"
#include "fixtures/TestPaths.h"
#include "fixtures/WavFixtures.h"

namespace wav_test {

namespace {

using fixtures::WavSpec;

morph::Result<app::speech::Audio> read(const std::vector<uint8_t>& bytes) {
    return app::speech::readWav(bytes.data(), bytes.size());
}

std::string errorOf(const std::vector<uint8_t>& bytes) {
    auto audio = read(bytes);
    return audio.ok() ? std::string("(read)") : audio.error().message;
}

WavSpec spec(uint16_t format, uint16_t bits, std::vector<uint8_t> data, uint16_t channels = 1) {
    WavSpec s;
    s.format = format;
    s.bits = bits;
    s.channels = channels;
    s.data = std::move(data);
    return s;
}

void expectSamples(const WavSpec& s, const std::vector<float>& expected) {
    auto audio = read(fixtures::wavBytes(s));
    ASSERT_TRUE(audio.ok()) << audio.error().message;
    EXPECT_EQ(audio->sampleRate, int(s.rate));
    ASSERT_EQ(audio->samples.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR(audio->samples[i], expected[i], 1e-4f) << s.bits << "-bit sample " << i;
}

TEST(Wav, ReadsEveryIntegerWidth) {
    expectSamples(spec(1, 8, {0, 128, 192}), {-1.0f, 0.0f, 0.5f});
    expectSamples(spec(1, 16, fixtures::pcm16Bytes({-32768, 0, 16384})), {-1.0f, 0.0f, 0.5f});
    expectSamples(spec(1, 24, {0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40}),
                  {-1.0f, 0.0f, 0.5f});
    expectSamples(spec(1, 32, {0, 0, 0, 0x80, 0, 0, 0, 0xC0}), {-1.0f, -0.5f});
}

TEST(Wav, ReadsFloatsAndTheExtensibleHeader) {
    std::vector<uint8_t> f32(8), f64(16);
    const float f[2] = {0.25f, 2.0f};  // out of range: clipped
    const double d[2] = {-0.75, NAN};  // not a number: silence
    std::memcpy(f32.data(), f, 8);
    std::memcpy(f64.data(), d, 16);
    expectSamples(spec(3, 32, f32), {0.25f, 1.0f});
    expectSamples(spec(3, 64, f64), {-0.75f, 0.0f});
    WavSpec extensible = spec(1, 16, fixtures::pcm16Bytes({8192}));
    extensible.extensible = true;
    expectSamples(extensible, {0.25f});
}

TEST(Wav, MixesChannelsDownAndTakesChunksInAnyOrder) {
    WavSpec stereo = spec(1, 16, fixtures::pcm16Bytes({16384, -16384, 16384, 16384}), 2);
    stereo.oddChunkFirst = true;  // an unknown chunk of 3 bytes, padded
    stereo.dataFirst = true;
    stereo.rate = 44100;
    expectSamples(stereo, {0.0f, 0.5f});
}

TEST(Wav, ACutShortDataChunkGivesTheWholeSamplesThere) {
    std::vector<uint8_t> bytes = fixtures::wavBytes(spec(1, 16, fixtures::pcm16Bytes({1, 2, 3})));
    bytes.resize(bytes.size() - 3);  // one sample and a half gone: a crashed recorder
    auto audio = read(bytes);
    ASSERT_TRUE(audio.ok()) << audio.error().message;
    EXPECT_EQ(audio->samples.size(), 1u);
}

TEST(Wav, EachProblemIsItsOwnLine) {
    const std::vector<uint8_t> good = fixtures::wavBytes(spec(1, 16, fixtures::pcm16Bytes({1})));
    EXPECT_EQ(errorOf({'R', 'I', 'F', 'F'}), "not a RIFF/WAVE file");
    std::vector<uint8_t> notWave = good;
    notWave[8] = 'A';
    EXPECT_EQ(errorOf(notWave), "not a RIFF/WAVE file");
    EXPECT_EQ(errorOf(fixtures::wavChunk("RIFF", {'W', 'A', 'V', 'E'})), "no fmt chunk");
    std::vector<uint8_t> noData = {'R', 'I', 'F', 'F', 0, 0, 0, 0, 'W', 'A', 'V', 'E'};
    const std::vector<uint8_t> fmt = fixtures::wavChunk("fmt ", fixtures::wavFmt(spec(1, 16, {})));
    noData.insert(noData.end(), fmt.begin(), fmt.end());
    EXPECT_EQ(errorOf(noData), "no data chunk");
    EXPECT_EQ(errorOf(std::vector<uint8_t>(good.begin(), good.begin() + 30)),
              "the header is cut short (the fmt chunk)");
    EXPECT_EQ(errorOf(std::vector<uint8_t>(good.begin(), good.begin() + 16)),
              "the header is cut short (a chunk header)");
    EXPECT_EQ(errorOf(fixtures::wavBytes(spec(7, 8, {1, 2}))),
              "compressed audio (mu-law); only PCM and float WAV");
    EXPECT_EQ(errorOf(fixtures::wavBytes(spec(2, 4, {1, 2}))),
              "compressed audio (Microsoft ADPCM); only PCM and float WAV");
    EXPECT_EQ(errorOf(fixtures::wavBytes(spec(1, 12, {1, 2}))),
              "12-bit PCM samples (8, 16, 24, 32-bit PCM; 32, 64 float)");
    EXPECT_EQ(errorOf(fixtures::wavBytes(spec(1, 16, {}, 0))), "0 channels (1 to 64)");
    EXPECT_EQ(errorOf(fixtures::wavBytes(spec(1, 16, {}))), "no audio (the data chunk is empty)");
}

TEST(Wav, RatesAndLengthHaveLimits) {
    WavSpec slow = spec(1, 16, fixtures::pcm16Bytes({1}));
    slow.rate = 2000;
    EXPECT_EQ(errorOf(fixtures::wavBytes(slow)), "a sample rate of 2000 Hz (4000 to 384000 Hz)");
    slow.rate = 400000;
    EXPECT_EQ(errorOf(fixtures::wavBytes(slow)), "a sample rate of 400000 Hz (4000 to 384000 Hz)");
    WavSpec tenMinutes = spec(1, 8, std::vector<uint8_t>(4000 * 601, 128));
    tenMinutes.rate = 4000;
    EXPECT_EQ(errorOf(fixtures::wavBytes(tenMinutes)),
              "601 s of audio, more than the limit of 600 s");
}

TEST(Wav, AFileErrorNamesTheFile) {
    const std::string path = fixtures::caseScratchDir() + "/bad.wav";
    std::ofstream(path, std::ios::binary) << "RIFF0000WAVEjunk";
    auto audio = app::speech::readWavFile(path);
    ASSERT_FALSE(audio.ok());
    EXPECT_EQ(audio.error().message, path + ": the header is cut short (a chunk header)");
    auto missing = app::speech::readWavFile(path + ".none");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, path + ".none: cannot read (no such file or no permission)");
}

// A file whose data chunk says two hours and has them: refused from its header. The file is
// sparse (a hole after the header), so its 230 MB take no disk.
TEST(Wav, AHugeFileIsRefusedFromItsHeader) {
    const std::string path = fixtures::caseScratchDir() + "/huge.wav";
    WavSpec s = spec(1, 16, {});
    std::vector<uint8_t> header = fixtures::wavBytes(s);
    const uint32_t bytes = 16000u * 2u * 7200u;
    header[40] = uint8_t(bytes), header[41] = uint8_t(bytes >> 8);
    header[42] = uint8_t(bytes >> 16), header[43] = uint8_t(bytes >> 24);
    {
        std::ofstream file(path, std::ios::binary);
        file.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
        file.seekp(std::streamoff(header.size()) + bytes - 1);
        file.put('\0');
    }
    auto audio = app::speech::readWavFile(path);
    ASSERT_FALSE(audio.ok());
    EXPECT_EQ(audio.error().message, path + ": 7200 s of audio, more than the limit of 600 s");
}

float rms(const std::vector<float>& samples, size_t from, size_t to) {
    double sum = 0;
    for (size_t i = from; i < to; ++i) sum += double(samples[i]) * samples[i];
    return float(std::sqrt(sum / double(to - from)));
}

app::speech::Audio tone(float hz, int rate, float seconds) {
    app::speech::Audio audio;
    audio.sampleRate = rate;
    for (int i = 0; i < int(float(rate) * seconds); ++i)
        audio.samples.push_back(0.5f * std::sin(2.0f * float(M_PI) * hz * float(i) / float(rate)));
    return audio;
}

TEST(Wav, ResamplingLowPassesBeforeDecimating) {
    auto kept = app::speech::resample(tone(3000.0f, 48000, 0.5f), 16000);
    ASSERT_TRUE(kept.ok()) << kept.error().message;
    EXPECT_EQ(kept->sampleRate, 16000);
    EXPECT_NEAR(double(kept->samples.size()), 8000.0, 2.0);
    EXPECT_NEAR(rms(kept->samples, 1000, 7000), 0.5f / std::sqrt(2.0f), 0.01f);
    // 12 kHz folds onto 4 kHz if decimated without the filter; here it is gone.
    auto gone = app::speech::resample(tone(12000.0f, 48000, 0.5f), 16000);
    ASSERT_TRUE(gone.ok());
    EXPECT_LT(rms(gone->samples, 1000, 7000), 0.005f);
    auto up = app::speech::resample(tone(1000.0f, 8000, 0.5f), 16000);
    ASSERT_TRUE(up.ok());
    EXPECT_NEAR(double(up->samples.size()), 8000.0, 2.0);
}

TEST(Wav, Pcm16ClipsAndRounds) {
    EXPECT_EQ(app::speech::toPcm16({-2.0f, -1.0f, 0.0f, 0.5f, 1.0f, 3.0f}),
              (std::vector<int16_t>{-32768, -32768, 0, 16384, 32767, 32767}));
}

}  // namespace

}  // namespace wav_test
