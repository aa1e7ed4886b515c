// The checks over names and delta sizes: nonfinite, huge, dead, duplicate and missing-on-mesh.
#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "morph/audit/AuditChecks.h"

namespace morph {
namespace {

Finding finding(const char* check, Severity severity, std::vector<std::string> targets,
                std::string mesh, std::string detail) {
    return {check, severity, std::move(targets), std::move(mesh), std::move(detail)};
}

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

// Whether the largest difference between two targets' POSITION deltas (zero where one has no
// entry) is within `tolerance`. Both vertex lists are ascending.
bool sameDeltas(const TargetDeltas& a, const TargetDeltas& b, float tolerance) {
    size_t i = 0, j = 0;
    while (i < a.vertices.size() || j < b.vertices.size()) {
        glm::vec3 da(0.0f), db(0.0f);
        const uint32_t va = i < a.vertices.size() ? a.vertices[i] : UINT32_MAX;
        const uint32_t vb = j < b.vertices.size() ? b.vertices[j] : UINT32_MAX;
        if (va <= vb) da = a.positions[i++];
        if (vb <= va) db = b.positions[j++];
        if (glm::length(da - db) > tolerance) return false;
    }
    return true;
}

// The pairs of targets of one mesh (indices, first < second in target order) with equal deltas.
// Sorted by the sum of their deltas' lengths, a pair can only be equal when the sums differ by at
// most the entries times the tolerance, so each target meets only its near neighbours.
std::vector<std::pair<size_t, size_t>> equalPairs(const MeshData& m, const AuditOptions& options) {
    std::vector<size_t> order;
    float largest = 0;
    for (size_t t = 0; t < m.targets.size(); ++t) {
        if (m.targets[t].broken || m.targets[t].moved == 0) continue;
        order.push_back(t);
        largest = std::max(largest, m.targets[t].maxDelta);
    }
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return m.targets[a].sumDelta < m.targets[b].sumDelta; });
    const float windowTolerance = options.duplicateTolerance * largest;
    std::vector<std::pair<size_t, size_t>> out;
    for (size_t i = 0; i < order.size(); ++i) {
        const TargetDeltas& a = m.targets[order[i]];
        for (size_t j = i + 1; j < order.size(); ++j) {
            const TargetDeltas& b = m.targets[order[j]];
            const double entries = double(a.vertices.size() + b.vertices.size());
            if (b.sumDelta - a.sumDelta > entries * windowTolerance) break;
            const float tolerance = options.duplicateTolerance * std::max(a.maxDelta, b.maxDelta);
            if (sameDeltas(a, b, tolerance))
                out.emplace_back(std::min(order[i], order[j]), std::max(order[i], order[j]));
        }
    }
    return out;
}

}  // namespace

void checkNonFinite(const Scene& scene, std::vector<MeshData>& meshes, std::vector<Finding>& out) {
    // One finding per target, naming every channel that had such values.
    std::map<std::pair<size_t, size_t>, std::string> channels;
    for (const NonFiniteTarget& n : scene.report.nonFiniteTargets) {
        std::string& text = channels[{n.mesh, n.target}];
        text += (text.empty() ? "" : ", ") + n.channel + " (" + std::to_string(n.values) +
                (n.values == 1 ? " value" : " values") + ")";
    }
    for (MeshData& m : meshes) {
        for (size_t t = 0; t < m.targets.size(); ++t) {
            auto it = channels.find({m.index, t});
            if (it == channels.end()) continue;
            m.targets[t].broken = true;
            out.push_back(finding(
                "nonfinite", Severity::Error, {m.targets[t].name}, m.name,
                "NaN or infinite deltas in " + it->second + "; read as zero to audit the rest"));
        }
    }
}

void checkHuge(std::vector<MeshData>& meshes, const AuditOptions& options,
               std::vector<Finding>& out) {
    for (MeshData& m : meshes) {
        const float limit = m.length(options.hugeDiagonals);
        for (TargetDeltas& t : m.targets) {
            if (t.broken || t.maxDelta <= limit) continue;
            size_t at = 0;
            for (size_t e = 0; e < t.positions.size(); ++e) {
                if (glm::length(t.positions[e]) == t.maxDelta) at = e;
            }
            t.broken = true;
            out.push_back(finding("huge", Severity::Error, {t.name}, m.name,
                                  "vertex " + std::to_string(t.vertices[at]) + " moves " +
                                      number(t.maxDelta) + ", " +
                                      number(t.maxDelta / std::max(m.diagonal, 1e-6f)) +
                                      " times the mesh's size (" + number(m.diagonal) + ")"));
        }
    }
}

void checkDead(const std::vector<MeshData>& meshes, const AuditOptions& options,
               std::vector<Finding>& out) {
    struct Use {
        std::vector<std::string> meshes;
        bool alive = false;
        double largestShare = 0;  // the largest delta as a share of its mesh's size
    };
    std::map<std::string, Use> uses;
    std::vector<std::string> order;  // first seen first
    for (const MeshData& m : meshes) {
        for (const TargetDeltas& t : m.targets) {
            auto [it, added] = uses.try_emplace(t.name);
            if (added) order.push_back(t.name);
            Use& use = it->second;
            use.meshes.push_back(m.name);
            use.alive = use.alive || t.broken || t.moved > 0 || t.otherChannels ||
                        std::any_of(t.normals.begin(), t.normals.end(),
                                    [](const glm::vec3& n) { return n != glm::vec3(0.0f); });
            use.largestShare = std::max(use.largestShare,
                                        double(t.maxDelta) / double(std::max(m.diagonal, 1e-6f)));
        }
    }
    for (const std::string& name : order) {
        const Use& use = uses[name];
        if (use.alive) continue;
        out.push_back(finding("dead", Severity::Error, {name}, joined(use.meshes),
                              "moves no vertex on " + std::to_string(use.meshes.size()) +
                                  (use.meshes.size() == 1 ? " mesh" : " meshes") +
                                  " (largest delta " + number(use.largestShare) +
                                  " of the mesh's size; tolerance " +
                                  number(options.moveTolerance) + ")"));
    }
}

void checkDuplicates(const std::vector<MeshData>& meshes, const AuditOptions& options,
                     std::vector<Finding>& out) {
    // A pair is a duplicate when it is equal on every mesh where either name moves something.
    std::map<std::string, size_t> movingMeshes;
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> equalOn;
    std::vector<std::pair<std::string, std::string>> order;
    for (const MeshData& m : meshes) {
        for (const TargetDeltas& t : m.targets) movingMeshes[t.name] += t.moved > 0 ? 1 : 0;
        for (auto [a, b] : equalPairs(m, options)) {
            const auto key = std::make_pair(m.targets[a].name, m.targets[b].name);
            std::vector<std::string>& on = equalOn[key];
            if (on.empty()) order.push_back(key);
            on.push_back(m.name);
        }
    }
    for (const auto& key : order) {
        const std::vector<std::string>& on = equalOn[key];
        if (on.size() != movingMeshes[key.first] || on.size() != movingMeshes[key.second]) continue;
        out.push_back(finding("duplicate", Severity::Warning, {key.first, key.second}, joined(on),
                              "the two move the same vertices by the same deltas (within " +
                                  number(options.duplicateTolerance) + " of the larger) on " +
                                  std::to_string(on.size()) +
                                  (on.size() == 1 ? " mesh" : " meshes")));
    }
}

void checkMissingOnMesh(const std::vector<MeshData>& meshes, const AuditOptions& options,
                        std::vector<Finding>& out) {
    std::vector<std::set<std::string>> names(meshes.size());
    for (size_t i = 0; i < meshes.size(); ++i) {
        for (const TargetDeltas& t : meshes[i].targets) names[i].insert(t.name);
    }
    for (size_t i = 0; i < meshes.size(); ++i) {
        std::vector<size_t> peers;
        for (size_t j = 0; j < meshes.size(); ++j) {
            if (j == i) continue;
            size_t common = 0;
            for (const std::string& n : names[j]) common += names[i].count(n);
            const size_t all = names[i].size() + names[j].size() - common;
            if (all > 0 && double(common) >= options.peerShare * double(all)) peers.push_back(j);
        }
        std::map<std::string, std::vector<std::string>> holders;  // missing name -> peers with it
        for (size_t j : peers) {
            for (const std::string& n : names[j]) {
                if (!names[i].count(n)) holders[n].push_back(meshes[j].name);
            }
        }
        for (const auto& [name, on] : holders) {
            if (on.size() * 2 <= peers.size()) continue;  // on a majority of the peers
            out.push_back(finding("missing-on-mesh", Severity::Error, {name}, meshes[i].name,
                                  "on " + std::to_string(on.size()) + " of the " +
                                      std::to_string(peers.size()) +
                                      " meshes that share most of this mesh's names (" +
                                      joined(on) + "), not on this one"));
        }
    }
}

}  // namespace morph
