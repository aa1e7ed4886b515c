#pragma once
// The ways a primitive's morph can run on the GPU (issue 6), chosen at run time with
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
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "morph/Result.h"

namespace renderer {

enum class MorphPath : uint8_t { VsDense, VsActive, CsSparse, Cpu, Auto };

// The paths that do the work (Auto resolves to one of these per primitive).
inline constexpr MorphPath kConcreteMorphPaths[] = {MorphPath::VsDense, MorphPath::VsActive,
                                                    MorphPath::CsSparse, MorphPath::Cpu};

// "vs-dense", "vs-active", "cs-sparse", "cpu", "auto".
const char* morphPathName(MorphPath path);
std::optional<MorphPath> parseMorphPath(std::string_view name);
// A comma-separated list ("vs-dense,cs-sparse,auto") or "all" (the four concrete paths, then
// auto). Errors name the unknown entry.
morph::Result<std::vector<MorphPath>> parseMorphPathList(std::string_view list);

// What a path costs for the morph data of a primitive, or summed over a scene.
struct MorphCost {
    uint64_t residentBytes = 0;      // GPU memory kept for morph data (deltas, indices, outputs)
    uint64_t bytesReadPerFrame = 0;  // morph data read for the current active set, per frame
};

}  // namespace renderer
