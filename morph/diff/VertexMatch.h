#pragma once
// Vertices of two models paired by position: for each point of one set, the nearest point of the
// other within a tolerance, found through a uniform grid of cells one tolerance wide (a point
// within the tolerance lies in the query's cell or one of its 26 neighbours). What diff matches
// two files' drawn vertices with, so that merged, split, reordered, deduplicated or quantized
// meshes compare.
#include <cstdint>
#include <functional>
#include <vector>

#include <glm/glm.hpp>

namespace morph {

inline constexpr int32_t kNoMatch = -1;

// A grid over `points` (which it keeps by reference: they must outlive it).
class PointGrid {
public:
    PointGrid(const std::vector<glm::vec3>& points, float tolerance);

    // The index of the point nearest `query` at a distance <= the tolerance (the lowest index
    // among equally near ones), or kNoMatch.
    int32_t nearest(const glm::vec3& query) const;
    // visit(index, squared distance) for every point at a distance <= the tolerance of `query`.
    void forEachWithin(const glm::vec3& query,
                       const std::function<void(uint32_t, float)>& visit) const;

private:
    bool cellOf(const glm::vec3& p, glm::i64vec3& cell) const;
    uint64_t key(const glm::i64vec3& cell) const;

    const std::vector<glm::vec3>& mPoints;
    float mTolerance = 0;
    float mCell = 1;
    glm::vec3 mOrigin{0.0f};
    glm::i64vec3 mCells{1};
    std::vector<uint64_t> mKeys;     // sorted
    std::vector<uint32_t> mIndices;  // the point of each key
};

// For each of `from`, the nearest of `to` within `tolerance` (kNoMatch where none is).
std::vector<int32_t> matchNearest(const std::vector<glm::vec3>& from,
                                  const std::vector<glm::vec3>& to, float tolerance);

// How many of `from` have no point of `to` within `tolerance`.
uint32_t countUnmatched(const std::vector<glm::vec3>& from, const std::vector<glm::vec3>& to,
                        float tolerance);

}  // namespace morph
