// Image-based light (renderer/light/GpuEnvironment.h): the specular cube prefiltered per
// roughness, the split-sum BRDF table and the diffuse irradiance as nine SH coefficients,
// combined as the Khronos glTF sample renderer does (ibl.glsl there): the roughness-dependent
// Fresnel and the multiple-scattering energy term of Fdez-Aguera (2019).

layout(std140, binding = MV_UBO_ENVIRONMENT) uniform EnvironmentBlock {
    vec4 sh[9];        // rgb: irradiance / PI, renderer/light/SphericalHarmonics.h's order
    vec4 rotation[3];  // rows of the world-to-environment rotation (the user's turn about +Y)
    vec4 params;       // x: the cube's last level, y: intensity, z: background level, w: on (1)
} uEnvironment;

layout(binding = MV_UNIT_ENVIRONMENT) uniform samplerCube uEnvironmentCube;
layout(binding = MV_UNIT_BRDF_LUT) uniform sampler2D uBrdfLut;

// A variant with the frame's light fixed (MV_FIXED_LIGHT) knows it at compile time.
bool imageBasedLighting() {
#ifdef MV_FIXED_LIGHT
    return MV_FIXED_IBL != 0;
#else
    return uEnvironment.params.w > 0.5;
#endif
}

vec3 toEnvironment(vec3 d) {
    return vec3(dot(uEnvironment.rotation[0].xyz, d), dot(uEnvironment.rotation[1].xyz, d),
                dot(uEnvironment.rotation[2].xyz, d));
}

vec3 environmentIrradianceSh(vec3 n) {
    const vec3 d = toEnvironment(n);
    // The basis of SphericalHarmonics.cpp's shBasis(), term by term.
    vec3 e = uEnvironment.sh[0].rgb * 0.282095;
    e += uEnvironment.sh[1].rgb * (0.488603 * d.y);
    e += uEnvironment.sh[2].rgb * (0.488603 * d.z);
    e += uEnvironment.sh[3].rgb * (0.488603 * d.x);
    e += uEnvironment.sh[4].rgb * (1.092548 * d.x * d.y);
    e += uEnvironment.sh[5].rgb * (1.092548 * d.y * d.z);
    e += uEnvironment.sh[6].rgb * (0.315392 * (3.0 * d.z * d.z - 1.0));
    e += uEnvironment.sh[7].rgb * (1.092548 * d.x * d.z);
    e += uEnvironment.sh[8].rgb * (0.546274 * (d.x * d.x - d.y * d.y));
    return max(e, vec3(0.0)) * uEnvironment.params.y;
}

vec3 environmentSpecular(vec3 r, float roughness) {
    return textureLod(uEnvironmentCube, toEnvironment(r), roughness * uEnvironment.params.x).rgb *
           uEnvironment.params.y;
}

// The directional albedo of the specular lobe for f0, single and multiple scattering.
vec3 iblFresnel(vec3 f0, float roughness, float nDotV, vec2 fab) {
    const vec3 fr = max(vec3(1.0 - roughness), f0) - f0;
    const vec3 kS = f0 + fr * pow(1.0 - nDotV, 5.0);
    const vec3 singleScatter = kS * fab.x + fab.y;
    const float ems = 1.0 - (fab.x + fab.y);
    const vec3 fAverage = f0 + (1.0 - f0) / 21.0;
    return singleScatter + ems * singleScatter * fAverage / (1.0 - fAverage * ems);
}

// Outgoing radiance from the environment for a metallic-roughness surface (glTF 2.0 Appendix B:
// a dielectric layer over a diffuse base, mixed with a metal by metallic).
vec3 imageBasedLight(vec3 baseColor, float metallic, float roughness, vec3 n, vec3 v,
                     float occlusion) {
    const float nDotV = clamp(dot(n, v), 0.0, 1.0);
    const vec2 fab = texture(uBrdfLut, clamp(vec2(nDotV, roughness), 0.0, 1.0)).rg;
    const vec3 specular = environmentSpecular(reflect(-v, n), roughness);
    const vec3 diffuse = environmentIrradianceSh(n) * baseColor;
    const vec3 dielectric = mix(diffuse, specular, iblFresnel(vec3(0.04), roughness, nDotV, fab));
    const vec3 metal = iblFresnel(baseColor, roughness, nDotV, fab) * specular;
    // glTF 2.0 3.9.4: occlusion applies to indirect light only.
    return mix(dielectric, metal, metallic) * occlusion;
}
