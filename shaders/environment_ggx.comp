#version 450 core
// One level of the specular environment: the source cube convolved with the GGX lobe of
// roughness uFilter.y, assuming n = v = r as the split-sum approximation does (Karis 2013), with
// filtered importance sampling (Krivanek and Colbert, GPU Gems 3, chapter 20): each sample reads
// the source mip whose texels cover the solid angle the sample stands for, so few samples give
// a smooth result.
#include "cubemap.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

layout(binding = 0) uniform samplerCube uSource;
layout(binding = 0, rgba16f) uniform writeonly imageCube uLevel;

// x: this level's size; y: roughness; z: sample count; w: the source cube's level-0 size.
uniform vec4 uFilter;

void main() {
    const int size = int(uFilter.x);
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    if (id.x >= size || id.y >= size) return;
    const vec3 n = cubeTexelDirection(id.z, id.xy, size);
    const float alpha = uFilter.y * uFilter.y;
    const uint count = uint(uFilter.z);
    const float texelSolidAngle = 4.0 * ENV_PI / (6.0 * uFilter.w * uFilter.w);
    const mat3 frame = frameAround(n);
    vec3 sum = vec3(0.0);
    float weight = 0.0;
    for (uint i = 0u; i < count; ++i) {
        const vec3 h = frame * sampleGgxHalfVector(hammersley(i, count), alpha);
        const float nDotH = clamp(dot(n, h), 0.0, 1.0);
        const vec3 l = normalize(2.0 * nDotH * h - n);  // reflect(-n, h) with v = n
        const float nDotL = dot(n, l);
        if (nDotL <= 0.0) continue;
        // pdf of l: D(h) nDotH / (4 vDotH), and vDotH = nDotH here.
        const float pdf = ggxDistribution(nDotH, alpha) * 0.25;
        const float sampleSolidAngle = 1.0 / (float(count) * pdf + 1e-6);
        const float lod = max(0.5 * log2(sampleSolidAngle / texelSolidAngle), 0.0);
        sum += textureLod(uSource, l, lod).rgb * nDotL;
        weight += nDotL;
    }
    imageStore(uLevel, id, vec4(weight > 0.0 ? sum / weight : textureLod(uSource, n, 0.0).rgb, 1.0));
}
