#pragma once
// The direct lights of a frame, as LightBlock (shaders/lighting.glsl) holds them: a list of
// punctual lights in world space, from the file's KHR_lights_punctual lights placed by the
// frame's world matrices (so animated light nodes move), from the studio rig (three directional
// lights fixed to the camera), or both. GL-free: SceneRenderer writes the list into the block.
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/FramePose.h"
#include "renderer/gl/Bindings.h"
#include "renderer/scene/Camera.h"

namespace renderer {

// Which direct lights a frame has. Auto: the file's lights when the drawn scene has any, else
// the rig (so files without lights look as they always did).
enum class DirectLights { Auto, Rig, File, Both, None };
// "auto", "rig", "file", "both" or "none": the names shots and reports use.
const char* directLightsName(DirectLights lights);

// One light as the shader reads it (world space).
struct PunctualLight {
    PunctualLightType type = PunctualLightType::Directional;
    glm::vec3 position{0.0f};
    glm::vec3 direction{0.0f, 0.0f, -1.0f};  // where it shines (unit); directional and spot
    glm::vec3 color{1.0f};                   // colour * intensity, linear
    float range = 0;                         // 0: unlimited
    // Spot: KHR_lights_punctual's implementation notes, angular attenuation
    // saturate(cos(angle) * scale + offset)^2 with scale = 1 / max(0.001, cos(inner) -
    // cos(outer)) and offset = -cos(outer) * scale.
    float coneScale = 0;
    float coneOffset = 1;
};

// The file's lights on the nodes that `frame` shows (frame.scene's tree, depth first), placed by
// frame.world: position the node's origin, direction its -Z. Lights of zero intensity add
// nothing and are left out.
std::vector<PunctualLight> fileLights(const morph::Scene& layout, const morph::FramePose& frame);
// The studio rig for `camera`: key, fill and rim, directional, fixed to the view.
std::vector<PunctualLight> rigLights(const Camera& camera);

// What `choice` gives for this frame, at most kMaxPunctualLights (the first ones; `dropped`
// counts the rest). Both: the file's lights, then the rig.
struct FrameLights {
    std::vector<PunctualLight> lights;
    size_t dropped = 0;
    bool rig = false;  // the rig is among them
};
FrameLights frameLights(DirectLights choice, const morph::Scene& layout,
                        const morph::FramePose& frame, const Camera& camera);

}  // namespace renderer
