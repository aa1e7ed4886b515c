#include "Camera.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <glm/gtc/matrix_transform.hpp>

namespace renderer {

namespace {

// Parses a whole float (no trailing text), rejecting inf/nan.
std::optional<float> parseFloat(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    const float value = std::strtof(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::vector<std::string> splitCommas(const std::string& text) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return parts;
}

}  // namespace

glm::mat4 Camera::view() const { return glm::lookAt(eye, target, up); }

glm::mat4 Camera::projection(float aspect) const {
    return glm::perspective(fovY, aspect > 0.0f ? aspect : 1.0f, nearPlane, farPlane);
}

morph::Result<CameraView> parseCameraView(const std::string& text) {
    CameraView view;
    if (text == "front") return view;
    if (text == "left") {
        view.azimuthDegrees = -90;
        return view;
    }
    if (text == "right") {
        view.azimuthDegrees = 90;
        return view;
    }
    if (text == "top") {
        view.elevationDegrees = 90;
        return view;
    }
    const std::string prefix = "orbit:";
    if (text.compare(0, prefix.size(), prefix) != 0) {
        return morph::Error{"--camera: '" + text +
                            "' is not front, left, right, top or orbit:AZ,EL[,DIST]"};
    }
    const std::vector<std::string> parts = splitCommas(text.substr(prefix.size()));
    if (parts.size() < 2 || parts.size() > 3) {
        return morph::Error{"--camera: '" + text + "' needs AZ,EL[,DIST]"};
    }
    const auto az = parseFloat(parts[0]);
    const auto el = parseFloat(parts[1]);
    if (!az || !el) {
        return morph::Error{"--camera: '" + text + "': AZ and EL must be numbers (degrees)"};
    }
    if (std::abs(*el) > 90.0f) {
        return morph::Error{"--camera: '" + text + "': EL must be within [-90, 90]"};
    }
    view.azimuthDegrees = *az;
    view.elevationDegrees = *el;
    if (parts.size() == 3) {
        const auto distance = parseFloat(parts[2]);
        if (!distance || *distance <= 0.0f) {
            return morph::Error{"--camera: '" + text + "': DIST must be a positive number"};
        }
        view.distance = *distance;
    }
    return view;
}

Camera frameCamera(const Aabb& bounds, const CameraView& view, float aspect) {
    Camera camera;
    const glm::vec3 center = bounds.valid ? bounds.center() : glm::vec3(0.0f);
    float radius = bounds.valid ? 0.5f * bounds.diagonal() : 1.0f;
    if (!(radius > 0.0f) || !std::isfinite(radius)) radius = 1.0f;

    // The sphere must fit the narrower of the two fields of view.
    const float halfY = 0.5f * camera.fovY;
    const float halfX = std::atan(std::tan(halfY) * (aspect > 0.0f ? aspect : 1.0f));
    const float half = std::min(halfX, halfY);
    constexpr float kMargin = 1.02f;  // a sliver of background around the sphere's silhouette
    const float framed = kMargin * radius / std::sin(half);
    const float distance = view.distance ? *view.distance : framed;

    const float az = glm::radians(view.azimuthDegrees);
    const float el = glm::radians(view.elevationDegrees);
    const glm::vec3 direction(std::cos(el) * std::sin(az), std::sin(el), std::cos(el) * std::cos(az));
    // d(direction)/d(elevation): orthogonal to the view direction at every elevation, so the top
    // view (elevation 90) has a defined up: -Z, which puts the model's front at the image bottom.
    const glm::vec3 up(-std::sin(el) * std::sin(az), std::cos(el), -std::sin(el) * std::cos(az));

    camera.target = center;
    camera.eye = center + direction * distance;
    camera.up = up;
    // Near/far hug the sphere; a camera inside it (a short orbit DIST) keeps a small near plane.
    camera.nearPlane = std::max(distance - 1.5f * radius, 1e-3f * distance);
    camera.farPlane = distance + 1.5f * radius;
    return camera;
}

}  // namespace renderer
