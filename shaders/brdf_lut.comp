#version 450 core
// The split-sum environment BRDF (Karis 2013): for n.v = x and perceptual roughness y, the
// scale A and bias B with which f0 * A + B is the specular lobe's integral over the hemisphere,
// here with the height-correlated Smith visibility that pbr.frag's direct lights use.
#include "cubemap.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

layout(binding = 0, rg16f) uniform writeonly image2D uLut;

// x: the table's size (square); y: sample count.
uniform vec4 uTable;

float visibilitySmithCorrelated(float nDotL, float nDotV, float alpha) {
    const float a2 = alpha * alpha;
    const float ggxV = nDotL * sqrt(nDotV * nDotV * (1.0 - a2) + a2);
    const float ggxL = nDotV * sqrt(nDotL * nDotL * (1.0 - a2) + a2);
    const float sum = ggxV + ggxL;
    return sum > 0.0 ? 0.5 / sum : 0.0;
}

void main() {
    const int size = int(uTable.x);
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= size || id.y >= size) return;
    const float nDotV = (float(id.x) + 0.5) / float(size);
    const float roughness = (float(id.y) + 0.5) / float(size);
    const float alpha = roughness * roughness;
    const vec3 v = vec3(sqrt(1.0 - nDotV * nDotV), 0.0, nDotV);
    const uint count = uint(uTable.y);
    vec2 sum = vec2(0.0);
    for (uint i = 0u; i < count; ++i) {
        const vec3 h = sampleGgxHalfVector(hammersley(i, count), alpha);
        const vec3 l = normalize(2.0 * dot(v, h) * h - v);
        const float nDotL = clamp(l.z, 0.0, 1.0);
        const float nDotH = clamp(h.z, 0.0, 1.0);
        const float vDotH = clamp(dot(v, h), 0.0, 1.0);
        if (nDotL <= 0.0) continue;
        // The estimator of the integral of D V nDotL over l, sampled by D(h) nDotH / (4 vDotH).
        const float g = 4.0 * visibilitySmithCorrelated(nDotL, nDotV, alpha) * vDotH * nDotL / nDotH;
        const float fc = pow(1.0 - vDotH, 5.0);
        sum += vec2(1.0 - fc, fc) * g;
    }
    imageStore(uLut, id, vec4(sum / float(count), 0.0, 0.0));
}
