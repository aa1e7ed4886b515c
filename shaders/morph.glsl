// Morph targets on the GPU (glTF 2.0 3.7.2.2: relative targets, base + sum of w_i * delta_i).
// The deltas of a primitive live in texture arrays laid out by morph::packTargets: one RGBA32F
// texel per vertex per morphed channel, `stride` texels per vertex, texel index
// vertex * stride + slot, wrapped into rows of `width` texels, one layer per target. Targets past
// the driver's layer limit continue in the next array (uMorphTargets[1], ...).
// uMorphMode.x is the path (renderer::MorphPath, renderer/morph/MorphPath.h; the program gets
// MV_MORPH_PATH_* from renderer::morphPathDefines()):
//   VS_ACTIVE: the CPU writes only the non-zero weights into MorphWeights as (target, weight)
//     pairs in ascending target order (the same order as the CPU reference sums), `stride`
//     pairs per instance; the loop runs over that count (data, so no recompile when it changes).
//   VS_DENSE: the loop visits every target, reading a full row of weights per instance and
//     skipping zeros (three.js's way, the baseline).
//   CS_SPARSE: a compute pre-pass (sparse_gather.comp) wrote the sum of w * delta per vertex
//     per instance into MorphedVertices; this adds it to the base attributes.
//   CPU: MorphedVertices holds morph::blend's values; this replaces the base attributes.
// uMorphLayout.x = 0: nothing to morph, whatever the mode.
// For CS_SPARSE and CPU uMorphLayout.x is the vec4 slots per vertex of MorphedVertices and
// uMorphSlots the slot of each channel there. Crowds: gl_InstanceID picks the instance's row.

#ifndef MV_MORPH_PATH_CPU
#error "a program that includes morph.glsl needs renderer::morphPathDefines() among its defines"
#endif

struct MorphWeight {
    uint target;
    float weight;
};

layout(std430, binding = MV_SSBO_MORPH_WEIGHTS) readonly buffer MorphWeights {
    uint activeCount;
    MorphWeight entries[];
} uMorphWeights;

layout(std430, binding = MV_SSBO_MORPH_WEIGHT_ROWS) readonly buffer MorphWeightRows {
    float weights[];
} uMorphWeightRows;

layout(std430, binding = MV_SSBO_MORPHED_VERTICES) readonly buffer MorphedVertices {
    vec4 values[];
} uMorphedVertices;

layout(binding = MV_UNIT_MORPH_TARGETS) uniform sampler2DArray uMorphTargets[MV_MAX_MORPH_TEXTURES];
// x: stride (0: the primitive has no targets), y: texture width, z: layers per texture,
// w: the primitive's target count.
layout(location = MV_UNIFORM_MORPH_LAYOUT) uniform ivec4 uMorphLayout;
// Texel slot of each morph channel within a vertex's stride (indexed by MV_CHANNEL_*), -1: the
// primitive's targets do not move that channel.
layout(location = MV_UNIFORM_MORPH_SLOTS) uniform int uMorphSlots[MV_CHANNEL_COUNT];
// x: the path (above), y: vertex count (CS_SPARSE, CPU), z: weight row stride (VS_DENSE).
layout(location = MV_UNIFORM_MORPH_MODE) uniform ivec4 uMorphMode;

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

// Where each channel sits among a vertex's vec4 slots, -1 when it is not morphed: the same
// uMorphSlots for the texture array's texels and for the pre-pass output.
struct MorphSlots {
    int pos, nrm, tan, uv0, uv1, col;
};

MorphSlots morphSlots() {
    return MorphSlots(uMorphSlots[MV_CHANNEL_POSITION], uMorphSlots[MV_CHANNEL_NORMAL],
                      uMorphSlots[MV_CHANNEL_TANGENT], uMorphSlots[MV_CHANNEL_TEXCOORD_0],
                      uMorphSlots[MV_CHANNEL_TEXCOORD_1], uMorphSlots[MV_CHANNEL_COLOR_0]);
}

// Adds w * (the deltas of `target` at this vertex) to `v` (the vs paths).
void addTarget(inout MorphedVertex v, int target, float w) {
    const int stride = uMorphLayout.x;
    const int layers = uMorphLayout.z;
    const int first = gl_VertexID * stride;
    const MorphSlots s = morphSlots();
    const int arrayIndex = target / layers;
    const int layer = target - arrayIndex * layers;
    if (s.pos >= 0) v.position += w * morphDelta(arrayIndex, layer, first + s.pos).xyz;
    if (s.nrm >= 0) v.normal += w * morphDelta(arrayIndex, layer, first + s.nrm).xyz;
    if (s.tan >= 0) v.tangent.xyz += w * morphDelta(arrayIndex, layer, first + s.tan).xyz;
    if (s.uv0 >= 0) v.texCoord0 += w * morphDelta(arrayIndex, layer, first + s.uv0).xy;
    if (s.uv1 >= 0) v.texCoord1 += w * morphDelta(arrayIndex, layer, first + s.uv1).xy;
    if (s.col >= 0) v.color += w * morphDelta(arrayIndex, layer, first + s.col);
}

// CS_SPARSE and CPU: the pre-morphed vertex. Sums are added to the base; values replace it (the
// tangent's w, its handedness, is never morphed).
void readMorphed(inout MorphedVertex v, bool add) {
    const int stride = uMorphLayout.x;
    const int first = (gl_InstanceID * uMorphMode.y + gl_VertexID) * stride;
    const float keep = add ? 1.0 : 0.0;
    const MorphSlots s = morphSlots();
    if (s.pos >= 0) v.position = keep * v.position + uMorphedVertices.values[first + s.pos].xyz;
    if (s.nrm >= 0) v.normal = keep * v.normal + uMorphedVertices.values[first + s.nrm].xyz;
    if (s.tan >= 0) v.tangent.xyz = keep * v.tangent.xyz + uMorphedVertices.values[first + s.tan].xyz;
    if (s.uv0 >= 0) v.texCoord0 = keep * v.texCoord0 + uMorphedVertices.values[first + s.uv0].xy;
    if (s.uv1 >= 0) v.texCoord1 = keep * v.texCoord1 + uMorphedVertices.values[first + s.uv1].xy;
    if (s.col >= 0) v.color = keep * v.color + uMorphedVertices.values[first + s.col];
}

// MV_VERTEX_MORPH, where a program is built for one kind of draw (ShaderVariants), keeps one
// path's code: 0 none, 1 the pre-morphed vertex (cs-sparse, cpu), 2 vs-dense, 3 vs-active.
// llvmpipe generates code for every branch, and the vertex-stage paths (a texelFetch from the
// sampler array per channel, in two loops) were half of a cold variant's LLVM time. Without it
// (the oracle's and the overlay's programs) every path is compiled and uMorphMode picks.
#ifdef MV_VERTEX_MORPH
const bool kMorphStored = MV_VERTEX_MORPH == 1;
const bool kMorphDense = MV_VERTEX_MORPH == 2;
const bool kMorphActive = MV_VERTEX_MORPH == 3;
#else
const bool kMorphStored = true;
const bool kMorphDense = true;
const bool kMorphActive = true;
#endif

// VS_DENSE: every target of the instance's weight row, zeros skipped.
void addDenseTargets(inout MorphedVertex v) {
    const int targets = uMorphLayout.w;
    const int row = gl_InstanceID * uMorphMode.z;
    for (int t = 0; t < targets; ++t) {
        const float w = uMorphWeightRows.weights[row + t];
        if (w != 0.0) addTarget(v, t, w);
    }
}

// VS_ACTIVE: the instance's (target, weight) pairs.
void addActiveTargets(inout MorphedVertex v) {
    const uint count = uMorphWeights.activeCount;
    const uint first = uint(gl_InstanceID) * count;
    for (uint i = 0u; i < count; ++i) {
        const MorphWeight mw = uMorphWeights.entries[first + i];
        const int target = int(mw.target);
        if (mw.weight == 0.0 || target >= uMorphLayout.w) continue;
        addTarget(v, target, mw.weight);
    }
}

// Morphs `v` in place, before any node transform or skinning. The one entry point every vertex
// shader calls, whatever the path.
void morphVertex(inout MorphedVertex v) {
    const int mode = uMorphMode.x;
    if ((kMorphStored || kMorphDense || kMorphActive) && uMorphLayout.x > 0) {
        if (kMorphStored && (mode == MV_MORPH_PATH_CS_SPARSE || mode == MV_MORPH_PATH_CPU)) {
            readMorphed(v, mode == MV_MORPH_PATH_CS_SPARSE);
        } else if (kMorphDense && mode == MV_MORPH_PATH_VS_DENSE) {
            addDenseTargets(v);
        } else if (kMorphActive) {
            addActiveTargets(v);
        }
    }
    // Once, after the whole sum: the sum of unit normal deltas is not unit length.
    v.normalSum = v.normal;
    v.normal = renormalized(v.normal);
    v.tangent.xyz = renormalized(v.tangent.xyz);
}
