#include "renderer/morph/MorphPath.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <numeric>
#include <string>
#include <utility>

namespace renderer {

const char* morphPathName(MorphPath path) {
    switch (path) {
        case MorphPath::VsDense: return "vs-dense";
        case MorphPath::VsActive: return "vs-active";
        case MorphPath::CsSparse: return "cs-sparse";
        case MorphPath::Cpu: return "cpu";
        case MorphPath::Auto: return "auto";
        case MorphPath::None: return "none";
        case MorphPath::Mixed: return "mixed";
    }
    return "?";
}

const std::string& morphPathDefines() {
    static const std::string defines = [] {
        std::string out;
        for (MorphPath path : kConcreteMorphPaths) {
            std::string name = morphPathName(path);
            for (char& c : name) c = c == '-' ? '_' : char(std::toupper((unsigned char)c));
            out += "#define MV_MORPH_PATH_" + name + " " + std::to_string(int(path)) + "\n";
        }
        return out;
    }();
    return defines;
}

std::optional<MorphPath> parseMorphPath(std::string_view name) {
    for (MorphPath path : {MorphPath::VsDense, MorphPath::VsActive, MorphPath::CsSparse,
                           MorphPath::Cpu, MorphPath::Auto}) {
        if (name == morphPathName(path)) return path;
    }
    return std::nullopt;
}

morph::Result<std::vector<MorphPath>> parseMorphPathList(std::string_view list) {
    std::vector<MorphPath> paths;
    if (list == "all") {
        paths.assign(std::begin(kConcreteMorphPaths), std::end(kConcreteMorphPaths));
        paths.push_back(MorphPath::Auto);
        return paths;
    }
    size_t start = 0;
    while (start <= list.size()) {
        const size_t comma = std::min(list.find(',', start), list.size());
        const std::string_view entry = list.substr(start, comma - start);
        const std::optional<MorphPath> path = parseMorphPath(entry);
        if (!path) {
            return morph::Error{
                morph::ErrorCode::Usage,
                "unknown morph path '" + std::string(entry) +
                    "' (expected vs-dense, vs-active, cs-sparse, cpu, auto or all)"};
        }
        paths.push_back(*path);
        start = comma + 1;
    }
    return paths;
}

void MorphShape::setTargetEntries(std::vector<uint32_t> entries) {
    targetEntries = std::move(entries);
    entryTotal = std::accumulate(targetEntries.begin(), targetEntries.end(), uint64_t(0));
}

double MorphShape::density() const {
    const double cells = double(vertexCount) * double(targetCount);
    return cells > 0 ? double(entries()) / cells : 0.0;
}

namespace {

constexpr uint64_t kTexelBytes = 16;        // RGBA32F texel, and one vec4 slot of an output
constexpr uint64_t kSparseEntryBytes = 16;  // uint32 target + 6 x int16 deltas
constexpr uint64_t kTargetIdBytes = 4;
constexpr uint64_t kPairBytes = 8;  // (uint target, float weight)
constexpr uint64_t kSumBytes = 24;  // scatter: six int32 fixed-point sums per vertex
constexpr uint64_t kJobBytes = 24;  // scatter: a job (uvec4) and its factors (vec2)

}  // namespace

MorphCost morphCost(MorphPath path, const MorphShape& shape,
                    const std::vector<morph::ActiveWeights>& active, uint32_t passes,
                    SparseMethod method) {
    MorphCost cost;
    if (shape.targetCount == 0 || shape.vertexCount == 0) return cost;
    const uint64_t v = shape.vertexCount;
    const uint64_t t = shape.targetCount;
    const uint64_t instances = std::max<size_t>(active.size(), 1);
    const uint64_t p = std::max(passes, 1u);
    // The active entries only matter to cs-sparse: the other paths' cost stays free of
    // per-target lookups (each a cache miss when a few of hundreds of targets are active).
    uint64_t activeSum = 0, activeEntries = 0;
    for (const morph::ActiveWeights& row : active) {
        activeSum += row.size();
        if (path != MorphPath::CsSparse) continue;
        for (uint32_t target : row.targets) {
            if (target < shape.targetEntries.size()) activeEntries += shape.targetEntries[target];
        }
    }
    switch (path) {
        case MorphPath::VsDense:
            cost.residentBytes = v * t * shape.denseStride * kTexelBytes + instances * t * 4;
            cost.bytesReadPerFrame =
                p * (activeSum * v * shape.denseStride * kTexelBytes + instances * v * t * 4);
            break;
        case MorphPath::VsActive:
            cost.residentBytes =
                v * t * shape.denseStride * kTexelBytes + instances * t * kPairBytes;
            cost.bytesReadPerFrame =
                p * (activeSum * v * shape.denseStride * kTexelBytes + activeSum * kPairBytes);
            break;
        case MorphPath::CsSparse: {
            const uint64_t output = instances * v * shape.sparseStride * kTexelBytes;
            cost.residentBytes = shape.entries() * kSparseEntryBytes + t * 8 + output;
            if (method == SparseMethod::Scatter) {
                const uint64_t sums = instances * v * kSumBytes;
                cost.residentBytes += sums + activeSum * kJobBytes;
                cost.bytesReadPerFrame = activeEntries * (kSparseEntryBytes + kSumBytes) +
                                         activeSum * kJobBytes + 2 * sums + output + p * output;
            } else {
                cost.residentBytes += (v + 1) * 4 + instances * t * 4;
                cost.bytesReadPerFrame =
                    instances * ((v + 1) * 4 + shape.entries() * kTargetIdBytes) +
                    activeEntries * (kSparseEntryBytes - kTargetIdBytes) + output + p * output;
            }
            break;
        }
        case MorphPath::Cpu: {
            const uint64_t output = instances * v * shape.cpuStride * kTexelBytes;
            cost.residentBytes = output;
            cost.bytesReadPerFrame = output + p * output;
            break;
        }
        case MorphPath::Auto:
        case MorphPath::None:
        case MorphPath::Mixed: break;
    }
    return cost;
}

// The auto rule, per primitive: cs-sparse when it can hold the primitive's targets and its
// estimated bytes per frame are below vs-active's, else vs-active. Per vertex, with density d
// (entries / (V x T)), A active targets, P passes and s output slots:
//   vs-active reads   P * A * stride * 16   (every vertex fetches a texel per active target per
//                                            channel, moved or not, in every pass)
//   cs-sparse scatter 40*A*d + 48 + (1 + P) * s * 16
//                     (the active entries and their atomics, clearing and finalizing the sums,
//                     the output written once and read by each pass)
//   cs-sparse gather  4 + 4*T*d + 12*A*d + (1 + P) * s * 16
//                     (row start, every entry's target id, the active entries' deltas, output)
// so cs-sparse wins when targets are sparse, many are active, or several passes draw the mesh;
// vs-active keeps one or two active targets (a texel fetch each beats the fixed cost of a
// pre-pass). vs-dense (visits every target) and cpu (one core, plus an upload) never win on
// bytes, so auto never picks them: they are there to be measured against. On llvmpipe the
// vertex stage runs on one thread and compute on all, which moves the balance further towards
// cs-sparse; the rule stays a bytes rule so that it means the same on a real GPU.
//
// A CPU rasterizer changes the answer: there "GPU" work is CPU work done the slow way. On
// llvmpipe a 50,000-vertex gather dispatch takes ~6 ms (its compute runs each invocation as a
// coroutine), the vs paths fetch every active texel on the draw's one thread (~3.5 ms for 8
// active), while the cpu path sums only the active targets' entries into the same buffer and
// uploads it (~1 ms for 8 active, memcpy speed). So auto picks cpu there, for every primitive;
// the other paths stay a --morph-path away for comparison.
MorphPath chooseMorphPath(const MorphShape& shape, uint32_t activeCount, uint32_t passes,
                          SparseMethod method, bool softwareRenderer) {
    if (softwareRenderer && shape.vertexCount > 0) return MorphPath::Cpu;
    if (!shape.sparseCovers || activeCount == 0 || shape.vertexCount == 0)
        return MorphPath::VsActive;
    const double d = shape.density();
    const double a = activeCount, t = shape.targetCount, p = std::max(passes, 1u);
    const double output = (1.0 + p) * shape.sparseStride * 16.0;
    const double vsActive = p * a * shape.denseStride * 16.0;
    const double csSparse = method == SparseMethod::Scatter
                                ? 40.0 * a * d + 2.0 * kSumBytes + output
                                : 4.0 + 4.0 * t * d + 12.0 * a * d + output;
    return csSparse < vsActive ? MorphPath::CsSparse : MorphPath::VsActive;
}

MorphPath resolveMorphPath(MorphPath requested, const MorphShape& shape, uint32_t activeCount,
                           uint32_t passes, SparseMethod method, bool softwareRenderer) {
    if (shape.targetCount == 0 || shape.vertexCount == 0) return MorphPath::None;
    if (requested == MorphPath::Auto) {
        return chooseMorphPath(shape, activeCount, passes, method, softwareRenderer);
    }
    if (requested == MorphPath::CsSparse && !shape.sparseCovers) return MorphPath::VsActive;
    return isConcrete(requested) ? requested : MorphPath::None;
}

bool isSoftwareRenderer(std::string_view glRenderer) {
    for (std::string_view name : {"llvmpipe", "softpipe", "SwiftShader", "Basic Render Driver"}) {
        if (glRenderer.find(name) != std::string_view::npos) return true;
    }
    return false;
}

}  // namespace renderer
