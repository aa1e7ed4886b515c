#pragma once
// The GL half of `morphview bench`: one headless context, a memory-copy bandwidth
// measured once, and per workload the synthetic mesh (or a file) uploaded once and drawn for F
// frames with each morph path, with new random active weights every frame.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/targets/SyntheticMesh.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/Look.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/SceneRenderer.h"

namespace app {

// One setting of a scenario (or the command line's own).
struct BenchWorkload {
    std::string scenario;       // "" for --vertices/--model runs
    std::string label;          // e.g. "production 5% 40 active": says which setting a row is
    morph::SyntheticSpec mesh;  // used when modelPath is empty
    std::string modelPath;
    uint32_t active = 8;     // random non-zero weights per frame per instance (clamped to T)
    uint32_t instances = 1;  // copies of the mesh, each with its own weights (a crowd)
    uint32_t passes = 1;     // draws of the scene per frame (main, depth, picking, ...)
    // Drawn in turn, frame by frame, with the scenario's other interleaved settings, because
    // the scenario compares them (BenchSession::run).
    bool interleaved = false;
    // The synthetic mesh as the small textured face (scenario small-face): written as a .glb
    // in memory with a base colour texture of this side and ARKit's names, and imported as a
    // file is (its texture decoded and uploaded). 0: the plain untextured mesh.
    uint32_t texture = 0;
    // Where the camera looks from: framed as capture frames the model (the default), or an
    // orbit at a distance (a scenario's share of the frame, --camera).
    renderer::CameraView view;
};

struct BenchSettings {
    std::vector<renderer::MorphPath> paths;
    uint32_t frames = 20;
    uint32_t warmup = 3;  // frames drawn first and not counted (shader compiles, first uploads)
    int width = 64;
    int height = 64;
    int samples = 0;    // the frame's MSAA samples: 0, as three.js draws by default (--msaa)
    uint64_t seed = 1;  // of the weights; the same sequence for every path
    // The light and display transform, as capture and the viewer take them (--environment
    // ...): the default look, the studio environment, unless told otherwise. Prefiltered (or
    // read from the cache) once per run, outside every timed frame.
    std::string environment = renderer::kStudioEnvironment;
    float environmentRotation = 0;  // radians
    float exposure = 1;
    renderer::ToneMapping toneMapping = renderer::ToneMapping::PbrNeutral;
    // How opaque materials are lit (--shading): auto is deferred on a CPU rasterizer.
    renderer::Shading shading = renderer::Shading::Auto;
};

// One row of the output: a workload drawn with one path.
struct BenchResult {
    std::string path;
    std::string resolvedPath;  // what ran: the path itself, auto's choice, or "mixed"
    renderer::MorphPath ranPath = renderer::MorphPath::None;  // the same, as the renderer has it
    double morphMsMedian = 0;    // the morph stage: GL timer query, see morphTiming
    std::string morphTiming;     // how morphMsMedian was measured (BenchRun.cpp setMorphMs)
    double glMorphMsMedian = 0;  // what the GL timer said, whichever was used
    double frameMsMedian = 0;    // weights set .. 1-pixel glReadPixels returned
    double frameMsP95 = 0;
    double cpuMsPerFrame = 0;  // CPU time of the morph bookkeeping (weights, active lists), median
    uint64_t residentBytes = 0;     // the renderer's cost model for the path (MorphCost)
    uint64_t gpuResidentBytes = 0;  // GPU bytes its morph resources held after the frames
    uint64_t bytesReadPerFrame = 0;
    double gbPerSec = 0;         // bytesReadPerFrame / morph stage time
    double fractionOfBound = 0;  // (boundBytes / copy bandwidth) / morph stage time
    // Context for reading the row.
    uint64_t boundBytes = 0;  // sum over active targets of nnz*16 B + V * output bytes
    double copyGbPerSec = 0;  // the copy bandwidth the bound uses
    uint32_t vertices = 0;    // summed over the morphed primitives (one instance)
    uint32_t targets = 0;     // the largest target count of a morphed mesh
    uint64_t entries = 0;     // non-zero (vertex, target) pairs, summed
    double loadMs = 0;        // generate or import the scene
    double uploadMs = 0;      // upload it (what the renderer builds at load)
    double firstFrameMs = 0;  // the path's first (warm-up) frame: builds its resources
    double coverage = 0;      // share of the last frame's pixels the model covers (0: MSAA)
};

// The synthetic mesh as a .glb: its sparse targets; with `texture` > 0 also a base colour
// texture of that side (a PNG of morph::syntheticSkinPixels) and ARKit's 52 names on its first
// targets: the small textured face the `small-face` scenario and `--write-model --texture` make.
morph::Result<std::vector<uint8_t>> syntheticGlb(const morph::SyntheticMesh& mesh, uint32_t texture,
                                                 uint64_t seed);

struct Workbench;  // a workload made ready to draw (BenchRun.cpp)

class BenchSession {
public:
    // Creates the EGL context and measures the copy bandwidth.
    static morph::Result<std::unique_ptr<BenchSession>> create();
    ~BenchSession();

    std::string device() const;
    double copyGbPerSec() const;

    // Runs every path of `settings` on each workload; per workload, results in the order of
    // settings.paths. Several workloads are drawn in turn, frame by frame, for each path: their
    // numbers are then comparable (drift of the machine's speed over the run, a VM's stolen
    // time or another process's load, falls on all of them alike), at the cost of holding all
    // of their meshes (and the path's resources for each) at once.
    morph::Result<std::vector<std::vector<BenchResult>>> run(
        const std::vector<BenchWorkload>& workloads, const BenchSettings& settings);

private:
    struct State;
    explicit BenchSession(std::unique_ptr<State> state);
    double frame(Workbench& w, renderer::MorphPath path, bool timed);
    std::vector<BenchResult> measurePath(const std::vector<Workbench*>& group,
                                         renderer::MorphPath path, const BenchSettings& settings);
    std::unique_ptr<State> mState;
};

// Median and 95th percentile (nearest rank) of `values`; 0 when empty.
double median(std::vector<double> values);
double percentile95(std::vector<double> values);

}  // namespace app
