#pragma once
// Prefiltered environments kept on disk between runs. Prefiltering is four compute passes that
// a CPU rasterizer JIT-compiles and runs in a few hundred milliseconds of CPU, in every process
// that lights with an environment (each `capture`, each viewer start); reading back what an
// earlier process computed costs a millisecond. An entry is the exact texels (half floats, as
// the GPU stored them) and the SH coefficients, under a key of everything they depend on: the
// panorama's pixels, the quality, the compute shaders' text, the driver and kCacheFormat.
//
// Safe to share between processes: an entry is written to a temporary name and renamed into
// place, so a reader sees a whole entry or none; a damaged or foreign entry (size, header or
// checksum wrong) is a miss, recomputed and replaced. The folder keeps the newest
// kMaxCacheEntries.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "renderer/light/SphericalHarmonics.h"

namespace renderer {

// The folder: $MORPHVIEW_CACHE_DIR ("off" or "" for no cache), else $XDG_CACHE_HOME/morphview,
// else $HOME/.cache/morphview (the XDG Base Directory rules); "" when none applies (no cache).
std::string environmentCacheFolder();
std::string environmentCacheFolder(const char* morphviewCacheDir, const char* xdgCacheHome,
                                   const char* home);

inline constexpr int kMaxCacheEntries = 16;  // ~1.4 MB each at the default quality

// 64-bit hash of bytes (FNV-1a over 8-byte words, then mixed), chained through `seed`.
uint64_t hashBytes(const void* data, size_t size, uint64_t seed);

struct CachedEnvironment {
    int cubeSize = 0;
    int levels = 0;
    int lutSize = 0;
    IrradianceSh irradiance{};
    std::vector<uint16_t> specular;  // RGBA half floats: level 0's six faces, then level 1's...
    std::vector<uint16_t> lut;       // RG half floats, lutSize x lutSize
    // The sheen's Charlie-filtered cube, RGBA half floats as `specular`, sheenCubeSize() a side.
    std::vector<uint16_t> sheen;

    // Half floats the specular levels of a cube of `cubeSize` with `levels` mips hold.
    static size_t specularHalves(int cubeSize, int levels);
    // The side of the sheen's cube beside a specular cube of `cubeSize` with `levels` mips: half
    // of it (its lobes are wide: the finest level that is not black, sheen roughness
    // 1 / (levels - 1), blends the source's 1x1 level), but never so small that `levels` mips
    // do not fit.
    static int sheenCubeSize(int cubeSize, int levels);
};

// The entry for `key` whose sizes are the ones asked for; nullopt on a miss or any damage.
std::optional<CachedEnvironment> readCachedEnvironment(const std::string& folder, uint64_t key,
                                                       int cubeSize, int levels, int lutSize);
// Writes the entry (creating the folder) and trims the folder to kMaxCacheEntries; false when
// it could not be written (a read-only home is not an error: the caller just computed it).
bool writeCachedEnvironment(const std::string& folder, uint64_t key,
                            const CachedEnvironment& entry);

}  // namespace renderer
