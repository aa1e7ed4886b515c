#include "morph/diff/ModelDiff.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <tuple>
#include <unordered_map>

#include "morph/diff/VertexMatch.h"

namespace morph {

const char* driftStatusName(DriftStatus status) {
    switch (status) {
        case DriftStatus::Same: return "same";
        case DriftStatus::Changed: return "changed";
        case DriftStatus::Added: return "added";
        case DriftStatus::Removed: return "removed";
        case DriftStatus::Renamed: return "renamed";
    }
    return "changed";
}

bool ModelDiff::unchanged(const DiffOptions& options) const {
    if (restMaxDrift > options.maxDrift || unmatchedA != 0 || unmatchedB != 0) return false;
    return std::all_of(targets.begin(), targets.end(),
                       [](const TargetDrift& t) { return t.status == DriftStatus::Same; });
}

const TargetDrift* ModelDiff::worst() const {
    const TargetDrift* out = nullptr;
    for (const TargetDrift& t : targets) {
        if (out == nullptr || t.maxDrift > out->maxDrift) out = &t;
    }
    return out;
}

namespace {

struct Drift {
    float max = 0;
    float rms = 0;
    glm::vec3 at{0.0f};
    uint32_t atVertex = 0;  // A's vertex where max is (0 without a matched vertex)
};

// A share as a float; a drift past the largest float (deltas near 1e38 that overflow when two add
// up, on a small model) is written as that largest float, so the JSON keeps numbers.
float share(double value) {
    const double largest = double(std::numeric_limits<float>::max());
    return value < largest ? float(value) : float(largest);
}

// Each vertex's motion under the names both files have, in a few numbers: kProjections random
// combinations of those names' displacements (weights in [-1, 1] from the name's place in the
// list of common names, the same in both files). The squared difference of two vertices'
// signatures, times 3 / kProjections, estimates the sum over the names of their squared
// displacement differences (random projection), so two vertices that any common name moves
// differently differ here, at 24 floats a vertex rather than 3 per name.
constexpr size_t kProjections = 8;
using Signature = std::array<glm::vec3, kProjections>;

float projectionWeight(size_t name, size_t projection) {
    uint64_t z = (uint64_t(name) * kProjections + projection + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return float(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

std::vector<Signature> motionSignatures(const DrawnModel& model,
                                        const std::vector<size_t>& fields) {
    Signature zero;
    zero.fill(glm::vec3(0.0f));
    std::vector<Signature> out(model.rest.size(), zero);
    for (size_t k = 0; k < fields.size(); ++k) {
        std::array<float, kProjections> weights;
        for (size_t p = 0; p < kProjections; ++p) weights[p] = projectionWeight(k, p);
        const DisplacementField& field = model.fields[fields[k]];
        for (size_t e = 0; e < field.vertices.size(); ++e) {
            Signature& s = out[field.vertices[e]];
            for (size_t p = 0; p < kProjections; ++p) s[p] += weights[p] * field.deltas[e];
        }
    }
    return out;
}

double signatureDistance(const Signature& a, const Signature& b) {
    double sum = 0;
    for (size_t p = 0; p < kProjections; ++p) {
        const glm::dvec3 d = glm::dvec3(a[p] - b[p]);
        sum += glm::dot(d, d);
    }
    return sum * (3.0 / double(kProjections));
}

// For each of A's vertices, B's vertex within the tolerance whose position and motion together
// are nearest: the smallest squared distance plus squared difference of motion signatures (the
// lowest index among equal ones). Where one of B's vertices lies within the tolerance this is
// the nearest; where several do (a seam's copies, lips closed to within the tolerance and then
// quantized past each other) it is the one that moves as A's vertex does.
std::vector<int32_t> matchVertices(const DrawnModel& a, const DrawnModel& b, float tolerance) {
    std::unordered_map<std::string, size_t> inB;
    for (size_t n = 0; n < b.names.size(); ++n) inB.emplace(b.names[n], n);
    std::vector<size_t> fieldsA, fieldsB;
    for (size_t n = 0; n < a.names.size(); ++n) {
        auto found = inB.find(a.names[n]);
        if (found == inB.end()) continue;
        fieldsA.push_back(n);
        fieldsB.push_back(found->second);
    }
    const std::vector<Signature> motionA = motionSignatures(a, fieldsA);
    const std::vector<Signature> motionB = motionSignatures(b, fieldsB);
    const PointGrid grid(b.rest, tolerance);
    std::vector<int32_t> match(a.rest.size(), kNoMatch);
    for (size_t i = 0; i < a.rest.size(); ++i) {
        double bestCost = 0;
        grid.forEachWithin(a.rest[i], [&](uint32_t j, float distance) {
            const double cost = double(distance) + signatureDistance(motionA[i], motionB[j]);
            if (match[i] == kNoMatch || cost < bestCost ||
                (cost == bestCost && int32_t(j) < match[i])) {
                bestCost = cost;
                match[i] = int32_t(j);
            }
        });
    }
    return match;
}

// The comparison's state: the match and, per comparison, both fields spread over their models'
// vertices (scattered for one pair of names, then cleared), so each comparison walks A's matched
// vertices once whatever the fields' forms.
class Comparison {
public:
    Comparison(const DrawnModel& a, const DrawnModel& b, float diagonal, float tolerance)
        : mA(a),
          mDiagonal(diagonal),
          mMatch(matchVertices(a, b, tolerance)),
          mDenseA(a.rest.size(), glm::vec3(0.0f)),
          mDenseB(b.rest.size(), glm::vec3(0.0f)) {}

    const std::vector<int32_t>& match() const { return mMatch; }

    // A's field `fa` against B's `fb` (nullptr: zero everywhere).
    Drift drift(const DisplacementField* fa, const DisplacementField* fb) {
        scatter(fa, mDenseA, 1.0f);
        scatter(fb, mDenseB, 1.0f);
        double largest = 0, sum = 0;
        size_t matched = 0, at = 0;
        bool first = true;
        for (size_t i = 0; i < mMatch.size(); ++i) {
            if (mMatch[i] == kNoMatch) continue;
            const glm::dvec3 e = glm::dvec3(mDenseA[i]) - glm::dvec3(mDenseB[size_t(mMatch[i])]);
            const double d = glm::dot(e, e);
            sum += d;
            ++matched;
            if (first || d > largest) {
                largest = d;
                at = i;
                first = false;
            }
        }
        scatter(fa, mDenseA, 0.0f);
        scatter(fb, mDenseB, 0.0f);
        Drift out;
        if (matched == 0) return out;
        out.max = share(std::sqrt(largest) / mDiagonal);
        out.rms = share(std::sqrt(sum / double(matched)) / mDiagonal);
        out.at = mA.rest[at];
        out.atVertex = uint32_t(at);
        return out;
    }

    // fa - fb (nullptr: zero) at each of A's vertices `probes` (B's field at the vertex's match;
    // zero where it has none), as shares of the diagonal.
    std::vector<glm::dvec3> valuesAt(const DisplacementField* fa, const DisplacementField* fb,
                                     const std::vector<uint32_t>& probes) {
        scatter(fa, mDenseA, 1.0f);
        scatter(fb, mDenseB, 1.0f);
        std::vector<glm::dvec3> out;
        for (uint32_t i : probes) {
            glm::dvec3 e(mDenseA[i]);
            if (mMatch[i] != kNoMatch) e -= glm::dvec3(mDenseB[size_t(mMatch[i])]);
            out.push_back(e / mDiagonal);
        }
        scatter(fa, mDenseA, 0.0f);
        scatter(fb, mDenseB, 0.0f);
        return out;
    }

private:
    // Adds the field's entries (keep 1) or clears them (keep 0).
    static void scatter(const DisplacementField* field, std::vector<glm::vec3>& dense, float keep) {
        if (field == nullptr) return;
        for (size_t e = 0; e < field->vertices.size(); ++e) {
            glm::vec3& v = dense[field->vertices[e]];
            v = keep == 0.0f ? glm::vec3(0.0f) : v + field->deltas[e];
        }
    }

    const DrawnModel& mA;
    double mDiagonal;
    std::vector<int32_t> mMatch;
    std::vector<glm::vec3> mDenseA, mDenseB;
};

bool listed(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

TargetDrift row(const std::string& name, DriftStatus status, const Drift& drift) {
    TargetDrift out;
    out.name = name;
    out.status = status;
    out.maxDrift = drift.max;
    out.rmsDrift = drift.rms;
    out.at = drift.at;
    return out;
}

// The rows of every name of A (changed or the same where B has it, removed where not), then B's
// names A lacks (added); `peaks` gets each row's vertex of largest drift.
std::vector<TargetDrift> nameRows(const DrawnModel& a, const DrawnModel& b, Comparison& comparison,
                                  const DiffOptions& options, std::vector<uint32_t>& peaks) {
    std::unordered_map<std::string, size_t> inB;
    for (size_t n = 0; n < b.names.size(); ++n) inB.emplace(b.names[n], n);
    std::vector<TargetDrift> rows;
    for (size_t n = 0; n < a.names.size(); ++n) {
        const std::string& name = a.names[n];
        auto found = inB.find(name);
        if (found == inB.end()) {
            const Drift drift = comparison.drift(&a.fields[n], nullptr);
            rows.push_back(row(name, DriftStatus::Removed, drift));
            rows.back().nonFinite = listed(a.nonFinite, name);
            peaks.push_back(drift.atVertex);
            continue;
        }
        TargetDrift r =
            row(name, DriftStatus::Same, comparison.drift(&a.fields[n], &b.fields[found->second]));
        r.nonFinite = listed(a.nonFinite, name) || listed(b.nonFinite, name);
        if (r.nonFinite || r.maxDrift > options.maxDrift) r.status = DriftStatus::Changed;
        rows.push_back(std::move(r));
        peaks.push_back(0);
    }
    std::unordered_map<std::string, size_t> inA;
    for (size_t n = 0; n < a.names.size(); ++n) inA.emplace(a.names[n], n);
    for (size_t n = 0; n < b.names.size(); ++n) {
        if (inA.count(b.names[n]) != 0) continue;
        const Drift drift = comparison.drift(nullptr, &b.fields[n]);
        rows.push_back(row(b.names[n], DriftStatus::Added, drift));
        rows.back().nonFinite = listed(b.nonFinite, b.names[n]);
        peaks.push_back(drift.atVertex);
    }
    return rows;
}

size_t fieldOf(const DrawnModel& model, const std::string& name) {
    return size_t(std::find(model.names.begin(), model.names.end(), name) - model.names.begin());
}

// What is known of a removed or an added row before it is measured against another: its
// maxDrift (its field's largest length over the matched vertices) and its field at the peaks of
// every candidate row (A's field, or minus B's at the vertex's match, as shares of the diagonal).
struct Candidate {
    size_t row = 0;
    size_t peak = 0;  // its own peak's place in `values`
    std::vector<glm::dvec3> values;
};

// The largest drift at which a removed and an added row are one target renamed: the budget, and
// half the smaller one's own largest move, so that two targets smaller than the budget that move
// different places (or nothing: two dead targets) are not taken for each other.
float renameLimit(const TargetDrift& removed, const TargetDrift& added, float budget) {
    return std::min(budget, 0.5f * std::min(removed.maxDrift, added.maxDrift));
}

// Whether a removed and an added row may match within renameLimit: |max|a| - max|b|| <=
// max|a - b|, and at any vertex |a - b| <= max|a - b| (a - b being the sum of the two rows'
// values there). Checked at both rows' peaks, where a target that is not the other's rename
// differs by about its own size, so most of 300 x 300 pairs are never measured.
bool mayMatch(const TargetDrift& removed, const TargetDrift& added, const Candidate& r,
              const Candidate& d, float budget) {
    const float within = renameLimit(removed, added, budget);
    if (std::fabs(removed.maxDrift - added.maxDrift) > within) return false;
    const double limit = double(within) * (1.0 + 1e-6);
    return glm::length(r.values[r.peak] + d.values[r.peak]) <= limit &&
           glm::length(r.values[d.peak] + d.values[d.peak]) <= limit;
}

// The removed and the added rows that may be renames (those that move something), with their
// values.
void findCandidates(const DrawnModel& a, const DrawnModel& b, Comparison& comparison,
                    const std::vector<TargetDrift>& rows, const std::vector<uint32_t>& peaks,
                    std::vector<Candidate>& removed, std::vector<Candidate>& added) {
    std::vector<uint32_t> probes;
    for (size_t r = 0; r < rows.size(); ++r) {
        const DriftStatus status = rows[r].status;
        if (rows[r].nonFinite || !(rows[r].maxDrift > 0.0f)) continue;
        if (status != DriftStatus::Removed && status != DriftStatus::Added) continue;
        Candidate c;
        c.row = r;
        c.peak = probes.size();
        probes.push_back(peaks[r]);
        (status == DriftStatus::Removed ? removed : added).push_back(std::move(c));
    }
    for (Candidate& c : removed)
        c.values = comparison.valuesAt(&a.fields[fieldOf(a, rows[c.row].name)], nullptr, probes);
    for (Candidate& c : added)
        c.values = comparison.valuesAt(nullptr, &b.fields[fieldOf(b, rows[c.row].name)], probes);
}

// A removed and an added row whose fields match within renameLimit become one renamed row (at the
// removed one's place), the closest pairs first.
void pairRenames(const DrawnModel& a, const DrawnModel& b, Comparison& comparison,
                 const DiffOptions& options, const std::vector<uint32_t>& peaks,
                 std::vector<TargetDrift>& rows) {
    std::vector<Candidate> removed, added;
    findCandidates(a, b, comparison, rows, peaks, removed, added);
    std::vector<std::tuple<float, size_t, size_t, Drift>> pairs;
    for (const Candidate& cr : removed) {
        for (const Candidate& cd : added) {
            const size_t r = cr.row, d = cd.row;
            if (!mayMatch(rows[r], rows[d], cr, cd, options.maxDrift)) continue;
            const Drift drift = comparison.drift(&a.fields[fieldOf(a, rows[r].name)],
                                                 &b.fields[fieldOf(b, rows[d].name)]);
            if (drift.max <= renameLimit(rows[r], rows[d], options.maxDrift))
                pairs.emplace_back(drift.max, r, d, drift);
        }
    }
    std::sort(pairs.begin(), pairs.end(), [](const auto& x, const auto& y) {
        return std::tie(std::get<0>(x), std::get<1>(x), std::get<2>(x)) <
               std::tie(std::get<0>(y), std::get<1>(y), std::get<2>(y));
    });
    std::vector<bool> used(rows.size(), false), dropped(rows.size(), false);
    for (const auto& [max, r, d, drift] : pairs) {
        if (used[r] || used[d]) continue;
        used[r] = used[d] = dropped[d] = true;
        TargetDrift renamed = row(rows[d].name, DriftStatus::Renamed, drift);
        renamed.from = rows[r].name;
        rows[r] = std::move(renamed);
    }
    std::vector<TargetDrift> kept;
    for (size_t r = 0; r < rows.size(); ++r) {
        if (!dropped[r]) kept.push_back(std::move(rows[r]));
    }
    rows = std::move(kept);
}

}  // namespace

ModelDiff diffModels(const DrawnModel& a, const DrawnModel& b, const DiffOptions& options) {
    ModelDiff out;
    out.diagonal = restDiagonal(a);
    out.verticesA = uint32_t(a.rest.size());
    out.verticesB = uint32_t(b.rest.size());
    const float tolerance = options.matchTolerance * out.diagonal;
    Comparison comparison(a, b, out.diagonal, tolerance);
    const std::vector<int32_t>& match = comparison.match();
    double restLargest = 0;
    for (size_t i = 0; i < match.size(); ++i) {
        if (match[i] == kNoMatch) {
            ++out.unmatchedA;
            continue;
        }
        const glm::dvec3 e = glm::dvec3(a.rest[i] - b.rest[size_t(match[i])]);
        restLargest = std::max(restLargest, glm::dot(e, e));
    }
    out.restMaxDrift = float(std::sqrt(restLargest) / double(out.diagonal));
    out.unmatchedB = countUnmatched(b.rest, a.rest, tolerance);
    std::vector<uint32_t> peaks;
    out.targets = nameRows(a, b, comparison, options, peaks);
    pairRenames(a, b, comparison, options, peaks, out.targets);
    out.match = match;
    return out;
}

std::vector<glm::vec3> driftField(const DrawnModel& a, const DrawnModel& b, const ModelDiff& diff,
                                  const std::string& nameA, const std::string& nameB) {
    std::vector<glm::vec3> fieldA(a.rest.size(), glm::vec3(0.0f));
    std::vector<glm::vec3> fieldB(b.rest.size(), glm::vec3(0.0f));
    auto spread = [](const DrawnModel& m, const std::string& name, std::vector<glm::vec3>& out) {
        const size_t n = fieldOf(m, name);
        if (name.empty() || n >= m.fields.size()) return;
        for (size_t e = 0; e < m.fields[n].vertices.size(); ++e)
            out[m.fields[n].vertices[e]] += m.fields[n].deltas[e];
    };
    spread(a, nameA, fieldA);
    spread(b, nameB, fieldB);
    for (size_t i = 0; i < fieldA.size() && i < diff.match.size(); ++i) {
        fieldA[i] =
            diff.match[i] == kNoMatch ? glm::vec3(0.0f) : fieldA[i] - fieldB[size_t(diff.match[i])];
    }
    return fieldA;
}

}  // namespace morph
