// Sound out (app/audio/AudioOutput.h) with no sound card: SDL2's "disk" driver writes what went
// to the device into a file, so the samples played from an offset are checked one by one; with
// no driver at all the clip plays silently on the wall clock and says so once.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <thread>

#include <gtest/gtest.h>
#include <unistd.h>

#include "app/audio/AudioOutput.h"

namespace audio_output_test {

namespace {

namespace fs = std::filesystem;
using app::audio::AudioClip;
using app::audio::AudioOutput;

constexpr int kRate = 16000;

std::shared_ptr<const AudioClip> ramp(double seconds) {
    auto clip = std::make_shared<AudioClip>();
    clip->sampleRate = kRate;
    clip->samples.resize(size_t(seconds * kRate));
    for (size_t i = 0; i < clip->samples.size(); ++i)
        clip->samples[i] = int16_t(int(i % 20000) - 10000);
    return clip;
}

// Polls until the output stops playing; false if it still plays after `limit` seconds (a limit
// that only ends a hang: a busy machine may hold the device's thread back for seconds).
bool playsToTheEnd(const AudioOutput& out, double limit) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit);
    double last = -1;
    while (out.playing()) {
        EXPECT_GE(out.position(), last);  // the clock never runs backwards
        last = out.position();
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

TEST(AudioOutput, DiskDriverReceivesTheSamplesFromTheOffset) {
    const fs::path file =
        fs::temp_directory_path() / ("morphview-audio-output-" + std::to_string(getpid()) + ".raw");
    fs::remove(file);
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", file.c_str(), 1);
    const auto clip = ramp(0.3);
    {
        AudioOutput out;
        EXPECT_EQ(out.play(clip, 0.1), "");
        EXPECT_FALSE(out.silent());
        EXPECT_TRUE(out.playing());
        ASSERT_TRUE(playsToTheEnd(out, 60.0));
        EXPECT_NEAR(out.position(), 0.3, 1e-9);
        out.stop();
        EXPECT_EQ(out.position(), 0.0);
    }
    unsetenv("SDL_AUDIODRIVER");
    std::ifstream in(file, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
    const size_t first = size_t(0.1 * kRate), count = clip->samples.size() - first;
    ASSERT_NE(clip->samples[first], 0);
    const auto* written = reinterpret_cast<const int16_t*>(bytes.data());
    const size_t total = bytes.size() / 2;
    // SDL's device thread writes silence while the device is still paused, between opening it and
    // play's unpausing it (on a busy machine, a buffer or more): the clip starts after it.
    size_t lead = 0;
    while (lead < total && written[lead] == 0) ++lead;
    ASSERT_GE(total - lead, count);
    size_t same = 0;
    for (size_t i = 0; i < count; ++i) same += written[lead + i] == clip->samples[first + i];
    EXPECT_EQ(same, count);
    for (size_t i = lead + count; i < total; ++i) ASSERT_EQ(written[i], 0) << i;
    fs::remove(file);
}

TEST(AudioOutput, WithoutADevicePlaysSilentlyAndSaysSoOnce) {
    setenv("SDL_AUDIODRIVER", "no-such-driver", 1);
    AudioOutput out;
    // A second of clip: the silent clock is the wall clock, so `playing` right after `play` must
    // hold however long a busy machine keeps this thread waiting.
    const std::string said = out.play(ramp(1.0));
    EXPECT_NE(said.find("plays silently"), std::string::npos) << said;
    EXPECT_TRUE(out.silent());
    EXPECT_TRUE(out.playing());
    out.pause();
    const double held = out.position();
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_EQ(out.position(), held);  // paused: the clock stands
    EXPECT_FALSE(out.playing());
    out.resume();
    ASSERT_TRUE(playsToTheEnd(out, 60.0));
    EXPECT_NEAR(out.position(), 1.0, 1e-9);
    EXPECT_EQ(out.play(ramp(0.05), 0.02), "");  // said once only
    EXPECT_GE(out.position(), 0.02);
    unsetenv("SDL_AUDIODRIVER");
}

}  // namespace

}  // namespace audio_output_test
