#version 450 core
// An equirectangular panorama resampled into level 0 of a cube map (GpuEnvironment's source
// cube, whose mips then feed the filtered importance sampling of environment_ggx.comp).
#include "cubemap.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

layout(binding = 0) uniform sampler2D uPanorama;
layout(binding = 0, rgba16f) uniform writeonly imageCube uCube;

// x: the cube's size; y: unused; z: the panorama level whose texels match a cube texel.
uniform vec4 uResample;

void main() {
    const int size = int(uResample.x);
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    if (id.x >= size || id.y >= size) return;
    const vec3 d = cubeTexelDirection(id.z, id.xy, size);
    // textureLod's u wraps (the sampler repeats in s), so the seam at u = 0 is filtered too.
    const vec3 radiance = textureLod(uPanorama, equirectUv(d), uResample.z).rgb;
    imageStore(uCube, id, vec4(radiance, 1.0));
}
