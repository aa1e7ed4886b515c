#pragma once
// The ways a primitive's morph can run on the GPU, chosen at run time with
// `--morph-path` and in the viewer. Every path gives the same result as morph::blend (the GPU==CPU
// oracle tests run each one); they differ in what they store and read per frame:
//   vs-dense:  the texture array (morph::packTargets), the vertex shader loops over every target
//              and skips zero weights: three.js's layout, the baseline.
//   vs-active: the same texture, but the CPU uploads only the active (target, weight) pairs and
//              the shader loops over their count.
//   cs-sparse: a compute pre-pass over the sparse int16 entries (morph::SparseTargets) of the
//              active targets writes a morphed vertex buffer that every pass then draws.
//   cpu:       morph::blend on the CPU, uploaded each frame (for comparison).
//   auto:      per primitive, from its density and the active count.
// Two more values name what a frame ran rather than a request: none (the primitive has nothing
// to morph, or no weights) and mixed (a frame's primitives ran different paths).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "morph/Result.h"
#include "morph/targets/ActiveWeights.h"

namespace renderer {

// The one numbering of the paths: the concrete ones are also the values of morph.glsl's
// uMorphMode.x (MV_MORPH_PATH_*, from morphPathDefines()) and index per-path arrays.
enum class MorphPath : uint8_t { VsDense, VsActive, CsSparse, Cpu, Auto, None, Mixed };

// The paths that do the work (Auto resolves to one of these per primitive).
inline constexpr MorphPath kConcreteMorphPaths[] = {MorphPath::VsDense, MorphPath::VsActive,
                                                    MorphPath::CsSparse, MorphPath::Cpu};
inline constexpr size_t kConcreteMorphPathCount = 4;
constexpr bool isConcrete(MorphPath path) {
    return size_t(path) < kConcreteMorphPathCount;
}
// vs-dense and vs-active morph inside the draw's vertex stage (in every pass).
constexpr bool morphsInVertexStage(MorphPath path) {
    return path == MorphPath::VsDense || path == MorphPath::VsActive;
}

// "vs-dense", "vs-active", "cs-sparse", "cpu", "auto", "none", "mixed".
const char* morphPathName(MorphPath path);
// What a user may ask for: a concrete path or auto (not none or mixed).
std::optional<MorphPath> parseMorphPath(std::string_view name);
// "#define MV_MORPH_PATH_VS_DENSE 0" ... for every concrete path: the extra defines of each
// program that includes morph.glsl.
const std::string& morphPathDefines();
// A comma-separated list ("vs-dense,cs-sparse,auto") or "all" (the four concrete paths, then
// auto). Errors name the unknown entry.
morph::Result<std::vector<MorphPath>> parseMorphPathList(std::string_view list);

// cs-sparse's two deterministic pre-passes (SparseMorph.h): a per-vertex gather over a CSR-by-
// vertex layout, or a per-entry scatter of fixed-point terms with integer atomicAdd.
enum class SparseMethod : uint8_t { Gather, Scatter };
// Gather, measured on llvmpipe (Mesa, this 2-core machine under load from other jobs; medians
// of the GL timer around the pre-pass, ms, gather / scatter): face (36,000 v x 52 t) 16 active
// 292 / 284; 50,000 x 300 at 2%, 8 active 44 / 60; at 5%, 40 active 71 / 68; at 5%, 120 active
// 95 / 90; arkit 1,220 x 52 at 30% x 1,000 instances, 16 active 152 / 317. Equal within noise
// on single meshes, twice as fast on the crowd, and one pass with no clear: gather. Scatter's
// bytes follow the active set (the gather reads every entry's target id), which a GPU with fast
// atomics may prefer; DrawState::setSparseMethod switches.
inline constexpr SparseMethod kDefaultSparseMethod = SparseMethod::Gather;

// What a path costs for the morph data of a primitive, or summed over a scene.
struct MorphCost {
    uint64_t residentBytes = 0;      // GPU memory kept for morph data (deltas, indices, outputs)
    uint64_t bytesReadPerFrame = 0;  // morph data read for the current active set, per frame
    MorphCost& operator+=(const MorphCost& other) {
        residentBytes += other.residentBytes;
        bytesReadPerFrame += other.bytesReadPerFrame;
        return *this;
    }
};

// What the cost model and the auto rule know about one primitive (GL-free, so both are unit
// tested without a context). Filled by PrimitiveMorph from the CPU primitive.
struct MorphShape {
    uint32_t vertexCount = 0;
    uint32_t targetCount = 0;
    uint32_t denseStride = 0;   // texels per vertex per target in the texture array (channels)
    uint32_t sparseStride = 0;  // vec4 slots per vertex the cs-sparse pre-pass writes (1 or 2)
    uint32_t cpuStride = 0;     // vec4 slots per vertex the cpu path uploads
    bool sparseCovers = false;  // morphs only POSITION/NORMAL: cs-sparse can hold every target
    std::vector<uint32_t> targetEntries;  // per target: vertices it moves (sparse entries)
    uint64_t entryTotal = 0;              // their sum
    // Sets both, so that auto and the cost model, which run every frame, need not sum T counts.
    void setTargetEntries(std::vector<uint32_t> entries);
    uint64_t entries() const { return entryTotal; }
    double density() const;  // entries / (vertices x targets); 0 when empty
};

// Bytes per frame and resident bytes of `path` (a concrete one) for `shape`, with instance k
// using the targets whose weight is non-zero in row k (`active[k]`, ascending), drawn in
// `passes` passes (the vs paths morph again in every pass; the others once per frame).
//   vs-dense:  texture V*T*stride*16 (+ weight rows); reads the texels of every non-zero target
//              plus one weight per target per vertex (its loop visits all of them).
//   vs-active: the same texture; reads the texels of the active targets and the pairs.
//   cs-sparse: entries of 16 B (a 4 B vertex or target + 12 B of int16 deltas) and the output
//              V*stride*16 per instance. Scatter: reads the active targets' entries, adds
//              24 B of atomics per entry, clears and finalizes 24 B of int32 sums per vertex,
//              writes the output; gather: reads row starts and every entry's target id, the
//              deltas of active entries, writes the output. The draws read it in each pass.
//   cpu:       the output buffer; the upload of V*stride*16 per instance and the draws' reads.
MorphCost morphCost(MorphPath path, const MorphShape& shape,
                    const std::vector<morph::ActiveWeights>& active, uint32_t passes = 1,
                    SparseMethod method = kDefaultSparseMethod);

// auto: the concrete path for a primitive from its density and active count, and whether the
// driver is a CPU rasterizer (see MorphPath.cpp for the rule and the reasons). Never returns Auto.
MorphPath chooseMorphPath(const MorphShape& shape, uint32_t activeCount, uint32_t passes = 1,
                          SparseMethod method = kDefaultSparseMethod,
                          bool softwareRenderer = false);

// The concrete path that runs for `requested` on a primitive of `shape`: auto's choice
// (chooseMorphPath) for Auto; vs-active for cs-sparse when the primitive morphs channels sparse
// targets do not hold (TANGENT, TEXCOORD, COLOR); None when the primitive has nothing to morph;
// else `requested`.
MorphPath resolveMorphPath(MorphPath requested, const MorphShape& shape, uint32_t activeCount,
                           uint32_t passes = 1, SparseMethod method = kDefaultSparseMethod,
                           bool softwareRenderer = false);

// Whether a GL_RENDERER string names a rasterizer that runs on the CPU: Mesa's llvmpipe and
// softpipe, SwiftShader, Microsoft's WARP ("Basic Render Driver").
bool isSoftwareRenderer(std::string_view glRenderer);

}  // namespace renderer
