// rig-logic: what a rig's derived targets (Mesh::rigRules, morph/rig/RigLogic.h) say that does not
// fit their data. Three kinds, one check name, each a warning:
//   a rule of the file's extras.rigLogic that a mesh cannot follow: it has the target but not
//   every driver, so the target stays a plain slider there;
//   a combination (corrective) that moves vertices none of its drivers move: a corrective fixes
//   what its drivers do together, where they do it;
//   in-betweens whose reach does not grow with their peaks: jawOpen25 should move less than
//   jawOpen50, and both less than jawOpen itself at 1.
#include <algorithm>
#include <map>
#include <set>

#include "morph/audit/AuditChecks.h"
#include "morph/rig/RigLogic.h"

namespace morph {

namespace {

Finding rigFinding(const MeshData& mesh, std::vector<std::string> targets, std::string detail) {
    return {"rig-logic", Severity::Warning, std::move(targets), mesh.name, std::move(detail)};
}

void checkFileRules(const Scene& scene, const std::vector<MeshData>& meshes,
                    std::vector<Finding>& out) {
    if (scene.rigLogic.empty()) return;
    auto rules = parseRigLogic(scene.rigLogic, "extras.rigLogic", RigRuleSource::File);
    if (!rules) return;  // the import warned already
    for (const MeshData& mesh : meshes) {
        const Mesh& m = scene.meshes[mesh.index];
        const std::set<std::string> names(m.targetNames.begin(), m.targetNames.end());
        for (const RigRuleSpec& rule : *rules) {
            if (!names.count(rule.target)) continue;
            for (const std::string& driver : rule.drivers) {
                if (names.count(driver)) continue;
                out.push_back(
                    rigFinding(mesh, {rule.target},
                               "the file's rig logic drives it by '" + driver +
                                   "', which this mesh lacks: here it is a plain target"));
            }
        }
    }
}

// The vertices a target moves beyond the tolerance.
std::set<uint32_t> movedVertices(const TargetDeltas& t, float tolerance) {
    std::set<uint32_t> moved;
    for (size_t i = 0; i < t.vertices.size(); ++i)
        if (glm::length(t.positions[i]) > tolerance) moved.insert(t.vertices[i]);
    return moved;
}

void checkCorrectives(const Scene& scene, const std::vector<MeshData>& meshes,
                      const AuditOptions& options, std::vector<Finding>& out) {
    for (const MeshData& mesh : meshes) {
        const float tolerance = mesh.length(options.moveTolerance);
        for (const RigRule& rule : scene.meshes[mesh.index].rigRules) {
            if (rule.kind != RigRuleKind::Combination) continue;
            const TargetDeltas& target = mesh.targets[rule.target];
            if (target.broken || target.moved == 0) continue;
            std::set<uint32_t> driven;
            for (size_t d : rule.drivers) {
                const std::set<uint32_t> m = movedVertices(mesh.targets[d], tolerance);
                driven.insert(m.begin(), m.end());
            }
            size_t outside = 0;
            for (uint32_t v : movedVertices(target, tolerance)) outside += !driven.count(v);
            if (outside == 0) continue;
            out.push_back(rigFinding(mesh, {target.name},
                                     "a corrective that moves " + std::to_string(outside) +
                                         " vertices none of its drivers move (of " +
                                         std::to_string(target.moved) + " it moves)"));
        }
    }
}

void checkInbetweenReach(const Scene& scene, const std::vector<MeshData>& meshes,
                         std::vector<Finding>& out) {
    for (const MeshData& mesh : meshes) {
        std::map<size_t, std::vector<const RigRule*>> byDriver;
        for (const RigRule& rule : scene.meshes[mesh.index].rigRules)
            if (rule.kind == RigRuleKind::Inbetween) byDriver[rule.drivers[0]].push_back(&rule);
        for (auto& [driver, rules] : byDriver) {
            std::sort(rules.begin(), rules.end(),
                      [](const RigRule* a, const RigRule* b) { return a->peak < b->peak; });
            // Each shape's reach (its longest delta) against the next peak's, the driver last
            // (in-betweens at one peak are parts of one shape: none is after another).
            for (size_t i = 0; i < rules.size(); ++i) {
                size_t after = i + 1;
                while (after < rules.size() && rules[after]->peak == rules[i]->peak) ++after;
                const TargetDeltas& here = mesh.targets[rules[i]->target];
                const TargetDeltas& next =
                    mesh.targets[after < rules.size() ? rules[after]->target : driver];
                if (here.broken || next.broken || here.maxDelta <= next.maxDelta) continue;
                out.push_back(rigFinding(
                    mesh, {here.name, next.name},
                    "the in-between at " + number(rules[i]->peak) + " reaches " +
                        number(here.maxDelta) + ", farther than " + next.name + " (" +
                        number(next.maxDelta) + ") after it: their peaks are out of order"));
            }
        }
    }
}

}  // namespace

void checkRigLogic(const Scene& scene, const std::vector<MeshData>& meshes,
                   const AuditOptions& options, std::vector<Finding>& out) {
    checkFileRules(scene, meshes, out);
    checkCorrectives(scene, meshes, options, out);
    checkInbetweenReach(scene, meshes, out);
}

}  // namespace morph
