#include "app/bench/BenchRun.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <utility>

#include "app/bench/BenchPaths.h"
#include "app/cli/ModelLoader.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageFile.h"
#include "morph/names/FaceNames.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/EglContext.h"
#include "renderer/gl/Timing.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/SceneRenderer.h"

namespace app {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The bandwidth a morph pass can hope for: a large buffer-to-buffer copy on the same device,
// counted as bytes read plus bytes written (a morph reads deltas and writes vertices). The best
// of a few copies, after one that faults the pages in. 64 MiB is far past the caches of the CPU
// llvmpipe runs on and small beside a GPU's memory.
double measureCopyGbPerSec() {
    constexpr GLsizeiptr kBytes = 64ll << 20;
    renderer::gl::Buffer source =
        renderer::gl::Buffer::create(kBytes, nullptr, GL_DYNAMIC_STORAGE_BIT);
    renderer::gl::Buffer target = renderer::gl::Buffer::create(kBytes, nullptr, 0);
    std::vector<uint8_t> fill(size_t(kBytes), 0x5a);
    source.subData(0, kBytes, fill.data());
    double best = 0;
    for (int i = 0; i < 6; ++i) {
        renderer::finishGl();
        const Clock::time_point start = Clock::now();
        target.copyFrom(source, 0, 0, kBytes);
        renderer::finishGl();
        const double seconds = msSince(start) / 1000.0;
        if (i > 0 && seconds > 0) best = std::max(best, 2.0 * double(kBytes) / seconds / 1e9);
    }
    return best;
}

}  // namespace

morph::Result<std::vector<uint8_t>> syntheticGlb(const morph::SyntheticMesh& mesh, uint32_t texture,
                                                 uint64_t seed) {
    morph::SyntheticFile file;
    if (texture > 0) {
        morph::RgbaImage skin;
        skin.width = int(texture);
        skin.height = int(texture);
        skin.pixels = morph::syntheticSkinPixels(texture, seed);
        auto png = morph::encodePng(skin);
        if (!png) return png.error();
        file.baseColorPng = std::move(png).value();
        file.targetNames = morph::nameSetNames(morph::NameSet::Arkit);
    }
    return morph::toGltf(mesh, file).glb();
}

namespace {

// The workload's scene: the synthetic mesh (one node; instances are drawn as a renderer::Crowd)
// or the file as it is.
struct LoadedScene {
    std::shared_ptr<const morph::Scene> scene;
    double loadMs = 0;
};

morph::Result<LoadedScene> loadWorkload(const BenchWorkload& workload) {
    LoadedScene out;
    const Clock::time_point start = Clock::now();
    if (!workload.modelPath.empty()) {
        ModelOptions model;
        model.path = workload.modelPath;
        auto scene = loadModel(model);
        if (!scene) return scene.error();
        out.scene = std::make_shared<const morph::Scene>(std::move(scene).value());
    } else if (workload.texture > 0) {
        const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(workload.mesh);
        auto glb = syntheticGlb(mesh, workload.texture, workload.mesh.seed);
        if (!glb) return glb.error();
        auto scene = morph::importGltfMemory(*glb, workload.label, "");
        if (!scene) return scene.error();
        out.scene = std::make_shared<const morph::Scene>(std::move(scene).value());
    } else {
        out.scene = std::make_shared<const morph::Scene>(
            morph::toScene(morph::makeSyntheticMesh(workload.mesh)));
    }
    out.loadMs = msSince(start);
    return out;
}

// A square grid of `count` copies, 2.5 mesh radii apart (the synthetic sphere has radius 1).
std::vector<glm::vec3> gridOffsets(uint32_t count) {
    const uint32_t side = uint32_t(std::ceil(std::sqrt(double(count))));
    std::vector<glm::vec3> offsets;
    for (uint32_t i = 0; i < count; ++i) {
        offsets.emplace_back(2.5f * float(i % side), -2.5f * float(i / side), 0.0f);
    }
    return offsets;
}

}  // namespace

// Per drawn node with a morphed mesh: its weights are redrawn every frame. Outside the anonymous
// namespace because Workbench, declared in the header, holds them (a unity build warns otherwise).
struct BenchMorphedNode {
    int node = -1;
    uint32_t targets = 0;
    uint32_t active = 0;
    uint32_t vertices = 0;              // of the mesh's morphed primitives
    uint32_t outputBytesPerVertex = 0;  // what a morphed vertex is (16 B per morphed channel)
    std::vector<uint64_t> entries;      // per target: sparse entries over the mesh's primitives
};

namespace {

std::vector<BenchMorphedNode> morphedNodes(const morph::Scene& scene, const std::vector<int>& drawn,
                                           uint32_t active) {
    std::vector<BenchMorphedNode> out;
    for (int node : drawn) {
        const morph::Mesh& mesh = scene.meshes[size_t(scene.nodes[size_t(node)].mesh)];
        if (mesh.targetCount() == 0) continue;
        BenchMorphedNode m;
        m.node = node;
        m.targets = uint32_t(mesh.targetCount());
        m.active = std::min(active, m.targets);
        m.entries.assign(m.targets, 0);
        for (const morph::Primitive& p : mesh.primitives) {
            if (p.targets.empty()) continue;
            m.vertices += p.vertexCount();
            m.outputBytesPerVertex =
                std::max(m.outputBytesPerVertex, uint32_t(16 * p.morphedChannels().size()));
            for (size_t t = 0; t < p.targets.size() && t < m.targets; ++t) {
                m.entries[t] += p.targetStats[t].movedVertices;
            }
        }
        out.push_back(std::move(m));
    }
    return out;
}

// A frame's weights: per morphed node `active` distinct random targets (a partial Fisher-Yates
// shuffle) at random weights in (0, 1]; the rest zero. `order` is scratch.
void drawWeights(morph::SplitMix64& rng, const BenchMorphedNode& m, std::vector<float>& weights,
                 std::vector<uint32_t>& order) {
    weights.assign(m.targets, 0.0f);
    order.resize(m.targets);
    std::iota(order.begin(), order.end(), 0u);
    for (uint32_t i = 0; i < m.active; ++i) {
        std::swap(order[i], order[i + rng.below(m.targets - i)]);
        weights[order[i]] = 1.0f - rng.unit();
    }
}

// The morph stage's time. The GL timer (MorphFrameStats::gpuMs) where it sees the work; but
// llvmpipe's GL_TIME_ELAPSED only spans what its rasterizer threads do, while its vertex shading
// runs on the submitting thread inside the draw call, so for the vs paths it reads ~0. There
// the wall-clock time of the same vertex-only pass (BenchPaths::vertexMorphMs) is the stage's
// time; it is used when the timer shows less than 5% of it. The cpu path's stage is its CPU
// blend and upload by wall clock, which MorphStage already adds to the timer's reading.
//
// On a CPU rasterizer the timer is no use for the vs paths at all (it read ~3 ms against a
// 160 ms vertex stage on llvmpipe once the pass got cheap), and around cs-sparse's dispatch it
// read about twice the dispatch's own wall time; but there the dispatch runs synchronously
// inside the call, so the wall clock around it is the pre-pass's time.
void setMorphMs(BenchResult& r, double glMs, double vertexPassMs, double prePassWallMs,
                bool software) {
    using renderer::MorphPath;
    const MorphPath ran = r.ranPath;
    r.morphTiming = "gl-timer";
    r.morphMsMedian = glMs;
    r.glMorphMsMedian = glMs;
    if (software && ran == MorphPath::CsSparse) {
        r.morphMsMedian = prePassWallMs;
        r.morphTiming = "wall-clock pre-pass (synchronous dispatch)";
    } else if ((renderer::morphsInVertexStage(ran) || ran == MorphPath::Mixed) &&
               (software || glMs < 0.05 * vertexPassMs)) {
        r.morphMsMedian = vertexPassMs;
        r.morphTiming = "wall-clock vertex-only pass";
    } else if (ran == MorphPath::Cpu) {
        r.morphTiming = "cpu blend and upload (wall clock)";
    }
}

}  // namespace

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double percentile95(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t rank = size_t(std::ceil(0.95 * double(values.size())));  // nearest rank
    return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

struct BenchSession::State {
    renderer::EglContext context;
    double copyGbPerSec = 0;
    std::optional<renderer::Offscreen> target;
    std::map<std::string, renderer::GpuEnvironment> environments;  // by --environment spec
};

BenchSession::BenchSession(std::unique_ptr<State> state) : mState(std::move(state)) {}
BenchSession::~BenchSession() = default;

morph::Result<std::unique_ptr<BenchSession>> BenchSession::create() {
    auto context = renderer::EglContext::create();
    if (!context) return context.error();
    auto state = std::make_unique<State>(State{std::move(context).value(), 0, {}, {}});
    state->copyGbPerSec = measureCopyGbPerSec();
    return std::unique_ptr<BenchSession>(new BenchSession(std::move(state)));
}

std::string BenchSession::device() const {
    return mState->context.description();
}
double BenchSession::copyGbPerSec() const {
    return mState->copyGbPerSec;
}

// One workload made ready to draw: the GPU scene, the nodes to drive, the pose and crowd the
// weights go into, and a camera that frames every copy.
struct Workbench {
    renderer::GpuScene gpu;
    BenchPaths paths;  // its own drawer: the workbenches of a group take turns frame by frame
    std::vector<BenchMorphedNode> nodes;
    std::vector<morph::NodePose> pose;
    renderer::Crowd crowd;
    bool isCrowd = false;
    uint32_t passes = 1;
    renderer::Camera camera;
    BenchResult shared;  // the fields every path's row shares
    std::vector<uint32_t> order;

    // A frame's weights (every node, every instance); returns its bandwidth bound in bytes.
    double nextWeights(morph::SplitMix64& rng) {
        double bound = 0;
        for (const BenchMorphedNode& m : nodes) {
            const size_t copies = isCrowd ? crowd.weights.size() : 1;
            for (size_t k = 0; k < copies; ++k) {
                std::vector<float>& weights =
                    isCrowd ? crowd.weights[k] : pose[size_t(m.node)].weights;
                drawWeights(rng, m, weights, order);
                for (uint32_t t = 0; t < m.targets; ++t) {
                    if (weights[t] != 0.0f) bound += 16.0 * double(m.entries[t]);
                }
                bound += double(m.vertices) * m.outputBytesPerVertex;
            }
        }
        return bound;
    }
};

namespace {

morph::Result<Workbench> prepare(const BenchWorkload& workload, int width, int height) {
    auto loaded = loadWorkload(workload);
    if (!loaded) return loaded.error();
    const Clock::time_point uploadStart = Clock::now();
    auto gpu = BenchPaths::upload(loaded->scene);
    if (!gpu) return gpu.error();
    renderer::finishGl();
    auto paths = BenchPaths::create();
    if (!paths) return paths.error();
    Workbench w;
    w.paths = std::move(paths).value();
    w.shared.uploadMs = msSince(uploadStart);
    w.shared.loadMs = loaded->loadMs;
    w.gpu = std::move(gpu).value();
    w.nodes = morphedNodes(*loaded->scene, w.gpu.nodes(), workload.active);
    if (w.nodes.empty())
        return morph::Error{morph::ErrorCode::Usage, workload.label + ": no morphed mesh to drive"};
    for (const BenchMorphedNode& m : w.nodes) {
        w.shared.targets = std::max(w.shared.targets, m.targets);
        w.shared.entries += std::accumulate(m.entries.begin(), m.entries.end(), uint64_t(0));
        w.shared.vertices += m.vertices;
    }
    w.pose = morph::restPose(w.gpu.layout());
    w.passes = workload.passes;
    w.isCrowd = workload.instances > 1;
    renderer::Aabb bounds = w.gpu.bounds(w.pose);
    if (w.isCrowd) {
        w.crowd.offsets = gridOffsets(workload.instances);
        w.crowd.weights.resize(workload.instances);
        const renderer::Aabb one = bounds;
        for (const glm::vec3& o : w.crowd.offsets) {
            bounds.extend(one.min + o);
            bounds.extend(one.max + o);
        }
    }
    w.camera = renderer::frameCamera(bounds, workload.view, float(width) / float(height));
    return w;
}

double trimmedMean(std::vector<double> values, double fraction) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t drop = size_t(double(values.size()) * fraction);
    if (2 * drop >= values.size()) return median(values);
    return std::accumulate(values.begin() + ptrdiff_t(drop), values.end() - ptrdiff_t(drop), 0.0) /
           double(values.size() - 2 * drop);
}
double mean(const std::vector<double>& values) {
    return values.empty()
               ? 0
               : std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

}  // namespace

// Draws one frame and waits for it (Offscreen::finish: a 1-pixel read, or glFinish where the
// target is multisampled); returns its wall time.
double BenchSession::frame(Workbench& w, renderer::MorphPath path, bool timed) {
    State& s = *mState;
    const Clock::time_point start = Clock::now();
    w.paths.drawFrame(w.gpu, path, w.pose, w.camera, s.target->target(), w.passes,
                      w.isCrowd ? &w.crowd : nullptr, timed);
    s.target->finish();
    return msSince(start);
}

namespace {

// The share of the target's pixels something was drawn on: depth below the far plane.
double coveredShare(renderer::Offscreen& target) {
    // Empty when multisampled: a multisampled depth buffer cannot be read.
    const std::vector<float> depth = target.readDepth();
    const size_t covered =
        size_t(std::count_if(depth.begin(), depth.end(), [](float d) { return d < 1.0f; }));
    return depth.empty() ? 0 : double(covered) / double(depth.size());
}

// One workbench's samples of one path: its own weight sequence (the same for every path).
struct PathSamples {
    morph::SplitMix64 rng;
    std::vector<double> frameMs, vertexMs, morphMs, cpuMs, prePassMs, boundBytes, readBytes;
    BenchResult r;
};

// The row of `m`: medians and means of its samples, and the bandwidth they give.
BenchResult summarize(PathSamples& m, const std::string& device, double copyGbPerSec) {
    BenchResult& r = m.r;
    r.frameMsMedian = median(m.frameMs);
    r.frameMsP95 = percentile95(m.frameMs);
    // A mean without the 10% highest and lowest frames. The bookkeeping takes a few
    // microseconds, mostly cache misses after the frame's draw evicted its data, and is
    // bimodal (warm or cold caches), which makes a median jump between the two; one
    // preemption in the frame would swamp a plain mean.
    r.cpuMsPerFrame = trimmedMean(m.cpuMs, 0.1);
    setMorphMs(r, median(m.morphMs), median(m.vertexMs), median(m.prePassMs),
               renderer::isSoftwareRenderer(device));
    r.bytesReadPerFrame = uint64_t(std::llround(mean(m.readBytes)));
    r.boundBytes = uint64_t(std::llround(mean(m.boundBytes)));
    const double morphSeconds = r.morphMsMedian / 1000.0;
    if (morphSeconds > 0) {
        r.gbPerSec = double(r.bytesReadPerFrame) / morphSeconds / 1e9;
        if (copyGbPerSec > 0) {
            r.fractionOfBound = double(r.boundBytes) / (copyGbPerSec * 1e9) / morphSeconds;
        }
    }
    return r;
}

}  // namespace

std::vector<BenchResult> BenchSession::measurePath(const std::vector<Workbench*>& group,
                                                   renderer::MorphPath path,
                                                   const BenchSettings& settings) {
    State& s = *mState;
    std::vector<PathSamples> samples;
    for (Workbench* w : group) {
        samples.push_back(
            {morph::SplitMix64(settings.seed), {}, {}, {}, {}, {}, {}, {}, w->shared});
        samples.back().r.path = renderer::morphPathName(path);
        samples.back().r.copyGbPerSec = s.copyGbPerSec;
    }
    // Untimed frames give the frame and CPU times (and, after each, the vs paths' vertex-only
    // pass); then the same weights again with the GL timer queries on give the morph stage's
    // time (timed frames of the vs paths add a pass, so they are not counted as frames). The
    // workbenches of a group take turns frame by frame.
    for (uint32_t f = 0; f < settings.warmup + settings.frames; ++f) {
        for (size_t i = 0; i < group.size(); ++i) {
            Workbench& w = *group[i];
            PathSamples& m = samples[i];
            const double bound = w.nextWeights(m.rng);
            const double ms = frame(w, path, false);
            if (f == 0) m.r.firstFrameMs = ms;
            if (f + 1 == settings.warmup + settings.frames) m.r.coverage = coveredShare(*s.target);
            if (f < settings.warmup) continue;
            const renderer::MorphFrameStats& stats = w.paths.stats();
            m.frameMs.push_back(ms);
            m.cpuMs.push_back(stats.cpuMs);
            m.prePassMs.push_back(stats.prePassWallMs);
            m.boundBytes.push_back(bound);
            m.readBytes.push_back(double(stats.cost.bytesReadPerFrame));
            m.r.residentBytes = std::max(m.r.residentBytes, stats.cost.residentBytes);
            m.r.ranPath = stats.uniformPath();
            m.r.resolvedPath = renderer::morphPathName(m.r.ranPath);
            m.vertexMs.push_back(w.paths.vertexMorphMs());
        }
    }
    for (PathSamples& m : samples) m.rng = morph::SplitMix64(settings.seed);
    for (uint32_t f = 0; f < settings.warmup + settings.frames; ++f) {
        for (size_t i = 0; i < group.size(); ++i) {
            group[i]->nextWeights(samples[i].rng);
            if (f < settings.warmup) continue;
            frame(*group[i], path, true);
            samples[i].morphMs.push_back(std::max(group[i]->paths.stats().gpuMs, 0.0));
        }
    }
    std::vector<BenchResult> results;
    for (size_t i = 0; i < group.size(); ++i) {
        samples[i].r.gpuResidentBytes = group[i]->paths.morphResidentBytes();
        group[i]->paths.releaseMorph();  // the next path starts from nothing
        results.push_back(summarize(samples[i], device(), s.copyGbPerSec));
    }
    return results;
}

morph::Result<std::vector<std::vector<BenchResult>>> BenchSession::run(
    const std::vector<BenchWorkload>& workloads, const BenchSettings& settings) {
    State& s = *mState;
    if (!s.target || s.target->width() != settings.width || s.target->height() != settings.height ||
        s.target->samples() != settings.samples) {
        // Single-sampled by default, as three.js's WebGLRenderer is (antialias: false); --msaa
        // as the viewer's 3D view draws.
        auto target =
            renderer::Offscreen::create(settings.width, settings.height, settings.samples);
        if (!target) return target.error();
        s.target = std::move(target).value();
    }
    renderer::DrawOptions look;
    look.environmentRotation = settings.environmentRotation;
    look.exposure = settings.exposure;
    look.toneMapping = settings.toneMapping;
    look.shading = settings.shading;
    if (settings.environment != renderer::kRigLighting) {
        auto found = s.environments.find(settings.environment);
        if (found == s.environments.end()) {
            auto loaded = renderer::GpuEnvironment::load(settings.environment);
            if (!loaded) return loaded.error();
            found = s.environments.emplace(settings.environment, std::move(loaded).value()).first;
        }
        look.environment = &found->second;
    }
    std::vector<Workbench> workbenches;
    for (const BenchWorkload& workload : workloads) {
        auto workbench = prepare(workload, settings.width, settings.height);
        if (!workbench) return workbench.error();
        workbench->paths.setLook(look);
        workbenches.push_back(std::move(workbench).value());
    }
    std::vector<Workbench*> group;
    for (Workbench& w : workbenches) group.push_back(&w);
    std::vector<std::vector<BenchResult>> results(workloads.size());
    for (renderer::MorphPath path : settings.paths) {
        std::vector<BenchResult> row = measurePath(group, path, settings);
        for (size_t i = 0; i < row.size(); ++i) results[i].push_back(std::move(row[i]));
    }
    return results;
}

}  // namespace app
