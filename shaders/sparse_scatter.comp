#version 450 core
// cs-sparse's pre-pass, scatter form: one invocation per sparse entry of an active
// target (per instance), adding w * delta to its vertex's accumulators with integer atomicAdd.
// Deterministic without float atomics: each term is converted to fixed point (a per-instance
// quantum, chosen on the CPU so the largest possible sum fits in 31 bits) before it is added,
// and integer addition gives the same total in any order. sparse_finalize.comp turns the
// totals back into floats. Normal deltas are summed as they are; only the draw renormalizes.
layout(local_size_x = 64) in;

// Per job (an active target of one instance): first entry, entry count, instance, first
// invocation (the running sum of the counts before it).
layout(std430, binding = MV_SSBO_SPARSE_ROWS) readonly buffer SparseJobs { uvec4 jobs[]; };
// Per job: the position and normal factors w * quantum / fixed-point quantum.
layout(std430, binding = MV_SSBO_SPARSE_SCALES) readonly buffer SparseFactors { vec2 factors[]; };
layout(std430, binding = MV_SSBO_SPARSE_TARGETS) readonly buffer SparseVertices { uint entryVertex[]; };
layout(std430, binding = MV_SSBO_SPARSE_DELTAS) readonly buffer SparseDeltas { uint deltas[]; };
layout(std430, binding = MV_SSBO_MORPHED_VERTICES) coherent buffer Accumulators { int sums[]; };

// x: job count, y: invocations in all (the sum of the counts), z: vertex count, w: groups per
// row of the 2D dispatch (x is capped at 65535 groups).
uniform ivec4 uScatter;

ivec2 halves(uint word) {
    return ivec2(bitfieldExtract(int(word), 0, 16), bitfieldExtract(int(word), 16, 16));
}

void main() {
    const uint id = (gl_WorkGroupID.y * uint(uScatter.w) + gl_WorkGroupID.x) * 64u + gl_LocalInvocationID.x;
    if (id >= uint(uScatter.y)) return;
    // The last job whose first invocation is <= id.
    uint lo = 0u, hi = uint(uScatter.x) - 1u;
    while (lo < hi) {
        const uint mid = (lo + hi + 1u) >> 1;
        if (jobs[mid].w <= id) lo = mid; else hi = mid - 1u;
    }
    const uvec4 job = jobs[lo];
    const uint e = job.x + (id - job.w);
    const vec2 f = factors[lo];
    const ivec2 a = halves(deltas[3u * e]);
    const ivec2 b = halves(deltas[3u * e + 1u]);
    const ivec2 c = halves(deltas[3u * e + 2u]);
    const uint base = (job.z * uint(uScatter.z) + entryVertex[e]) * 6u;
    if (f.x != 0.0) {
        atomicAdd(sums[base + 0u], int(round(f.x * float(a.x))));
        atomicAdd(sums[base + 1u], int(round(f.x * float(a.y))));
        atomicAdd(sums[base + 2u], int(round(f.x * float(b.x))));
    }
    if (f.y != 0.0) {
        atomicAdd(sums[base + 3u], int(round(f.y * float(b.y))));
        atomicAdd(sums[base + 4u], int(round(f.y * float(c.x))));
        atomicAdd(sums[base + 5u], int(round(f.y * float(c.y))));
    }
}
