#include "SparseMorph.h"

#include <algorithm>

#include "Bindings.h"
#include "morph/SparseTargets.h"

namespace renderer {

namespace {

uint32_t packHalves(int16_t low, int16_t high) {
    return uint32_t(uint16_t(low)) | (uint32_t(uint16_t(high)) << 16);
}

}  // namespace

morph::Result<MorphPrograms> MorphPrograms::create(const ShaderLibrary& library) {
    GLint blocks = 0;
    glGetIntegerv(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, &blocks);
    if (blocks < 6) {
        return morph::Error{"sparse_gather.comp: the driver allows " + std::to_string(blocks) +
                            " shader storage blocks in compute shaders, the gather needs 6"};
    }
    auto gather = library.program({"sparse_gather.comp"});
    if (!gather) return gather.error();
    MorphPrograms out;
    out.gather = std::move(gather).value();
    return out;
}

morph::Result<SparseMorph> SparseMorph::upload(const morph::Primitive& primitive) {
    if (!morph::sparseCovers(primitive)) {
        return morph::Error{"cs-sparse: the primitive morphs channels other than POSITION and "
                            "NORMAL, which sparse targets do not hold"};
    }
    auto sparse = morph::sparsify(primitive);
    if (!sparse) return morph::Error{"cs-sparse: " + sparse.error().message};
    SparseMorph out;
    out.mVertexCount = primitive.vertexCount();
    out.mTargetCount = uint32_t(sparse->targets.size());
    if (primitive.morphs(morph::MorphChannel::Position)) out.mPositionSlot = int(out.mStride++);
    if (primitive.morphs(morph::MorphChannel::Normal)) out.mNormalSlot = int(out.mStride++);

    // CSR by vertex: a counting sort of every target's entries by vertex, targets in order, so
    // each row lists its targets ascending (the sum order of morph::blend).
    std::vector<uint32_t> rows(size_t(out.mVertexCount) + 1, 0u);
    for (const morph::SparseTarget& target : sparse->targets) {
        for (uint32_t v : target.indices) ++rows[size_t(v) + 1];
    }
    for (size_t v = 0; v < out.mVertexCount; ++v) rows[v + 1] += rows[v];
    out.mEntryCount = rows.back();
    std::vector<uint32_t> targets(out.mEntryCount);
    std::vector<uint32_t> deltas(3 * out.mEntryCount);
    std::vector<glm::vec2> quanta(std::max<size_t>(sparse->targets.size(), 1), glm::vec2(0.0f));
    std::vector<uint32_t> cursor(rows.begin(), rows.end() - 1);
    for (size_t t = 0; t < sparse->targets.size(); ++t) {
        const morph::SparseTarget& target = sparse->targets[t];
        quanta[t] = glm::vec2(target.positionQuantum(), target.normalQuantum());
        for (size_t e = 0; e < target.indices.size(); ++e) {
            const uint32_t slot = cursor[target.indices[e]]++;
            const glm::i16vec3 p = target.hasPositions ? target.positions[e] : glm::i16vec3(0);
            const glm::i16vec3 n = target.hasNormals ? target.normals[e] : glm::i16vec3(0);
            targets[slot] = uint32_t(t);
            deltas[3 * size_t(slot)] = packHalves(p.x, p.y);
            deltas[3 * size_t(slot) + 1] = packHalves(p.z, n.x);
            deltas[3 * size_t(slot) + 2] = packHalves(n.y, n.z);
        }
    }
    out.mRows = gl::Buffer::fromVector(rows);
    out.mTargets = gl::Buffer::fromVector(targets);
    out.mDeltas = gl::Buffer::fromVector(deltas);
    out.mScales = gl::Buffer::fromVector(quanta);
    return out;
}

uint64_t SparseMorph::residentBytes() const {
    return uint64_t(mRows.size()) + uint64_t(mTargets.size()) + uint64_t(mDeltas.size()) +
           uint64_t(mScales.size());
}

void SparseMorph::run(gl::Program& gather, const MorphWeights& weights,
                      const gl::Buffer& output) const {
    if (mVertexCount == 0 || mStride == 0) return;
    mRows.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseRows));
    mTargets.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseTargets));
    mDeltas.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseDeltas));
    mScales.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseScales));
    weights.rowsBuffer().bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphWeightRows));
    output.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphedVertices));
    gather.set("uGather", glm::ivec4(int(mVertexCount), int(std::max<size_t>(weights.targetCount(), 1)),
                                     int(mStride), int(weights.targetCount())));
    gather.set("uGatherSlots", glm::ivec4(mPositionSlot, mNormalSlot, 0, 0));
    gather.use();
    constexpr uint32_t kGroupSize = 64;  // local_size_x of sparse_gather.comp
    glDispatchCompute((mVertexCount + kGroupSize - 1) / kGroupSize, weights.instanceCount(), 1);
    // The draw reads the output as a shader storage buffer in its vertex stage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glUseProgram(0);
}

}  // namespace renderer
