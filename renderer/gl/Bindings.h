#pragma once
// Every attribute location, texture unit, uniform location and buffer binding point the shaders
// use, written once, here. ShaderLibrary injects them into every shader as #defines right after
// `#version 450 core` (see bindingDefines()), so GLSL says `layout(location = MV_ATTRIB_NORMAL)`
// and never a bare number.
#include <cstdint>
#include <string>

namespace renderer {

// Vertex attribute locations (MV_ATTRIB_*).
enum class Attribute : uint32_t {
    Position = 0,
    Normal = 1,
    Tangent = 2,
    TexCoord0 = 3,
    TexCoord1 = 4,
    Color0 = 5,
    Joints0 = 6,
    Weights0 = 7,
    Joints1 = 8,
    Weights1 = 9,  // 8 influences; 10 of GL's guaranteed 16 locations
};
inline constexpr uint32_t kAttributeCount = 10;

// Texture units (MV_UNIT_*). The morph targets of a primitive take kMaxMorphTextures consecutive
// units: a mesh with more targets than GL_MAX_ARRAY_TEXTURE_LAYERS is split across several
// arrays (GL 4.5 guarantees 2048 layers, so 8 arrays hold at least 16384 targets, and 8 units
// fit the guaranteed 16 vertex texture units).
inline constexpr uint32_t kMaxMorphTextures = 8;
enum class TextureUnit : uint32_t {
    MorphTargets = 0,  // .. MorphTargets + kMaxMorphTextures - 1
    BaseColor = kMaxMorphTextures,
    MetallicRoughness,
    NormalMap,
    Occlusion,
    Emissive,
    Environment,  // the specular environment cube (renderer/light/GpuEnvironment.h)
    BrdfLut,      // its split-sum BRDF table
    // The KHR_materials_* textures (GpuScene.h's MaterialSlot from Specular), from 16 on, so
    // the core's units keep their numbers. Only a shader variant with the feature declares
    // them (renderer/pass/ShaderVariants.cpp), so a plain material's program samples 7 units.
    Specular = 16,       // KHR_materials_specular: specularTexture (A)
    SpecularColor,       // specularColorTexture (RGB, sRGB)
    Clearcoat,           // KHR_materials_clearcoat: clearcoatTexture (R)
    ClearcoatRoughness,  // clearcoatRoughnessTexture (G)
    ClearcoatNormal,     // clearcoatNormalTexture
    SheenColor,          // KHR_materials_sheen: sheenColorTexture (RGB, sRGB)
    SheenRoughness,      // sheenRoughnessTexture (A)
    SheenAlbedo,  // the sheen's tables: R its directional albedo (renderer/light/SheenAlbedo.h),
                  // G the Sample Renderer's Charlie LUT (renderer/light/SheenLut.h)
    SheenEnvironment,      // the environment's Charlie-filtered cube (GpuEnvironment::sheen())
    Iridescence,           // KHR_materials_iridescence: iridescenceTexture (R)
    IridescenceThickness,  // iridescenceThicknessTexture (G)
    Transmission,          // KHR_materials_transmission: transmissionTexture (R)
    Thickness,             // KHR_materials_volume: thicknessTexture (G)
    // What transmissive surfaces see through them: the frame's opaque primitives drawn first,
    // with its mipmaps (renderer/pass/TransmissionPass).
    TransmissionFramebuffer,
    // Deferred shading's G-buffer (renderer/pass/DeferredPass, pbr.frag's MV_RESOLVE variants):
    // those draws morph nothing, so its targets take the morph targets' first units.
    GBuffer0 = MorphTargets,
    GBuffer1,
    GBuffer2,  // the second UV set, for the materials that read two
};

// Explicit uniform locations (MV_UNIFORM_*). Arrays take one location per element, hence gaps.
enum class UniformLocation : uint32_t {
    Model = 0,            // mat4: the node's world matrix
    NormalMatrix = 1,     // mat3: inverse transpose of Model's upper 3x3
    ViewProjection = 2,   // mat4
    AttributeMask = 3,    // uint: bit (1 << MV_ATTRIB_x) set when the primitive has attribute x
    MorphLayout = 4,      // ivec4: stride, texture width, layers per texture, target count
    MorphSlots = 5,       // int[MV_CHANNEL_COUNT]: texel slot of each morph::MorphChannel, -1: none
    MorphMode = 11,       // ivec4: MorphPath, vertex count, weight row stride, 0
    InstanceMode = 12,    // int: 1 when InstanceOffsets holds one offset per gl_InstanceID
    SkinInfluences = 15,  // int: 0 not skinned, 4 (JOINTS_0) or 8 (JOINTS_0 and _1); skin.glsl
    Material = 16,        // first free location for the shading passes
};

// The punctual lights of LightBlock (shaders/lighting.glsl): at most kMaxPunctualLights
// (MV_MAX_PUNCTUAL_LIGHTS), each of a PunctualLightType (MV_LIGHT_*, KHR_lights_punctual's
// three). 16 keeps the block at 1 KiB, far under GL's 16 KiB minimum block size, and one
// fragment loop short enough for llvmpipe; a file with more is drawn with its first 16.
inline constexpr uint32_t kMaxPunctualLights = 16;
enum class PunctualLightType : uint32_t { Directional = 0, Point = 1, Spot = 2 };

// Uniform block bindings (MV_UBO_*).
enum class UniformBlock : uint32_t { Frame = 0, Material = 1, Lights = 2, Environment = 3 };

// Shader storage block bindings (MV_SSBO_*).
enum class StorageBlock : uint32_t {
    MorphWeights = 0,  // the non-zero weights of the current frame, see MorphWeights
    SkinJoints = 3,    // the drawn node's joint matrices (mat4[]), see SkinJoints.h
    // The morph paths' buffers (numbered from 8 to leave the low numbers to other features).
    MorphWeightRows = 8,   // float per target per instance (vs-dense, cs-sparse)
    MorphedVertices = 9,   // vec4 slots per vertex per instance written before the draw
    InstanceOffsets = 10,  // vec4 world offset per instance (crowds)
    SparseRows = 11,       // cs-sparse: uint row start per vertex (CSR by vertex), V + 1
    SparseTargets = 12,    // cs-sparse: uint target of each entry
    SparseDeltas = 13,     // cs-sparse: 3 uints per entry, six int16 (position xyz, normal xyz)
    SparseScales = 14,     // cs-sparse: vec2 per target, the position and normal quanta
};

constexpr uint32_t location(Attribute a) {
    return static_cast<uint32_t>(a);
}
constexpr uint32_t unit(TextureUnit u) {
    return static_cast<uint32_t>(u);
}
constexpr int32_t location(UniformLocation u) {
    return static_cast<int32_t>(u);
}
constexpr uint32_t binding(UniformBlock b) {
    return static_cast<uint32_t>(b);
}
constexpr uint32_t binding(StorageBlock b) {
    return static_cast<uint32_t>(b);
}
constexpr uint32_t attributeBit(Attribute a) {
    return 1u << location(a);
}

// "#define MV_ATTRIB_POSITION 0\n..." for all of the above, plus MV_MAX_MORPH_TEXTURES and
// MV_CHANNEL_<NAME> / MV_CHANNEL_COUNT taken from morph/MorphChannel.h.
const std::string& bindingDefines();

}  // namespace renderer
