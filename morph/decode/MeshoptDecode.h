#pragma once
// EXT_meshopt_compression: compressed buffer views decoded with libmeshoptimizer.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

enum class MeshoptMode { Attributes, Triangles, Indices };
enum class MeshoptFilter { None, Octahedral, Quaternion, Exponential };

struct MeshoptView {
    MeshoptMode mode = MeshoptMode::Attributes;
    MeshoptFilter filter = MeshoptFilter::None;
    size_t count = 0;
    size_t byteStride = 0;
};

// Decodes `size` compressed bytes into count * byteStride bytes. Errors name no file.
Result<std::vector<uint8_t>> decodeMeshopt(const MeshoptView& view, const uint8_t* data,
                                           size_t size);

}  // namespace morph
