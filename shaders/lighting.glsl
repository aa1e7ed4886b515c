// Lighting: the glTF 2.0 Appendix B BRDF (GGX distribution, height-correlated Smith visibility,
// Schlick Fresnel, Lambert diffuse) under a list of punctual lights (the file's
// KHR_lights_punctual lights and/or the studio rig's three directional ones; punctual.glsl)
// plus an analytic sky/ground environment, so sides the lights miss are not black.

layout(std140, binding = MV_UBO_FRAME) uniform FrameBlock {
    vec4 cameraPosition;  // xyz: world-space eye
    vec4 display;         // x: exposure (a linear scale), y: tone mapping (renderer::ToneMapping)
    mat4 inverseViewProjection;  // clip space back to world (the background, deferred shading)
    vec4 viewport;               // xy: the target's size in pixels
} uFrame;

// One punctual light (renderer/scene/Lights.h's PunctualLight, written by
// renderer/pass/FrameUniforms.cpp).
struct PunctualLight {
    vec4 positionType;    // xyz: world position (point, spot); w: MV_LIGHT_* type
    vec4 directionRange;  // xyz: world direction it shines along, unit; w: range, 0 unlimited
    vec4 color;           // rgb: colour * intensity, linear
    vec4 cone;            // spot: x angular scale, y angular offset (KHR_lights_punctual notes)
};

layout(std140, binding = MV_UBO_LIGHTS) uniform LightBlock {
    PunctualLight punctual[MV_MAX_PUNCTUAL_LIGHTS];
    ivec4 punctualCount;  // x: lights in use
    vec4 sky;           // rgb: radiance from straight up
    vec4 horizon;       // rgb: radiance at the horizon
    vec4 ground;        // rgb: radiance from straight down
} uLights;

const float PI = 3.14159265358979;

// The punctual lights the frame lights with: none in a variant that fixes the light and has none
// (MV_FIXED_LIGHT), so the loops over them compile away.
int punctualLightCount() {
#if defined(MV_FIXED_LIGHT) && MV_FIXED_PUNCTUAL == 0
    return 0;
#else
    return min(uLights.punctualCount.x, MV_MAX_PUNCTUAL_LIGHTS);
#endif
}

struct SurfaceBrdf {
    vec3 diffuseColor;  // base colour * (1 - metallic)
    vec3 f0;            // 0.04 for dielectrics, the base colour for metals
    float alpha;        // roughness squared (glTF 2.0 Appendix B)
};

vec3 fresnelSchlick(vec3 f0, float vDotH) {
    return f0 + (1.0 - f0) * pow(clamp(1.0 - vDotH, 0.0, 1.0), 5.0);
}

float distributionGgx(float nDotH, float alpha) {
    const float a2 = alpha * alpha;
    const float f = nDotH * nDotH * (a2 - 1.0) + 1.0;
    return a2 / (PI * f * f);
}

float visibilitySmithGgxCorrelated(float nDotL, float nDotV, float alpha) {
    const float a2 = alpha * alpha;
    const float ggxV = nDotL * sqrt(nDotV * nDotV * (1.0 - a2) + a2);
    const float ggxL = nDotV * sqrt(nDotL * nDotL * (1.0 - a2) + a2);
    const float sum = ggxV + ggxL;
    return sum > 0.0 ? 0.5 / sum : 0.0;
}

vec3 directLight(SurfaceBrdf s, vec3 n, vec3 v, vec3 l, vec3 radiance) {
    const float nDotL = clamp(dot(n, l), 0.0, 1.0);
    if (nDotL <= 0.0) return vec3(0.0);
    const vec3 h = normalize(l + v);
    const float nDotV = clamp(abs(dot(n, v)), 1e-4, 1.0);
    const float nDotH = clamp(dot(n, h), 0.0, 1.0);
    const vec3 f = fresnelSchlick(s.f0, clamp(dot(v, h), 0.0, 1.0));
    const vec3 diffuse = (1.0 - f) * s.diffuseColor / PI;
    const vec3 specular = f * distributionGgx(nDotH, s.alpha) *
                          visibilitySmithGgxCorrelated(nDotL, nDotV, s.alpha);
    return (diffuse + specular) * radiance * nDotL;
}

// Radiance of the analytic environment along direction d, blurred towards the hemisphere
// average as roughness grows (a stand-in for a prefiltered environment map).
vec3 environmentRadiance(vec3 d, float roughness) {
    const float y = clamp(d.y, -1.0, 1.0);
    const vec3 upper = mix(uLights.horizon.rgb, uLights.sky.rgb, smoothstep(0.0, 0.6, y));
    const vec3 lower = mix(uLights.horizon.rgb, uLights.ground.rgb, smoothstep(0.0, 0.3, -y));
    const vec3 sharp = y >= 0.0 ? upper : lower;
    const vec3 average = 0.5 * (uLights.sky.rgb + uLights.ground.rgb);
    return mix(sharp, average, roughness * roughness * 0.7);
}

// Irradiance / PI of the environment for normal n: the classic hemisphere-light blend.
vec3 environmentIrradiance(vec3 n) {
    const float t = 0.5 + 0.5 * clamp(n.y, -1.0, 1.0);
    return mix(uLights.ground.rgb, mix(uLights.horizon.rgb, uLights.sky.rgb, t), t);
}

// Karis, "Physically Based Shading on Mobile" (2014): an analytic fit of the split-sum
// environment BRDF, so no lookup texture is needed.
vec3 environmentBrdf(vec3 f0, float roughness, float nDotV) {
    const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
    const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
    const vec4 r = roughness * c0 + c1;
    const float a004 = min(r.x * r.x, exp2(-9.28 * nDotV)) * r.x + r.y;
    const vec2 ab = vec2(-1.04, 1.04) * a004 + r.zw;
    return f0 * ab.x + ab.y;
}

vec3 ambientLight(SurfaceBrdf s, float roughness, vec3 n, vec3 v, float occlusion) {
    const float nDotV = clamp(abs(dot(n, v)), 1e-4, 1.0);
    const vec3 diffuse = s.diffuseColor * environmentIrradiance(n);
    const vec3 specular = environmentRadiance(reflect(-v, n), roughness) *
                          environmentBrdf(s.f0, roughness, nDotV);
    // glTF 2.0 3.9.4: occlusion applies to indirect light only.
    return (diffuse + specular) * occlusion;
}
