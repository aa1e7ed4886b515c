#pragma once
// The morph sequence, the one every drawer runs (SceneRenderer, OverlayRenderer, GpuOracle): for
// each drawn primitive (each node's own PrimitiveMorph, DrawState::morph), resolve the path
// (auto chosen), prepare it (resources built on first use, a fallback when the path cannot hold
// the primitive), run its pre-pass (cs-sparse and cpu, once per frame whatever the number of
// passes, into that node's output), then PrimitiveMorph::bind for each draw. It also
// keeps what the frame's morph cost (MorphCost) and, when asked, how long its pre-pass took on
// the GPU (a GL timer query).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "morph/Result.h"
#include "renderer/gl/Query.h"
#include "renderer/gl/Timing.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/MorphTargets.h"
#include "renderer/morph/PrimitiveMorph.h"
#include "renderer/morph/SparseMorph.h"

namespace renderer {

// The last frame's morph numbers (SceneRenderer::morphStats()).
struct MorphFrameStats {
    MorphCost cost;  // summed over the drawn primitives, each for the path it ran with
    // GPU milliseconds of the morph stage's pre-pass (GL_TIME_ELAPSED around cs-sparse's
    // dispatches; the cpu path's blend and upload by wall clock, which no GL query sees); -1
    // when DrawOptions::timeMorph was off. vs-dense and vs-active morph inside the draw's vertex
    // stage, which no query can split from the rest of the draw: `bench` times them on a
    // vertex-only pass of its own (renderer/scene/VertexMorphPass). `timing` says what the number
    // holds.
    double gpuMs = -1;
    // CPU milliseconds of morph bookkeeping: weights (active lists, rows), path resolution,
    // building resources on first use, binding. Not the pre-pass itself (llvmpipe runs a
    // compute dispatch inside the call) nor cpu's blend: those are the morph stage (gpuMs).
    // Measured every frame.
    double cpuMs = 0;
    // Wall-clock milliseconds inside the pre-pass calls (cs-sparse's dispatch, cpu's blend and
    // upload). On a GPU that is only submission; a CPU rasterizer (llvmpipe) runs a dispatch
    // synchronously inside the call, so there it is the pre-pass's whole time.
    double prePassWallMs = 0;
    // Drawn primitives by the concrete path they ran with (index: MorphPath value).
    std::array<uint32_t, kConcreteMorphPathCount> primitives{};
    std::string timing;
    // The one path every morphed primitive ran with; Mixed when they differ, None when no
    // primitive morphed.
    MorphPath uniformPath() const;
};

class MorphStage {
public:
    MorphStage() = default;
    // The compute programs of cs-sparse are built from `library` when a primitive first runs
    // that path (a drawer that never does, such as the overlay, never compiles them).
    static morph::Result<MorphStage> create(const ShaderLibrary& library = ShaderLibrary());

    // A new frame's stats; the GPU timer runs from here to endPrePass() when `timed`.
    void beginFrame(bool timed);
    // Resolves `requested` for `morph` (with `weights`' longest active list), builds its
    // resources, falling back to cs-sparse then cpu when the path cannot hold the primitive
    // (e.g. a texture past GL_MAX_TEXTURE_SIZE or the memory budget, or compute programs that do
    // not build; noted), uploads the weight buffers that path reads (MorphWeights::upload: each
    // once per weights generation, so a mesh's primitives upload their shared weights once), runs
    // its pre-pass and adds its cost. Returns the path the draw must bind: None when there is
    // nothing to morph (no targets, no weights).
    MorphPath preparePrimitive(PrimitiveMorph& morph, MorphWeights* weights, MorphPath requested,
                               uint32_t passes = 1);
    void endPrePass();
    void addCpuMs(double ms) { mStats.cpuMs += ms; }
    // Wall-clock time spent inside pre-passes since beginFrame (to keep it out of cpuMs).
    double takeRunMs() { return std::exchange(mRunMs, 0.0); }

    // A drawer's loop over preparePrimitive, timed from outside: its scope's wall-clock time,
    // less the pre-pass runs inside it, is the frame's CPU bookkeeping (MorphFrameStats::cpuMs).
    class BookkeepingScope {
    public:
        explicit BookkeepingScope(MorphStage& stage) : mStage(stage) {}
        BookkeepingScope(const BookkeepingScope&) = delete;
        BookkeepingScope& operator=(const BookkeepingScope&) = delete;
        ~BookkeepingScope() { mStage.addCpuMs(mClock.ms() - mStage.takeRunMs()); }

    private:
        MorphStage& mStage;
        Stopwatch mClock;
    };

    // Waits for the timer results of the last frame.
    const MorphFrameStats& stats();

private:
    // `path`'s resources for `morph`, and for cs-sparse the compute programs first.
    morph::Status prepare(PrimitiveMorph& morph, MorphPath path);
    // `path` resolved and prepared, or the fallback that could be.
    MorphPath prepareWithFallback(PrimitiveMorph& morph, const MorphWeights& weights,
                                  MorphPath path, uint32_t passes);

    ShaderLibrary mLibrary;
    MorphPrograms mPrograms;
    std::optional<morph::Error> mProgramsFailed;  // set once when they did not build
    gl::Query mPrePassQuery;
    bool mPrePassPending = false;
    double mRunMs = 0;
    double mCpuPathMs = 0;
    MorphFrameStats mStats;
};

}  // namespace renderer
