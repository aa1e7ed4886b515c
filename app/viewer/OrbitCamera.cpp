#include "app/viewer/OrbitCamera.h"

#include <algorithm>
#include <cmath>

namespace app {

namespace {

constexpr float kOrbitDegreesPerPixel = 0.35f;
constexpr float kZoomPerStep = 0.87f;  // one wheel notch: 13% closer
constexpr float kFrameMargin = 1.05f;  // a little background around the framed silhouette

}  // namespace

glm::vec3 OrbitCamera::direction() const {
    const float az = glm::radians(mAzimuth), el = glm::radians(mElevation);
    return {std::cos(el) * std::sin(az), std::sin(el), std::cos(el) * std::cos(az)};
}

// d(direction)/d(elevation), as renderer::frameCamera: defined at the poles too (top: -Z up).
glm::vec3 OrbitCamera::up() const {
    const float az = glm::radians(mAzimuth), el = glm::radians(mElevation);
    return {-std::sin(el) * std::sin(az), std::cos(el), -std::sin(el) * std::cos(az)};
}

void OrbitCamera::frame(const renderer::Aabb& bounds, const ViewRegion& region, int windowWidth,
                        int windowHeight) {
    mCenter = bounds.valid ? bounds.center() : glm::vec3(0.0f);
    float radius = bounds.valid ? 0.5f * bounds.diagonal() : 1.0f;
    if (!(radius > 0.0f) || !std::isfinite(radius)) radius = 1.0f;
    mRadius = radius;
    // The region sees a narrower cone than the window: tan of its half angles scale with its
    // share of the window's height (camera() gives the region that cone).
    const float tanHalfY = std::tan(0.5f * mFovY);
    const float h = float(std::max(windowHeight, 1));
    const float halfY = std::atan(tanHalfY * std::max(region.height, 1.0f) / h);
    const float halfX = std::atan(tanHalfY * std::max(region.width, 1.0f) / h);
    (void)windowWidth;
    mDistance = kFrameMargin * radius / std::sin(std::min(halfX, halfY));
}

void OrbitCamera::setAngles(float azimuthDegrees, float elevationDegrees) {
    mAzimuth = azimuthDegrees;
    mElevation = std::clamp(elevationDegrees, -90.0f, 90.0f);
}

void OrbitCamera::reset(const renderer::Aabb& bounds, const ViewRegion& region, int windowWidth,
                        int windowHeight) {
    setAngles(0, 0);
    frame(bounds, region, windowWidth, windowHeight);
}

void OrbitCamera::orbit(float dx, float dy) {
    mAzimuth = std::fmod(mAzimuth - dx * kOrbitDegreesPerPixel, 360.0f);
    mElevation = std::clamp(mElevation + dy * kOrbitDegreesPerPixel, -90.0f, 90.0f);
}

void OrbitCamera::pan(float dx, float dy, int windowHeight) {
    // One pixel at the centre's depth, so the point under the mouse follows it.
    const float worldPerPixel =
        2.0f * mDistance * std::tan(0.5f * mFovY) / float(std::max(windowHeight, 1));
    const glm::vec3 right = glm::normalize(glm::cross(up(), direction()));
    mCenter += (-dx * right + dy * up()) * worldPerPixel;
}

void OrbitCamera::lookFrom(const renderer::Camera& camera) {
    const glm::vec3 offset = camera.eye - camera.target;
    const float distance = glm::length(offset);
    if (!(distance > 0.0f) || !std::isfinite(distance)) return;
    const glm::vec3 d = offset / distance;
    mCenter = camera.target;
    mDistance = distance;
    mElevation = glm::degrees(std::asin(std::clamp(d.y, -1.0f, 1.0f)));
    mAzimuth = glm::degrees(std::atan2(d.x, d.z));
}

void OrbitCamera::zoom(float steps) {
    mDistance =
        std::clamp(mDistance * std::pow(kZoomPerStep, steps), 0.01f * mRadius, 100.0f * mRadius);
}

renderer::Camera OrbitCamera::camera(const ViewRegion& region, int /*windowWidth*/,
                                     int windowHeight) const {
    renderer::Camera camera;
    const float h = float(std::max(windowHeight, 1));
    camera.fovY = 2.0f * std::atan(std::tan(0.5f * mFovY) * std::max(region.height, 1.0f) / h);
    camera.target = mCenter;
    camera.eye = camera.target + direction() * mDistance;
    camera.up = up();
    // Near/far hug the framed sphere; inside it (zoomed close) a small near plane remains.
    const float reach = 1.5f * mRadius;
    camera.nearPlane = std::max(mDistance - reach, 1e-3f * mDistance);
    camera.farPlane = mDistance + reach;
    return camera;
}

}  // namespace app
