#include "renderer/morph/SparseMorph.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "morph/targets/SparseTargets.h"
#include "renderer/gl/Bindings.h"

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
        return morph::Error{morph::ErrorCode::Gpu,
                            "sparse_gather.comp: the driver allows " + std::to_string(blocks) +
                                " shader storage blocks in compute shaders, the gather needs 6"};
    }
    MorphPrograms out;
    for (auto [name, program] : {std::pair{"sparse_gather.comp", &out.gather},
                                 std::pair{"sparse_scatter.comp", &out.scatter},
                                 std::pair{"sparse_finalize.comp", &out.finalize}}) {
        auto built = library.program({name});
        if (!built) return built.error();
        *program = std::move(built).value();
    }
    return out;
}

morph::Result<SparseMorph> SparseMorph::upload(const morph::Primitive& primitive,
                                               SparseMethod method) {
    if (!morph::sparseCovers(primitive)) {
        return morph::Error{morph::ErrorCode::Unsupported,
                            "cs-sparse: the primitive morphs channels other than POSITION and "
                            "NORMAL, which sparse targets do not hold"};
    }
    auto sparse = morph::sparsify(primitive);
    if (!sparse) return morph::Error{sparse.error().code, "cs-sparse: " + sparse.error().message};
    SparseMorph out;
    out.mMethod = method;
    out.mVertexCount = primitive.vertexCount();
    out.mTargetCount = uint32_t(sparse->targets.size());
    if (primitive.morphs(morph::MorphChannel::Position)) out.mPositionSlot = int(out.mStride++);
    if (primitive.morphs(morph::MorphChannel::Normal)) out.mNormalSlot = int(out.mStride++);

    if (method == SparseMethod::Scatter) {
        // Per target, its entries as morph::sparsify left them (ascending vertices).
        std::vector<uint32_t> vertices;
        std::vector<uint32_t> deltas;
        for (const morph::SparseTarget& target : sparse->targets) {
            out.mTargetFirst.push_back(uint32_t(vertices.size()));
            out.mTargetEntries.push_back(uint32_t(target.indices.size()));
            out.mTargetQuanta.emplace_back(target.positionQuantum(), target.normalQuantum());
            out.mTargetScales.emplace_back(target.positionScale, target.normalScale);
            for (size_t e = 0; e < target.indices.size(); ++e) {
                const glm::i16vec3 p = target.hasPositions ? target.positions[e] : glm::i16vec3(0);
                const glm::i16vec3 n = target.hasNormals ? target.normals[e] : glm::i16vec3(0);
                vertices.push_back(target.indices[e]);
                deltas.push_back(packHalves(p.x, p.y));
                deltas.push_back(packHalves(p.z, n.x));
                deltas.push_back(packHalves(n.y, n.z));
            }
        }
        out.mEntryCount = vertices.size();
        out.mTargets = gl::Buffer::fromVector(vertices);
        out.mDeltas = gl::Buffer::fromVector(deltas);
        return out;
    }

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
           uint64_t(mScales.size()) + uint64_t(mJobs.size()) + uint64_t(mFactors.size()) +
           uint64_t(mInstanceQuanta.size()) + uint64_t(mAccumulators.size());
}

void SparseMorph::run(MorphPrograms& programs, const MorphWeights& weights,
                      const gl::Buffer& output) {
    if (mVertexCount == 0 || mStride == 0) return;
    if (mMethod == SparseMethod::Scatter) {
        runScatter(programs, weights, output);
    } else {
        runGather(programs.gather, weights, output);
    }
    // The draw reads the output as a shader storage buffer in its vertex stage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glUseProgram(0);
}

void SparseMorph::runGather(gl::Program& gather, const MorphWeights& weights,
                            const gl::Buffer& output) const {
    mRows.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseRows));
    mTargets.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseTargets));
    mDeltas.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseDeltas));
    mScales.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseScales));
    weights.rowsBuffer().bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphWeightRows));
    output.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphedVertices));
    gather.set("uGather",
               glm::ivec4(int(mVertexCount), int(std::max<size_t>(weights.targetCount(), 1)),
                          int(mStride), int(weights.targetCount())));
    gather.set("uGatherSlots", glm::ivec4(mPositionSlot, mNormalSlot, 0, 0));
    gather.use();
    constexpr uint32_t kGroupSize = 64;  // local_size_x of sparse_gather.comp
    glDispatchCompute((mVertexCount + kGroupSize - 1) / kGroupSize, weights.instanceCount(), 1);
}

namespace {

// Grows `buffer` to hold `values` and writes them.
template <typename T>
void uploadGrowing(gl::Buffer& buffer, const std::vector<T>& values) {
    const size_t bytes = std::max<size_t>(values.size() * sizeof(T), 4);
    if (buffer.id() == 0 || size_t(buffer.size()) < bytes) {
        buffer = gl::Buffer::create(GLsizeiptr(bytes * 3 / 2), nullptr, GL_DYNAMIC_STORAGE_BIT);
    }
    if (!values.empty()) buffer.subData(0, GLsizeiptr(values.size() * sizeof(T)), values.data());
}

// The fixed-point quantum for sums bounded by `bound` per component: 2^30 steps, so the sum of
// rounded terms (each off by at most one step) stays inside int32.
float fixedQuantum(double bound) {
    return bound > 0 ? float(bound / double(1 << 30)) : 1.0f;
}

}  // namespace

void SparseMorph::runScatter(MorphPrograms& programs, const MorphWeights& weights,
                             const gl::Buffer& output) {
    // The jobs: per instance, per active target with entries. The bound of a sum per component
    // is sum |w_t| * scale_t, the largest any vertex can reach.
    mJobScratch.clear();
    mFactorScratch.clear();
    mQuantaScratch.clear();
    uint32_t invocations = 0;
    for (uint32_t k = 0; k < weights.instanceCount(); ++k) {
        const std::vector<uint32_t>& active = weights.active()[k].targets;
        const std::vector<float>& values = weights.active()[k].values;
        double boundPosition = 0, boundNormal = 0;
        for (size_t i = 0; i < active.size(); ++i) {
            const uint32_t t = active[i];
            if (t >= mTargetEntries.size()) continue;
            boundPosition += std::abs(double(values[i])) * mTargetScales[t].x;
            boundNormal += std::abs(double(values[i])) * mTargetScales[t].y;
        }
        const glm::vec2 quantum(fixedQuantum(boundPosition), fixedQuantum(boundNormal));
        mQuantaScratch.push_back(quantum);
        for (size_t i = 0; i < active.size(); ++i) {
            const uint32_t t = active[i];
            if (t >= mTargetEntries.size() || mTargetEntries[t] == 0) continue;
            mJobScratch.emplace_back(mTargetFirst[t], mTargetEntries[t], k, invocations);
            mFactorScratch.emplace_back(values[i] * mTargetQuanta[t].x / quantum.x,
                                        values[i] * mTargetQuanta[t].y / quantum.y);
            invocations += mTargetEntries[t];
        }
    }
    const uint64_t sums = uint64_t(mVertexCount) * weights.instanceCount() * 6;
    if (mAccumulators.id() == 0 || uint64_t(mAccumulators.size()) < sums * 4) {
        mAccumulators = gl::Buffer::create(GLsizeiptr(sums * 4), nullptr, 0);
    }
    const GLint zero = 0;
    glClearNamedBufferSubData(mAccumulators.id(), GL_R32I, 0, GLsizeiptr(sums * 4), GL_RED_INTEGER,
                              GL_INT, &zero);
    uploadGrowing(mInstanceQuanta, mQuantaScratch);
    if (invocations > 0) {
        uploadGrowing(mJobs, mJobScratch);
        uploadGrowing(mFactors, mFactorScratch);
        mJobs.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseRows));
        mFactors.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseScales));
        mTargets.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseTargets));
        mDeltas.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseDeltas));
        mAccumulators.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphedVertices));
        constexpr uint32_t kGroupSize = 64, kMaxGroups = 65535;
        const uint32_t groups = (invocations + kGroupSize - 1) / kGroupSize;
        const uint32_t columns = std::min(groups, kMaxGroups);
        const uint32_t rows = (groups + columns - 1) / columns;
        programs.scatter.set("uScatter", glm::ivec4(int(mJobScratch.size()), int(invocations),
                                                    int(mVertexCount), int(columns)));
        programs.scatter.use();
        glDispatchCompute(columns, rows, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    mAccumulators.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseRows));
    mInstanceQuanta.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SparseScales));
    output.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphedVertices));
    programs.finalize.set("uFinalize",
                          glm::ivec4(int(mVertexCount), int(mStride), mPositionSlot, mNormalSlot));
    programs.finalize.use();
    glDispatchCompute((mVertexCount + 63) / 64, weights.instanceCount(), 1);
}

}  // namespace renderer
