#pragma once
// The frame's uniform blocks, which every pass reads: lighting.glsl's FrameBlock (the camera, the
// display transform, the target's size) and LightBlock (the direct lights, the rig's analytic
// sky), environment.glsl's EnvironmentBlock (the environment's irradiance, turn and levels, with
// its cube and BRDF table on their units). Written and bound once a frame, before the passes.
#include <cstdint>

#include <glm/glm.hpp>

#include "morph/anim/FramePose.h"
#include "renderer/gl/Buffer.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/DrawOptions.h"
#include "renderer/scene/GpuScene.h"

namespace renderer {

class FrameUniforms {
public:
    FrameUniforms() = default;
    // Needs a current 4.5 context.
    static FrameUniforms create();

    // This frame's blocks, bound to their binding points; returns the frame's light as the
    // program variants' key bits (lightKey() in ShaderVariants.h).
    uint64_t write(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
                   const glm::mat4& viewProjection, const glm::ivec2& targetSize,
                   const DrawOptions& options);

private:
    void writeEnvironment(const DrawOptions& options);
    // Returns whether a punctual light is on.
    bool writeLights(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
                     const DrawOptions& options);

    gl::Buffer mFrameBlock;
    gl::Buffer mLightBlock;
    gl::Buffer mEnvironmentBlock;
    uint64_t mLightsNoted = 0;  // the scene whose dropped lights were logged
};

}  // namespace renderer
