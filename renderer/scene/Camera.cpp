#include "renderer/scene/Camera.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

namespace renderer {

glm::mat4 Camera::view() const {
    return glm::lookAt(eye, target, up);
}

glm::mat4 Camera::projection(float aspect) const {
    const float a = aspect > 0.0f ? aspect : 1.0f;
    if (orthographic) {
        const float h = orthoHalfHeight, w = orthoHalfHeight * a;
        return glm::ortho(-w, w, -h, h, nearPlane, farPlane);
    }
    if (!std::isfinite(farPlane)) return glm::infinitePerspective(fovY, a, nearPlane);
    return glm::perspective(fovY, a, nearPlane, farPlane);
}

Camera frameCamera(const Aabb& bounds, const CameraView& view, float aspect) {
    Camera camera;
    const glm::vec3 center = bounds.valid ? bounds.center() : glm::vec3(0.0f);
    float radius = bounds.valid ? 0.5f * bounds.diagonal() : 1.0f;
    if (!(radius > 0.0f) || !std::isfinite(radius)) radius = 1.0f;

    const float az = glm::radians(view.azimuthDegrees);
    const float el = glm::radians(view.elevationDegrees);
    const glm::vec3 direction(std::cos(el) * std::sin(az), std::sin(el),
                              std::cos(el) * std::cos(az));
    // d(direction)/d(elevation): orthogonal to the view direction at every elevation, so the top
    // view (elevation 90) has a defined up: -Z, which puts the model's front at the image bottom.
    const glm::vec3 up(-std::sin(el) * std::sin(az), std::cos(el), -std::sin(el) * std::cos(az));
    const glm::vec3 right = glm::cross(-direction, up);

    // Frame the box itself, not its bounding sphere (which leaves a cube at 58% of the frame):
    // the nearest distance at which all eight corners are inside both fields of view, with a
    // margin of background around them.
    constexpr float kMargin = 0.9f;  // the box spans at most 90% of the frame's width or height
    const float tanY = kMargin * std::tan(0.5f * camera.fovY);
    const float tanX = tanY * (aspect > 0.0f ? aspect : 1.0f);
    float framed = 0.0f;
    const Aabb box =
        bounds.valid ? bounds : Aabb{center - glm::vec3(radius), center + glm::vec3(radius), true};
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p = box.corner(corner) - center;
        const float towardsCamera = glm::dot(p, direction);
        framed = std::max(framed, towardsCamera + std::abs(glm::dot(p, right)) / tanX);
        framed = std::max(framed, towardsCamera + std::abs(glm::dot(p, up)) / tanY);
    }
    if (!(framed > 0.0f)) framed = radius / tanY;  // a flat box seen edge-on, or a point
    const float distance = view.distance ? *view.distance : framed;

    camera.target = center;
    camera.eye = center + direction * distance;
    camera.up = up;
    // Near/far hug the box's bounding sphere (every corner is within `radius` of the centre); a
    // camera inside it (a short orbit DIST) keeps a small near plane.
    camera.nearPlane = std::max(0.95f * (distance - radius), 1e-3f * distance);
    camera.farPlane = distance + 1.05f * radius;
    return camera;
}

int fileCameraNode(const morph::Scene& layout, int index, int sceneIndex) {
    for (int node : morph::sceneNodes(layout, sceneIndex)) {
        if (layout.nodes[size_t(node)].camera == index) return node;
    }
    for (size_t node = 0; node < layout.nodes.size(); ++node) {
        if (layout.nodes[node].camera == index) return int(node);
    }
    return -1;
}

morph::Result<Camera> fileCamera(const morph::Scene& layout, const morph::FramePose& frame,
                                 int index, const Aabb& focus) {
    const size_t count = layout.cameras.size();
    if (index < 0 || size_t(index) >= count) {
        return morph::Error{
            morph::ErrorCode::Usage,
            layout.path + " has " + std::to_string(count) + " camera" + (count == 1 ? "" : "s") +
                (count == 0 ? std::string()
                            : " (file:0 to file:" + std::to_string(count - 1) + ")")};
    }
    const int node = fileCameraNode(layout, index, frame.scene);
    if (node < 0 || size_t(node) >= frame.world.size()) {
        return morph::Error{morph::ErrorCode::Usage,
                            "cameras[" + std::to_string(index) + "] of " + layout.path +
                                " is on no node, so it has no place to look from"};
    }
    const morph::Camera& file = layout.cameras[size_t(index)];
    const glm::mat4& world = frame.world[size_t(node)];
    // The rotation alone: an orthonormal frame from the node's -Z and +Y axes.
    const glm::vec3 forward = glm::normalize(-glm::vec3(world[2]));
    glm::vec3 up = glm::vec3(world[1]);
    up = up - forward * glm::dot(up, forward);
    Camera camera;
    camera.eye = glm::vec3(world[3]);
    if (!std::isfinite(forward.x) || glm::dot(up, up) < 1e-12f) {
        return morph::Error{morph::ErrorCode::Usage,
                            "the node of cameras[" + std::to_string(index) +
                                "] is scaled to nothing, so it has no direction"};
    }
    camera.up = glm::normalize(up);
    float depth = focus.valid ? glm::dot(focus.center() - camera.eye, forward) : 0.0f;
    if (!(depth > 1e-3f)) depth = 1.0f;  // the focus behind the camera: a point just ahead
    camera.target = camera.eye + forward * depth;
    camera.nearPlane = file.znear;
    if (file.type == morph::CameraType::Orthographic) {
        camera.orthographic = true;
        camera.orthoHalfHeight = std::abs(file.ymag);
        camera.farPlane = file.zfar;
    } else {
        camera.fovY = file.yfov;
        camera.farPlane = file.zfar > 0.0f ? file.zfar : std::numeric_limits<float>::infinity();
    }
    return camera;
}

bool boxInView(const Camera& camera, const Aabb& box, float aspect) {
    if (!box.valid) return true;
    // Only the frame's sides: depth is the near/far planes' business (enclose() widens them), and
    // a box grown by a few millimetres towards the camera must not change the framing.
    const glm::mat4 m = camera.projection(aspect) * camera.view();
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p = box.corner(corner);
        const glm::vec4 clip = m * glm::vec4(p, 1.0f);
        if (!(clip.w > 0.0f) || std::abs(clip.x) > clip.w || std::abs(clip.y) > clip.w) {
            return false;
        }
    }
    return true;
}

bool opensOnRegion(const Aabb& model, const Aabb& region) {
    return model.valid && region.valid && region.diagonal() < kRegionShare * model.diagonal();
}

void enclose(Camera& camera, const Aabb& box) {
    if (!box.valid) return;
    const glm::vec3 forward = glm::normalize(camera.target - camera.eye);
    const float distance = glm::length(camera.target - camera.eye);
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p = box.corner(corner);
        const float depth = glm::dot(p - camera.eye, forward);
        camera.nearPlane = std::min(camera.nearPlane, std::max(0.95f * depth, 1e-3f * distance));
        camera.farPlane = std::max(camera.farPlane, 1.05f * depth);
    }
}

}  // namespace renderer
