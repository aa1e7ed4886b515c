// A live voice's latency, run by hand (not a CTest test): a WAV file played as a microphone
// (app/voice/FileDevice: 10 ms blocks pushed into the ring at real-time pace, each waking the
// loop as SDL2's capture callback wakes the window), the session polled as the viewer polls it,
// each frame whose weights changed drawn headless (EGL, the capture path: draw and read back,
// the read back standing for the swap). The frame is drawn as the viewer's 3D view draws it:
// single-sampled on a CPU rasterizer (so deferred, SceneRenderer's Shading::Auto), 4x MSAA on a
// GPU (ViewerWindow's default for the view); SAMPLES says otherwise (4: the capture command's
// default, forward). The latency is the time from the newest block a frame analysed reaching
// the program to the end of the frame that drew it; the table gives the median and the 90th
// percentile.
//
//     build/tests/bench/live/VoiceLatencyBench MODEL FILE.wav [SIZE] [SAMPLES]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "app/live/LiveRecording.h"
#include "app/shots/ShotPose.h"
#include "app/voice/FileDevice.h"
#include "app/voice/VoiceSession.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/gl/EglContext.h"
#include "renderer/gl/Gl.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/Capture.h"
#include "tests/bench/live/LatencyBench.h"

namespace {

using Clock = app::voice::AudioClock;

using bench_live::Wake;

std::vector<std::string> targetNames(const morph::Scene& scene) {
    std::vector<std::string> names;
    for (const morph::Mesh& mesh : scene.meshes)
        names.insert(names.end(), mesh.targetNames.begin(), mesh.targetNames.end());
    return names;
}

struct Run {
    std::vector<double> analysedMs;  // block -> the poll that analysed it
    std::vector<double> drawnMs;     // block -> the end of the frame that drew it
};

// The samples the viewer's 3D view draws with on this context (ViewerWindow: none on a CPU
// rasterizer, 4 on a GPU).
int viewerSamples() {
    const GLubyte* name = glGetString(GL_RENDERER);
    return name && renderer::isSoftwareRenderer(reinterpret_cast<const char*>(name)) ? 0 : 4;
}

int report(const Run& run, const renderer::ShotSpec& shot, double seconds) {
    std::printf("audio: %.2f s in 10 ms blocks; frames drawn: %zu at %dx%d, %d samples\n", seconds,
                run.drawnMs.size(), shot.width, shot.height, shot.samples);
    bench_live::printLatencyTable("frames", 0.9,
                                  {{"audio block -> analysed (poll)", &run.analysedMs},
                                   {"audio block -> frame drawn", &run.drawnMs}});
    return run.drawnMs.empty() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: VoiceLatencyBench MODEL FILE.wav [SIZE] [SAMPLES]\n");
        return 2;
    }
    const int size = argc > 3 ? std::stoi(argv[3]) : 256;
    auto context = renderer::EglContext::create();
    auto scene = morph::importGltf(argv[1]);
    auto file = app::voice::FileDevice::open(argv[2]);
    if (bench_live::anyFailed(context, scene, file)) return 1;
    auto gpu = renderer::GpuScene::upload(*scene);
    auto capturer = renderer::Capturer::create();
    auto session =
        app::voice::VoiceSession::start(targetNames(*scene), (*file)->audio().sampleRate, "");
    if (bench_live::anyFailed(gpu, capturer, session)) return 1;
    renderer::ShotSpec shot;
    shot.width = shot.height = size;
    shot.samples = argc > 4 ? std::stoi(argv[4]) : viewerSamples();
    (void)capturer->capture(*gpu, shot);  // the first frame's one-time costs, before the clock
    Wake wake;
    (*file)->start((*session)->ring(), [&wake] { wake.notify(); });
    auto ms = [](Clock::time_point from, Clock::time_point to) {
        return std::chrono::duration<double, std::milli>(to - from).count();
    };
    Run run;
    Clock::time_point lastChange = Clock::now();
    // Until the file has played and the mouth has nothing left to do.
    while (!(*file)->finished() || Clock::now() - lastChange < std::chrono::milliseconds(500)) {
        wake.wait(std::chrono::milliseconds(20));
        if (!(*session)->poll() || !(*session)->arrived()) continue;
        lastChange = Clock::now();
        const Clock::time_point arrived = *(*session)->arrived(), analysed = Clock::now();
        auto items = app::live::weightItemsOf((*session)->weights());
        if (!items) continue;
        auto pose = app::buildPose(gpu->layout(), {}, 0.0f, *items);
        if (!pose) continue;
        auto image = capturer->capture(*gpu, shot, *pose);
        if (!image) continue;
        run.analysedMs.push_back(ms(arrived, analysed));
        run.drawnMs.push_back(ms(arrived, Clock::now()));
    }
    return report(run, shot, double((*file)->audio().duration()));
}
