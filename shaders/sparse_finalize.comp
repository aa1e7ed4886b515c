#version 450 core
// The scatter pre-pass's second step: per vertex per instance, the fixed-point sums back to
// floats (times the instance's quanta), written where the draw reads them (morph.glsl, MV_MORPH_PATH_CS_SPARSE).
layout(local_size_x = 64) in;

layout(std430, binding = MV_SSBO_SPARSE_ROWS) readonly buffer Accumulators { int sums[]; };
// Per instance: the position and normal fixed-point quanta.
layout(std430, binding = MV_SSBO_SPARSE_SCALES) readonly buffer Quanta { vec2 quanta[]; };
layout(std430, binding = MV_SSBO_MORPHED_VERTICES) writeonly buffer MorphedVertices { vec4 values[]; };

// x: vertex count, y: output slots per vertex, z: position slot, w: normal slot (-1: none).
uniform ivec4 uFinalize;

void main() {
    const uint vertex = gl_GlobalInvocationID.x;
    if (vertex >= uint(uFinalize.x)) return;
    const uint instance = gl_GlobalInvocationID.y;
    const uint i = instance * uint(uFinalize.x) + vertex;
    const vec2 q = quanta[instance];
    const uint first = i * uint(uFinalize.y);
    if (uFinalize.z >= 0) {
        values[first + uint(uFinalize.z)] =
            vec4(vec3(sums[6u * i], sums[6u * i + 1u], sums[6u * i + 2u]) * q.x, 0.0);
    }
    if (uFinalize.w >= 0) {
        values[first + uint(uFinalize.w)] =
            vec4(vec3(sums[6u * i + 3u], sums[6u * i + 4u], sums[6u * i + 5u]) * q.y, 0.0);
    }
}
