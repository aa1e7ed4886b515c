#include "renderer/gl/Framebuffer.h"

#include <cstdio>

namespace renderer::gl {

morph::Status Framebuffer::checkComplete(const std::string& name) const {
    const GLenum status = glCheckNamedFramebufferStatus(id(), GL_FRAMEBUFFER);
    if (status == GL_FRAMEBUFFER_COMPLETE) return {};
    char code[16];
    std::snprintf(code, sizeof code, "0x%04X", status);
    return morph::Error{morph::ErrorCode::Gpu,
                        name + ": framebuffer incomplete (status " + code + ")"};
}

}  // namespace renderer::gl
