#pragma once
// The background pass: the environment behind the model (BackgroundMode Environment or Blurred),
// one triangle at the far plane, no depth written, its view directions from the frame's
// FrameBlock. Its programs (background.vert + .frag, one per output) are built on first use.
#include "renderer/gl/Program.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/gl/VertexArray.h"
#include "renderer/light/Look.h"
#include "renderer/pass/ShaderVariants.h"

namespace renderer {

class BackgroundPass {
public:
    struct Config {
        bool environment = false;  // the frame has an environment to show
        BackgroundMode mode = BackgroundMode::Color;
    };

    BackgroundPass() = default;
    explicit BackgroundPass(const ShaderLibrary& library) : mLibrary(library) {}

    // Draws into the bound target when `config` shows the environment (a colour background is
    // the target's clear colour): `output` Target (display values) or Linear (the transmission
    // pass's linear radiance before exposure).
    void draw(const Config& config, PassOutput output);

private:
    ShaderLibrary mLibrary;
    gl::Program mPrograms[2];  // [0] Target, [1] Linear
    bool mFailed[2] = {false, false};
    gl::VertexArray mEmptyVertices;  // the triangle has no attributes
};

}  // namespace renderer
