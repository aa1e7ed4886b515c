// The live input's latency, run by hand (not a CTest test): a sender thread on loopback at
// 60 Hz, each sample's value numbering it, to a LiveSession polled as the viewer polls it (woken
// by the receiver's callback, as glfwPostEmptyEvent wakes the window), each changed frame drawn
// headless (EGL, the capture path: draw and read back, the read back standing for the swap).
// The latency is the time from the datagram's send to the end of the frame that drew it.
//
//     build/tests/bench/live/LiveLatencyBench MODEL [SECONDS] [SIZE]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/live/LiveRecording.h"
#include "app/live/LiveSession.h"
#include "app/shots/ShotPose.h"
#include "fixtures/LiveDatagrams.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/gl/EglContext.h"
#include "renderer/scene/Capture.h"
#include "tests/bench/live/LatencyBench.h"

namespace {

using Clock = std::chrono::steady_clock;

using bench_live::Wake;

// The first target name of the first mesh with targets: the name the sender drives.
std::string drivenName(const morph::Scene& scene) {
    for (const morph::Mesh& mesh : scene.meshes) {
        if (!mesh.targetNames.empty()) return mesh.targetNames[0];
    }
    return {};
}

struct Run {
    std::vector<Clock::time_point> sent;
    std::vector<double> appliedMs;  // send -> the poll that applied it
    std::vector<double> drawnMs;    // send -> the end of the frame that drew it
    size_t frames = 0;
};

void sendSamples(uint16_t port, const std::string& name, int count,
                 std::vector<Clock::time_point>& sent) {
    const auto period = std::chrono::microseconds(16667);
    auto next = Clock::now();
    for (int i = 1; i <= count; ++i) {
        sent[size_t(i)] = Clock::now();
        fixtures::live::sendDatagram(port, fixtures::live::vmcFrame({{name, float(i) / 65536.0f}}));
        next += period;
        std::this_thread::sleep_until(next);
    }
}

int report(const Run& run, int count, const std::string& name) {
    std::printf("driven target: %s; samples sent at 60 Hz: %d; frames drawn: %zu\n", name.c_str(),
                count, run.frames);
    bench_live::printLatencyTable("samples", 0.95,
                                  {{"datagram -> applied (poll)", &run.appliedMs},
                                   {"datagram -> frame drawn", &run.drawnMs}});
    return run.drawnMs.empty() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: LiveLatencyBench MODEL [SECONDS] [SIZE]\n");
        return 2;
    }
    const int seconds = argc > 2 ? std::stoi(argv[2]) : 20;
    const int size = argc > 3 ? std::stoi(argv[3]) : 512;
    auto context = renderer::EglContext::create();
    auto scene = morph::importGltf(argv[1]);
    if (bench_live::anyFailed(context, scene)) return 1;
    auto gpu = renderer::GpuScene::upload(*scene);
    auto capturer = renderer::Capturer::create();
    if (bench_live::anyFailed(gpu, capturer)) return 1;
    const std::string name = drivenName(*scene);
    Wake wake;
    app::live::LiveSessionOptions options;
    options.sources = {{app::live::SourceKind::Vmc, 0}};
    auto session = app::live::LiveSession::start(*scene, options, [&wake] { wake.notify(); });
    if (name.empty() || !session) {
        std::fprintf(stderr, "%s\n",
                     name.empty() ? "no morph targets" : session.error().message.c_str());
        return 1;
    }
    renderer::ShotSpec shot;
    shot.width = shot.height = size;
    (void)capturer->capture(*gpu, shot);  // the first frame's one-time costs, before the clock
    const int count = seconds * 60;
    Run run;
    run.sent.resize(size_t(count) + 1);
    std::thread sender(sendSamples, (*session)->receivers()[0]->port(), name, count,
                       std::ref(run.sent));
    const auto end = Clock::now() + std::chrono::seconds(seconds + 1);
    auto ms = [](Clock::time_point from, Clock::time_point to) {
        return std::chrono::duration<double, std::milli>(to - from).count();
    };
    while (Clock::now() < end) {
        wake.wait(std::chrono::milliseconds(100));
        if (!(*session)->poll()) continue;
        const Clock::time_point applied = Clock::now();
        const auto weights = (*session)->layer().weightsByName();
        const auto it = weights.find(name);
        if (it == weights.end()) continue;
        const size_t index = size_t(std::lround(double(it->second) * 65536.0));
        auto pose =
            app::buildPose(gpu->layout(), {}, 0.0f, app::live::weightItemsOf(weights).value());
        if (!pose) continue;
        auto image = capturer->capture(*gpu, shot, *pose);
        const Clock::time_point drawn = Clock::now();
        if (!image || index == 0 || index >= run.sent.size()) continue;
        ++run.frames;
        run.appliedMs.push_back(ms(run.sent[index], applied));
        run.drawnMs.push_back(ms(run.sent[index], drawn));
    }
    sender.join();
    return report(run, count, name);
}
