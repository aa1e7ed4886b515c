#version 450 core
// Deferred lighting, the second half (renderer/scene/SceneRenderer.h, DrawOptions::shading):
// pbr.frag's MV_GBUFFER variants wrote what the core metallic-roughness material gives each
// pixel (textures read, normal mapped, MASK decided); this lights every drawn pixel once with
// shade.glsl, the forward path's own code. A CPU rasterizer shades whole 4x4 blocks wherever a
// triangle touches one, so a mesh of triangles a few pixels across runs the forward shader 4 to
// 8 times per pixel it covers: here the lighting runs once.
#include "lighting.glsl"
#include "environment.glsl"
#include "punctual.glsl"
#include "tonemap.glsl"
#include "shade.glsl"

// Exact values (RGBA32F, texelFetch): the forward path's, bit for bit.
layout(binding = MV_UNIT_GBUFFER_BASE_METALLIC) uniform sampler2D uBaseMetallic;
layout(binding = MV_UNIT_GBUFFER_NORMAL_ROUGHNESS) uniform sampler2D uNormalRoughness;
layout(binding = MV_UNIT_GBUFFER_POSITION_OCCLUSION) uniform sampler2D uPositionOcclusion;
layout(binding = MV_UNIT_GBUFFER_EMISSIVE_UNLIT) uniform sampler2D uEmissiveUnlit;

layout(location = 0) out vec4 fragColor;

void main() {
    const ivec2 p = ivec2(gl_FragCoord.xy);
    const vec4 baseMetallic = texelFetch(uBaseMetallic, p, 0);
    const vec4 emissiveUnlit = texelFetch(uEmissiveUnlit, p, 0);
    if (emissiveUnlit.w > 0.5) {  // KHR_materials_unlit: the base colour as is
        fragColor = vec4(linearToSrgb(baseMetallic.rgb), 1.0);
        return;
    }
    const vec4 normalRoughness = texelFetch(uNormalRoughness, p, 0);
    const vec4 positionOcclusion = texelFetch(uPositionOcclusion, p, 0);
    const vec3 color =
        surfaceRadiance(baseMetallic.rgb, baseMetallic.a, normalRoughness.a, positionOcclusion.a,
                        normalRoughness.xyz, positionOcclusion.xyz);
    fragColor = vec4(displayValue(color + emissiveUnlit.rgb), 1.0);
}
