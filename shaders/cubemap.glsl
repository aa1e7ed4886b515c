// Directions of cube map texels and of the equirectangular panorama, shared by the passes that
// build an environment (renderer/light/GpuEnvironment.cpp) and by the shaders that read it.

const float ENV_PI = 3.14159265358979;

// The world direction through texel (x, y) of cube face `face` (0..5: +X, -X, +Y, -Y, +Z, -Z),
// `size` texels a side: the inverse of GL 4.5's table 8.19 (a sampler given this direction
// reads this texel).
vec3 cubeTexelDirection(int face, ivec2 texel, int size) {
    const vec2 st = (vec2(texel) + 0.5) / float(size) * 2.0 - 1.0;
    vec3 d;
    if (face == 0) d = vec3(1.0, -st.y, -st.x);
    else if (face == 1) d = vec3(-1.0, -st.y, st.x);
    else if (face == 2) d = vec3(st.x, 1.0, st.y);
    else if (face == 3) d = vec3(st.x, -1.0, -st.y);
    else if (face == 4) d = vec3(st.x, -st.y, 1.0);
    else d = vec3(-st.x, -st.y, -1.0);
    return normalize(d);
}

// renderer/light/StudioEnvironment.h's equirectUv: u = 0.5 looks along +X, v = 0 straight up.
vec2 equirectUv(vec3 d) {
    return vec2(0.5 + atan(d.z, d.x) / (2.0 * ENV_PI), acos(clamp(d.y, -1.0, 1.0)) / ENV_PI);
}

// The i-th of n points of the Hammersley set in [0, 1)^2 (radical inverse in base 2).
vec2 hammersley(uint i, uint n) {
    uint bits = (i << 16u) | (i >> 16u);
    bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
    bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
    bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
    bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
    return vec2(float(i) / float(n), float(bits) * 2.3283064365386963e-10);
}

// A half vector around +Z drawn from the GGX distribution D(h) cos(theta_h) with
// alpha = roughness^2 (Karis 2013, "Real Shading in Unreal Engine 4", ImportanceSampleGGX).
vec3 sampleGgxHalfVector(vec2 xi, float alpha) {
    const float phi = 2.0 * ENV_PI * xi.x;
    const float cosTheta = sqrt((1.0 - xi.y) / (1.0 + (alpha * alpha - 1.0) * xi.y));
    const float sinTheta = sqrt(max(0.0, 1.0 - cosTheta * cosTheta));
    return vec3(sinTheta * cos(phi), sinTheta * sin(phi), cosTheta);
}

float ggxDistribution(float nDotH, float alpha) {
    const float a2 = alpha * alpha;
    const float f = nDotH * nDotH * (a2 - 1.0) + 1.0;
    return a2 / (ENV_PI * f * f);
}

// An orthonormal frame whose third axis is n.
mat3 frameAround(vec3 n) {
    const vec3 up = abs(n.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0);
    const vec3 t = normalize(cross(up, n));
    return mat3(t, cross(n, t), n);
}
