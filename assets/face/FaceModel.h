#pragma once
// The face as plain data before it becomes glTF: one Part per primitive of the single "Face"
// mesh, each with its neutral attributes and one dense set of deltas per target (made sparse
// when written).
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace face {

// Materials, in the order the GLB lists them.
enum class MaterialId : int { Skin = 0, EyeWhite, Iris, Pupil, MouthInside, Teeth, Tongue, Count };

// What the deformers need to know of a vertex beyond its position.
struct VertexTag {
    int8_t eye = -1;          // 0 left (+X), 1 right (-X): which eyeball (eye parts) or eye region
    bool belowMouth = false;  // on the jaw side of the mouth slit (head), or moves with the jaw
    bool lowerLid = false;    // on the lower side of an eye slit (head)
    bool lowerTeeth = false;  // teeth: the lower row
};

struct Part {
    std::string name;
    MaterialId material = MaterialId::Skin;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec2> uvs;
    std::vector<uint32_t> indices;
    // weld[v]: the vertex whose normal v shares (seams where UVs split a smooth surface).
    std::vector<uint32_t> weld;
    std::vector<VertexTag> tags;

    std::vector<glm::vec3> normals;
    std::vector<glm::vec4> tangents;

    // Per target: full deformed positions, and the deltas derived from them.
    std::vector<std::vector<glm::vec3>> positionDeltas;
    std::vector<std::vector<glm::vec3>> normalDeltas;

    uint32_t vertexCount() const { return static_cast<uint32_t>(positions.size()); }
};

struct FaceModel {
    std::vector<Part> parts;
    std::vector<std::string> targetNames;
};

}  // namespace face
