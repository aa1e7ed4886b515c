#pragma once
// The bundled skinned character (assets/character.glb): a small stylized figure whose
// mesh is skinned to a 17-joint skeleton and carries morph targets, with clips that animate
// joints and weights together. Built from plain arithmetic (face/DeterministicMath.h), so the
// GLB is byte-identical on every build.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace character {

// The skeleton, in bind pose (world positions; the bind pose has no rotations).
struct Joint {
    std::string name;
    int parent;  // index into kJoints, -1: the root joint
    glm::vec3 bindPosition;
};
const std::vector<Joint>& joints();
int jointIndex(const std::string& name);  // -1 when unknown

// One primitive's vertex data, skinned: up to two joints per vertex (JOINTS_0 unsigned byte,
// WEIGHTS_0 float), and per target one POSITION and one COLOR_0 delta per vertex (zero where
// untouched).
struct Part {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<glm::vec4> colors;
    std::vector<glm::u8vec4> joints;
    std::vector<glm::vec4> weights;
    std::vector<uint32_t> indices;
    std::vector<std::vector<glm::vec3>> targets;       // POSITION deltas [target][vertex]
    std::vector<std::vector<glm::vec4>> colorTargets;  // COLOR_0 deltas [target][vertex]
};

// Target names, in mesh order.
const std::vector<std::string>& targetNames();

// The body (torso, head, arms, legs; vertex colours) and the eyes.
Part buildBody();
Part buildEyes();

std::vector<uint8_t> buildCharacterGlb();

}  // namespace character
