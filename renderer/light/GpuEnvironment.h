#pragma once
// An environment ready to light with (image-based lighting as glTF's reference renderers do
// it): the panorama resampled into a cube map, its specular levels prefiltered with the GGX lobe
// (level i for perceptual roughness i / (levels - 1)), the diffuse irradiance as nine SH
// coefficients, the split-sum BRDF table, and for KHR_materials_sheen a second cube filtered
// with the Charlie lobe (level i for sheen roughness i / (levels - 1)). Everything on the GPU is
// computed once, at create(), by compute passes, or read from the cache of earlier runs
// (EnvironmentCache.h); a caller keeps one per environment and reuses it for every frame and shot
// (Capturer, the viewer).
#include <cstdint>
#include <functional>
#include <string>

#include "morph/Result.h"
#include "morph/image/HdrImage.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/gl/Texture.h"
#include "renderer/light/EnvironmentCache.h"
#include "renderer/light/SphericalHarmonics.h"

namespace renderer {

// How finely an environment is prefiltered. The Khronos sample viewer's scheme (five levels, the
// lobe of roughness level / 4 on each, 1024 GGX samples) on a 128 cube, not its 256: the mirror
// level is a little softer, every rough level is as smooth. Each level takes four times the
// samples of the one above, up to 1024, so each costs about the same: 64 filtered samples are
// within about 1% of 1024 on level 1 (EnvironmentGLTest measures it), and a CPU rasterizer
// prefilters in about a tenth of a second.
struct EnvironmentQuality {
    int cubeSize = 128;
    int levels = 5;
    int samples = 64;  // on level 1; four times as many per level below, up to maxSamples
    int maxSamples = 1024;
    int lutSize = 128;
    int lutSamples = 512;
    // The sheen's cube, every level: the Sample Renderer's sheenSamplCount. Its lobe is wide and
    // most samples read the source's 1x1 level, so few suffice.
    int sheenSamples = 64;
};

// --environment's names for the light that needs no file: the built-in studio (the default),
// and the studio rig of three directional lights without an environment.
inline constexpr const char* kStudioEnvironment = "studio";
inline constexpr const char* kRigLighting = "rig";

class GpuEnvironment {
public:
    GpuEnvironment() = default;
    // `name` is what the viewer and messages call it ("studio", a file's name). Needs a current
    // 4.5 context. With a `cacheFolder`, an entry computed earlier for the same pixels,
    // quality, shaders and driver is read instead (bit for bit what compute would give), and a
    // new one is written there. Errors: shaders that do not build, an empty image.
    static morph::Result<GpuEnvironment> create(const morph::FloatImage& panorama,
                                                const std::string& name,
                                                const ShaderLibrary& library = ShaderLibrary(),
                                                const EnvironmentQuality& quality = {},
                                                const std::string& cacheFolder = {});

    // `spec` as --environment takes it: "studio" (StudioEnvironment.h) or an equirectangular
    // Radiance .hdr file, read with the `maxBytes` cap; cached in `cacheFolder` (by default
    // the user's, environmentCacheFolder()). Errors name the file.
    static morph::Result<GpuEnvironment> load(
        const std::string& spec, const ShaderLibrary& library = ShaderLibrary(),
        uint64_t maxBytes = uint64_t(1) << 30,
        const std::string& cacheFolder = environmentCacheFolder());

    // Textures of the shapes create() makes for `quality` (formats, sizes, levels, filtering),
    // their texels never written: a driver that generates shader code per texture shape at draw
    // time (llvmpipe) compiles, in a draw with it, the code the light's own textures will need.
    static GpuEnvironment standIn(const std::string& name, const EnvironmentQuality& quality = {});

    const std::string& name() const { return mName; }
    const gl::Texture& specular() const { return mSpecular; }  // cube, levels() mips
    const gl::Texture& brdfLut() const { return mBrdfLut; }    // RG: split-sum scale and bias
    // Cube, levels() mips, CachedEnvironment::sheenCubeSize() a side; level 0 (sheen roughness
    // 0) is black, as the Sample Renderer's is (its Charlie samples all fall below the horizon).
    const gl::Texture& sheen() const { return mSheen; }
    const IrradianceSh& irradiance() const { return mIrradiance; }
    int levels() const { return mLevels; }
    // Wall-clock milliseconds create() took on the GPU (glFinish after the passes), or to read
    // the cache entry.
    double prefilterMs() const { return mPrefilterMs; }
    bool fromCache() const { return mFromCache; }
    // The texels and coefficients, as a cache entry holds them.
    CachedEnvironment readBack() const;

private:
    static morph::Result<GpuEnvironment> compute(const morph::FloatImage& panorama,
                                                 const std::string& name,
                                                 const ShaderLibrary& library,
                                                 const EnvironmentQuality& quality);
    // create() with a cache folder, for the panorama `source` names in the cache key (its
    // pixels, or the studio's version): the panorama is made only when no entry is found.
    static morph::Result<GpuEnvironment> createCached(
        const std::function<morph::FloatImage()>& panorama, uint64_t source,
        const std::string& name, const ShaderLibrary& library, const EnvironmentQuality& quality,
        const std::string& cacheFolder);
    static GpuEnvironment fromEntry(const CachedEnvironment& entry, const std::string& name);

    std::string mName;
    gl::Texture mSpecular;
    gl::Texture mBrdfLut;
    gl::Texture mSheen;
    IrradianceSh mIrradiance{};
    int mLevels = 0;
    double mPrefilterMs = 0;
    bool mFromCache = false;
};

}  // namespace renderer
