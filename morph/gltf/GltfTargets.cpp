// One morph target of a primitive (glTF 2.0 3.7.2.2), kept sparse when the file stores it sparse.
//
// The glTF pattern for a sparse target is a sparse accessor without a bufferView (3.6.2.3: the
// base is zeros and only `sparse.count` elements are substituted). When every channel of a target
// is such an accessor, the target is the union of their index sets and nothing else moves, so we
// keep exactly those entries instead of expanding 50,000 zeros per channel. Anything else (a dense
// accessor, or a sparse one on top of a bufferView) is read per vertex as before.
#include <algorithm>
#include <cmath>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

struct ChannelSource {
    MorphChannel channel;
    std::string key;
    int64_t accessor = -1;
};

// 3.7.2.2: POSITION/NORMAL/TANGENT deltas are VEC3 (tangent w is not morphed).
std::initializer_list<const char*> allowedTypes(MorphChannel c) {
    static const std::initializer_list<const char*> uv = {"VEC2"}, color = {"VEC3", "VEC4"},
                                                    vec3 = {"VEC3"};
    if (c == MorphChannel::TexCoord0 || c == MorphChannel::TexCoord1) return uv;
    return c == MorphChannel::Color0 ? color : vec3;
}

// n floats per element to vec4s; missing components are 0 (a VEC3 color delta leaves alpha
// unchanged: fill 0, not 1).
std::vector<glm::vec4> toVec4(const std::vector<float>& flat, uint32_t n) {
    std::vector<glm::vec4> out(flat.size() / n);
    const float* in = flat.data();
    if (n == 3) {  // POSITION/NORMAL/TANGENT: the common case, kept a straight copy loop
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = {in[3 * i], in[3 * i + 1], in[3 * i + 2], 0.0f};
        return out;
    }
    for (size_t i = 0; i < out.size(); ++i) {
        out[i] = glm::vec4(0.0f);
        for (uint32_t c = 0; c < n && c < 4; ++c) out[i][int(c)] = in[i * n + c];
    }
    return out;
}

// The sorted union of ascending index lists (the usual case, channels sharing one index view,
// costs one comparison pass).
std::vector<uint32_t> indexUnion(const std::vector<SparseValues>& channels) {
    std::vector<uint32_t> all = channels[0].indices;
    for (size_t i = 1; i < channels.size(); ++i) {
        if (channels[i].indices == all) continue;
        std::vector<uint32_t> merged;
        merged.reserve(all.size() + channels[i].indices.size());
        std::set_union(all.begin(), all.end(), channels[i].indices.begin(),
                       channels[i].indices.end(), std::back_inserter(merged));
        all = std::move(merged);
    }
    return all;
}

// One channel's entries over `all` (a superset of its indices): zero where it has no entry.
std::vector<glm::vec4> spread(SparseValues& channel, const std::vector<uint32_t>& all) {
    if (channel.indices.size() == all.size())
        return std::move(channel.values);  // a subset of equal size is the same set
    std::vector<glm::vec4> out(all.size(), glm::vec4(0.0f));
    size_t k = 0;
    for (size_t e = 0; e < all.size() && k < channel.indices.size(); ++e) {
        if (all[e] == channel.indices[k]) out[e] = channel.values[k++];
    }
    return out;
}

// Under ImportOptions::keepNonFiniteTargets: zeroes the target's NaN and infinite components and
// lists each channel that had any in the report, with a warning.
void zeroNonFinite(GltfDocument& doc, const std::string& where,
                   const std::vector<ChannelSource>& sources, MorphTarget& out,
                   const NonFiniteTarget& place) {
    for (const ChannelSource& s : sources) {
        std::vector<glm::vec4> entries = out.entries(s.channel);
        size_t bad = 0;
        for (glm::vec4& e : entries) {
            for (int c = 0; c < 4; ++c) {
                if (std::isfinite(e[c])) continue;
                e[c] = 0.0f;
                ++bad;
            }
        }
        if (bad == 0) continue;
        out.set(s.channel, std::move(entries));
        NonFiniteTarget record = place;
        record.channel = s.key;
        record.values = bad;
        doc.report.nonFiniteTargets.push_back(record);
        doc.warn(where + "." + s.key + " has " + std::to_string(bad) +
                 " non-finite value(s); read as zero");
    }
}

// The channels' accessors into `out`: sparse when every channel is a sparse accessor without a
// bufferView (and that is the smaller form), else per vertex.
Status readTargetData(GltfDocument& doc, const std::vector<ChannelSource>& sources, bool allSparse,
                      const std::string& where, uint64_t vertexCount, MorphTarget& out) {
    const bool keep = doc.options.keepNonFiniteTargets;
    std::vector<SparseValues> sparse;
    for (const ChannelSource& s : sources) {
        std::vector<glm::vec4> dense;
        uint64_t count = 0;
        if (allSparse) {
            auto v = readSparseAccessor(doc, s.accessor, allowedTypes(s.channel), keep);
            if (!v) return v.error();
            sparse.push_back(std::move(*v));
            count = accessorCount(doc, s.accessor);
        } else {
            uint32_t n = 0;
            auto v = readAccessorFloats(doc, s.accessor, allowedTypes(s.channel), &n, keep);
            if (!v) return v.error();
            dense = toVec4(*v, n);
            count = dense.size();
        }
        // 3.7.2.2: a target's accessors have the base's vertex count.
        if (count != vertexCount) {
            return doc.error(ErrorCode::Inconsistent, where + "." + s.key + ": accessors[" +
                                                          std::to_string(s.accessor) + "] count " +
                                                          std::to_string(count) +
                                                          " differs from the base vertex count " +
                                                          std::to_string(vertexCount));
        }
        if (!allSparse) out.set(s.channel, std::move(dense));
    }
    if (!allSparse) return {};

    const std::vector<uint32_t> all = indexUnion(sparse);
    const bool keepSparse = MorphTarget::sparseIsSmaller(all.size(), vertexCount);
    out = keepSparse ? MorphTarget::makeSparse(all) : MorphTarget{};  // `all` is still needed below
    for (size_t i = 0; i < sources.size(); ++i) {
        std::vector<glm::vec4> entries = spread(sparse[i], all);
        if (keepSparse) {
            out.set(sources[i].channel, std::move(entries));
            continue;
        }
        // Past half the vertices the per-vertex form is smaller: expand (zeros elsewhere).
        std::vector<glm::vec4> dense(size_t(vertexCount), glm::vec4(0.0f));
        for (size_t e = 0; e < all.size(); ++e) dense[all[e]] = entries[e];
        out.set(sources[i].channel, std::move(dense));
    }
    return {};
}

}  // namespace

Status readTarget(GltfDocument& doc, const Json& target, const std::string& where,
                  uint64_t vertexCount, MorphTarget& out, const NonFiniteTarget& place) {
    std::vector<ChannelSource> sources;
    bool allSparse = true;
    for (auto it = target.begin(); it != target.end(); ++it) {
        const auto channel = channelFromName(it.key());
        if (!channel) {
            doc.warn(where + "." + it.key() + " is not a morphable attribute here; ignored");
            continue;
        }
        const ChannelSource source{*channel, it.key(), getInt(target, it.key().c_str(), -1, where)};
        // A description that fails is reported by the dense read below, in channel order.
        auto desc = describeAccessor(doc, source.accessor);
        allSparse = allSparse && desc && desc->sparse.present && !desc->hasView;
        sources.push_back(source);
    }
    if (sources.empty()) return {};

    if (Status s = readTargetData(doc, sources, allSparse, where, vertexCount, out); !s) return s;
    if (doc.options.keepNonFiniteTargets) zeroNonFinite(doc, where, sources, out, place);
    return {};
}

}  // namespace morph
