#include "MorphStage.h"

#include "Log.h"

namespace renderer {

MorphPath MorphFrameStats::uniformPath() const {
    MorphPath only = MorphPath::Auto;
    int used = 0;
    for (size_t i = 0; i < primitives.size(); ++i) {
        if (primitives[i] == 0) continue;
        only = MorphPath(i);
        ++used;
    }
    return used == 1 ? only : MorphPath::Auto;
}

morph::Result<MorphStage> MorphStage::create(const ShaderLibrary& library) {
    auto programs = MorphPrograms::create(library);
    if (!programs) return programs.error();
    MorphStage out;
    out.mPrograms = std::move(programs).value();
    out.mPrePassQuery = gl::Query::create(GL_TIME_ELAPSED);
    out.mVertexQuery = gl::Query::create(GL_TIME_ELAPSED);
    return out;
}

void MorphStage::beginFrame(bool timed) {
    mStats = MorphFrameStats();
    mPrePassPending = mVertexPending = false;
    if (timed) {
        mPrePassQuery.begin();
        mPrePassPending = true;
    }
}

MorphPath MorphStage::preparePrimitive(const GpuPrimitive& primitive, const MorphWeights* weights,
                                       MorphPath requested, uint32_t passes) {
    PrimitiveMorph& morph = primitive.morph;
    if (morph.empty() || weights == nullptr) return MorphPath::Auto;
    MorphPath path = morph.resolve(requested, weights->activeCount(), passes);
    morph::Status ready = morph.prepare(path);
    if (!ready) {
        // Ordered by what holds the most: sparse storage grows with the moved vertices only,
        // and the cpu path needs nothing but its output buffer.
        const MorphPath failed = path;
        for (MorphPath fallback : {MorphPath::CsSparse, MorphPath::Cpu}) {
            path = morph.resolve(fallback, weights->activeCount(), passes);
            if (path != failed && morph.prepare(path).ok()) break;
        }
        static int notes = 0;
        if (notes++ < 8) {
            logNote(std::string(morphPathName(failed)) + ": " + ready.error().message +
                    "; drawn with " + morphPathName(path));
        }
    }
    morph.run(path, *weights, mPrograms);
    mStats.primitives[size_t(path)] += 1;
    mStats.cost += morphCost(path, morph.shape(), weights->activeTargets(), passes);
    return path;
}

void MorphStage::endPrePass() {
    if (mPrePassPending) mPrePassQuery.end();
}

void MorphStage::beginVertexTiming() {
    mVertexQuery.begin();
    mVertexPending = true;
}

void MorphStage::endVertexTiming(uint32_t passes) {
    mVertexQuery.end();
    mVertexPasses = std::max(passes, 1u);
}

const MorphFrameStats& MorphStage::stats() {
    if (mPrePassPending) {
        mStats.gpuMs = double(mPrePassQuery.result()) * 1e-6;
        mStats.timing = "pre-pass";
        mPrePassPending = false;
        if (mVertexPending) {
            mStats.gpuMs += double(mVertexQuery.result()) * 1e-6 * mVertexPasses;
            mStats.timing += " + vertex-only pass x " + std::to_string(mVertexPasses);
            mVertexPending = false;
        }
    }
    return mStats;
}

}  // namespace renderer
