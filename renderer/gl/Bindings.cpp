#include "renderer/gl/Bindings.h"

#include <cctype>

#include "morph/MorphChannel.h"

namespace renderer {

namespace {

struct Define {
    const char* name;
    uint32_t value;
};

// The C++ enumerators are the source of each value; this table only names them for GLSL.
constexpr Define kDefines[] = {
    {"MV_ATTRIB_POSITION", location(Attribute::Position)},
    {"MV_ATTRIB_NORMAL", location(Attribute::Normal)},
    {"MV_ATTRIB_TANGENT", location(Attribute::Tangent)},
    {"MV_ATTRIB_TEXCOORD_0", location(Attribute::TexCoord0)},
    {"MV_ATTRIB_TEXCOORD_1", location(Attribute::TexCoord1)},
    {"MV_ATTRIB_COLOR_0", location(Attribute::Color0)},
    {"MV_ATTRIB_JOINTS_0", location(Attribute::Joints0)},
    {"MV_ATTRIB_WEIGHTS_0", location(Attribute::Weights0)},
    {"MV_ATTRIB_JOINTS_1", location(Attribute::Joints1)},
    {"MV_ATTRIB_WEIGHTS_1", location(Attribute::Weights1)},
    {"MV_MAX_MORPH_TEXTURES", kMaxMorphTextures},
    {"MV_UNIT_MORPH_TARGETS", unit(TextureUnit::MorphTargets)},
    {"MV_UNIT_BASE_COLOR", unit(TextureUnit::BaseColor)},
    {"MV_UNIT_METALLIC_ROUGHNESS", unit(TextureUnit::MetallicRoughness)},
    {"MV_UNIT_NORMAL_MAP", unit(TextureUnit::NormalMap)},
    {"MV_UNIT_OCCLUSION", unit(TextureUnit::Occlusion)},
    {"MV_UNIT_EMISSIVE", unit(TextureUnit::Emissive)},
    {"MV_UNIT_ENVIRONMENT", unit(TextureUnit::Environment)},
    {"MV_UNIT_BRDF_LUT", unit(TextureUnit::BrdfLut)},
    {"MV_UNIT_SPECULAR", unit(TextureUnit::Specular)},
    {"MV_UNIT_SPECULAR_COLOR", unit(TextureUnit::SpecularColor)},
    {"MV_UNIT_CLEARCOAT", unit(TextureUnit::Clearcoat)},
    {"MV_UNIT_CLEARCOAT_ROUGHNESS", unit(TextureUnit::ClearcoatRoughness)},
    {"MV_UNIT_CLEARCOAT_NORMAL", unit(TextureUnit::ClearcoatNormal)},
    {"MV_UNIT_SHEEN_COLOR", unit(TextureUnit::SheenColor)},
    {"MV_UNIT_SHEEN_ROUGHNESS", unit(TextureUnit::SheenRoughness)},
    {"MV_UNIT_SHEEN_ALBEDO", unit(TextureUnit::SheenAlbedo)},
    {"MV_UNIT_SHEEN_ENVIRONMENT", unit(TextureUnit::SheenEnvironment)},
    {"MV_UNIT_IRIDESCENCE", unit(TextureUnit::Iridescence)},
    {"MV_UNIT_IRIDESCENCE_THICKNESS", unit(TextureUnit::IridescenceThickness)},
    {"MV_UNIT_TRANSMISSION", unit(TextureUnit::Transmission)},
    {"MV_UNIT_THICKNESS", unit(TextureUnit::Thickness)},
    {"MV_UNIT_TRANSMISSION_FRAMEBUFFER", unit(TextureUnit::TransmissionFramebuffer)},
    {"MV_UNIT_GBUFFER_0", unit(TextureUnit::GBuffer0)},
    {"MV_UNIT_GBUFFER_1", unit(TextureUnit::GBuffer1)},
    {"MV_UNIT_GBUFFER_2", unit(TextureUnit::GBuffer2)},
    {"MV_UNIFORM_MODEL", uint32_t(location(UniformLocation::Model))},
    {"MV_UNIFORM_NORMAL_MATRIX", uint32_t(location(UniformLocation::NormalMatrix))},
    {"MV_UNIFORM_VIEW_PROJECTION", uint32_t(location(UniformLocation::ViewProjection))},
    {"MV_UNIFORM_ATTRIBUTE_MASK", uint32_t(location(UniformLocation::AttributeMask))},
    {"MV_UNIFORM_MORPH_LAYOUT", uint32_t(location(UniformLocation::MorphLayout))},
    {"MV_UNIFORM_MORPH_SLOTS", uint32_t(location(UniformLocation::MorphSlots))},
    {"MV_UNIFORM_SKIN_INFLUENCES", uint32_t(location(UniformLocation::SkinInfluences))},
    {"MV_UNIFORM_MORPH_MODE", uint32_t(location(UniformLocation::MorphMode))},
    {"MV_UNIFORM_INSTANCE_MODE", uint32_t(location(UniformLocation::InstanceMode))},
    {"MV_UNIFORM_MATERIAL", uint32_t(location(UniformLocation::Material))},
    {"MV_MAX_PUNCTUAL_LIGHTS", kMaxPunctualLights},
    {"MV_LIGHT_DIRECTIONAL", uint32_t(PunctualLightType::Directional)},
    {"MV_LIGHT_POINT", uint32_t(PunctualLightType::Point)},
    {"MV_LIGHT_SPOT", uint32_t(PunctualLightType::Spot)},
    {"MV_UBO_FRAME", binding(UniformBlock::Frame)},
    {"MV_UBO_MATERIAL", binding(UniformBlock::Material)},
    {"MV_UBO_LIGHTS", binding(UniformBlock::Lights)},
    {"MV_UBO_ENVIRONMENT", binding(UniformBlock::Environment)},
    {"MV_SSBO_MORPH_WEIGHTS", binding(StorageBlock::MorphWeights)},
    {"MV_SSBO_SKIN_JOINTS", binding(StorageBlock::SkinJoints)},
    {"MV_SSBO_MORPH_WEIGHT_ROWS", binding(StorageBlock::MorphWeightRows)},
    {"MV_SSBO_MORPHED_VERTICES", binding(StorageBlock::MorphedVertices)},
    {"MV_SSBO_INSTANCE_OFFSETS", binding(StorageBlock::InstanceOffsets)},
    {"MV_SSBO_SPARSE_ROWS", binding(StorageBlock::SparseRows)},
    {"MV_SSBO_SPARSE_TARGETS", binding(StorageBlock::SparseTargets)},
    {"MV_SSBO_SPARSE_DELTAS", binding(StorageBlock::SparseDeltas)},
    {"MV_SSBO_SPARSE_SCALES", binding(StorageBlock::SparseScales)},
};

static_assert(location(UniformLocation::MorphSlots) + int32_t(morph::kMorphChannelCount) <=
                  location(UniformLocation::Material),
              "MorphSlots[] overlaps the next uniform location");
static_assert(location(UniformLocation::MorphSlots) + int32_t(morph::kMorphChannelCount) <=
                  location(UniformLocation::MorphMode),
              "MorphSlots[] overlaps MorphMode");

std::string makeDefines() {
    std::string out;
    for (const Define& d : kDefines) {
        out += "#define " + std::string(d.name) + " " + std::to_string(d.value) + "\n";
    }
    // "TEXCOORD_0" -> MV_CHANNEL_TEXCOORD_0: the names come from morph::channelName, so a new
    // channel reaches the shaders without touching this file.
    for (size_t i = 0; i < morph::kMorphChannelCount; ++i) {
        std::string name(morph::channelName(static_cast<morph::MorphChannel>(i)));
        for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
        out += "#define MV_CHANNEL_" + name + " " + std::to_string(i) + "\n";
    }
    out += "#define MV_CHANNEL_COUNT " + std::to_string(morph::kMorphChannelCount) + "\n";
    return out;
}

}  // namespace

const std::string& bindingDefines() {
    static const std::string defines = makeDefines();
    return defines;
}

}  // namespace renderer
