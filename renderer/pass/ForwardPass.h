#pragma once
// The forward pass: the opaque and MASK items deferred shading did not take (group 0), each
// textured and lit by its own fragment shader, after passes - 1 depth-only passes (a depth
// pre-pass) against whose depth the shaded one tests LEQUAL; then the items with transmission,
// after everything they can see through (the Sample Renderer's order), in node order.
#include <cstdint>
#include <vector>

#include "renderer/pass/ItemDraw.h"

namespace renderer {

struct ForwardConfig {
    uint32_t passes = 1;  // passes over the opaque items: the last one shades
};

void drawForward(const PassInput& input, const std::vector<DrawItem>& opaque,
                 const std::vector<DrawItem>& transmissive, const ForwardConfig& config);

}  // namespace renderer
