#pragma once
// Where a frame goes: an offscreen framebuffer (Offscreen::target()) or, with a null framebuffer,
// the context's default framebuffer (the viewer's window).
#include <glm/glm.hpp>

#include "renderer/gl/Framebuffer.h"
#include "renderer/gl/Gl.h"

namespace renderer {

struct RenderTarget {
    const gl::Framebuffer* framebuffer = nullptr;
    int width = 0;
    int height = 0;

    // Binds the framebuffer (or the default one) and sets the viewport to the whole target.
    void bind() const {
        if (framebuffer) {
            framebuffer->bind();
        } else {
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
        }
        glViewport(0, 0, width, height);
    }

    // Binds the target and clears its colour to `color` (display values, alpha 1) and its depth.
    void clear(const glm::vec3& color) const {
        bind();
        glClearColor(color.r, color.g, color.b, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }
};

}  // namespace renderer
