// Morph targets on the GPU (glTF 2.0 3.7.2.2: relative targets, base + sum of w_i * delta_i).
// The deltas of a primitive live in texture arrays laid out by morph::packTargets: one RGBA32F
// texel per vertex per morphed channel, `stride` texels per vertex, texel index
// vertex * stride + slot, wrapped into rows of `width` texels, one layer per target. Targets past
// the driver's layer limit continue in the next array (uMorphTargets[1], ...).
// Only non-zero weights reach the shader: the CPU writes them each frame into MorphWeights as
// (target, weight) pairs in ascending target order, the same order as the CPU reference sums.

struct MorphWeight {
    uint target;
    float weight;
};

layout(std430, binding = MV_SSBO_MORPH_WEIGHTS) readonly buffer MorphWeights {
    uint activeCount;
    MorphWeight entries[];
} uMorphWeights;

layout(binding = MV_UNIT_MORPH_TARGETS) uniform sampler2DArray uMorphTargets[MV_MAX_MORPH_TEXTURES];
// x: stride (0: the primitive has no targets), y: texture width, z: layers per texture,
// w: the primitive's target count.
layout(location = MV_UNIFORM_MORPH_LAYOUT) uniform ivec4 uMorphLayout;
// Texel slot of each morph channel within a vertex's stride (indexed by MV_CHANNEL_*), -1: the
// primitive's targets do not move that channel.
layout(location = MV_UNIFORM_MORPH_SLOTS) uniform int uMorphSlots[MV_CHANNEL_COUNT];

struct MorphedVertex {
    vec3 position;
    vec3 normal;
    vec4 tangent;  // w: handedness, never morphed
    vec2 texCoord0;
    vec2 texCoord1;
    vec4 color;
    vec3 normalSum;  // the normal before the final renormalization (what `eval --gpu` prints)
};

vec4 morphDelta(int arrayIndex, int layer, int texel) {
    const int width = uMorphLayout.y;
    // The array index is dynamically uniform (it comes from the weight buffer, the same for every
    // vertex of the draw), as GLSL 4.50 requires for indexing an array of samplers.
    return texelFetch(uMorphTargets[arrayIndex], ivec3(texel % width, texel / width, layer), 0);
}

vec3 renormalized(vec3 v) {
    // A zero vector (no normal in the file) stays zero instead of becoming NaN.
    float len2 = dot(v, v);
    return len2 > 0.0 ? v * inversesqrt(len2) : v;
}

// Morphs `v` in place, before any node transform or skinning.
void morphVertex(inout MorphedVertex v) {
    const int stride = uMorphLayout.x;
    if (stride > 0) {
        const int layers = uMorphLayout.z;
        const int first = gl_VertexID * stride;
        const int pos = uMorphSlots[MV_CHANNEL_POSITION];
        const int nrm = uMorphSlots[MV_CHANNEL_NORMAL];
        const int tan = uMorphSlots[MV_CHANNEL_TANGENT];
        const int uv0 = uMorphSlots[MV_CHANNEL_TEXCOORD_0];
        const int uv1 = uMorphSlots[MV_CHANNEL_TEXCOORD_1];
        const int col = uMorphSlots[MV_CHANNEL_COLOR_0];
        const uint count = uMorphWeights.activeCount;
        for (uint i = 0u; i < count; ++i) {
            const MorphWeight mw = uMorphWeights.entries[i];
            const int target = int(mw.target);
            const float w = mw.weight;
            if (w == 0.0 || target >= uMorphLayout.w) continue;
            const int arrayIndex = target / layers;
            const int layer = target - arrayIndex * layers;
            if (pos >= 0) v.position += w * morphDelta(arrayIndex, layer, first + pos).xyz;
            if (nrm >= 0) v.normal += w * morphDelta(arrayIndex, layer, first + nrm).xyz;
            if (tan >= 0) v.tangent.xyz += w * morphDelta(arrayIndex, layer, first + tan).xyz;
            if (uv0 >= 0) v.texCoord0 += w * morphDelta(arrayIndex, layer, first + uv0).xy;
            if (uv1 >= 0) v.texCoord1 += w * morphDelta(arrayIndex, layer, first + uv1).xy;
            if (col >= 0) v.color += w * morphDelta(arrayIndex, layer, first + col);
        }
    }
    // Once, after the whole sum: the sum of unit normal deltas is not unit length.
    v.normalSum = v.normal;
    v.normal = renormalized(v.normal);
    v.tangent.xyz = renormalized(v.tangent.xyz);
}
