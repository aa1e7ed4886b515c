// The Speech panel under Xvfb: `say` a line on the bundled face, and while it plays (prepared on
// a worker, the mouth at the audio clock) jawOpen rises; after the line it is back at rest. The
// sound goes to SDL2's disk driver, so the samples that went out are checked too: as many as the
// line is long, not silence.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace {

namespace fs = std::filesystem;

TEST(ViewerSpeechXvfbTest, SayMovesTheMouthWithTheAudioAndRestsAfter) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string face = std::string(MORPHVIEW_SOURCE_DIR) + "/assets/face.glb";
    const std::string raw = dir + "/speech.raw";
    std::ofstream(dir + "/say.txt") << "expect-weight \"jawOpen\" 0 0.001\n"
                                       "say \"Hello, how are you?\"\n"
                                       "wait-speech \"jawOpen\" 0.3 10\n"
                                       "wait 2\n"
                                       "expect-weight \"jawOpen\" 0 0.001\n"
                                       "expect-weight \"mouthClose\" 0 0.001\n"
                                       "expect-no-error\n"
                                       "quit\n";
    const fixtures::RunOutcome run = fixtures::runMorphviewUnderXvfb(
        {face, "--window-size", "480x360", "--script", dir + "/say.txt"}, "480x360", "",
        {"SDL_AUDIODRIVER=disk", "SDL_DISKAUDIOFILE=" + raw});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err.find("plays silently"), std::string::npos) << run.err;

    std::ifstream in(raw, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
    // espeak-ng speaks at 22050 Hz: the line is about a second, some of it loud.
    const size_t samples = bytes.size() / 2;
    EXPECT_GT(samples, 22050u / 2) << raw;
    const auto* pcm = reinterpret_cast<const int16_t*>(bytes.data());
    size_t loud = 0;
    for (size_t i = 0; i < samples; ++i) loud += pcm[i] > 2000 || pcm[i] < -2000;
    EXPECT_GT(loud, samples / 50);
}

}  // namespace
