#include "renderer/morph/MorphStage.h"

#include <atomic>

#include "renderer/gl/Log.h"
#include "renderer/gl/Timing.h"

namespace renderer {

MorphPath MorphFrameStats::uniformPath() const {
    MorphPath only = MorphPath::None;
    for (size_t i = 0; i < primitives.size(); ++i) {
        if (primitives[i] == 0) continue;
        if (only != MorphPath::None) return MorphPath::Mixed;
        only = MorphPath(i);
    }
    return only;
}

morph::Result<MorphStage> MorphStage::create(const ShaderLibrary& library) {
    MorphStage out;
    out.mLibrary = library;
    out.mPrePassQuery = gl::Query::create(GL_TIME_ELAPSED);
    return out;
}

void MorphStage::beginFrame(bool timed) {
    mStats = MorphFrameStats();
    mPrePassPending = false;
    mRunMs = mCpuPathMs = 0;
    if (timed) {
        mPrePassQuery.begin();
        mPrePassPending = true;
    }
}

MorphPath MorphStage::preparePrimitive(PrimitiveMorph& morph, MorphWeights* weights,
                                       MorphPath requested, uint32_t passes) {
    if (morph.empty() || weights == nullptr) return MorphPath::None;
    const MorphPath path = prepareWithFallback(
        morph, *weights, morph.resolve(requested, weights->activeCount(), passes), passes);
    if (path == MorphPath::None) return path;
    weights->upload(morph.weightBuffers(path));  // the frame's one weight upload
    // Before the run: on a CPU rasterizer a dispatch runs on every core and evicts the
    // caches, and the cost model's per-target lookups would pay for that.
    mStats.primitives[size_t(path)] += 1;
    mStats.cost += morphCost(path, morph.shape(), weights->active(), passes, morph.sparseMethod());
    // The pre-pass itself is not bookkeeping: llvmpipe runs a dispatch synchronously inside
    // glDispatchCompute, and the cpu path's blend is its morph stage.
    double ms = 0;
    {
        const ScopedTimer run(ms);
        morph.run(path, *weights, mPrograms);
    }
    mRunMs += ms;
    mStats.prePassWallMs += ms;
    if (path == MorphPath::Cpu) mCpuPathMs += ms;
    return path;
}

MorphPath MorphStage::prepareWithFallback(PrimitiveMorph& morph, const MorphWeights& weights,
                                          MorphPath path, uint32_t passes) {
    if (path == MorphPath::None) return path;
    const morph::Status ready = prepare(morph, path);
    if (ready) return path;
    // Ordered by what holds the most: sparse storage grows with the moved vertices only, and
    // the cpu path needs nothing but its output buffer.
    const MorphPath failed = path;
    for (MorphPath fallback : {MorphPath::CsSparse, MorphPath::Cpu}) {
        path = morph.resolve(fallback, weights.activeCount(), passes);
        if (path != failed && prepare(morph, path).ok()) break;
    }
    // A few notes, not one per frame: a primitive that does not fit falls back every frame.
    static std::atomic<int> notes{0};
    if (notes++ < 8) {
        logNote(std::string(morphPathName(failed)) + ": " + ready.error().message +
                "; drawn with " + morphPathName(path));
    }
    return path;
}

morph::Status MorphStage::prepare(PrimitiveMorph& morph, MorphPath path) {
    if (path == MorphPath::CsSparse && mPrograms.gather.id() == 0) {
        if (mProgramsFailed) return *mProgramsFailed;
        auto programs = MorphPrograms::create(mLibrary);
        if (!programs) {
            mProgramsFailed = programs.error();
            return programs.error();
        }
        mPrograms = std::move(programs).value();
    }
    return morph.prepare(path);
}

void MorphStage::endPrePass() {
    if (mPrePassPending) mPrePassQuery.end();
}

const MorphFrameStats& MorphStage::stats() {
    if (mPrePassPending) {
        mStats.gpuMs = double(mPrePassQuery.result()) * 1e-6;
        mStats.timing = "pre-pass (GL timer)";
        mPrePassPending = false;
        if (mCpuPathMs > 0) {
            // The cpu path's blend runs on the CPU, which no GL query sees.
            mStats.gpuMs += mCpuPathMs;
            mStats.timing += " + cpu blend and upload (wall clock)";
        }
    }
    return mStats;
}

}  // namespace renderer
