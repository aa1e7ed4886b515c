#include "renderer/morph/PrimitiveMorph.h"

#include <algorithm>
#include <utility>

#include "morph/targets/Blend.h"
#include "morph/targets/Packing.h"
#include "morph/targets/SparseTargets.h"
#include "renderer/gl/Bindings.h"
#include "renderer/morph/GpuLimits.h"

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

std::shared_ptr<const MorphSource> MorphSource::measure(
    std::shared_ptr<const morph::Primitive> primitive, std::string where) {
    auto out = std::make_shared<MorphSource>();
    out->where = std::move(where);
    out->cpuSlots.fill(-1);
    if (!primitive || primitive->targets.empty() || primitive->vertexCount() == 0) return out;
    const morph::Primitive& p = *primitive;
    MorphShape& shape = out->shape;
    shape.vertexCount = p.vertexCount();
    shape.targetCount = uint32_t(p.targets.size());
    const std::vector<morph::MorphChannel> channels = p.morphedChannels();
    shape.denseStride = uint32_t(channels.size());
    shape.sparseCovers = morph::sparseCovers(p);
    shape.sparseStride = (p.morphs(morph::MorphChannel::Position) ? 1u : 0u) +
                         (p.morphs(morph::MorphChannel::Normal) ? 1u : 0u);
    for (morph::MorphChannel c : channels) {
        if (baseHas(p, c)) out->cpuSlots[morph::index(c)] = int(shape.cpuStride++);
    }
    std::vector<uint32_t> entries;
    entries.reserve(p.targets.size());
    for (const morph::MorphTarget& target : p.targets) {
        entries.push_back(movedVertices(target, shape.vertexCount));
    }
    shape.setTargetEntries(std::move(entries));
    if (shape.denseStride == 0) shape.targetCount = 0;  // targets that morph nothing: no morph
    out->primitive = std::move(primitive);
    return out;
}

PrimitiveMorph PrimitiveMorph::create(std::shared_ptr<const MorphSource> source,
                                      const MorphLimits& limits, GpuBudget* budget) {
    PrimitiveMorph out;
    out.mSource = std::move(source);
    out.mData = std::make_shared<PathData>();
    out.mData->limits = limits;
    out.mData->budget = budget;
    return out;
}

PrimitiveMorph PrimitiveMorph::share() const {
    PrimitiveMorph out;
    out.mSource = mSource;
    out.mData = mData;
    return out;
}

PrimitiveMorph PrimitiveMorph::create(std::shared_ptr<const morph::Primitive> primitive,
                                      const MorphLimits& limits) {
    return create(MorphSource::measure(std::move(primitive)), limits);
}

const MorphShape& PrimitiveMorph::shape() const {
    static const MorphShape kNone;
    return mSource ? mSource->shape : kNone;
}

MorphPath PrimitiveMorph::resolve(MorphPath requested, uint32_t activeCount,
                                  uint32_t passes) const {
    return resolveMorphPath(requested, shape(), activeCount, passes, sparseMethod(),
                            mData && mData->limits.softwareRenderer);
}

morph::Status PrimitiveMorph::prepare(MorphPath path) {
    if (empty() || path == MorphPath::None) return {};
    if (!isConcrete(path)) {
        return morph::Error{
            morph::ErrorCode::BadValue,
            std::string("morph path ") + morphPathName(path) + " must be resolved before prepare"};
    }
    std::array<morph::Error, kConcreteMorphPathCount>& failures = mData->failures;
    if (!failures[size_t(path)].message.empty()) return failures[size_t(path)];
    morph::Status status = build(path);
    if (!status) failures[size_t(path)] = status.error();
    return status;
}

morph::Status PrimitiveMorph::build(MorphPath path) {
    const morph::Primitive& primitive = *mSource->primitive;
    PathData& data = *mData;
    switch (path) {
        case MorphPath::VsDense:
        case MorphPath::VsActive:
            if (!data.dense) {
                const uint64_t bytes = morphTextureBytes(primitive, data.limits.maxTextureSize);
                if (data.budget) {
                    auto charged = data.budget->charge(bytes, mSource->where + " texture array");
                    if (!charged) return charged.error();
                }
                auto dense = MorphTargets::upload(primitive, data.limits);
                if (!dense) {
                    if (data.budget) data.budget->refund(bytes);
                    return dense.error();
                }
                data.dense = std::move(dense).value();
                data.denseCharged = data.budget ? bytes : 0;
            }
            return {};
        case MorphPath::CsSparse:
            if (!data.sparse) {
                auto sparse = SparseMorph::upload(primitive, data.sparseMethod);
                if (!sparse) return sparse.error();
                if (data.budget) {
                    auto charged = data.budget->charge(sparse->residentBytes(),
                                                       mSource->where + " sparse data");
                    if (!charged) return charged.error();
                    data.sparseCharged = sparse->residentBytes();
                }
                data.sparse = std::move(sparse).value();
            }
            return {};
        case MorphPath::Cpu: return {};  // the output buffer is sized by run()
        default: break;
    }
    return morph::Error{morph::ErrorCode::BadValue,
                        std::string("morph path ") + morphPathName(path) + " cannot be prepared"};
}

void PrimitiveMorph::setSparseMethod(SparseMethod method) {
    if (!mData || method == mData->sparseMethod) return;
    mData->sparseMethod = method;
    release(MorphPath::CsSparse);
}

void PrimitiveMorph::release(MorphPath path) {
    if (mData) {
        PathData& data = *mData;
        if (data.budget && morphsInVertexStage(path))
            data.budget->refund(std::exchange(data.denseCharged, 0));
        if (data.budget && path == MorphPath::CsSparse)
            data.budget->refund(std::exchange(data.sparseCharged, 0));
        if (morphsInVertexStage(path)) data.dense.reset();
        if (path == MorphPath::CsSparse) data.sparse.reset();
        ++data.version;  // every share() runs its pre-pass again
    }
    if (path == MorphPath::CsSparse || path == MorphPath::Cpu) {
        mOutput = gl::Buffer();
        mCpuScratch = {};
    }
    mRanGeneration = 0;
}

void PrimitiveMorph::releaseAll() {
    for (MorphPath path : kConcreteMorphPaths) release(path);
}

uint64_t PrimitiveMorph::residentBytes() const {
    uint64_t bytes = outputBytes();
    if (!mData) return bytes;
    if (const std::optional<MorphTargets>& dense = mData->dense) {
        bytes += uint64_t(dense->width()) * dense->height() * dense->targetCount() * 16u;
    }
    if (mData->sparse) bytes += mData->sparse->residentBytes();
    return bytes;
}

void PrimitiveMorph::ensureOutput(uint64_t bytes) {
    if (mOutput.id() != 0 && uint64_t(mOutput.size()) >= bytes) return;
    mOutput = gl::Buffer::create(GLsizeiptr(bytes), nullptr, GL_DYNAMIC_STORAGE_BIT);
}

uint32_t PrimitiveMorph::weightBuffers(MorphPath path) const {
    if (path == MorphPath::CsSparse && sparseMethod() == SparseMethod::Gather) return kWeightRows;
    return vertexWeightBuffers(path);
}

void PrimitiveMorph::run(MorphPath path, const MorphWeights& weights, MorphPrograms& programs) {
    if (empty() || (path != MorphPath::CsSparse && path != MorphPath::Cpu)) return;
    if (mRanPath == path && mRanGeneration == weights.generation() && mRanVersion == mData->version)
        return;
    const MorphShape& shape = mSource->shape;
    const uint64_t vertices = uint64_t(shape.vertexCount) * weights.instanceCount();
    if (path == MorphPath::CsSparse) {
        std::optional<SparseMorph>& sparse = mData->sparse;
        if (!sparse) return;
        ensureOutput(vertices * sparse->stride() * sizeof(glm::vec4));
        sparse->run(programs, weights, mOutput);
    } else {
        const size_t stride = shape.cpuStride;
        ensureOutput(vertices * stride * sizeof(glm::vec4));
        mCpuScratch.resize(vertices * stride);
        for (uint32_t k = 0; k < weights.instanceCount(); ++k) {
            // Straight from the instance's active list: only its targets are visited.
            const morph::MorphedPrimitive m =
                morph::blendActive(*mSource->primitive, weights.active()[k]);
            glm::vec4* out = mCpuScratch.data() + size_t(k) * shape.vertexCount * stride;
            auto put = [&](morph::MorphChannel c, auto&& value) {
                const int slot = mSource->cpuSlots[morph::index(c)];
                if (slot < 0) return;
                for (uint32_t v = 0; v < shape.vertexCount; ++v)
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
    mRanVersion = mData->version;
}

void PrimitiveMorph::bind(gl::Program& program, MorphPath path, const MorphWeights& weights) const {
    if (empty() || !isConcrete(path)) {
        bindNoMorph(program);
        return;
    }
    if (morphsInVertexStage(path)) {
        bindMorph(program, denseTargets(), &weights, path);
        return;
    }
    std::vector<int> slots(morph::kMorphChannelCount, -1);
    int stride = 0;
    if (path == MorphPath::CsSparse && mData->sparse) {
        const SparseMorph& sparse = *mData->sparse;
        slots[morph::index(morph::MorphChannel::Position)] = sparse.positionSlot();
        slots[morph::index(morph::MorphChannel::Normal)] = sparse.normalSlot();
        stride = int(sparse.stride());
    } else if (path == MorphPath::Cpu) {
        slots.assign(mSource->cpuSlots.begin(), mSource->cpuSlots.end());
        stride = int(mSource->shape.cpuStride);
    }
    if (stride == 0 || mOutput.id() == 0) {
        bindNoMorph(program);
        return;
    }
    mOutput.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphedVertices));
    program.set(location(UniformLocation::MorphMode),
                glm::ivec4(int(path), int(mSource->shape.vertexCount), 0, 0));
    program.set(location(UniformLocation::MorphLayout), glm::ivec4(stride, 0, 0, 0));
    program.set(location(UniformLocation::MorphSlots), slots);
}

}  // namespace renderer
