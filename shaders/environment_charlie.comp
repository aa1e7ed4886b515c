#version 450 core
// One level of the sheen's environment: the source cube filtered with the Charlie lobe of sheen
// roughness uFilter.y as the Khronos Sample Renderer's ibl_filtering.frag does it (its cCharlie
// distribution), step for step, so that the sheen under the environment is the reference's:
// half vectors drawn with sin(theta) = xi^(alpha / (2 alpha + 1)) around n in generateTBN's
// frame, l = reflect(-n, h), the samples with n . l > 0 averaged with weight n . l, each read
// from the source mip of its pdf D(h) / 4 by the Sample Renderer's rule,
// lod = 0.5 log2(6 size^2 / (count pdf)). The lobe peaks at grazing half vectors, whose l fall
// below the horizon, so few samples count; most read the source's last (1x1) levels.
#include "cubemap.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

layout(binding = 0) uniform samplerCube uSource;
layout(binding = 0, rgba16f) uniform writeonly imageCube uLevel;

// x: this level's size; y: sheen roughness (above 0); z: sample count; w: the source cube's
// level-0 size.
uniform vec4 uFilter;

// ibl_filtering.frag's D_Charlie, which takes alpha itself.
float charlieOfAlpha(float alpha, float nDotH) {
    const float a = max(alpha, 0.000001);
    const float sin2h = 1.0 - nDotH * nDotH;
    return (2.0 + 1.0 / a) * pow(sin2h, 0.5 / a) / (2.0 * ENV_PI);
}

// generateTBN: the tangent from +Y (the environment's up) crossed with n.
mat3 frameAroundUp(vec3 n) {
    vec3 bitangent = vec3(0.0, 1.0, 0.0);
    const float nDotUp = n.y;
    if (1.0 - abs(nDotUp) <= 0.0000001) bitangent = vec3(0.0, 0.0, nDotUp > 0.0 ? 1.0 : -1.0);
    const vec3 tangent = normalize(cross(bitangent, n));
    return mat3(tangent, cross(n, tangent), n);
}

void main() {
    const int size = int(uFilter.x);
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    if (id.x >= size || id.y >= size) return;
    const vec3 n = cubeTexelDirection(id.z, id.xy, size);
    const float alpha = uFilter.y * uFilter.y;
    const uint count = uint(uFilter.z);
    const float lastLod = float(textureQueryLevels(uSource) - 1);
    const mat3 frame = frameAroundUp(n);
    vec3 sum = vec3(0.0);
    float weight = 0.0;
    for (uint i = 0u; i < count; ++i) {
        const vec2 xi = hammersley(i, count);
        const float sinTheta = pow(xi.y, alpha / (2.0 * alpha + 1.0));
        const float cosTheta = sqrt(max(0.0, 1.0 - sinTheta * sinTheta));
        const float phi = 2.0 * ENV_PI * xi.x;
        const vec3 h =
            frame * normalize(vec3(sinTheta * cos(phi), sinTheta * sin(phi), cosTheta));
        const vec3 l = normalize(reflect(-n, h));
        const float nDotL = dot(n, l);
        if (nDotL <= 0.0) continue;
        // A half vector on n has pdf 0: an infinite footprint, the last level (the Sample
        // Renderer's log2 gives +inf there, which its sampler clamps the same way).
        const float pdf = charlieOfAlpha(alpha, cosTheta) * 0.25;
        const float lod = pdf > 0.0
                              ? min(0.5 * log2(6.0 * uFilter.w * uFilter.w / (float(count) * pdf)),
                                    lastLod)
                              : lastLod;
        sum += textureLod(uSource, l, lod).rgb * nDotL;
        weight += nDotL;
    }
    imageStore(uLevel, id, vec4(weight > 0.0 ? sum / weight : vec3(0.0), 1.0));
}
