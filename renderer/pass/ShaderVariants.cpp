#include "renderer/pass/ShaderVariants.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "renderer/gl/Log.h"
#include "renderer/morph/MorphPath.h"

namespace renderer {

namespace {

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
// a texture, whether the material is MASK, and the pass's output (PassOutput): linear radiance
// before exposure for the transmission pass (MV_LINEAR_OUTPUT) or the G-buffer.
constexpr uint32_t kMaskBit = kAttributeBits + kMaterialFeatureBits + kMaterialSlotCount;
constexpr uint32_t kLinearOutputBit = kMaskBit + 1;
constexpr uint32_t kGBufferBit = kLinearOutputBit + 1;  // MV_GBUFFER: deferred, first half
constexpr uint32_t kResolveBit = kGBufferBit + 1;       // MV_RESOLVE: deferred, second half
// The frame's light, fixed in the variants that shade (lightKey()): a flag, whether the
// environment lights, whether punctual lights do, and the tone mapping (2 bits).
constexpr uint32_t kLightFixedBit = kResolveBit + 1;
constexpr uint32_t kLightIblBit = kLightFixedBit + 1;
constexpr uint32_t kLightPunctualBit = kLightIblBit + 1;
constexpr uint32_t kToneMappingShift = kLightPunctualBit + 1;
// Deferred shading's halves for a material whose textures read both UV sets (MV_TWO_UV_SETS: the
// G-buffer's third target holds the second).
constexpr uint32_t kTwoUvSetsBit = kToneMappingShift + 2;
// What mesh.vert does (VertexWork): the morph path's kind (2 bits: none, pre-morphed, vs-dense,
// vs-active) and the skin's influences (2 bits: 0, 4, 8); unset for the resolve's programs.
constexpr uint32_t kVertexMorphShift = kTwoUvSetsBit + 1;
constexpr uint32_t kSkinShift = kVertexMorphShift + 2;
// 5 + 6 + 16 + 1 + 1 + 1 + 1 + 5 + 1 + 4 = 41 bits; `textured` is a uint32_t of one bit per
// slot.
static_assert(kMaterialSlotCount <= 32 && kSkinShift + 2 <= 64, "the variant key's fields fit");

// MV_VERTEX_MORPH's value (morph.glsl) for a draw's path.
uint32_t vertexMorphKind(MorphPath path) {
    switch (path) {
        case MorphPath::Cpu:
        case MorphPath::CsSparse: return 1;
        case MorphPath::VsDense: return 2;
        case MorphPath::VsActive: return 3;
        default: return 0;
    }
}
static_assert(int(ToneMapping::None) < 4, "a tone mapping fits its 2 bits");

uint64_t variantKey(uint32_t attributeMask, const GpuMaterial& material, PassOutput output) {
    const bool linearOutput = output == PassOutput::Linear;
    const bool gBuffer = output == PassOutput::GBuffer;
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
    // The G-buffer reads no texture but a MASK's base colour (whether to keep the tangent is the
    // material's uniform there): materials that differ only in their textured slots share its
    // variants, each of which llvmpipe compiles on its first draw (about 140 ms).
    if (gBuffer) textured &= mask ? 1u << uint32_t(MaterialSlot::BaseColor) : 0u;
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
    if (!((key >> kResolveBit) & 1u)) {
        out += "#define MV_VERTEX_MORPH " + std::to_string((key >> kVertexMorphShift) & 3u) +
               "\n#define MV_SKIN_INFLUENCES " + std::to_string(4 * ((key >> kSkinShift) & 3u)) +
               "\n";
    }
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

}  // namespace

std::string materialDefines(uint32_t texturedSlots, bool alphaMask) {
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

uint32_t uvSetsRead(const GpuMaterial& material) {
    uint32_t sets = 0;
    for (size_t slot = 0; slot < kMaterialSlotCount; ++slot) {
        if (material.slots[slot].texture >= 0) sets |= 1u << material.slots[slot].texCoord;
    }
    return sets;
}

uint64_t lightKey(bool environment, bool punctual, ToneMapping toneMapping) {
    return (uint64_t(1) << kLightFixedBit) | (uint64_t(environment) << kLightIblBit) |
           (uint64_t(punctual) << kLightPunctualBit) | (uint64_t(toneMapping) << kToneMappingShift);
}

gl::Program& ShaderVariants::fallback() {
    if (mFull.id() != 0 || mFullFailed) return mFull;
    auto program = mLibrary.program({"mesh.vert", "pbr.frag"}, {}, materialDefines());
    if (program) {
        mFull = std::move(program).value();
    } else {
        logNote("the full shader program: " + program.error().message + "; not drawn");
        mFullFailed = true;
    }
    return mFull;
}

void ShaderVariants::beginFrame(const glm::mat4& viewProjection, int instanceMode, uint64_t light) {
    ++mFrame;
    mViewProjection = viewProjection;
    mInstanceMode = instanceMode;
    mLight = light;
}

ShaderVariants::Variant& ShaderVariants::variant(uint64_t key) {
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

gl::Program& ShaderVariants::program(uint32_t attributeMask, const GpuMaterial& material,
                                     PassOutput output, VertexWork vertex) {
    // The G-buffer pass lights nothing: its variants do not depend on the light.
    const uint64_t light = output == PassOutput::GBuffer ? 0 : mLight;
    const uint64_t work = (uint64_t(vertexMorphKind(vertex.morphPath)) << kVertexMorphShift) |
                          (uint64_t(std::min(vertex.skinInfluences, 8u) / 4u) << kSkinShift);
    Variant& variant = this->variant(variantKey(attributeMask, material, output) | light | work);
    gl::Program& chosen = variant.failed ? fallback() : variant.program;
    if (chosen.id() != 0 && (variant.failed || variant.frame != mFrame)) {
        chosen.set(location(UniformLocation::ViewProjection), mViewProjection);
        chosen.set(location(UniformLocation::InstanceMode), mInstanceMode);
        variant.frame = mFrame;
    }
    return chosen;
}

gl::Program* ShaderVariants::resolve(const GpuMaterial& material) {
    // One per material kind: no attribute is read, nothing can discard.
    Variant& variant =
        this->variant((variantKey(~0u, material, PassOutput::Target) & ~(uint64_t(1) << kMaskBit)) |
                      (uint64_t(1) << kResolveBit) |
                      (uint64_t(uvSetsRead(material) == 3u) << kTwoUvSetsBit) | mLight);
    return variant.failed ? nullptr : &variant.program;
}

}  // namespace renderer
