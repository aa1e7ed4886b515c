// side and asymmetric: what a Left/Right name promises, checked against the mesh's mirror plane.
// Left and right are the character's own (ARKit's eyeBlinkLeft closes the character's left eye).
#include <algorithm>
#include <cmath>
#include <optional>

#include "morph/audit/AuditChecks.h"
#include "morph/edit/TargetGroups.h"

namespace morph {
namespace {

// Whether a name says left (true) or right (false); nullopt when it names no side. Through the
// target groups' own side parsing: a name is the left one of the pair it makes with its mirror.
std::optional<bool> namesLeft(const std::string& name) {
    const std::optional<std::string> mirror = mirrorName(name);
    if (!mirror) return std::nullopt;
    const std::vector<TargetPair> pairs = findLeftRightPairs({name, *mirror});
    if (pairs.empty()) return std::nullopt;
    return pairs[0].left == 0;
}

// Where a target's movement lies: the sums of its moved vertices' delta lengths on the
// character's left, on its right and in total (vertices within `centre` of the plane count in
// the total only).
struct SideWeights {
    double left = 0, right = 0, total = 0;
    // Most of the movement is on one side (a blink, not a jaw or an eyeball turning).
    bool sided() const { return total > 0 && std::max(left, right) >= total * 2.0 / 3.0; }
};

SideWeights sideWeights(const MeshData& m, const TargetDeltas& t, float moveTolerance) {
    SideWeights w;
    const float centre = m.length(0.01f);
    for (size_t e = 0; e < t.vertices.size(); ++e) {
        const double d = glm::length(t.positions[e]);
        if (d <= moveTolerance) continue;
        const float s = m.symmetry.side(m.positions[t.vertices[e]]);
        w.total += d;
        if (s > centre) w.left += d;
        if (s < -centre) w.right += d;
    }
    return w;
}

std::string planeText(const Symmetry& s) {
    return "mirror plane at " + number(s.offset) + " along (" + number(s.axis.x, 2) + ", " +
           number(s.axis.y, 2) + ", " + number(s.axis.z, 2) + "), " + percent(s.pairedShare) +
           " of the vertices paired";
}

// Whether `t` works on the side its name does not say; a finding says so.
bool checkSide(const MeshData& m, const TargetDeltas& t, const AuditOptions& options,
               std::vector<Finding>& out) {
    const std::optional<bool> left = namesLeft(t.name);
    if (!left || t.broken || t.moved == 0) return false;
    const SideWeights w = sideWeights(m, t, m.length(options.moveTolerance));
    const double sided = w.left + w.right;
    // A target that works mostly on the plane (a jaw) says nothing about its side.
    if (sided < 0.25 * w.total) return false;
    const double wrong = (*left ? w.right : w.left) / sided;
    if (wrong < options.wrongSideShare) return false;
    out.push_back({"side",
                   Severity::Error,
                   {t.name},
                   m.name,
                   std::string("named ") + (*left ? "left" : "right") + " but " + percent(wrong) +
                       " of its off-centre movement is on the character's " +
                       (*left ? "right" : "left") + " (" + planeText(m.symmetry) + ")"});
    return true;
}

// The largest difference between `right`'s deltas and the mirror image of `left`'s, and where.
struct Asymmetry {
    float largest = 0;
    uint32_t vertex = 0;
    double differences = 0;  // summed over both targets' vertices
    double deltas = 0;       // their deltas' lengths, summed the same way
    double share() const { return deltas > 0 ? differences / deltas : 0.0; }
};

// Each of `from`'s moved vertices against `to`'s delta at its mirror image (zero where `to` does
// not move), read at the image's place on the surface (a vertex, or a point of a triangle where
// no vertex lies there); the closest of the places where sheets nearly coincide. Run both ways,
// since a mesh that is only nearly symmetric pairs vertices by the nearest mirror image, which is
// not always a one-to-one pairing. `scratch` is all zeros on entry and on return.
void compareMirrored(const MeshData& m, const TargetDeltas& from, const TargetDeltas& to,
                     std::vector<glm::vec3>& scratch, Asymmetry& a) {
    for (size_t e = 0; e < to.vertices.size(); ++e) scratch[to.vertices[e]] = to.positions[e];
    const Symmetry& s = m.symmetry;
    auto leaked = from.leaked.begin();
    for (size_t e = 0; e < from.vertices.size(); ++e) {
        const uint32_t v = from.vertices[e];
        while (leaked != from.leaked.end() && *leaked < e) ++leaked;
        if (leaked != from.leaked.end() && *leaked == e) continue;  // the leak's finding
        if (s.firstSample[v] == s.firstSample[v + 1]) continue;     // no mirror image
        const glm::vec3 expected = s.mirrorDelta(from.positions[e]);
        float difference = INFINITY;
        for (uint32_t k = s.firstSample[v]; k < s.firstSample[v + 1]; ++k)
            difference = std::min(difference, glm::length(s.samples[k].at(scratch) - expected));
        a.differences += double(difference);
        a.deltas += double(glm::length(from.positions[e]));
        if (difference > a.largest) {
            a.largest = difference;
            a.vertex = v;
        }
    }
    for (uint32_t v : to.vertices) scratch[v] = glm::vec3(0.0f);
}

Asymmetry asymmetry(const MeshData& m, const TargetDeltas& left, const TargetDeltas& right,
                    std::vector<glm::vec3>& scratch) {
    Asymmetry a;
    compareMirrored(m, left, right, scratch, a);
    compareMirrored(m, right, left, scratch, a);
    return a;
}

void checkPair(const MeshData& m, const TargetPair& pair, const AuditOptions& options,
               std::vector<glm::vec3>& scratch, std::vector<Finding>& out) {
    const TargetDeltas& left = m.targets[pair.left];
    const TargetDeltas& right = m.targets[pair.right];
    if (left.broken || right.broken || (left.moved == 0 && right.moved == 0)) return;
    // Only a pair that works on one side each: an eye mesh's eyeLookInLeft turns a whole eyeball
    // whose mirror image is itself, not the other eye.
    const float moveTolerance = m.length(options.moveTolerance);
    if (!sideWeights(m, left, moveTolerance).sided() &&
        !sideWeights(m, right, moveTolerance).sided())
        return;
    const float largest = std::max(left.maxDelta, right.maxDelta);
    const Asymmetry a = asymmetry(m, left, right, scratch);
    if (a.share() <= options.asymmetryShare) return;
    out.push_back({"asymmetric",
                   Severity::Warning,
                   {left.name, right.name},
                   m.name,
                   "the deltas differ from each other's mirror image by " + percent(a.share()) +
                       " of their movement, by up to " + number(a.largest) + " at vertex " +
                       std::to_string(a.vertex) + " (" + percent(a.largest / largest) +
                       " of the pair's largest delta, " + number(largest) + ")"});
}

// The mesh's targets that name a side and move something: what side and asymmetric judge.
std::vector<std::string> sidedTargets(const MeshData& m) {
    std::vector<std::string> out;
    for (const TargetDeltas& t : m.targets) {
        if (!t.broken && t.moved > 0 && namesLeft(t.name)) out.push_back(t.name);
    }
    return out;
}

Unchecked uncheckedSides(const MeshData& m, std::vector<std::string> targets,
                         const AuditOptions& options) {
    const size_t count = targets.size();
    return {{"side", "asymmetric"},
            m.name,
            std::move(targets),
            m.symmetry.pairedShare,
            "no mirror plane across (" + number(m.symmetry.axis.x, 2) + ", " +
                number(m.symmetry.axis.y, 2) + ", " + number(m.symmetry.axis.z, 2) + "): at best " +
                percent(m.symmetry.pairedShare) +
                " of its vertices have a vertex near their mirror image (" +
                percent(options.symmetricShare) + " needed), so side and asymmetric did not " +
                "judge its " + std::to_string(count) + (count == 1 ? " target" : " targets") +
                " that name a side"};
}

}  // namespace

void checkSides(const std::vector<MeshData>& meshes, const AuditOptions& options,
                std::vector<Finding>& out, std::vector<Unchecked>& unchecked) {
    for (const MeshData& m : meshes) {
        if (!m.symmetry.found) {
            std::vector<std::string> sided = sidedTargets(m);
            if (!sided.empty()) unchecked.push_back(uncheckedSides(m, std::move(sided), options));
            continue;
        }
        std::vector<bool> wrongSide(m.targets.size(), false);
        for (size_t t = 0; t < m.targets.size(); ++t)
            wrongSide[t] = checkSide(m, m.targets[t], options, out);
        std::vector<std::string> names;
        for (const TargetDeltas& t : m.targets) names.push_back(t.name);
        std::vector<glm::vec3> scratch(m.positions.size(), glm::vec3(0.0f));
        for (const TargetPair& pair : findLeftRightPairs(names)) {
            // A pair with a target on the wrong side is not each other's mirror image because
            // of it (a Left target mirrored onto the right): the side error says so already.
            if (wrongSide[pair.left] || wrongSide[pair.right]) continue;
            checkPair(m, pair, options, scratch, out);
        }
    }
}

}  // namespace morph
