#include "renderer/scene/SceneRenderer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "renderer/gl/Bindings.h"
#include "renderer/gl/Log.h"
#include "renderer/gl/Timing.h"
#include "renderer/light/SheenAlbedo.h"
#include "renderer/light/SheenLut.h"

namespace renderer {

namespace {

// The C++ mirrors of FrameBlock and LightBlock in shaders/lighting.glsl (std140, vec4 members).
struct FrameBlock {
    glm::vec4 cameraPosition{0.0f};
    glm::vec4 display{1.0f};  // x: exposure, y: tone mapping
    glm::mat4 inverseViewProjection{1.0f};
    glm::vec4 viewport{1.0f};  // xy: the target's size in pixels
};

// The C++ mirror of EnvironmentBlock in shaders/environment.glsl.
struct EnvironmentBlock {
    glm::vec4 sh[9];
    glm::vec4 rotation[3];
    glm::vec4 params;  // x: last level, y: intensity, z: background level, w: on
};

// The level a Blurred background reads: what a surface of roughness 0.5 reflects, soft enough
// that the model stands out, sharp enough that the light's direction still reads.
constexpr float kBlurredBackgroundRoughness = 0.5f;

// PunctualLight of lighting.glsl: four vec4s.
struct LightSlot {
    glm::vec4 positionType{0.0f};
    glm::vec4 directionRange{0.0f};
    glm::vec4 color{0.0f};
    glm::vec4 cone{0.0f};
};

struct LightBlock {
    LightSlot punctual[kMaxPunctualLights];
    glm::ivec4 punctualCount{0};
    glm::vec4 sky;
    glm::vec4 horizon;
    glm::vec4 ground;
};
static_assert(sizeof(LightBlock) == (kMaxPunctualLights * 4 + 4) * 16,
              "LightBlock must match lighting.glsl's std140 layout");

// The analytic environment is in world space (glTF +Y up): a cool sky, a neutral horizon and a
// darker warm floor, bright enough that faces turned away from every rig light keep their
// colour (a studio's bounce light), dim enough not to flatten the key's modelling.
const glm::vec3 kSky = glm::vec3(0.60f, 0.66f, 0.78f) * 0.55f;
const glm::vec3 kHorizon = glm::vec3(0.55f) * 0.50f;
const glm::vec3 kGround = glm::vec3(0.34f, 0.31f, 0.28f) * 0.45f;

// Slot numbers and counts come from GpuScene.h's MaterialSlot, so material.glsl never
// hard-codes them. `texturedSlots`: bit s set when slot s is sampled (MV_TEXTURED_SLOTS);
// `alphaMask`: the MASK discard is compiled in (MV_ALPHA_MASK).
std::string materialDefines(uint32_t texturedSlots = ~0u, bool alphaMask = true) {
    const std::pair<const char*, MaterialSlot> slots[] = {
        {"MV_SLOT_BASE_COLOR", MaterialSlot::BaseColor},
        {"MV_SLOT_METALLIC_ROUGHNESS", MaterialSlot::MetallicRoughness},
        {"MV_SLOT_NORMAL", MaterialSlot::Normal},
        {"MV_SLOT_OCCLUSION", MaterialSlot::Occlusion},
        {"MV_SLOT_EMISSIVE", MaterialSlot::Emissive},
        {"MV_SLOT_SPECULAR", MaterialSlot::Specular},
        {"MV_SLOT_SPECULAR_COLOR", MaterialSlot::SpecularColor},
        {"MV_SLOT_CLEARCOAT", MaterialSlot::Clearcoat},
        {"MV_SLOT_CLEARCOAT_ROUGHNESS", MaterialSlot::ClearcoatRoughness},
        {"MV_SLOT_CLEARCOAT_NORMAL", MaterialSlot::ClearcoatNormal},
        {"MV_SLOT_SHEEN_COLOR", MaterialSlot::SheenColor},
        {"MV_SLOT_SHEEN_ROUGHNESS", MaterialSlot::SheenRoughness},
        {"MV_SLOT_IRIDESCENCE", MaterialSlot::Iridescence},
        {"MV_SLOT_IRIDESCENCE_THICKNESS", MaterialSlot::IridescenceThickness},
        {"MV_SLOT_TRANSMISSION", MaterialSlot::Transmission},
        {"MV_SLOT_THICKNESS", MaterialSlot::Thickness},
    };
    std::string out;
    for (const auto& [name, slot] : slots) {
        out += "#define " + std::string(name) + " " + std::to_string(uint32_t(slot)) + "\n";
    }
    out += "#define MV_MATERIAL_SLOT_COUNT " + std::to_string(kMaterialSlotCount) + "\n";
    const uint32_t allSlots = (1u << kMaterialSlotCount) - 1u;
    out += "#define MV_TEXTURED_SLOTS " + std::to_string(texturedSlots & allSlots) + "\n";
    if (alphaMask) out += "#define MV_ALPHA_MASK\n";
    return out + morphPathDefines();
}

// The attributes whose varyings pbr.frag can do without, in variant-index bit order.
constexpr std::pair<Attribute, const char*> kOptionalVaryings[] = {
    {Attribute::Normal, "MV_OMIT_NORMAL"},        {Attribute::Tangent, "MV_OMIT_TANGENT"},
    {Attribute::TexCoord0, "MV_OMIT_TEXCOORD_0"}, {Attribute::TexCoord1, "MV_OMIT_TEXCOORD_1"},
    {Attribute::Color0, "MV_OMIT_COLOR_0"},
};

// The MaterialFeature bits, in bit order after the attributes'.
constexpr const char* kFeatureDefines[kMaterialFeatureBits] = {
    "MV_MATERIAL_SPECULAR",    "MV_MATERIAL_CLEARCOAT",    "MV_MATERIAL_SHEEN",
    "MV_MATERIAL_IRIDESCENCE", "MV_MATERIAL_TRANSMISSION", "MV_MATERIAL_VOLUME"};

constexpr uint32_t kAttributeBits = uint32_t(std::size(kOptionalVaryings));

// Bits from the bottom: kOptionalVaryings[i] present, the MaterialFeature bits, the slots with
// a texture, whether the material is MASK, and whether it draws into the transmission pass
// (MV_LINEAR_OUTPUT: linear radiance before exposure).
constexpr uint32_t kMaskBit = kAttributeBits + kMaterialFeatureBits + kMaterialSlotCount;
constexpr uint32_t kLinearOutputBit = kMaskBit + 1;
constexpr uint32_t kGBufferBit = kLinearOutputBit + 1;  // MV_GBUFFER: deferred, first half
constexpr uint32_t kResolveBit = kGBufferBit + 1;       // MV_RESOLVE: deferred, second half
// The frame's light, fixed in the variants that shade (SceneRenderer::mLightKey): a flag, whether
// the environment lights, whether punctual lights do, and the tone mapping (2 bits).
constexpr uint32_t kLightFixedBit = kResolveBit + 1;
constexpr uint32_t kLightIblBit = kLightFixedBit + 1;
constexpr uint32_t kLightPunctualBit = kLightIblBit + 1;
constexpr uint32_t kToneMappingShift = kLightPunctualBit + 1;
// Deferred shading's halves for a material whose textures read both UV sets (MV_TWO_UV_SETS: the
// G-buffer's third target holds the second).
constexpr uint32_t kTwoUvSetsBit = kToneMappingShift + 2;
// 5 + 6 + 16 + 1 + 1 + 1 + 1 + 5 + 1 = 37 bits; `textured` is a uint32_t of one bit per slot.
static_assert(kMaterialSlotCount <= 32 && kTwoUvSetsBit < 64, "the variant key's fields fit");
static_assert(int(ToneMapping::None) < 4, "a tone mapping fits its 2 bits");

// The TEXCOORD_n sets `material`'s textures read: bit n for set n.
uint32_t uvSetsRead(const GpuMaterial& material) {
    uint32_t sets = 0;
    for (size_t slot = 0; slot < kMaterialSlotCount; ++slot) {
        if (material.slots[slot].texture >= 0) sets |= 1u << material.slots[slot].texCoord;
    }
    return sets;
}

uint64_t variantKey(uint32_t attributeMask, const GpuMaterial& material, bool linearOutput,
                    bool gBuffer) {
    uint32_t textured = 0;
    uint32_t texCoordSets = 0;
    for (size_t slot = 0; slot < kMaterialSlotCount; ++slot) {
        if (material.slots[slot].texture < 0) continue;
        textured |= 1u << slot;
        texCoordSets |= 1u << material.slots[slot].texCoord;
    }
    // A varying that nothing in the variant reads is dropped as an absent attribute's is:
    // tangents serve only a normal map (the material's or its clearcoat's), texture
    // coordinates only a textured slot that reads their set. llvmpipe sets up and interpolates
    // every varying of every triangle, so an untextured material on a mesh exported with UVs and
    // tangents (most are) would pay for six floats it never reads.
    const uint32_t normalMaps =
        (1u << uint32_t(MaterialSlot::Normal)) | (1u << uint32_t(MaterialSlot::ClearcoatNormal));
    if (!(textured & normalMaps)) attributeMask &= ~attributeBit(Attribute::Tangent);
    if (!(texCoordSets & 1u)) attributeMask &= ~attributeBit(Attribute::TexCoord0);
    if (!(texCoordSets & 2u)) attributeMask &= ~attributeBit(Attribute::TexCoord1);
    uint64_t key = 0;
    for (uint32_t i = 0; i < kAttributeBits; ++i) {
        if (attributeMask & attributeBit(kOptionalVaryings[i].first)) key |= uint64_t(1) << i;
    }
    const bool mask = material.alphaMode == morph::AlphaMode::Mask;
    key |= uint64_t(material.features) << kAttributeBits;
    key |= uint64_t(textured) << (kAttributeBits + kMaterialFeatureBits);
    key |= uint64_t(mask) << kMaskBit;
    key |= uint64_t(linearOutput) << kLinearOutputBit;
    key |= uint64_t(gBuffer) << kGBufferBit;
    key |= uint64_t(gBuffer && texCoordSets == 3u) << kTwoUvSetsBit;
    return key;
}

std::string variantDefines(uint64_t key) {
    const uint32_t textured = uint32_t(key >> (kAttributeBits + kMaterialFeatureBits)) &
                              ((1u << kMaterialSlotCount) - 1u);
    const bool mask = (key >> kMaskBit) & 1u;
    std::string out = materialDefines(textured, mask);
    if ((key >> kLinearOutputBit) & 1u) out += "#define MV_LINEAR_OUTPUT\n";
    if ((key >> kGBufferBit) & 1u) out += "#define MV_GBUFFER\n";
    if ((key >> kResolveBit) & 1u) out += "#define MV_RESOLVE\n";
    if ((key >> kTwoUvSetsBit) & 1u) out += "#define MV_TWO_UV_SETS\n";
    if ((key >> kLightFixedBit) & 1u) {
        out += "#define MV_FIXED_LIGHT\n#define MV_FIXED_IBL " +
               std::to_string((key >> kLightIblBit) & 1u) + "\n#define MV_FIXED_PUNCTUAL " +
               std::to_string((key >> kLightPunctualBit) & 1u) +
               "\n#define MV_FIXED_TONE_MAPPING " +
               std::to_string((key >> kToneMappingShift) & 3u) + "\n";
    }
    for (uint32_t i = 0; i < kAttributeBits; ++i) {
        if (!(key & (uint64_t(1) << i)))
            out += "#define " + std::string(kOptionalVaryings[i].second) + "\n";
    }
    const uint32_t features = uint32_t(key >> kAttributeBits) & ((1u << kMaterialFeatureBits) - 1u);
    for (uint32_t f = 0; f < kMaterialFeatureBits; ++f) {
        if (features & (1u << f)) out += "#define " + std::string(kFeatureDefines[f]) + "\n";
    }
    return out;
}

constexpr const char* kShadingNames[] = {"auto", "forward", "deferred"};

// The opaque primitives deferred shading takes (what pbr.frag's G-buffer has room for):
// materials without transmission (which sees the frame drawn behind it) whose textures read at
// most the first two UV sets, and whose resolve program (the material's units and the G-buffer's
// two or three) fits the fragment texture units. The other KHR_materials_* layers need nothing
// per pixel but what the G-buffer keeps (Blender writes KHR_materials_specular and _ior for any
// material whose specular is not its default, as on tuned skin).
bool deferrable(const GpuMaterial& material, uint32_t fragmentUnitLimit) {
    if (material.features & (kFeatureTransmission | kFeatureVolume)) return false;
    const uint32_t sets = uvSetsRead(material);
    if (sets & ~3u) return false;
    return fragmentUnits(material.features) + (sets == 3u ? 3 : 2) <= fragmentUnitLimit;
}

// Deferred shading tells materials apart by an 8-bit stencil value, 0 for none.
constexpr size_t kMaxDeferredGroups = 255;

// The smallest rectangle (x, y, width, height) holding both; an empty one adds nothing.
glm::ivec4 unite(const glm::ivec4& a, const glm::ivec4& b) {
    if (a.z <= 0 || a.w <= 0) return b;
    if (b.z <= 0 || b.w <= 0) return a;
    const glm::ivec2 low = glm::min(glm::ivec2(a), glm::ivec2(b));
    const glm::ivec2 high =
        glm::max(glm::ivec2(a.x + a.z, a.y + a.w), glm::ivec2(b.x + b.z, b.y + b.w));
    return glm::ivec4(low, high - low);
}

}  // namespace

const char* shadingName(Shading shading) {
    return kShadingNames[int(shading)];
}

void RenderTarget::bind() const {
    if (framebuffer) {
        framebuffer->bind();
    } else {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    glViewport(0, 0, width, height);
}

morph::Result<SceneRenderer> SceneRenderer::create(const ShaderLibrary& library) {
    auto program = library.program({"mesh.vert", "pbr.frag"}, {}, materialDefines());
    if (!program) return program.error();
    SceneRenderer out;
    out.mLibrary = library;
    out.mProgram = std::move(program).value();
    out.mFrameBlock = gl::Buffer::create(sizeof(FrameBlock), nullptr, GL_DYNAMIC_STORAGE_BIT);
    out.mLightBlock = gl::Buffer::create(sizeof(LightBlock), nullptr, GL_DYNAMIC_STORAGE_BIT);
    out.mEnvironmentBlock =
        gl::Buffer::create(sizeof(EnvironmentBlock), nullptr, GL_DYNAMIC_STORAGE_BIT);
    auto stage = MorphStage::create(library);
    if (!stage) return stage.error();
    out.mMorphStage = std::move(stage).value();
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    out.mSoftwareRenderer = renderer && isSoftwareRenderer(renderer);
    GLint units = 16;
    glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &units);
    out.mFragmentUnits = uint32_t(std::max(units, 16));
    return out;
}

SceneRenderer::Variant& SceneRenderer::variant(uint64_t key) {
    Variant& variant = mVariants[key];
    if (variant.failed || variant.program.id() != 0) return variant;
    const bool resolve = (key >> kResolveBit) & 1u;
    auto built = mLibrary.program({resolve ? "fullscreen.vert" : "mesh.vert", "pbr.frag"}, {},
                                  variantDefines(key));
    if (built) {
        variant.program = std::move(built).value();
    } else {
        // Once: every later draw of this attribute set takes the full program, or draws forward.
        logNote("shader variant " + std::to_string(key) + ": " + built.error().message +
                (resolve ? "; drawn forward" : "; drawn with every varying"));
        variant.failed = true;
    }
    return variant;
}

gl::Program& SceneRenderer::program(uint32_t attributeMask, const GpuMaterial& material) {
    // The G-buffer pass lights nothing: its variants do not depend on the light.
    const uint64_t light = mGBufferOutput ? 0 : mLightKey;
    Variant& variant =
        this->variant(variantKey(attributeMask, material, mLinearOutput, mGBufferOutput) | light);
    gl::Program& chosen = variant.failed ? mProgram : variant.program;
    if (variant.failed || variant.frame != mFrame) {
        chosen.set(location(UniformLocation::ViewProjection), mViewProjection);
        chosen.set(location(UniformLocation::InstanceMode), mInstanceMode);
        variant.frame = mFrame;
    }
    return chosen;
}

void SceneRenderer::writeFrameBlocks(const GpuScene& scene, const morph::FramePose& frame,
                                     const Camera& camera, const DrawOptions& options) {
    FrameBlock frameBlock;
    frameBlock.cameraPosition = glm::vec4(camera.eye, 1.0f);
    frameBlock.display = glm::vec4(options.exposure, float(options.toneMapping), 0.0f, 0.0f);
    // In double: the deferred resolve gets its positions back from depth through this.
    frameBlock.inverseViewProjection = glm::mat4(glm::inverse(glm::dmat4(mViewProjection)));
    frameBlock.viewport = glm::vec4(float(mTargetSize.x), float(mTargetSize.y), 0.0f, 0.0f);
    mFrameBlock.subData(0, sizeof frameBlock, &frameBlock);

    EnvironmentBlock environment{};
    if (const GpuEnvironment* e = options.environment) {
        for (size_t i = 0; i < 9; ++i) environment.sh[i] = glm::vec4(e->irradiance()[i], 0.0f);
        // World to environment: the environment turned by +angle about +Y means a world
        // direction reads the environment turned back by the same angle.
        const float c = std::cos(options.environmentRotation);
        const float s = std::sin(options.environmentRotation);
        environment.rotation[0] = glm::vec4(c, 0.0f, s, 0.0f);
        environment.rotation[1] = glm::vec4(0.0f, 1.0f, 0.0f, 0.0f);
        environment.rotation[2] = glm::vec4(-s, 0.0f, c, 0.0f);
        const float lastLevel = float(e->levels() - 1);
        const float background = options.backgroundMode == BackgroundMode::Blurred
                                     ? kBlurredBackgroundRoughness * lastLevel
                                     : 0.0f;
        environment.params = glm::vec4(lastLevel, 1.0f, background, 1.0f);
        e->specular().bindUnit(unit(TextureUnit::Environment));
        e->brdfLut().bindUnit(unit(TextureUnit::BrdfLut));
        glBindSampler(unit(TextureUnit::Environment), 0);
        glBindSampler(unit(TextureUnit::BrdfLut), 0);
        glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    }
    mSheenEnvironment = options.environment ? &options.environment->sheen() : nullptr;
    mEnvironmentBlock.subData(0, sizeof environment, &environment);

    // Under an environment the environment is the light: auto adds the file's lights only.
    const DirectLights choice = options.environment && options.lights == DirectLights::Auto
                                    ? DirectLights::File
                                    : options.lights;
    const FrameLights direct = frameLights(choice, scene.layout(), frame, camera);
    if (direct.dropped > 0 && mLightsNoted != scene.id()) {
        mLightsNoted = scene.id();  // once per scene, not every frame
        logNote(scene.layout().path + ": " + std::to_string(direct.lights.size() + direct.dropped) +
                " direct lights; the first " + std::to_string(kMaxPunctualLights) +
                " are drawn (MV_MAX_PUNCTUAL_LIGHTS)");
    }
    LightBlock lights;
    for (size_t i = 0; i < direct.lights.size(); ++i) {
        const PunctualLight& light = direct.lights[i];
        LightSlot& slot = lights.punctual[i];
        slot.positionType = glm::vec4(light.position, float(uint32_t(light.type)));
        slot.directionRange = glm::vec4(light.direction, light.range);
        slot.color = glm::vec4(light.color, 0.0f);
        slot.cone = glm::vec4(light.coneScale, light.coneOffset, 0.0f, 0.0f);
    }
    lights.punctualCount = glm::ivec4(int(direct.lights.size()), 0, 0, 0);
    // llvmpipe runs both sides of a branch on a uniform (per lane, masked), so a shader that
    // reads the light from the blocks pays for the environment, the rig, every punctual light's
    // loop and all four tone mappings on every pixel; a variant with the frame's light fixed
    // compiles only that light (the synthetic face at 800x800: 12.6 to 8.1 ms a frame).
    mLightKey = (uint64_t(1) << kLightFixedBit) |
                (uint64_t(options.environment != nullptr) << kLightIblBit) |
                (uint64_t(!direct.lights.empty()) << kLightPunctualBit) |
                (uint64_t(options.toneMapping) << kToneMappingShift);
    lights.sky = glm::vec4(kSky, 0.0f);
    lights.horizon = glm::vec4(kHorizon, 0.0f);
    lights.ground = glm::vec4(kGround, 0.0f);
    mLightBlock.subData(0, sizeof lights, &lights);
}

void SceneRenderer::drawBackground(bool linearOutput) {
    gl::Program& background = mBackground[linearOutput ? 1 : 0];
    bool& failed = mBackgroundFailed[linearOutput ? 1 : 0];
    if (background.id() == 0 && !failed) {
        auto built = mLibrary.program({"background.vert", "background.frag"}, {},
                                      linearOutput ? "#define MV_LINEAR_OUTPUT\n" : "");
        if (!built) {
            // Once: the colour the target was cleared to stays the background.
            logNote("background: " + built.error().message + "; the colour stands in");
            failed = true;
        } else {
            background = std::move(built).value();
        }
    }
    if (failed) return;
    if (mEmptyVertices.id() == 0) mEmptyVertices = gl::VertexArray::create();
    background.use();
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    mEmptyVertices.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDepthMask(GL_TRUE);
    glEnable(GL_DEPTH_TEST);
}

void SceneRenderer::bindSheen() {
    if (mSheenAlbedo.id() == 0) {
        // Once per renderer, on the first sheen drawn (the tables: ~1.7 million BRDF
        // evaluations, once per process: renderer/light/SheenAlbedo.h and SheenLut.h).
        const std::vector<float>& albedo = sheenAlbedoTable();
        const std::vector<float>& lut = sheenLutTable();
        std::vector<float> table(2 * albedo.size());
        for (size_t i = 0; i < albedo.size(); ++i) {
            table[2 * i] = albedo[i];
            table[2 * i + 1] = lut[i];
        }
        mSheenAlbedo = gl::Texture::create(GL_TEXTURE_2D);
        mSheenAlbedo.storage2D(1, GL_RG32F, kSheenAlbedoSize, kSheenAlbedoSize);
        mSheenAlbedo.subImage2D(0, 0, 0, kSheenAlbedoSize, kSheenAlbedoSize, GL_RG, GL_FLOAT,
                                table.data());
        mSheenAlbedoSampler = gl::Sampler::create();
        mSheenAlbedoSampler.parameter(GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        mSheenAlbedoSampler.parameter(GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        mSheenAlbedoSampler.parameter(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        mSheenAlbedoSampler.parameter(GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    mSheenAlbedo.bindUnit(unit(TextureUnit::SheenAlbedo));
    mSheenAlbedoSampler.bindUnit(unit(TextureUnit::SheenAlbedo));
    if (mSheenEnvironment) {
        mSheenEnvironment->bindUnit(unit(TextureUnit::SheenEnvironment));
        glBindSampler(unit(TextureUnit::SheenEnvironment), 0);
    }
}

void SceneRenderer::drawTransmissionPass(const GpuScene& scene, const RenderTarget& target,
                                         const DrawOptions& options, uint32_t instances) {
    // The target's size, not the Sample Renderer's fixed 1024 x 1024: its texels then lie on
    // the target's pixels (no resampling at roughness 0, whatever the aspect), and the pass
    // costs what the frame's size costs (a 1024 square is four times a 512 capture's pixels,
    // which llvmpipe pays for in full).
    const int width = std::max(target.width, 1), height = std::max(target.height, 1);
    if (mTransmissionColor.id() == 0 || mTransmissionColor.width() != width ||
        mTransmissionColor.height() != height) {
        const GLsizei levels = GLsizei(std::floor(std::log2(double(std::max(width, height))))) + 1;
        // Half floats: linear radiance above 1 (a bright environment seen through glass)
        // keeps its value; the Sample Renderer's RGBA8 clips it.
        mTransmissionColor = gl::Texture::create(GL_TEXTURE_2D);
        mTransmissionColor.storage2D(levels, GL_RGBA16F, width, height);
        mTransmissionColor.parameter(GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        mTransmissionColor.parameter(GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        mTransmissionColor.parameter(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        mTransmissionColor.parameter(GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        mTransmissionDepth = gl::Renderbuffer::create();
        mTransmissionDepth.storage(GL_DEPTH_COMPONENT24, width, height);
        mTransmissionFramebuffer = gl::Framebuffer::create();
        mTransmissionFramebuffer.attach(GL_COLOR_ATTACHMENT0, mTransmissionColor);
        mTransmissionFramebuffer.attach(GL_DEPTH_ATTACHMENT, mTransmissionDepth);
    }
    ++mTransmissionPasses;
    RenderTarget{&mTransmissionFramebuffer, width, height}.bind();
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    // The background colour, a display value, taken as linear radiance as the Sample Renderer
    // takes its clear colour: glass in front of a flat background shows it lighter than it is
    // around the glass (after the tone curve and sRGB encoding), as there.
    glClearColor(options.background.r, options.background.g, options.background.b, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (options.environment && options.backgroundMode != BackgroundMode::Color) {
        drawBackground(true);
    }
    mLinearOutput = true;
    for (const DrawItem& item : mOpaque) drawItem(scene, item, instances);
    mLinearOutput = false;
    mTransmissionColor.generateMipmap();
}

bool SceneRenderer::wantsDeferred(const RenderTarget& target, const DrawOptions& options) const {
    const bool wanted = options.shading == Shading::Deferred ||
                        (options.shading == Shading::Auto && mSoftwareRenderer);
    // An uncleared frame may hold depth from an earlier draw that the G-buffer does not.
    return wanted && options.clear && target.framebuffer && target.width > 0 && target.height > 0;
}

bool SceneRenderer::prepareDeferred(const RenderTarget& target, bool twoUvSets) {
    const GLuint fbo = target.framebuffer->id();
    GLint samples = 0;
    glGetNamedFramebufferParameteriv(fbo, GL_SAMPLES, &samples);
    // One depth-stencil object, with 8 stencil bits, attached as both.
    GLint depthType = GL_NONE, depthName = 0, depthLevel = 0, stencilName = 0, stencilBits = 0;
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_DEPTH_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &depthType);
    if (samples > 1 || (depthType != GL_RENDERBUFFER && depthType != GL_TEXTURE)) return false;
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_DEPTH_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &depthName);
    GLint stencilType = GL_NONE;
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_STENCIL_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &stencilType);
    if (stencilType != depthType) return false;  // none, or another kind of object
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_STENCIL_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &stencilName);
    glGetNamedFramebufferAttachmentParameteriv(
        fbo, GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &stencilBits);
    if (stencilName != depthName || stencilBits < 8) return false;
    if (depthType == GL_TEXTURE) {
        glGetNamedFramebufferAttachmentParameteriv(
            fbo, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &depthLevel);
    }
    GBuffer& g = mGBuffer;
    const auto make = [&g](size_t i) {
        g.targets[i] = gl::Texture::create(GL_TEXTURE_2D);
        g.targets[i].storage2D(1, GL_RGBA32UI, g.width, g.height);
        // Read with texelFetch; one level, so no mipmap filter may make it incomplete.
        g.targets[i].parameter(GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        g.targets[i].parameter(GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        g.framebuffer.attach(GL_COLOR_ATTACHMENT0 + GLenum(i), g.targets[i]);
    };
    // Grown, never shrunk: a smaller target (the viewer's half-size view while the user drags)
    // draws into its corner, so the view's size going back and forth allocates nothing.
    if (g.width < target.width || g.height < target.height) {
        g.width = std::max(g.width, target.width);
        g.height = std::max(g.height, target.height);
        const bool third = g.targets[2].id() != 0;
        g.framebuffer = gl::Framebuffer::create();
        for (size_t i = 0; i < 2; ++i) make(i);
        if (third) make(2);
    }
    if (twoUvSets && g.targets[2].id() == 0) make(2);
    // The third target only in frames with a material that writes it: llvmpipe pays for every
    // enabled draw buffer of every G-buffer draw.
    if (twoUvSets) {
        g.framebuffer.drawBuffers(
            {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2});
    } else {
        g.framebuffer.drawBuffers({GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1});
    }
    if (depthType == GL_RENDERBUFFER) {
        glNamedFramebufferRenderbuffer(g.framebuffer.id(), GL_DEPTH_STENCIL_ATTACHMENT,
                                       GL_RENDERBUFFER, GLuint(depthName));
    } else {
        glNamedFramebufferTexture(g.framebuffer.id(), GL_DEPTH_STENCIL_ATTACHMENT,
                                  GLuint(depthName), depthLevel);
    }
    const bool complete = glCheckNamedFramebufferStatus(g.framebuffer.id(), GL_FRAMEBUFFER) ==
                          GL_FRAMEBUFFER_COMPLETE;
    if (!complete && !g.incompleteNoted) {
        logNote("deferred shading: the G-buffer is incomplete; drawn forward");
        g.incompleteNoted = true;
    }
    return complete;
}

gl::Program* SceneRenderer::resolveProgram(const GpuMaterial& material) {
    // One per material kind: no attribute is read, nothing can discard.
    Variant& variant =
        this->variant((variantKey(~0u, material, false, false) & ~(uint64_t(1) << kMaskBit)) |
                      (uint64_t(1) << kResolveBit) |
                      (uint64_t(uvSetsRead(material) == 3u) << kTwoUvSetsBit) | mLightKey);
    return variant.failed ? nullptr : &variant.program;
}

glm::ivec4 SceneRenderer::deferredRect(const GpuScene& scene, const morph::FramePose& frame,
                                       const RenderTarget& target, const DrawItem& item,
                                       bool crowd) const {
    const glm::ivec4 whole(0, 0, target.width, target.height);
    if (crowd) return whole;
    const Aabb box = drawnBounds(scene, frame, item.node, *item.primitive);
    if (!box.valid) return whole;
    const glm::mat4 toClip = mViewProjection * mState.model(item.node);
    glm::vec2 low(std::numeric_limits<float>::max()), high(-std::numeric_limits<float>::max());
    for (int i = 0; i < 8; ++i) {
        const glm::vec4 clip = toClip * glm::vec4(box.corner(i), 1.0f);
        if (!(clip.w > 1e-6f)) return whole;  // behind the eye (or not a number)
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        low = glm::min(low, ndc);
        high = glm::max(high, ndc);
    }
    const glm::vec2 size(float(target.width), float(target.height));
    const glm::vec2 from = glm::floor((low * 0.5f + 0.5f) * size) - 1.0f;
    const glm::vec2 to = glm::ceil((high * 0.5f + 0.5f) * size) + 1.0f;
    const glm::ivec2 limit(target.width, target.height);
    const glm::ivec2 a =
        glm::clamp(glm::ivec2(glm::clamp(from, glm::vec2(0.0f), size)), glm::ivec2(0), limit);
    const glm::ivec2 b =
        glm::clamp(glm::ivec2(glm::clamp(to, glm::vec2(0.0f), size)), glm::ivec2(0), limit);
    return glm::ivec4(a, glm::max(b - a, glm::ivec2(0)));
}

void SceneRenderer::drawDeferred(const GpuScene& scene, const RenderTarget& target, uint32_t passes,
                                 uint32_t instances, bool twoUvSets) {
    ++mDeferredFrames;
    RenderTarget{&mGBuffer.framebuffer, target.width, target.height}.bind();
    // No clear: the resolve reads only the pixels the stencil says this frame drew. Each drawn
    // pixel's stencil holds its material's group (drawItem sets the reference).
    glEnable(GL_STENCIL_TEST);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glStencilMask(0xFF);
    mGBufferOutput = true;
    for (uint32_t pass = 0; pass < passes; ++pass) {
        const bool shaded = pass + 1 == passes;
        glColorMask(shaded, shaded, shaded, shaded);
        glDepthFunc(shaded ? GL_LEQUAL : GL_LESS);
        for (const DrawItem& item : mDeferred) drawItem(scene, item, instances);
    }
    mGBufferOutput = false;
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

    // The resolve: per group, one triangle over its rectangle; the stencil test, early, passes
    // exactly the group's pixels, and llvmpipe skips every 4x4 block with none.
    target.bind();
    const TextureUnit units[] = {TextureUnit::GBuffer0, TextureUnit::GBuffer1,
                                 TextureUnit::GBuffer2};
    for (size_t i = 0; i < (twoUvSets ? 3u : 2u); ++i) {
        mGBuffer.targets[i].bindUnit(unit(units[i]));
        glBindSampler(unit(units[i]), 0);
    }
    if (mEmptyVertices.id() == 0) mEmptyVertices = gl::VertexArray::create();
    mEmptyVertices.bind();
    // Filled whatever the caller's polygon mode (the viewer's wireframe draws the scene in
    // GL_LINE: its lines are in the G-buffer, and the resolve shades exactly those).
    GLint polygonMode[2] = {GL_FILL, GL_FILL};
    glGetIntegerv(GL_POLYGON_MODE, polygonMode);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glStencilMask(0);
    glEnable(GL_SCISSOR_TEST);
    for (size_t i = 0; i < mGroups.size(); ++i) {
        const DeferredGroup& group = mGroups[i];
        if (group.rect.z <= 0 || group.rect.w <= 0) continue;
        bindMaterial(scene, *group.material);
        if (group.material->features & kFeatureSheen) bindSheen();
        gl::Program& program = *group.program;
        program.use();
        glStencilFunc(GL_EQUAL, GLint(i + 1), 0xFF);
        glScissor(group.rect.x, group.rect.y, group.rect.z, group.rect.w);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_STENCIL_TEST);
    glStencilMask(0xFF);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LEQUAL);
    glPolygonMode(GL_FRONT_AND_BACK, GLenum(polygonMode[0]));
    // Unbound, so the next frame's G-buffer pass never draws into a texture a unit still holds.
    for (const TextureUnit u : units) glBindTextureUnit(unit(u), 0);
}

void SceneRenderer::bindMaterial(const GpuScene& scene, const GpuMaterial& material) {
    material.block.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Material));
    for (size_t slot = 0; slot < kMaterialSlotCount; ++slot) {
        // The extensions' units only where the material's variant declares them.
        if (slot >= kCoreMaterialSlotCount && !(material.features & slotFeature(slot))) continue;
        const GLuint textureUnit = slotUnit(slot);
        const GpuTextureBinding& b = material.slots[slot];
        (b.texture >= 0 ? scene.textures()[size_t(b.texture)] : scene.whiteTexture())
            .bindUnit(textureUnit);
        (b.sampler >= 0 ? scene.samplers()[size_t(b.sampler)] : scene.defaultSampler())
            .bindUnit(textureUnit);
    }
}

void SceneRenderer::drawItem(const GpuScene& scene, const DrawItem& item, uint32_t instances) {
    const glm::mat4& world = mState.model(item.node);
    const GpuMaterial& material = *item.material;
    bindMaterial(scene, material);
    if (material.features & kFeatureSheen) bindSheen();
    if (material.features & kFeatureTransmission) {
        mTransmissionColor.bindUnit(unit(TextureUnit::TransmissionFramebuffer));
        glBindSampler(unit(TextureUnit::TransmissionFramebuffer), 0);
    }
    // glTF 2.0 3.9.6: double-sided materials are not culled. glTF 2.0 3.7.4: a node transform
    // with a negative determinant mirrors the mesh, so its front faces wind clockwise.
    if (material.doubleSided) {
        glDisable(GL_CULL_FACE);
    } else {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
    }
    const glm::mat3 linear(world);
    glFrontFace(glm::determinant(linear) < 0.0f ? GL_CW : GL_CCW);

    gl::Program& program = this->program(item.primitive->buffers.attributeMask(), material);
    program.use();
    program.set(location(UniformLocation::Model), world);
    program.set(location(UniformLocation::NormalMatrix), glm::transpose(glm::inverse(linear)));
    program.set(location(UniformLocation::AttributeMask), item.primitive->buffers.attributeMask());
    if (mGBufferOutput) glStencilFunc(GL_ALWAYS, GLint(item.group), 0xFF);
    const MorphWeights* weights = mState.weights(item.node);
    if (weights && item.path != MorphPath::None) {
        mState.morph(item.node, *item.primitive).bind(program, item.path, *weights);
    } else {
        bindNoMorph(program);
    }
    bindSkin(program, mState.joints(item.node), item.primitive->buffers);
    item.primitive->buffers.draw(instances);
}

void SceneRenderer::runMorphStage(const DrawOptions& options) {
    // Once per frame, before every pass, over every list.
    mItems.clear();
    for (DrawItem& item : mOpaque) mItems.push_back(&item);
    for (DrawItem& item : mTransmissive) mItems.push_back(&item);
    for (DrawItem& item : mBlended) mItems.push_back(&item);
    const uint32_t passes = std::max(options.passes, 1u);
    mMorphStage.beginFrame(options.timeMorph);
    {
        const MorphStage::BookkeepingScope bookkeeping(mMorphStage);
        mMorphedDraws.clear();
        for (DrawItem* item : mItems) {
            item->path =
                mMorphStage.preparePrimitive(mState.morph(item->node, *item->primitive),
                                             mState.weights(item->node), options.morphPath, passes);
            if (item->path != MorphPath::None)
                mMorphedDraws.push_back({item->node, item->primitive, item->material, item->path});
        }
    }
    mMorphStage.endPrePass();
}

void SceneRenderer::draw(const GpuScene& scene, const std::vector<morph::NodePose>& pose,
                         const Camera& camera, const RenderTarget& target,
                         const DrawOptions& options) {
    morph::resolveFrame(scene.layout(), pose, mPoseFrame);
    draw(scene, mPoseFrame, camera, target, options);
}

void SceneRenderer::draw(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
                         const RenderTarget& target, const DrawOptions& options) {
    // A frame of another scene would index past the nodes: draw the rest pose instead.
    if (frame.size() != scene.layout().nodes.size()) {
        morph::FramePose rest = morph::resolveFrame(scene.layout(), {});
        rest.scene = frame.scene;
        draw(scene, rest, camera, target, options);
        return;
    }
    const Crowd* crowd = options.crowd && !options.crowd->offsets.empty() ? options.crowd : nullptr;
    const uint32_t instances = crowd ? uint32_t(crowd->offsets.size()) : 1u;
    const uint32_t passes = std::max(options.passes, 1u);
    double bookkeepingMs = 0;  // counted as the morph stage's CPU time (MorphFrameStats::cpuMs)
    bool transmission = false;
    {
        const ScopedTimer bookkeeping(bookkeepingMs);
        // Weights and joints of this frame; skinned nodes draw with their skin's model matrix.
        mState.write(scene, frame, crowd ? &crowd->weights : nullptr, instances);
        transmission = sortItems(scene, frame, camera.view(), options);
    }

    clearTarget(target, options);
    writeFrameUniforms(scene, frame, camera, target, options, crowd);
    runMorphStage(options);
    mMorphStage.addCpuMs(bookkeepingMs);
    if (transmission) {
        drawTransmissionPass(scene, target, options, instances);
        target.bind();
    }
    if (wantsDeferred(target, options)) drawDeferredPass(scene, frame, target, passes, crowd);
    drawForwardPasses(scene, passes, instances);
    drawTransmissive(scene, instances);
    drawBlended(scene, instances);
    endFrame();
}

bool SceneRenderer::sortItems(const GpuScene& scene, const morph::FramePose& frame,
                              const glm::mat4& view, const DrawOptions& options) {
    // Lists kept across frames (their capacity; cleared here).
    mOpaque.clear();
    mTransmissive.clear();
    mBlended.clear();
    mDeferred.clear();
    mGroups.clear();
    bool transmission = false;  // any drawn material samples the transmission pass
    for (int node : scene.nodes(frame.scene)) {
        const GpuMesh& mesh = scene.meshes()[size_t(scene.layout().nodes[size_t(node)].mesh)];
        Aabb nodeBox;
        mNodeBlended.clear();
        for (const GpuPrimitive& primitive : mesh.primitives) {
            if (primitive.buffers.vertexCount() == 0) continue;
            DrawItem item;
            item.node = node;
            item.primitive = &primitive;
            const int material = primitive.materialFor(options.variant);
            item.material =
                material >= 0 ? &scene.materials()[size_t(material)] : &scene.defaultMaterial();
            if (item.material->alphaMode == morph::AlphaMode::Blend) {
                nodeBox.extend(drawnBounds(scene, frame, node, primitive));
                mNodeBlended.push_back(item);
            } else if (item.material->features & kFeatureTransmission) {
                mTransmissive.push_back(item);
            } else {
                mOpaque.push_back(item);
            }
            transmission = transmission || (item.material->features & kFeatureTransmission);
        }
        if (mNodeBlended.empty()) continue;
        const glm::vec3 center = glm::vec3(mState.model(node) * glm::vec4(nodeBox.center(), 1.0f));
        const float depth = -(view * glm::vec4(center, 1.0f)).z;
        for (DrawItem& item : mNodeBlended) {
            item.viewDepth = depth;
            mBlended.push_back(item);
        }
    }
    // Stable: equal depths keep node and primitive order, so frames are deterministic.
    std::stable_sort(mBlended.begin(), mBlended.end(), [](const DrawItem& a, const DrawItem& b) {
        return a.viewDepth > b.viewDepth;
    });
    return transmission;
}

Aabb SceneRenderer::drawnBounds(const GpuScene& scene, const morph::FramePose& frame, int node,
                                const GpuPrimitive& primitive) const {
    // Skinned: the box in the node's skin space.
    const std::vector<float>& weights = frame.weights(node);
    return mState.joints(node)
               ? scene.primitiveBounds(primitive, weights, frame.joints[size_t(node)])
               : scene.primitiveBounds(primitive, weights);
}

void SceneRenderer::clearTarget(const RenderTarget& target, const DrawOptions& options) {
    target.bind();
    // pbr.frag writes sRGB-encoded values itself; the window's framebuffer may be sRGB-capable.
    glDisable(GL_FRAMEBUFFER_SRGB);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    if (!options.clear) return;
    glClearColor(options.background.r, options.background.g, options.background.b, 1.0f);
    glClearDepth(1.0);
    glClearStencil(0);
    glStencilMask(0xFF);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

void SceneRenderer::writeFrameUniforms(const GpuScene& scene, const morph::FramePose& frame,
                                       const Camera& camera, const RenderTarget& target,
                                       const DrawOptions& options, const Crowd* crowd) {
    const float aspect = target.height > 0 ? float(target.width) / float(target.height) : 1.0f;
    ++mFrame;
    mViewProjection = camera.projection(aspect) * camera.view();
    mTargetSize = glm::ivec2(target.width, target.height);
    writeFrameBlocks(scene, frame, camera, options);
    mFrameBlock.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Frame));
    mLightBlock.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Lights));
    mEnvironmentBlock.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Environment));
    if (options.clear && options.environment && options.backgroundMode != BackgroundMode::Color) {
        drawBackground(false);
    }
    mProgram.set(location(UniformLocation::ViewProjection), mViewProjection);
    if (crowd) writeInstanceOffsets(*crowd);
    mInstanceMode = crowd ? 1 : 0;
    mProgram.set(location(UniformLocation::InstanceMode), mInstanceMode);
}

void SceneRenderer::writeInstanceOffsets(const Crowd& crowd) {
    std::vector<glm::vec4> offsets;
    offsets.reserve(crowd.offsets.size());
    for (const glm::vec3& o : crowd.offsets) offsets.emplace_back(o, 0.0f);
    const size_t bytes = offsets.size() * sizeof(glm::vec4);
    if (size_t(mInstanceOffsets.size()) < bytes) {
        mInstanceOffsets = gl::Buffer::create(GLsizeiptr(bytes), nullptr, GL_DYNAMIC_STORAGE_BIT);
    }
    mInstanceOffsets.subData(0, GLsizeiptr(bytes), offsets.data());
    mInstanceOffsets.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::InstanceOffsets));
}

void SceneRenderer::drawDeferredPass(const GpuScene& scene, const morph::FramePose& frame,
                                     const RenderTarget& target, uint32_t passes,
                                     const Crowd* crowd) {
    // The primitives deferrable() takes, into the G-buffer, then shaded once per pixel, material
    // by material; the rest of the opaque ones are drawn forward over that.
    if (!groupDeferred()) return;
    bool twoUvSets = false;
    for (const DeferredGroup& group : mGroups) twoUvSets |= uvSetsRead(*group.material) == 3u;
    if (!prepareDeferred(target, twoUvSets)) {
        mDeferred.clear();
        mGroups.clear();
        for (DrawItem& item : mOpaque) item.group = 0;
        return;
    }
    for (const DrawItem& item : mDeferred) {
        glm::ivec4& rect = mGroups[size_t(item.group - 1)].rect;
        rect = unite(rect, deferredRect(scene, frame, target, item, crowd != nullptr));
    }
    drawDeferred(scene, target, passes, crowd ? uint32_t(crowd->offsets.size()) : 1u, twoUvSets);
}

bool SceneRenderer::groupDeferred() {
    for (DrawItem& item : mOpaque) {
        if (!deferrable(*item.material, mFragmentUnits)) continue;
        size_t g = 0;
        while (g < mGroups.size() && mGroups[g].material != item.material) ++g;
        if (g == mGroups.size()) {
            gl::Program* program = nullptr;
            if (g == kMaxDeferredGroups || !(program = resolveProgram(*item.material))) continue;
            mGroups.push_back({item.material, program, glm::ivec4(0)});
        }
        item.group = uint8_t(g + 1);
        mDeferred.push_back(item);
    }
    return !mDeferred.empty();
}

void SceneRenderer::drawForwardPasses(const GpuScene& scene, uint32_t passes, uint32_t instances) {
    // Passes before the last write depth only (a depth pre-pass); the last shades with LEQUAL
    // against that depth.
    for (uint32_t pass = 0; pass < passes; ++pass) {
        const bool shaded = pass + 1 == passes;
        glColorMask(shaded, shaded, shaded, shaded);
        glDepthFunc(shaded ? GL_LEQUAL : GL_LESS);
        for (const DrawItem& item : mOpaque) {
            if (item.group == 0) drawItem(scene, item, instances);
        }
    }
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

void SceneRenderer::drawTransmissive(const GpuScene& scene, uint32_t instances) {
    // After everything they can see through (the Sample Renderer's order), in node order.
    for (const DrawItem& item : mTransmissive) drawItem(scene, item, instances);
}

void SceneRenderer::drawBlended(const GpuScene& scene, uint32_t instances) {
    if (mBlended.empty()) return;
    // Straight alpha over what is behind; the target's alpha stays 1 (an opaque image).
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    glDepthMask(GL_FALSE);
    for (const DrawItem& item : mBlended) drawItem(scene, item, instances);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
}

void SceneRenderer::endFrame() {
    glDisable(GL_CULL_FACE);
    glFrontFace(GL_CCW);
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace renderer
