// The glTF 2.0 metallic-roughness material (glTF 2.0 3.9) as pbr.frag reads it: one uniform
// block per material, written once at load by renderer/scene/GpuScene.cpp (keep the two in sync),
// and one texture per slot (a 1x1 white texture where the material has none). The slot numbers
// (MV_SLOT_*, MV_MATERIAL_SLOT_COUNT) come from renderer::MaterialSlot via SceneRenderer.

layout(std140, binding = MV_UBO_MATERIAL) uniform MaterialBlock {
    vec4 baseColorFactor;
    vec4 emissive;    // xyz: emissiveFactor, w: alphaCutoff
    vec4 params;      // x metallic, y roughness, z normalTexture.scale, w occlusion strength
    ivec4 modes;      // x alpha mode (0 OPAQUE, 1 MASK, 2 BLEND), y double-sided, z unlit, w normal map
    ivec4 texCoords;  // TEXCOORD set of: x base colour, y metallic-roughness, z normal, w occlusion
    ivec4 texCoords2; // x: emissive
    // KHR_materials_*: read only by the variants with MV_MATERIAL_SPECULAR / _CLEARCOAT (layers.glsl).
    vec4 specular;    // xyz: specularColorFactor, w: specularFactor
    vec4 layers;      // x: ior, y: clearcoatFactor, z: clearcoatRoughnessFactor, w: clearcoat normal scale
    ivec4 texCoords3; // TEXCOORD set of: x specular, y specular colour, z clearcoat, w clearcoat roughness
    ivec4 texCoords4; // TEXCOORD set of: x clearcoat normal, z sheen colour, w sheen roughness; y: clearcoat normal map present
    vec4 sheen;       // rgb: sheenColorFactor, a: sheenRoughnessFactor
    vec4 iridescence; // x: iridescenceFactor, y: the film's ior, z: thickness minimum, w: maximum (nm)
    ivec4 texCoords5; // TEXCOORD set of: x iridescence, y iridescence thickness
    vec4 transmission;      // x: transmissionFactor, y: thicknessFactor, z: attenuationDistance (0: none)
    vec4 attenuationColor;  // rgb
    ivec4 transmissionTexCoords;  // TEXCOORD set of: x transmission, y thickness
    // KHR_texture_transform per slot: rows of the 2x3 affine map uv' = M * vec3(uv, 1).
    vec4 uvTransform[2 * MV_MATERIAL_SLOT_COUNT];
} uMaterial;

layout(binding = MV_UNIT_BASE_COLOR) uniform sampler2D uBaseColorTexture;
layout(binding = MV_UNIT_METALLIC_ROUGHNESS) uniform sampler2D uMetallicRoughnessTexture;
layout(binding = MV_UNIT_NORMAL_MAP) uniform sampler2D uNormalTexture;
layout(binding = MV_UNIT_OCCLUSION) uniform sampler2D uOcclusionTexture;
layout(binding = MV_UNIT_EMISSIVE) uniform sampler2D uEmissiveTexture;
#ifdef MV_MATERIAL_SPECULAR
layout(binding = MV_UNIT_SPECULAR) uniform sampler2D uSpecularTexture;
layout(binding = MV_UNIT_SPECULAR_COLOR) uniform sampler2D uSpecularColorTexture;
#endif
#ifdef MV_MATERIAL_CLEARCOAT
layout(binding = MV_UNIT_CLEARCOAT) uniform sampler2D uClearcoatTexture;
layout(binding = MV_UNIT_CLEARCOAT_ROUGHNESS) uniform sampler2D uClearcoatRoughnessTexture;
layout(binding = MV_UNIT_CLEARCOAT_NORMAL) uniform sampler2D uClearcoatNormalTexture;
#endif
#ifdef MV_MATERIAL_SHEEN
layout(binding = MV_UNIT_SHEEN_COLOR) uniform sampler2D uSheenColorTexture;
layout(binding = MV_UNIT_SHEEN_ROUGHNESS) uniform sampler2D uSheenRoughnessTexture;
layout(binding = MV_UNIT_SHEEN_ALBEDO) uniform sampler2D uSheenAlbedo;  // R: E, G: Charlie LUT
layout(binding = MV_UNIT_SHEEN_ENVIRONMENT) uniform samplerCube uSheenEnvironment;
#endif
#ifdef MV_MATERIAL_IRIDESCENCE
layout(binding = MV_UNIT_IRIDESCENCE) uniform sampler2D uIridescenceTexture;
layout(binding = MV_UNIT_IRIDESCENCE_THICKNESS) uniform sampler2D uIridescenceThicknessTexture;
#endif
#ifdef MV_MATERIAL_TRANSMISSION
layout(binding = MV_UNIT_TRANSMISSION) uniform sampler2D uTransmissionTexture;
layout(binding = MV_UNIT_TRANSMISSION_FRAMEBUFFER) uniform sampler2D uTransmissionFramebuffer;
#endif
#ifdef MV_MATERIAL_VOLUME
layout(binding = MV_UNIT_THICKNESS) uniform sampler2D uThicknessTexture;
#endif

const int ALPHA_MASK = 1;
const int ALPHA_BLEND = 2;

vec2 selectTexCoord(int set, vec2 uv0, vec2 uv1) { return set == 1 ? uv1 : uv0; }

vec2 transformUv(int slot, vec2 uv) {
    const vec3 h = vec3(uv, 1.0);
    return vec2(dot(uMaterial.uvTransform[2 * slot].xyz, h),
                dot(uMaterial.uvTransform[2 * slot + 1].xyz, h));
}

// What transformUv does to a derivative of the UVs (its linear part).
vec2 transformUvDerivative(int slot, vec2 d) {
    return vec2(dot(uMaterial.uvTransform[2 * slot].xy, d),
                dot(uMaterial.uvTransform[2 * slot + 1].xy, d));
}
