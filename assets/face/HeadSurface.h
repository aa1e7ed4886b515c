#pragma once
// The skin: a closed surface swept as horizontal rings (a profile of ring sizes from crown to
// neck) around a grid of columns that is densest on the face, then sculpted with compact
// displacement features. The eye openings and the mouth are slits: one grid row whose vertices
// are duplicated between two corner columns, so lids and lips are separate edges that can move.
#include <vector>

#include <glm/glm.hpp>

#include "FaceModel.h"

namespace face {

// The rig parameters that need the surface rebuilt rather than a delta field: lid closure per
// eye (0 left / +X, 1 right). 0 is the neutral open eye, 1 closed, negative opens wider.
struct HeadParams {
    float upperClose[2] = {0.0f, 0.0f};
    float lowerClose[2] = {0.0f, 0.0f};
};

struct HeadLayout {
    int columns = 0;          // quads around; vertex columns = columns + 1 (UV seam at the back)
    int rows = 0;             // including the crown and neck poles
    std::vector<float> rowT;  // profile parameter per row
    std::vector<float> columnPhi;  // azimuth per vertex column, 0 = facing +Z
    int eyeRow = 0;
    int mouthRow = 0;
    int eyeColumns[2][2] = {};  // corner columns of each eye slit (ascending)
    int mouthColumns[2] = {};
    float eyeY = 0;
    float mouthY = 0;
    float eyeCornerX[2][2] = {};  // x of the slit corners (ascending)
    float mouthCornerX = 0;       // |x| of the mouth corners
    glm::vec3 eyeCenter[2];
    float eyeRadius = 0;
};

class HeadSurface {
public:
    HeadSurface();

    const HeadLayout& layout() const { return mLayout; }

    // Topology, UVs, seams and tags, with positions for `params`.
    Part makePart(const HeadParams& params) const;
    std::vector<glm::vec3> positions(const HeadParams& params) const;

    // The unsculpted surface at profile parameter t and azimuth phi (texture painting, features).
    glm::vec3 basePoint(float t, float phi) const;
    // Profile parameter and azimuth for a texture coordinate.
    float rowParam(float v) const;
    float columnPhi(float u) const;

private:
    struct GridVertex {
        int column;
        int row;
        bool lowerCopy;  // the jaw/lower-lid side of a slit
    };

    glm::vec3 sculpt(const GridVertex& g, const HeadParams& params) const;
    uint32_t vertexAt(int column, int row, bool below) const;

    HeadLayout mLayout;
    std::vector<GridVertex> mVertices;
    std::vector<int> mGridIndex;   // (row * (columns + 1) + column) -> vertex
    std::vector<int> mLowerIndex;  // same, the lower copy of slit vertices (-1 elsewhere)
};

// The sculpted features: the displacement of an unsculpted point (azimuth phi) with
// unsculpted normal.
glm::vec3 faceDisplacement(const glm::vec3& base, const glm::vec3& normal, float phi,
                           const HeadLayout& layout);
// 0..1: how much hair covers an unsculpted point; the edge spans [hairline - below,
// hairline + above] in height (shared by the hair's relief and its colour).
float hairCover(const glm::vec3& base, float phi, const HeadLayout& layout, float below,
                float above);

}  // namespace face
