#pragma once
// The transmission pass (KHR_materials_transmission): what transmissive surfaces see through
// them. The opaque primitives without transmission (and the environment behind them, or the
// background colour) into an RGBA16F texture at the target's size, in linear radiance before
// exposure (PassOutput::Linear), then its mipmaps (the level a surface reads grows with its
// roughness). Drawn only in frames with a transmissive material.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "renderer/gl/Framebuffer.h"
#include "renderer/gl/Texture.h"
#include "renderer/pass/BackgroundPass.h"
#include "renderer/pass/ItemDraw.h"
#include "renderer/scene/RenderTarget.h"

namespace renderer {

class TransmissionPass {
public:
    struct Config {
        // The background colour in display values, taken as linear radiance.
        glm::vec3 background{0.0f};
        BackgroundPass::Config backdrop;  // the environment behind, when the frame shows it
    };

    // Draws `opaque` (the frame's opaque and MASK items, none with transmission) at `target`'s
    // size; returns the texture the transmissive materials read (PassInput::transmission) and
    // leaves the pass's framebuffer bound.
    const gl::Texture& draw(const PassInput& input, const std::vector<DrawItem>& opaque,
                            const RenderTarget& target, const Config& config,
                            BackgroundPass& background);

    // How many passes it has drawn: one per frame that draws a material with transmission.
    uint64_t passes() const { return mPasses; }

private:
    // The texture and depth at `width` x `height`, remade when the size changes.
    void resize(int width, int height);

    gl::Framebuffer mFramebuffer;
    gl::Texture mColor;  // RGBA16F with a full mip chain
    gl::Renderbuffer mDepth;
    uint64_t mPasses = 0;
};

}  // namespace renderer
