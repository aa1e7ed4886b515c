#pragma once
// The blended pass: the BLEND items, back to front as the frame sorted them (by the depth of
// their node's bounds centre; glTF 2.0 3.9.5 leaves the order to the viewer), straight alpha over
// what is behind them, depth tested but not written; the target's alpha stays 1 (an opaque
// image).
#include <vector>

#include "renderer/pass/ItemDraw.h"

namespace renderer {

void drawBlended(const PassInput& input, const std::vector<DrawItem>& blended);

}  // namespace renderer
