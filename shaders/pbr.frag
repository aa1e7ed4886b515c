#version 450 core
// glTF 2.0 metallic-roughness shading (glTF 2.0 3.9 and Appendix B) of mesh.vert's morphed,
// transformed vertices: material factors and textures, vertex colours, normal maps on the
// morphed tangents, alpha modes, double-sided lighting; lit by the environment (image-based) or
// by the studio rig; then exposure, tone mapping and sRGB output. KHR_materials_ior, _specular,
// _clearcoat, _sheen and _iridescence in the variants that define MV_MATERIAL_* (layers.glsl),
// _transmission and _volume too (transmission.glsl). MV_LINEAR_OUTPUT: the transmission pass's
// variants, which write linear radiance before exposure (PassOutput::Linear,
// renderer/pass/ShaderVariants.h). MV_GBUFFER and MV_RESOLVE: the two halves of deferred shading
// (below).
#include "material.glsl"
#include "lighting.glsl"
#include "environment.glsl"
#include "punctual.glsl"
#include "layers.glsl"
#include "iridescence.glsl"
#include "transmission.glsl"
#include "tonemap.glsl"
#include "shade.glsl"

// An attribute the primitive lacks is a constant here, not an input: the linker then drops the
// varying from mesh.vert, and llvmpipe, which sets up every varying of every triangle on one
// thread, draws a position+normal mesh about a third faster (SceneRenderer compiles one variant
// per set of present attributes). The constants are what mesh.vert would have sent: a disabled
// attribute reads (0, 0, 0, 1) and a missing COLOR_0 is white.
#ifdef MV_RESOLVE
// Deferred shading's second half (SceneRenderer::drawDeferred): one triangle over the target
// per material, which the stencil test limits to the pixels the MV_GBUFFER pass drew with that
// material. What the forward variant interpolates, this reads from the G-buffer's two RGBA32UI
// targets (llvmpipe writes two 128-bit targets far faster than four):
//   0: x the window depth (float bits), yz the UVs (float bits), w bit 0 set where the tangent
//      frame is left-handed, and above it the vertex colour (10, 11, 10 bits);
//   1: x the normal (octahedral, 2 x 16 bits); y with a normal map (the material's or its
//      clearcoat's) the tangent (the same); zw d(uv)/dx and d(uv)/dy (2 x half each);
//   2: only for a material whose textures read both UV sets (MV_TWO_UV_SETS; target 0 then
//      holds the first), xy the second set (float bits), zw its derivatives (as 1's zw).
// The position comes back from depth, the normal and tangent to within 1e-4, the derivatives
// that pick each texture's mip level in half precision: the forward picture but for a level or
// two here and there (DeferredGLTest). A CPU rasterizer shades whole 4x4 blocks wherever a
// triangle touches one, so a mesh of triangles a few pixels across runs the forward shader 4 to
// 8 times for each pixel it covers; here the texture reads and the lighting run once per pixel.
layout(binding = MV_UNIT_GBUFFER_0) uniform usampler2D uGeometry0;
layout(binding = MV_UNIT_GBUFFER_1) uniform usampler2D uGeometry1;
#ifdef MV_TWO_UV_SETS
layout(binding = MV_UNIT_GBUFFER_2) uniform usampler2D uGeometry2;
#endif
vec3 vPosition;
vec2 vTexCoord0;  // with one set, the set the material's textures read: both names hold it
vec2 vTexCoord1;
vec4 vColor;
vec2 gDuvdx;  // d(uv)/dx and d(uv)/dy of the first set, or of the one set
vec2 gDuvdy;
#ifdef MV_TWO_UV_SETS
vec2 gDuv1dx;  // and of the second
vec2 gDuv1dy;
#endif
#else
in vec3 vPosition;
#ifdef MV_OMIT_NORMAL
const vec3 vNormal = vec3(0.0);
#else
in vec3 vNormal;
#endif
#ifdef MV_OMIT_TANGENT
const vec4 vTangent = vec4(0.0, 0.0, 0.0, 1.0);
#else
in vec4 vTangent;
#endif
#ifdef MV_OMIT_TEXCOORD_0
const vec2 vTexCoord0 = vec2(0.0);
#else
in vec2 vTexCoord0;
#endif
#ifdef MV_OMIT_TEXCOORD_1
const vec2 vTexCoord1 = vec2(0.0);
#else
in vec2 vTexCoord1;
#endif
#ifdef MV_OMIT_COLOR_0
const vec4 vColor = vec4(1.0);
#else
in vec4 vColor;
#endif
#endif

layout(location = MV_UNIFORM_ATTRIBUTE_MASK) uniform uint uAttributeMask;

#ifdef MV_GBUFFER
vec4 fragColor;  // the forward code below the G-buffer pass's return still names it
#else
layout(location = 0) out vec4 fragColor;
#endif
#ifdef MV_GBUFFER
// Deferred shading's first half: what the MV_RESOLVE variant reads (its layout is there),
// with no texture read but MASK's base colour alpha. Only materials without transmission whose
// textures read at most the first two UV sets.
layout(location = 0) out uvec4 gGeometry0;
layout(location = 1) out uvec4 gGeometry1;
#ifdef MV_TWO_UV_SETS
layout(location = 2) out uvec4 gGeometry2;
#endif
#endif

// A unit vector in 2 x 16 bits (octahedral: Cigolle et al. 2014) and back.
uint packDirection(vec3 n) {
    n /= abs(n.x) + abs(n.y) + abs(n.z);
    vec2 p = n.xy;
    if (n.z < 0.0) {
        p = (1.0 - abs(p.yx)) * vec2(p.x >= 0.0 ? 1.0 : -1.0, p.y >= 0.0 ? 1.0 : -1.0);
    }
    return packUnorm2x16(p * 0.5 + 0.5);
}
vec3 unpackDirection(uint bits) {
    const vec2 p = unpackUnorm2x16(bits) * 2.0 - 1.0;
    vec3 n = vec3(p, 1.0 - abs(p.x) - abs(p.y));
    const float t = max(-n.z, 0.0);
    n.xy += vec2(n.x >= 0.0 ? -t : t, n.y >= 0.0 ? -t : t);
    return normalize(n);
}

bool hasAttribute(uint location) { return (uAttributeMask & (1u << location)) != 0u; }

// MV_TEXTURED_SLOTS (renderer/pass/ShaderVariants.cpp): bit s set when the material has a
// texture in slot s.
// An untextured slot reads white, exactly what its white fallback texture would give, without
// sampling it: the condition is a constant, so the compiler drops the fetch (a CPU rasterizer
// pays for every one, per pixel).
bool slotTextured(int slot) { return ((MV_TEXTURED_SLOTS >> slot) & 1) != 0; }

// Whether a normal map, the material's or its clearcoat's, reads the tangent (the G-buffer
// keeps it then).
bool readsTangent() {
    return slotTextured(MV_SLOT_NORMAL) || slotTextured(MV_SLOT_CLEARCOAT_NORMAL);
}

vec4 sampleSlot(sampler2D tex, int slot, int set) {
    if (!slotTextured(slot)) return vec4(1.0);
    const vec2 uv = transformUv(slot, selectTexCoord(set, vTexCoord0, vTexCoord1));
#ifdef MV_RESOLVE
    // The forward variant's implicit derivatives, those of the transformed UVs.
#ifdef MV_TWO_UV_SETS
    const vec2 dx = set == 1 ? gDuv1dx : gDuvdx;
    const vec2 dy = set == 1 ? gDuv1dy : gDuvdy;
#else
    const vec2 dx = gDuvdx;
    const vec2 dy = gDuvdy;
#endif
    return textureGrad(tex, uv, transformUvDerivative(slot, dx), transformUvDerivative(slot, dy));
#else
    return texture(tex, uv);
#endif
}

// The shading frame. glTF 2.0 3.7.2.1: without NORMAL, flat normals; without TANGENT, tangents
// are derived (here from screen-space derivatives of position and UV, as the Khronos sample
// viewer does). Double-sided back faces flip the whole frame (glTF 2.0 3.9.6).
// Derivatives are taken first, in uniform control flow, as GLSL requires for defined results.
// The MV_RESOLVE variant reads the frame the MV_GBUFFER pass made with this.
#ifndef MV_RESOLVE
mat3 shadingFrame(vec2 normalUv, out float handedness) {
    const vec3 dpdx = dFdx(vPosition);
    const vec3 dpdy = dFdy(vPosition);
    const vec2 duvdx = dFdx(normalUv);
    const vec2 duvdy = dFdy(normalUv);
    vec3 n;
    bool faceNormal = !hasAttribute(MV_ATTRIB_NORMAL) || dot(vNormal, vNormal) < 1e-12;
    if (faceNormal) {
        // cross(right, up) in window space points at the viewer whatever the winding.
        n = normalize(cross(dpdx, dpdy));
    } else {
        n = normalize(vNormal);
        if (!gl_FrontFacing) n = -n;
    }
    vec3 t;
    handedness = 1.0;
    if (hasAttribute(MV_ATTRIB_TANGENT) && dot(vTangent.xyz, vTangent.xyz) > 1e-12) {
        t = normalize(vTangent.xyz);
        handedness = vTangent.w < 0.0 ? -1.0 : 1.0;
        if (!gl_FrontFacing && !faceNormal) handedness = -handedness;
    } else {
        const float det = duvdx.x * duvdy.y - duvdy.x * duvdx.y;
        t = abs(det) > 1e-12 ? (duvdy.y * dpdx - duvdx.y * dpdy) / det : dpdx;
    }
    t = t - n * dot(n, t);
    t = dot(t, t) > 1e-12 ? normalize(t) : normalize(abs(n.x) < 0.9 ? cross(n, vec3(1, 0, 0))
                                                                     : cross(n, vec3(0, 1, 0)));
    const vec3 b = cross(n, t) * handedness;
    return mat3(t, b, n);
}
#endif

#ifdef MV_RESOLVE
// This pixel's inputs from the G-buffer, and its shading frame.
mat3 readGeometry() {
    const ivec2 p = ivec2(gl_FragCoord.xy);
    const uvec4 g0 = texelFetch(uGeometry0, p, 0);
    const uvec4 g1 = texelFetch(uGeometry1, p, 0);
    const vec3 ndc =
        vec3(gl_FragCoord.xy / uFrame.viewport.xy, uintBitsToFloat(g0.x)) * 2.0 - 1.0;
    const vec4 world = uFrame.inverseViewProjection * vec4(ndc, 1.0);
    vPosition = world.xyz / world.w;
    vTexCoord0 = uintBitsToFloat(g0.yz);
    gDuvdx = unpackHalf2x16(g1.z);
    gDuvdy = unpackHalf2x16(g1.w);
#ifdef MV_TWO_UV_SETS
    const uvec4 g2 = texelFetch(uGeometry2, p, 0);
    vTexCoord1 = uintBitsToFloat(g2.xy);
    gDuv1dx = unpackHalf2x16(g2.z);
    gDuv1dy = unpackHalf2x16(g2.w);
#else
    vTexCoord1 = vTexCoord0;
#endif
    const vec3 n = unpackDirection(g1.x);
    mat3 frame = mat3(vec3(0.0), vec3(0.0), n);
    if (readsTangent()) {
        const vec3 t = unpackDirection(g1.y);
        const float handedness = (g0.w & 1u) != 0u ? -1.0 : 1.0;
        frame = mat3(t, cross(n, t) * handedness, n);
    }
    vColor = vec4(vec3(uvec3(g0.w >> 1, g0.w >> 11, g0.w >> 22) & uvec3(1023u, 2047u, 1023u)) /
                      vec3(1023.0, 2047.0, 1023.0),
                  1.0);
    return frame;
}
#endif

void main() {
#ifdef MV_RESOLVE
    const mat3 frame = readGeometry();
#else
    // Every texture fetch and derivative happens before the MASK discard: after a non-uniform
    // discard, implicit derivatives are undefined.
    const vec2 normalUv = transformUv(MV_SLOT_NORMAL, selectTexCoord(uMaterial.texCoords.z,
                                                                     vTexCoord0, vTexCoord1));
    float handedness;
    const mat3 frame = shadingFrame(normalUv, handedness);
#endif
#ifdef MV_GBUFFER
    // The one UV set the material's textures read (the variant drops the other), or with two
    // the first, and the second in target 2.
#if defined(MV_OMIT_TEXCOORD_0) && !defined(MV_TWO_UV_SETS)
    const vec2 uv = vTexCoord1;
#else
    const vec2 uv = vTexCoord0;
#endif
    const vec4 uvDerivatives = vec4(dFdx(uv), dFdy(uv));
#ifdef MV_TWO_UV_SETS
    const vec4 uv1Derivatives = vec4(dFdx(vTexCoord1), dFdy(vTexCoord1));
#endif
#ifdef MV_ALPHA_MASK
    if (uMaterial.modes.x == ALPHA_MASK &&
        uMaterial.baseColorFactor.a * vColor.a *
                sampleSlot(uBaseColorTexture, MV_SLOT_BASE_COLOR, uMaterial.texCoords.x).a <
            uMaterial.emissive.w) {
        discard;
    }
#endif
    const uvec3 rgb = uvec3(clamp(vColor.rgb, 0.0, 1.0) * vec3(1023.0, 2047.0, 1023.0) + 0.5);
    gGeometry0 = uvec4(floatBitsToUint(gl_FragCoord.z), floatBitsToUint(uv),
                       (handedness < 0.0 ? 1u : 0u) | (rgb.r << 1) | (rgb.g << 11) | (rgb.b << 22));
    // The material's uniform, not readsTangent(): materials with and without a normal map share
    // the G-buffer's variants (their key keeps no textured slot but a MASK's base colour).
    const bool tangent = uMaterial.modes.w != 0 || uMaterial.texCoords4.y != 0;
    gGeometry1 = uvec4(packDirection(frame[2]), tangent ? packDirection(frame[0]) : 0u,
                       packHalf2x16(uvDerivatives.xy), packHalf2x16(uvDerivatives.zw));
#ifdef MV_TWO_UV_SETS
    gGeometry2 = uvec4(floatBitsToUint(vTexCoord1), packHalf2x16(uv1Derivatives.xy),
                       packHalf2x16(uv1Derivatives.zw));
#endif
    return;
#endif
    const vec3 normalTexel =
        sampleSlot(uNormalTexture, MV_SLOT_NORMAL, uMaterial.texCoords.z).rgb;
    vec4 baseColor = uMaterial.baseColorFactor * vColor *
                     sampleSlot(uBaseColorTexture, MV_SLOT_BASE_COLOR, uMaterial.texCoords.x);
    const vec4 mr = sampleSlot(uMetallicRoughnessTexture, MV_SLOT_METALLIC_ROUGHNESS,
                               uMaterial.texCoords.y);
    const float occlusionTexel =
        sampleSlot(uOcclusionTexture, MV_SLOT_OCCLUSION, uMaterial.texCoords.w).r;
    const vec3 emissive = uMaterial.emissive.rgb *
                          sampleSlot(uEmissiveTexture, MV_SLOT_EMISSIVE, uMaterial.texCoords2.x).rgb;
#ifdef MV_MATERIAL_LAYERED
    Layers layers;
    layers.f0Dielectric = vec3(iorToF0(uMaterial.layers.x));
    layers.specularWeight = 1.0;
    layers.clearcoat = 0.0;
    layers.clearcoatRoughness = 0.0;
    layers.clearcoatFresnel = vec3(0.0);
    layers.sheenColor = vec3(0.0);
    layers.sheenRoughness = 0.0;
    layers.iridescence = 0.0;
    layers.iridescenceFresnelDielectric = vec3(0.0);
    layers.iridescenceFresnelMetal = vec3(0.0);
    layers.transmission = 0.0;
    layers.transmitted = vec3(0.0);
    layers.lightTransmitted = vec3(0.0);
#ifdef MV_MATERIAL_SHEEN
    // KHR_materials_sheen: the colour in RGB (sRGB), the roughness in A.
    layers.sheenColor =
        uMaterial.sheen.rgb *
        sampleSlot(uSheenColorTexture, MV_SLOT_SHEEN_COLOR, uMaterial.texCoords4.z).rgb;
    layers.sheenRoughness = clamp(
        uMaterial.sheen.a *
            sampleSlot(uSheenRoughnessTexture, MV_SLOT_SHEEN_ROUGHNESS, uMaterial.texCoords4.w).a,
        0.0, 1.0);
#endif
#ifdef MV_MATERIAL_TRANSMISSION
    // KHR_materials_transmission: the factor in R; KHR_materials_volume: the thickness in G.
    layers.transmission =
        uMaterial.transmission.x * sampleSlot(uTransmissionTexture, MV_SLOT_TRANSMISSION,
                                              uMaterial.transmissionTexCoords.x).r;
    float thickness = 0.0;
#ifdef MV_MATERIAL_VOLUME
    thickness = uMaterial.transmission.y * sampleSlot(uThicknessTexture, MV_SLOT_THICKNESS,
                                                      uMaterial.transmissionTexCoords.y).g;
#endif
#endif
#ifdef MV_MATERIAL_SPECULAR
    // KHR_materials_specular: the strength in the specular texture's A, the colour in the
    // specular colour texture's RGB (sRGB).
    const float specularTexel =
        sampleSlot(uSpecularTexture, MV_SLOT_SPECULAR, uMaterial.texCoords3.x).a;
    const vec3 specularColorTexel =
        sampleSlot(uSpecularColorTexture, MV_SLOT_SPECULAR_COLOR, uMaterial.texCoords3.y).rgb;
    layers.f0Dielectric =
        min(layers.f0Dielectric * uMaterial.specular.rgb * specularColorTexel, vec3(1.0));
    layers.specularWeight = uMaterial.specular.w * specularTexel;
#endif
#ifdef MV_MATERIAL_CLEARCOAT
    // KHR_materials_clearcoat: the factor in R, the roughness in G, its own normal map.
    layers.clearcoat = uMaterial.layers.y *
                       sampleSlot(uClearcoatTexture, MV_SLOT_CLEARCOAT, uMaterial.texCoords3.z).r;
    layers.clearcoatRoughness = clamp(
        uMaterial.layers.z * sampleSlot(uClearcoatRoughnessTexture, MV_SLOT_CLEARCOAT_ROUGHNESS,
                                        uMaterial.texCoords3.w).g,
        0.0, 1.0);
    const vec3 clearcoatNormalTexel = sampleSlot(uClearcoatNormalTexture, MV_SLOT_CLEARCOAT_NORMAL,
                                                 uMaterial.texCoords4.x).rgb;
#endif
#ifdef MV_MATERIAL_IRIDESCENCE
    // KHR_materials_iridescence: the strength in R; the thickness in G, from the minimum at 0 to
    // the maximum at 1 (untextured: white, the maximum, as the extension says).
    layers.iridescence =
        uMaterial.iridescence.x *
        sampleSlot(uIridescenceTexture, MV_SLOT_IRIDESCENCE, uMaterial.texCoords5.x).r;
    const float iridescenceThickness =
        mix(uMaterial.iridescence.z, uMaterial.iridescence.w,
            sampleSlot(uIridescenceThicknessTexture, MV_SLOT_IRIDESCENCE_THICKNESS,
                       uMaterial.texCoords5.y)
                .g);
#endif
#endif

    // glTF 2.0 3.9.5: OPAQUE ignores alpha; MASK is all or nothing at alphaCutoff.
    // Only MASK materials' variants hold the discard (MV_ALPHA_MASK): a shader that can discard
    // gets no early depth test on llvmpipe, so every hidden fragment would be shaded.
    const int alphaMode = uMaterial.modes.x;
#ifdef MV_ALPHA_MASK
    if (alphaMode == ALPHA_MASK) {
        if (baseColor.a < uMaterial.emissive.w) discard;
        baseColor.a = 1.0;
    } else
#endif
    if (alphaMode != ALPHA_BLEND) {
        baseColor.a = 1.0;
    }
    if (uMaterial.modes.z != 0) {  // KHR_materials_unlit: the base colour as is
#ifdef MV_LINEAR_OUTPUT
        fragColor = baseColor;
        return;
#endif
        fragColor = vec4(linearToSrgb(baseColor.rgb), baseColor.a);
        return;
    }

    vec3 n = frame[2];
    // The constant half of the test lets the compiler drop the tangent frame, and with it the
    // derivatives of the normal map's UVs, from the variants without a normal map; the uniform
    // half decides in the full program, where every slot counts as textured.
    if (slotTextured(MV_SLOT_NORMAL) && uMaterial.modes.w != 0) {
        vec3 m = normalTexel * 2.0 - 1.0;
        m.xy *= uMaterial.params.z;  // glTF 2.0 3.9.3: normalTexture.scale scales X and Y
        n = normalize(frame * m);
    }
    // glTF 2.0 3.9.2: metalness in B, roughness in G.
    const float metallic = clamp(uMaterial.params.x * mr.b, 0.0, 1.0);
    // A floor keeps the GGX lobe of a mirror-smooth surface from collapsing to a point.
    const float roughness = clamp(uMaterial.params.y * mr.g, 0.03, 1.0);
    const float occlusion = 1.0 + uMaterial.params.w * (occlusionTexel - 1.0);

#ifdef MV_MATERIAL_LAYERED
    const float alpha = roughness * roughness;
    const vec3 v = normalize(uFrame.cameraPosition.xyz - vPosition);
    layers.clearcoatNormal = frame[2];  // without its own map: the geometry's normal
#ifdef MV_MATERIAL_CLEARCOAT
    if (slotTextured(MV_SLOT_CLEARCOAT_NORMAL) && uMaterial.texCoords4.y != 0) {
        vec3 m = clearcoatNormalTexel * 2.0 - 1.0;
        m.xy *= uMaterial.layers.w;
        layers.clearcoatNormal = normalize(frame * m);
    }
    layers.clearcoatFresnel = fresnelSchlick(vec3(iorToF0(uMaterial.layers.x)),
                                             clamp(dot(layers.clearcoatNormal, v), 0.0, 1.0));
#endif
#ifdef MV_MATERIAL_TRANSMISSION
    layers.transmitted =
        transmittedLight(n, v, roughness, uMaterial.layers.x, thickness, vPosition);
#endif
#ifdef MV_MATERIAL_IRIDESCENCE
    // The film seen from air, once per pixel at n . v (the Sample Renderer's pbr.frag uses the
    // same value for the environment and for every light). A film of thickness 0 is no film:
    // the material's own Fresnel exactly, as the Sample Renderer does, not the film formula's
    // limit at 0 (which drops the specular weight and the split sum's roughness term).
    const float filmNDotV = clamp(dot(n, v), 0.0, 1.0);
    layers.iridescenceFresnelDielectric =
        iridescenceFresnel(1.0, uMaterial.iridescence.y, filmNDotV, iridescenceThickness,
                           layers.f0Dielectric);
    layers.iridescenceFresnelMetal = iridescenceFresnel(
        1.0, uMaterial.iridescence.y, filmNDotV, iridescenceThickness, baseColor.rgb);
    if (iridescenceThickness == 0.0) layers.iridescence = 0.0;
#endif
    vec3 color =
        imageBasedLighting()
            ? imageBasedLightLayered(baseColor.rgb, metallic, roughness, n, v, occlusion, layers)
            : ambientLightLayered(baseColor.rgb, metallic, roughness, n, v, occlusion, layers);
    for (int i = 0; i < punctualLightCount(); ++i) {
        vec3 l;
        const vec3 radiance = punctualRadiance(uLights.punctual[i], vPosition, l);
#ifdef MV_MATERIAL_TRANSMISSION
        layers.lightTransmitted = punctualTransmitted(uLights.punctual[i], radiance, n, v, alpha,
                                                      layers.f0Dielectric, baseColor.rgb,
                                                      uMaterial.layers.x, thickness, vPosition);
#endif
        color += directLightLayered(baseColor.rgb, metallic, alpha, n, v, l, radiance, layers);
    }
    // The coat covers the emission too (the Sample Renderer's pbr.frag).
#ifdef MV_LINEAR_OUTPUT
    fragColor = vec4(color + emissive * (1.0 - layers.clearcoat * layers.clearcoatFresnel),
                     baseColor.a);
    return;
#endif
    fragColor = vec4(
        displayValue(color + emissive * (1.0 - layers.clearcoat * layers.clearcoatFresnel)),
        baseColor.a);
#else
    const vec3 color =
        surfaceRadiance(baseColor.rgb, metallic, roughness, occlusion, n, vPosition);
#ifdef MV_LINEAR_OUTPUT
    fragColor = vec4(color + emissive, baseColor.a);
    return;
#endif
    fragColor = vec4(displayValue(color + emissive), baseColor.a);
#endif
}
