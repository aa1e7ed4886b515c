#include "renderer/morph/PrimitiveMorph.h"

#include <algorithm>

#include "morph/targets/Blend.h"
#include "morph/targets/Packing.h"
#include "morph/targets/SparseTargets.h"
#include "renderer/gl/Bindings.h"

namespace renderer {

namespace {

// Vertices that target `t` moves in POSITION or NORMAL: its sparse entry count, counted the way
// morph::sparsify keeps entries (threshold 0: any non-zero component).
// A sparse target walks its entries only (vertices it does not store have zero deltas).
uint32_t movedVertices(const morph::MorphTarget& target, uint32_t vertexCount) {
    const auto& positions = target.entries(morph::MorphChannel::Position);
    const auto& normals = target.entries(morph::MorphChannel::Normal);
    const size_t entries = target.isSparse() ? target.entryCount() : vertexCount;
    uint32_t moved = 0;
    for (size_t e = 0; e < entries; ++e) {
        if (target.vertexOf(e) >= vertexCount) break;  // ascending: the rest are past it too
        const bool p = e < positions.size() && glm::vec3(positions[e]) != glm::vec3(0.0f);
        const bool n = e < normals.size() && glm::vec3(normals[e]) != glm::vec3(0.0f);
        moved += (p || n) ? 1u : 0u;
    }
    return moved;
}

// Whether morph::blend fills channel `c` (it fills only the channels the base has).
bool baseHas(const morph::Primitive& p, morph::MorphChannel c) {
    const size_t n = p.positions.size();
    switch (c) {
        case morph::MorphChannel::Position: return true;
        case morph::MorphChannel::Normal: return p.normals.size() == n;
        case morph::MorphChannel::Tangent: return p.tangents.size() == n;
        case morph::MorphChannel::TexCoord0: return p.texcoords[0].size() == n;
        case morph::MorphChannel::TexCoord1: return p.texcoords[1].size() == n;
        case morph::MorphChannel::Color0: return p.colors.size() == n;
    }
    return false;
}

}  // namespace

PrimitiveMorph PrimitiveMorph::create(std::shared_ptr<const morph::Primitive> source,
                                      const MorphLimits& limits) {
    PrimitiveMorph out;
    out.mLimits = limits;
    out.mCpuSlots.fill(-1);
    if (!source || source->targets.empty() || source->vertexCount() == 0) return out;
    const morph::Primitive& p = *source;
    MorphShape& shape = out.mShape;
    shape.vertexCount = p.vertexCount();
    shape.targetCount = uint32_t(p.targets.size());
    const std::vector<morph::MorphChannel> channels = p.morphedChannels();
    shape.denseStride = uint32_t(channels.size());
    shape.sparseCovers = morph::sparseCovers(p);
    shape.sparseStride = (p.morphs(morph::MorphChannel::Position) ? 1u : 0u) +
                         (p.morphs(morph::MorphChannel::Normal) ? 1u : 0u);
    for (morph::MorphChannel c : channels) {
        if (baseHas(p, c)) out.mCpuSlots[morph::index(c)] = int(shape.cpuStride++);
    }
    std::vector<uint32_t> entries;
    entries.reserve(p.targets.size());
    for (const morph::MorphTarget& target : p.targets) {
        entries.push_back(movedVertices(target, shape.vertexCount));
    }
    shape.setTargetEntries(std::move(entries));
    if (shape.denseStride == 0) shape.targetCount = 0;  // targets that morph nothing: no morph
    out.mSource = std::move(source);
    return out;
}

MorphPath PrimitiveMorph::resolve(MorphPath requested, uint32_t activeCount,
                                  uint32_t passes) const {
    if (requested == MorphPath::Auto) {
        return chooseMorphPath(mShape, activeCount, passes, mSparseMethod,
                               mLimits.softwareRenderer);
    }
    if (requested == MorphPath::CsSparse && !mShape.sparseCovers) return MorphPath::VsActive;
    return requested;
}

morph::Status PrimitiveMorph::prepare(MorphPath path) {
    if (empty()) return {};
    if (path != MorphPath::Auto && !mFailures[size_t(path)].message.empty()) {
        return mFailures[size_t(path)];
    }
    morph::Status status = build(path);
    if (!status && path != MorphPath::Auto) mFailures[size_t(path)] = status.error();
    return status;
}

morph::Status PrimitiveMorph::build(MorphPath path) {
    switch (path) {
        case MorphPath::VsDense:
        case MorphPath::VsActive:
            if (!mDense) {
                auto dense = MorphTargets::upload(*mSource, mLimits);
                if (!dense) return dense.error();
                mDense = std::move(dense).value();
            }
            return {};
        case MorphPath::CsSparse:
            if (!mSparse) {
                auto sparse = SparseMorph::upload(*mSource, mSparseMethod);
                if (!sparse) return sparse.error();
                mSparse = std::move(sparse).value();
            }
            return {};
        case MorphPath::Cpu: return {};  // the output buffer is sized by run()
        case MorphPath::Auto: break;
    }
    return morph::Error{morph::ErrorCode::BadValue,
                        "morph path auto must be resolved before prepare"};
}

void PrimitiveMorph::setSparseMethod(SparseMethod method) {
    if (method == mSparseMethod) return;
    mSparseMethod = method;
    mSparse.reset();
    mRanGeneration = 0;
}

void PrimitiveMorph::release(MorphPath path) {
    const bool all = path == MorphPath::Auto;
    if (all || path == MorphPath::VsDense || path == MorphPath::VsActive) mDense.reset();
    if (all || path == MorphPath::CsSparse) mSparse.reset();
    if (all || path == MorphPath::CsSparse || path == MorphPath::Cpu) {
        mOutput = gl::Buffer();
        mCpuScratch = {};
    }
    mRanGeneration = 0;
}

uint64_t PrimitiveMorph::residentBytes() const {
    uint64_t bytes = uint64_t(mOutput.size());
    if (mDense) {
        bytes += uint64_t(mDense->width()) * mDense->height() * mDense->targetCount() * 16u;
    }
    if (mSparse) bytes += mSparse->residentBytes();
    return bytes;
}

void PrimitiveMorph::ensureOutput(uint64_t bytes) {
    if (mOutput.id() != 0 && uint64_t(mOutput.size()) >= bytes) return;
    mOutput = gl::Buffer::create(GLsizeiptr(bytes), nullptr, GL_DYNAMIC_STORAGE_BIT);
}

void PrimitiveMorph::run(MorphPath path, const MorphWeights& weights, MorphPrograms& programs) {
    if (empty() || (path != MorphPath::CsSparse && path != MorphPath::Cpu)) return;
    if (mRanPath == path && mRanGeneration == weights.generation()) return;
    const uint64_t vertices = uint64_t(mShape.vertexCount) * weights.instanceCount();
    if (path == MorphPath::CsSparse) {
        if (!mSparse) return;
        ensureOutput(vertices * mSparse->stride() * sizeof(glm::vec4));
        mSparse->run(programs, weights, mOutput);
    } else {
        const size_t stride = mShape.cpuStride;
        ensureOutput(vertices * stride * sizeof(glm::vec4));
        mCpuScratch.resize(vertices * stride);
        // The instance's row from its active lists (not weights.rows(), which would write every
        // instance's row only for this loop to copy it).
        std::vector<float> row(weights.targetCount());
        for (uint32_t k = 0; k < weights.instanceCount(); ++k) {
            std::fill(row.begin(), row.end(), 0.0f);
            const std::vector<uint32_t>& targets = weights.activeTargets()[k];
            for (size_t i = 0; i < targets.size(); ++i)
                row[targets[i]] = weights.activeWeights()[k][i];
            const morph::MorphedPrimitive m = morph::blend(*mSource, row);
            glm::vec4* out = mCpuScratch.data() + size_t(k) * mShape.vertexCount * stride;
            auto put = [&](morph::MorphChannel c, auto&& value) {
                const int slot = mCpuSlots[morph::index(c)];
                if (slot < 0) return;
                for (uint32_t v = 0; v < mShape.vertexCount; ++v)
                    out[v * stride + size_t(slot)] = value(v);
            };
            using C = morph::MorphChannel;
            put(C::Position, [&](uint32_t v) { return glm::vec4(m.positions[v], 0.0f); });
            put(C::Normal, [&](uint32_t v) { return glm::vec4(m.normals[v], 0.0f); });
            put(C::Tangent, [&](uint32_t v) { return m.tangents[v]; });
            put(C::TexCoord0, [&](uint32_t v) { return glm::vec4(m.texcoords[0][v], 0.0f, 0.0f); });
            put(C::TexCoord1, [&](uint32_t v) { return glm::vec4(m.texcoords[1][v], 0.0f, 0.0f); });
            put(C::Color0, [&](uint32_t v) { return m.colors[v]; });
        }
        if (!mCpuScratch.empty()) {
            mOutput.subData(0, GLsizeiptr(mCpuScratch.size() * sizeof(glm::vec4)),
                            mCpuScratch.data());
        }
    }
    mRanPath = path;
    mRanGeneration = weights.generation();
}

void PrimitiveMorph::bind(gl::Program& program, MorphPath path, const MorphWeights& weights) const {
    if (empty() || path == MorphPath::Auto) {
        bindMorph(program, nullptr, nullptr);
        return;
    }
    if (path == MorphPath::VsDense || path == MorphPath::VsActive) {
        bindMorph(
            program, denseTargets(), &weights,
            path == MorphPath::VsDense ? MorphShaderMode::VsDense : MorphShaderMode::VsActive);
        return;
    }
    std::vector<int> slots(morph::kMorphChannelCount, -1);
    int stride = 0;
    if (path == MorphPath::CsSparse && mSparse) {
        slots[morph::index(morph::MorphChannel::Position)] = mSparse->positionSlot();
        slots[morph::index(morph::MorphChannel::Normal)] = mSparse->normalSlot();
        stride = int(mSparse->stride());
    } else if (path == MorphPath::Cpu) {
        slots.assign(mCpuSlots.begin(), mCpuSlots.end());
        stride = int(mShape.cpuStride);
    }
    if (stride == 0 || mOutput.id() == 0) {
        bindMorph(program, nullptr, nullptr);
        return;
    }
    mOutput.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphedVertices));
    const MorphShaderMode mode =
        path == MorphPath::CsSparse ? MorphShaderMode::AddSums : MorphShaderMode::ReplaceValues;
    program.set(location(UniformLocation::MorphMode),
                glm::ivec4(int(mode), int(mShape.vertexCount), 0, 0));
    program.set(location(UniformLocation::MorphLayout), glm::ivec4(stride, 0, 0, 0));
    program.set(location(UniformLocation::MorphSlots), slots);
}

}  // namespace renderer
