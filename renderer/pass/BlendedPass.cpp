#include "renderer/pass/BlendedPass.h"

namespace renderer {

void drawBlended(const PassInput& input, const std::vector<DrawItem>& blended) {
    if (blended.empty()) return;
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    glDepthMask(GL_FALSE);
    for (const DrawItem& item : blended) drawItem(input, item, PassOutput::Target);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
}

}  // namespace renderer
