#include "renderer/scene/Lights.h"

#include <algorithm>
#include <cmath>

namespace renderer {

namespace {

// The studio rig, in view space (x right, y up, z towards the viewer) so that every camera
// preset gets the same modelling: a warm key from the upper right front, a cool, weaker fill
// from the left and a rim from behind above that separates the silhouette from the background.
struct RigLight {
    glm::vec3 towardsLight;
    glm::vec3 radiance;
};
const RigLight kRig[3] = {
    {{0.55f, 0.55f, 0.65f}, glm::vec3(1.0f, 0.96f, 0.90f) * 2.0f},   // key
    {{-0.75f, 0.10f, 0.55f}, glm::vec3(0.85f, 0.90f, 1.0f) * 0.7f},  // fill
    {{-0.25f, 0.60f, -0.75f}, glm::vec3(1.0f) * 1.6f},               // rim
};

// A unit vector along `v`, or `fallback` for a degenerate one (a node scaled to zero).
glm::vec3 unitOr(const glm::vec3& v, const glm::vec3& fallback) {
    const float length = glm::length(v);
    return length > 1e-20f && std::isfinite(length) ? v / length : fallback;
}

PunctualLight placed(const morph::Light& light, const glm::mat4& world) {
    PunctualLight out;
    switch (light.type) {
        case morph::LightType::Directional: out.type = PunctualLightType::Directional; break;
        case morph::LightType::Point: out.type = PunctualLightType::Point; break;
        case morph::LightType::Spot: out.type = PunctualLightType::Spot; break;
    }
    // KHR_lights_punctual: at the node's origin, pointing down its local -Z; the node's scale
    // does not affect the light.
    out.position = glm::vec3(world[3]);
    out.direction = unitOr(-glm::vec3(world[2]), glm::vec3(0.0f, 0.0f, -1.0f));
    out.color = light.color * light.intensity;
    out.range = light.type == morph::LightType::Directional ? 0.0f : light.range;
    if (light.type == morph::LightType::Spot) {
        const float cosOuter = std::cos(light.outerConeAngle);
        out.coneScale = 1.0f / std::max(0.001f, std::cos(light.innerConeAngle) - cosOuter);
        out.coneOffset = -cosOuter * out.coneScale;
    }
    return out;
}

}  // namespace

const char* directLightsName(DirectLights lights) {
    switch (lights) {
        case DirectLights::Auto: return "auto";
        case DirectLights::Rig: return "rig";
        case DirectLights::File: return "file";
        case DirectLights::Both: return "both";
        case DirectLights::None: return "none";
    }
    return "auto";
}

std::vector<PunctualLight> fileLights(const morph::Scene& layout, const morph::FramePose& frame) {
    std::vector<PunctualLight> out;
    if (layout.lights.empty() || frame.world.size() != layout.nodes.size()) return out;
    for (int node : morph::sceneNodes(layout, frame.scene)) {
        const int index = layout.nodes[size_t(node)].light;
        if (index < 0 || size_t(index) >= layout.lights.size()) continue;
        const morph::Light& light = layout.lights[size_t(index)];
        if (!(light.intensity > 0.0f) || light.color == glm::vec3(0.0f)) continue;
        out.push_back(placed(light, frame.world[size_t(node)]));
    }
    return out;
}

std::vector<PunctualLight> rigLights(const Camera& camera) {
    // View space to world: the transpose of the view matrix's rotation.
    const glm::mat3 viewToWorld = glm::transpose(glm::mat3(camera.view()));
    std::vector<PunctualLight> out;
    for (const RigLight& rig : kRig) {
        PunctualLight light;
        light.type = PunctualLightType::Directional;
        light.direction = -glm::normalize(viewToWorld * rig.towardsLight);
        light.color = rig.radiance;
        out.push_back(light);
    }
    return out;
}

FrameLights frameLights(DirectLights choice, const morph::Scene& layout,
                        const morph::FramePose& frame, const Camera& camera) {
    FrameLights out;
    std::vector<PunctualLight> file;
    if (choice != DirectLights::Rig && choice != DirectLights::None)
        file = fileLights(layout, frame);
    const bool useFile = choice == DirectLights::File || choice == DirectLights::Both ||
                         (choice == DirectLights::Auto && !file.empty());
    out.rig = choice == DirectLights::Rig || choice == DirectLights::Both ||
              (choice == DirectLights::Auto && file.empty());
    if (useFile) out.lights = std::move(file);
    if (out.rig) {
        for (const PunctualLight& light : rigLights(camera)) out.lights.push_back(light);
    }
    if (out.lights.size() > kMaxPunctualLights) {
        out.dropped = out.lights.size() - kMaxPunctualLights;
        out.lights.resize(kMaxPunctualLights);
    }
    return out;
}

}  // namespace renderer
