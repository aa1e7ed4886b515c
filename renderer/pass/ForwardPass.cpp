#include "renderer/pass/ForwardPass.h"

namespace renderer {

void drawForward(const PassInput& input, const std::vector<DrawItem>& opaque,
                 const std::vector<DrawItem>& transmissive, const ForwardConfig& config) {
    for (uint32_t pass = 0; pass < config.passes; ++pass) {
        const bool shaded = pass + 1 == config.passes;
        glColorMask(shaded, shaded, shaded, shaded);
        glDepthFunc(shaded ? GL_LEQUAL : GL_LESS);
        for (const DrawItem& item : opaque) {
            if (item.group == 0) drawItem(input, item, PassOutput::Target);
        }
    }
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    for (const DrawItem& item : transmissive) drawItem(input, item, PassOutput::Target);
}

}  // namespace renderer
