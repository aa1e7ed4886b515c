#include "renderer/light/GpuEnvironment.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <vector>

#include "renderer/light/EnvironmentCache.h"
#include "renderer/light/StudioEnvironment.h"

namespace renderer {

namespace {

// Half floats end at 65504; a sun in an .hdr can be brighter. Clamped, it still outshines
// everything else by orders of magnitude, and no texel becomes infinite.
constexpr float kMaxRadiance = 65000.0f;

// Part of every cache key (EnvironmentCache.h): bump it when create() changes what it computes
// in C++ (dispatches, sample counts, the clamp above); the shaders' text is in the key already.
constexpr uint64_t kPrefilterVersion = 2;  // 2: the sheen's Charlie cube

const char* const kPrefilterShaders[] = {"environment_cube.comp", "environment_ggx.comp",
                                         "brdf_lut.comp", "environment_charlie.comp"};

int levelsFor(int size) {
    int levels = 1;
    while ((size >> levels) > 0) ++levels;
    return levels;
}

GLuint groups(int size) {
    return GLuint((size + 7) / 8);
}

void setCubeFiltering(gl::Texture& cube) {
    cube.parameter(GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    cube.parameter(GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    cube.parameter(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    cube.parameter(GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    cube.parameter(GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
}

gl::Texture uploadPanorama(const morph::FloatImage& panorama) {
    std::vector<float> clamped(panorama.rgb.size());
    std::transform(panorama.rgb.begin(), panorama.rgb.end(), clamped.begin(), [](float v) {
        return std::isfinite(v) ? std::clamp(v, 0.0f, kMaxRadiance) : 0.0f;
    });
    gl::Texture texture = gl::Texture::create(GL_TEXTURE_2D);
    texture.storage2D(levelsFor(std::max(panorama.width, panorama.height)), GL_RGBA16F,
                      panorama.width, panorama.height);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    texture.subImage2D(0, 0, 0, panorama.width, panorama.height, GL_RGB, GL_FLOAT, clamped.data());
    texture.generateMipmap();
    texture.parameter(GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    texture.parameter(GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    texture.parameter(GL_TEXTURE_WRAP_S, GL_REPEAT);  // around the horizon
    texture.parameter(GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return texture;
}

// A cube's levels from half floats laid out as CachedEnvironment::specular.
gl::Texture uploadCube(const std::vector<uint16_t>& halves, int size, int levels) {
    gl::Texture cube = gl::Texture::create(GL_TEXTURE_CUBE_MAP);
    cube.storage2D(levels, GL_RGBA16F, size, size);
    setCubeFiltering(cube);
    const uint16_t* level = halves.data();
    for (int i = 0; i < levels; ++i) {
        const int side = std::max(1, size >> i);
        // A cube map's six faces are the layers of a 3D upload (GL 4.5 8.6, DSA).
        cube.subImage3D(i, 0, 0, 0, side, side, 6, GL_RGBA, GL_HALF_FLOAT, level);
        level += size_t(side) * size_t(side) * 6 * 4;
    }
    return cube;
}

std::vector<uint16_t> readCube(const gl::Texture& cube, int levels) {
    std::vector<uint16_t> halves(CachedEnvironment::specularHalves(cube.width(), levels));
    uint16_t* level = halves.data();
    for (int i = 0; i < levels; ++i) {
        const int side = std::max(1, cube.width() >> i);
        const size_t count = size_t(side) * size_t(side) * 6 * 4;
        glGetTextureImage(cube.id(), i, GL_RGBA, GL_HALF_FLOAT, GLsizei(count * sizeof(uint16_t)),
                          level);
        level += count;
    }
    return halves;
}

void setLutFiltering(gl::Texture& lut) {
    lut.parameter(GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    lut.parameter(GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    lut.parameter(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    lut.parameter(GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

// A panorama's share of a cache key: its size and its pixels.
uint64_t pixelsKey(const morph::FloatImage& panorama) {
    const int size[] = {panorama.width, panorama.height};
    return hashBytes(panorama.rgb.data(), panorama.rgb.size() * sizeof(float),
                     hashBytes(size, sizeof(size), 0));
}

// The studio's share: it is drawn by code, so kStudioVersion names its pixels, and a cached
// light needs none of them drawn (drawing and hashing its 512 K texels was a twentieth of the CPU
// of a warm capture). EnvironmentTest holds the version to the pixels.
uint64_t studioKey() {
    const char tag[] = "studio";
    const int size[] = {kStudioWidth, kStudioWidth / 2, kStudioVersion};
    return hashBytes(size, sizeof(size), hashBytes(tag, sizeof(tag), 0));
}

// Everything create() computes from: the panorama (`source`, one of the two keys above), the
// quality, the shaders, the driver that runs them and kPrefilterVersion.
morph::Result<uint64_t> cacheKey(uint64_t source, const EnvironmentQuality& quality,
                                 const ShaderLibrary& library) {
    const int sizes[] = {quality.cubeSize,     quality.levels,        quality.samples,
                         quality.maxSamples,   quality.lutSize,       quality.lutSamples,
                         quality.sheenSamples, int(kPrefilterVersion)};
    uint64_t key = hashBytes(sizes, sizeof(sizes), source);
    for (const char* name : kPrefilterShaders) {
        auto shader = library.expand(name);
        if (!shader) return shader.error();
        key = hashBytes(shader->text.data(), shader->text.size(), key);
    }
    for (const GLenum which : {GL_VENDOR, GL_RENDERER, GL_VERSION}) {
        const auto* text = reinterpret_cast<const char*>(glGetString(which));
        if (text) key = hashBytes(text, std::strlen(text), key);
    }
    return key;
}

// The source of the prefilters: the panorama as a `size` cube with a full mip chain, for
// filtered importance sampling.
gl::Texture resampleToCube(gl::Program& resample, const morph::FloatImage& panorama, int size) {
    gl::Texture source = gl::Texture::create(GL_TEXTURE_CUBE_MAP);
    source.storage2D(levelsFor(size), GL_RGBA16F, size, size);
    setCubeFiltering(source);
    {
        const gl::Texture texture = uploadPanorama(panorama);
        const float panoramaLod =
            std::max(0.0f, std::log2(float(panorama.width) / (4.0f * float(size))));
        resample.use();
        resample.set("uResample", glm::vec4(float(size), 0.0f, panoramaLod, 0.0f));
        texture.bindUnit(0);
        glBindImageTexture(0, source.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA16F);
        glDispatchCompute(groups(size), groups(size), 6);
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    }
    source.generateMipmap();
    return source;
}

// The GGX levels of `source`: level 0 is the mirror (roughness 0), the source itself; the rest
// convolved, with more samples as the lobe widens.
gl::Texture prefilterSpecular(gl::Program& filter, const gl::Texture& source, int levels,
                              const EnvironmentQuality& quality) {
    const int size = quality.cubeSize;
    gl::Texture specular = gl::Texture::create(GL_TEXTURE_CUBE_MAP);
    specular.storage2D(levels, GL_RGBA16F, size, size);
    setCubeFiltering(specular);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    glCopyImageSubData(source.id(), GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, specular.id(),
                       GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, size, size, 6);
    filter.use();
    source.bindUnit(0);
    for (int level = 1; level < levels; ++level) {
        const int levelSize = std::max(1, size >> level);
        const float roughness = float(level) / float(levels - 1);
        const int samples =
            std::min(quality.maxSamples, quality.samples << std::min(2 * (level - 1), 20));
        filter.set("uFilter", glm::vec4(float(levelSize), roughness, float(samples), float(size)));
        glBindImageTexture(0, specular.id(), level, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA16F);
        glDispatchCompute(groups(levelSize), groups(levelSize), 6);
    }
    return specular;
}

// The sheen's cube (the Charlie lobe), reading the source still bound to unit 0. Level 0 stays
// black: at sheen roughness 0 every Charlie half vector is horizontal, its reflection below the
// horizon, so the Sample Renderer keeps no sample.
gl::Texture prefilterSheen(gl::Program& charlie, int levels, const EnvironmentQuality& quality) {
    const int size = quality.cubeSize;
    const int sheenSize = CachedEnvironment::sheenCubeSize(size, levels);
    gl::Texture sheen = gl::Texture::create(GL_TEXTURE_CUBE_MAP);
    sheen.storage2D(levels, GL_RGBA16F, sheenSize, sheenSize);
    setCubeFiltering(sheen);
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    glClearTexImage(sheen.id(), 0, GL_RGBA, GL_FLOAT, black);
    charlie.use();
    for (int level = 1; level < levels; ++level) {
        const int levelSize = std::max(1, sheenSize >> level);
        const float roughness = float(level) / float(levels - 1);
        charlie.set("uFilter", glm::vec4(float(levelSize), roughness, float(quality.sheenSamples),
                                         float(size)));
        glBindImageTexture(0, sheen.id(), level, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA16F);
        glDispatchCompute(groups(levelSize), groups(levelSize), 6);
    }
    return sheen;
}

// The split-sum BRDF table.
gl::Texture integrateBrdf(gl::Program& lut, const EnvironmentQuality& quality) {
    gl::Texture table = gl::Texture::create(GL_TEXTURE_2D);
    table.storage2D(1, GL_RG16F, quality.lutSize, quality.lutSize);
    setLutFiltering(table);
    lut.use();
    lut.set("uTable", glm::vec4(float(quality.lutSize), float(quality.lutSamples), 0.0f, 0.0f));
    glBindImageTexture(0, table.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RG16F);
    glDispatchCompute(groups(quality.lutSize), groups(quality.lutSize), 1);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    return table;
}

}  // namespace

morph::Result<GpuEnvironment> GpuEnvironment::create(const morph::FloatImage& panorama,
                                                     const std::string& name,
                                                     const ShaderLibrary& library,
                                                     const EnvironmentQuality& quality,
                                                     const std::string& cacheFolder) {
    if (!panorama.valid()) {
        return morph::Error{morph::ErrorCode::Usage, name + ": the environment has no pixels"};
    }
    if (cacheFolder.empty()) return compute(panorama, name, library, quality);
    return createCached([&panorama] { return panorama; }, pixelsKey(panorama), name, library,
                        quality, cacheFolder);
}

morph::Result<GpuEnvironment> GpuEnvironment::createCached(
    const std::function<morph::FloatImage()>& panorama, uint64_t source, const std::string& name,
    const ShaderLibrary& library, const EnvironmentQuality& quality,
    const std::string& cacheFolder) {
    const auto start = std::chrono::steady_clock::now();
    auto key = cacheKey(source, quality, library);
    if (!key) return key.error();
    const int levels = std::clamp(quality.levels, 1, levelsFor(quality.cubeSize));
    if (auto entry =
            readCachedEnvironment(cacheFolder, *key, quality.cubeSize, levels, quality.lutSize)) {
        GpuEnvironment out = fromEntry(*entry, name);
        out.mPrefilterMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        return out;
    }
    auto out = compute(panorama(), name, library, quality);
    if (out) writeCachedEnvironment(cacheFolder, *key, out->readBack());
    return out;
}

GpuEnvironment GpuEnvironment::standIn(const std::string& name, const EnvironmentQuality& quality) {
    GpuEnvironment out;
    out.mName = name;
    out.mLevels = std::clamp(quality.levels, 1, levelsFor(quality.cubeSize));
    auto cube = [levels = out.mLevels](int size) {
        gl::Texture texture = gl::Texture::create(GL_TEXTURE_CUBE_MAP);
        texture.storage2D(levels, GL_RGBA16F, size, size);
        setCubeFiltering(texture);
        return texture;
    };
    out.mSpecular = cube(quality.cubeSize);
    out.mSheen = cube(CachedEnvironment::sheenCubeSize(quality.cubeSize, out.mLevels));
    out.mBrdfLut = gl::Texture::create(GL_TEXTURE_2D);
    out.mBrdfLut.storage2D(1, GL_RG16F, quality.lutSize, quality.lutSize);
    setLutFiltering(out.mBrdfLut);
    return out;
}

GpuEnvironment GpuEnvironment::fromEntry(const CachedEnvironment& entry, const std::string& name) {
    GpuEnvironment out;
    out.mName = name;
    out.mIrradiance = entry.irradiance;
    out.mLevels = entry.levels;
    out.mFromCache = true;
    glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    out.mSpecular = uploadCube(entry.specular, entry.cubeSize, entry.levels);
    out.mSheen = uploadCube(
        entry.sheen, CachedEnvironment::sheenCubeSize(entry.cubeSize, entry.levels), entry.levels);
    out.mBrdfLut = gl::Texture::create(GL_TEXTURE_2D);
    out.mBrdfLut.storage2D(1, GL_RG16F, entry.lutSize, entry.lutSize);
    setLutFiltering(out.mBrdfLut);
    out.mBrdfLut.subImage2D(0, 0, 0, entry.lutSize, entry.lutSize, GL_RG, GL_HALF_FLOAT,
                            entry.lut.data());
    return out;
}

CachedEnvironment GpuEnvironment::readBack() const {
    CachedEnvironment entry;
    entry.cubeSize = mSpecular.width();
    entry.levels = mLevels;
    entry.lutSize = mBrdfLut.width();
    entry.irradiance = mIrradiance;
    entry.lut.resize(size_t(entry.lutSize) * size_t(entry.lutSize) * 2);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    entry.specular = readCube(mSpecular, mLevels);
    entry.sheen = readCube(mSheen, mLevels);
    glGetTextureImage(mBrdfLut.id(), 0, GL_RG, GL_HALF_FLOAT,
                      GLsizei(entry.lut.size() * sizeof(uint16_t)), entry.lut.data());
    return entry;
}

morph::Result<GpuEnvironment> GpuEnvironment::compute(const morph::FloatImage& panorama,
                                                      const std::string& name,
                                                      const ShaderLibrary& library,
                                                      const EnvironmentQuality& quality) {
    auto resample = library.program({"environment_cube.comp"});
    if (!resample) return resample.error();
    auto filter = library.program({"environment_ggx.comp"});
    if (!filter) return filter.error();
    auto lut = library.program({"brdf_lut.comp"});
    if (!lut) return lut.error();
    auto charlie = library.program({"environment_charlie.comp"});
    if (!charlie) return charlie.error();

    const auto start = std::chrono::steady_clock::now();
    GpuEnvironment out;
    out.mName = name;
    out.mIrradiance = projectIrradiance(panorama);
    out.mLevels = std::clamp(quality.levels, 1, levelsFor(quality.cubeSize));
    glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    for (GLuint unit = 0; unit < 2; ++unit) glBindSampler(unit, 0);
    const gl::Texture source = resampleToCube(*resample, panorama, quality.cubeSize);
    out.mSpecular = prefilterSpecular(*filter, source, out.mLevels, quality);
    out.mSheen = prefilterSheen(*charlie, out.mLevels, quality);
    out.mBrdfLut = integrateBrdf(*lut, quality);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glUseProgram(0);
    // The prefilter's time (prefilterMs) is the whole computation's, so wait for it.
    glFinish();
    out.mPrefilterMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return out;
}

morph::Result<GpuEnvironment> GpuEnvironment::load(const std::string& spec,
                                                   const ShaderLibrary& library, uint64_t maxBytes,
                                                   const std::string& cacheFolder) {
    if (spec == kStudioEnvironment) {
        if (cacheFolder.empty()) return compute(studioEnvironment(), spec, library, {});
        return createCached([] { return studioEnvironment(); }, studioKey(), spec, library, {},
                            cacheFolder);
    }
    auto image = morph::readHdrFile(spec, maxBytes);
    if (!image) return image.error();
    return create(*image, std::filesystem::path(spec).filename().string(), library, {},
                  cacheFolder);
}

}  // namespace renderer
