#pragma once
// Builds the whole face model (parts, normals, tangents, targets) and its glTF file.
#include <cstdint>
#include <vector>

#include "FaceModel.h"
#include "HeadSurface.h"

namespace face {

constexpr int kSkinTextureSize = 1024;

FaceModel buildFaceModel(const HeadSurface& head);

// The complete face.glb: deterministic, byte for byte, for a given build of this code.
std::vector<uint8_t> buildFaceGlb();

}  // namespace face
