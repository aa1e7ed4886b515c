#version 450 core
// cs-sparse's pre-pass: one invocation per vertex per instance walks that vertex's
// sparse entries (CSR by vertex: the entries of every target that moves it, in ascending target
// order) and writes sum(w_t * dequantized delta) into MorphedVertices, which every pass that
// draws the mesh then adds to its base attributes (morph.glsl, MV_MORPH_PATH_CS_SPARSE).
// Deterministic without atomics: each output is written by exactly one invocation, and its sum
// runs in target order, the order morph::blend sums in. Normal deltas are summed as they are;
// only the final normal is renormalized, in the draw.
layout(local_size_x = 64) in;

layout(std430, binding = MV_SSBO_SPARSE_ROWS) readonly buffer SparseRows { uint rowStart[]; };
layout(std430, binding = MV_SSBO_SPARSE_TARGETS) readonly buffer SparseTargets { uint entryTarget[]; };
// Per entry three words: position x | y << 16, position z | normal x << 16, normal y | z << 16.
layout(std430, binding = MV_SSBO_SPARSE_DELTAS) readonly buffer SparseDeltas { uint deltas[]; };
// Per target: the position and normal quanta (scale / 32767).
layout(std430, binding = MV_SSBO_SPARSE_SCALES) readonly buffer SparseScales { vec2 quanta[]; };
layout(std430, binding = MV_SSBO_MORPH_WEIGHT_ROWS) readonly buffer MorphWeightRows { float weights[]; };
layout(std430, binding = MV_SSBO_MORPHED_VERTICES) writeonly buffer MorphedVertices { vec4 values[]; };

// x: vertex count, y: weight row stride, z: output slots per vertex, w: weights per row.
uniform ivec4 uGather;
// x: output slot of the position sum, y: of the normal sum (-1: not written), zw: 0.
uniform ivec4 uGatherSlots;

// The signed 16-bit halves of a word.
ivec2 halves(uint word) {
    return ivec2(bitfieldExtract(int(word), 0, 16), bitfieldExtract(int(word), 16, 16));
}

void main() {
    const uint vertex = gl_GlobalInvocationID.x;
    const uint vertexCount = uint(uGather.x);
    if (vertex >= vertexCount) return;
    const uint instance = gl_GlobalInvocationID.y;
    const uint row = instance * uint(uGather.y);
    vec3 position = vec3(0.0);
    vec3 normal = vec3(0.0);
    const uint end = rowStart[vertex + 1u];
    for (uint e = rowStart[vertex]; e < end; ++e) {
        const uint target = entryTarget[e];
        if (target >= uint(uGather.w)) continue;  // a mesh with fewer weights than targets
        const float w = weights[row + target];
        if (w == 0.0) continue;
        const ivec2 a = halves(deltas[3u * e]);
        const ivec2 b = halves(deltas[3u * e + 1u]);
        const ivec2 c = halves(deltas[3u * e + 2u]);
        const vec2 quantum = quanta[target];
        // The quantum first, as morph::dequantize does, so the delta is the CPU's dequantized one.
        position += w * (vec3(a.x, a.y, b.x) * quantum.x);
        normal += w * (vec3(b.y, c.x, c.y) * quantum.y);
    }
    const uint first = (instance * vertexCount + vertex) * uint(uGather.z);
    if (uGatherSlots.x >= 0) values[first + uint(uGatherSlots.x)] = vec4(position, 0.0);
    if (uGatherSlots.y >= 0) values[first + uint(uGatherSlots.y)] = vec4(normal, 0.0);
}
