#pragma once
// KHR_draco_mesh_compression: a primitive's compressed base attributes and indices decoded with
// libdraco, per point in Draco's order (the targets, plain accessors, follow that same order).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

struct DracoRequest {
    std::string name;         // the glTF attribute ("POSITION"), for messages
    int uniqueId = -1;        // the extension's attributes[name]
    uint32_t components = 0;  // the accessor's component count
};

struct DracoAttribute {
    std::vector<float> values;  // pointCount * components
    bool rawIntegers =
        false;  // integer data Draco did not normalize (apply 3.11 if the accessor says so)
};

struct DracoPrimitive {
    uint32_t pointCount = 0;
    std::vector<uint32_t> indices;           // 3 per face
    std::vector<DracoAttribute> attributes;  // one per request, same order
};

// Errors name no file.
Result<DracoPrimitive> decodeDraco(const uint8_t* data, size_t size,
                                   const std::vector<DracoRequest>& requests);

}  // namespace morph
