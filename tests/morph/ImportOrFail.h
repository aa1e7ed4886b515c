#pragma once
// What the import tests share: a scene imported from bytes that records a test failure (and
// gives an empty scene) when it does not load, and a scene's warning lines joined for HasSubstr.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "morph/gltf/GltfImport.h"

namespace morphtest {

inline morph::Scene importOrFail(const std::vector<uint8_t>& bytes, const std::string& name) {
    morph::Result<morph::Scene> r = morph::importGltfMemory(bytes, name, "");
    if (!r) {
        ADD_FAILURE() << "import failed: " << r.error().message;
        return {};
    }
    return std::move(r).value();
}

// Every warning and repair line, each ended by a newline.
inline std::string warningLines(const morph::Scene& scene) {
    std::string out;
    for (const std::string& w : scene.warnings) out += w + "\n";
    return out;
}

}  // namespace morphtest
