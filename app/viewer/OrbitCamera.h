#pragma once
// The viewer's orbit camera: the state the mouse edits (a centre, a distance, an azimuth and an
// elevation), turned into a renderer::Camera each frame. The conventions are renderer::
// frameCamera's (glTF 2.0 3.4: +Y up, the asset's front faces +Z), so "front" here and
// `capture --camera front` look the same.
#include <glm/glm.hpp>

#include "renderer/scene/Bounds.h"
#include "renderer/scene/Camera.h"

namespace app {

// The part of the window the 3D view is not covered by panels, in framebuffer pixels from the
// top-left corner. The model is framed into it and centred in it.
struct ViewRegion {
    float x = 0, y = 0, width = 1, height = 1;
};

class OrbitCamera {
public:
    // Frames `bounds` into `region` of a `windowWidth` x `windowHeight` frame, keeping the angles.
    void frame(const renderer::Aabb& bounds, const ViewRegion& region, int windowWidth,
               int windowHeight);
    // Angles in degrees; 0,0 is the front (camera on +Z), 90,0 the right (+X), 0,90 the top.
    void setAngles(float azimuthDegrees, float elevationDegrees);
    // Back to the front view framed on the model (what the first frame showed).
    void reset(const renderer::Aabb& bounds, const ViewRegion& region, int windowWidth,
               int windowHeight);

    // Mouse deltas in pixels.
    void orbit(float dx, float dy);
    void pan(float dx, float dy, int windowHeight);
    void zoom(float steps);  // mouse wheel steps; positive comes closer
    // Takes over from `camera` (a file camera being left): the same eye, looking at its target
    // from its direction (the file camera's roll, field of view and projection are not kept).
    void lookFrom(const renderer::Camera& camera);

    // The camera for this frame's picture of `region` alone (the 3D view draws into a target of
    // the region's size): looking at the centre, with the share of the window's vertical field
    // of view that the region's height is, so the model fills the region as frame() placed it.
    renderer::Camera camera(const ViewRegion& region, int windowWidth, int windowHeight) const;

    float azimuth() const { return mAzimuth; }
    float elevation() const { return mElevation; }
    float distance() const { return mDistance; }
    const glm::vec3& center() const { return mCenter; }

private:
    glm::vec3 direction() const;
    glm::vec3 up() const;

    glm::vec3 mCenter{0.0f};
    float mDistance = 3;
    float mAzimuth = 0;
    float mElevation = 0;
    float mRadius = 1;  // the framed model's bounding sphere: zoom limits, near and far planes
    float mFovY = 0.7854f;
};

}  // namespace app
