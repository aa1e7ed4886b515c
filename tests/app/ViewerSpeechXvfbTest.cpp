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

#include "app/speech/Speech.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"

namespace viewer_speech_xvfb_test {

namespace {

namespace fs = std::filesystem;

// The bundled face under Xvfb running `script` (written to DIR/NAME), its sound written by SDL2's
// disk driver to `raw`.
fixtures::RunOutcome runSpeechScript(const std::string& dir, const std::string& name,
                                     const std::string& script, const std::string& raw) {
    fixtures::ViewerRun viewer{dir, fixtures::bundledFace(), "480x360"};
    viewer.script = script;
    viewer.scriptName = name;
    viewer.env = {"SDL_AUDIODRIVER=disk", "SDL_DISKAUDIOFILE=" + raw};
    return viewer.run();
}

TEST(ViewerSpeechXvfbTest, SayMovesTheMouthWithTheAudioAndRestsAfter) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string raw = dir + "/speech.raw";
    const fixtures::RunOutcome run = runSpeechScript(dir, "say.txt",
                                                     "expect-weight \"jawOpen\" 0 0.001\n"
                                                     "say \"Hello, how are you?\"\n"
                                                     "wait-speech \"jawOpen\" 0.3 60\n"
                                                     "wait 2\n"
                                                     "expect-weight \"jawOpen\" 0 0.001\n"
                                                     "expect-weight \"mouthClose\" 0 0.001\n"
                                                     "expect-no-error\n"
                                                     "quit\n",
                                                     raw);
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

// A .wav dropped on the window is heard (PocketSphinx's phone loop, on the worker) and said with
// its own sound; a file that is not a WAV is one error naming it, and the viewer goes on.
TEST(ViewerSpeechXvfbTest, ADroppedWavIsHeardAndSaid) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    auto line = app::speech::speakText("Peter bought a bamboo fish.");
    ASSERT_TRUE(line.ok()) << line.error().message;
    const std::vector<uint8_t> wav = app::speech::encodeWav(line->samples, line->sampleRate);
    std::ofstream(dir + "/line.wav", std::ios::binary)
        .write(reinterpret_cast<const char*>(wav.data()), std::streamsize(wav.size()));
    std::ofstream(dir + "/notes.wav") << "not a RIFF file";
    const std::string raw = dir + "/speech.raw";
    const fixtures::RunOutcome run = runSpeechScript(dir, "drop.txt",
                                                     "drop \"notes.wav\"\n"
                                                     "wait 2\n"
                                                     "expect-error \"notes.wav\"\n"
                                                     "drop \"line.wav\"\n"
                                                     "wait-speech \"jawOpen\" 0.2 60\n"
                                                     "wait 2\n"
                                                     "expect-weight \"jawOpen\" 0 0.001\n"
                                                     "quit\n",
                                                     raw);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    // The sound that went out is the file's: at least as many samples as it holds.
    EXPECT_GE(fs::exists(raw) ? fs::file_size(raw) / 2 : 0, line->samples.size()) << raw;
}

}  // namespace

}  // namespace viewer_speech_xvfb_test
