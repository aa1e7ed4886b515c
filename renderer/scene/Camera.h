#pragma once
// The camera a frame is drawn with, as plain values (the viewer's orbit controls and the
// capture's --camera both produce one), and the framing of a box from a named view.
#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/FramePose.h"
#include "renderer/scene/Bounds.h"

namespace renderer {

struct Camera {
    glm::vec3 eye{0.0f, 0.0f, 3.0f};
    glm::vec3 target{0.0f};
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    float fovY = 0.7854f;  // radians (45 degrees)
    float nearPlane = 0.01f;
    float farPlane = 100.0f;  // infinity: an infinite perspective projection (glTF zfar unset)
    // Orthographic (a glTF orthographic camera): `orthoHalfHeight` is half the view's height in
    // world units; its width follows the target's aspect. fovY is unused then.
    bool orthographic = false;
    float orthoHalfHeight = 1.0f;

    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;
};

// A direction to look from, around the framed box's centre. glTF 2.0 3.4: +Y is up and the
// front of an asset faces +Z, so azimuth 0 / elevation 0 looks at the front along -Z.
// Positive azimuth moves the camera to the viewer's right (towards +X), positive elevation up.
struct CameraView {
    float azimuthDegrees = 0;
    float elevationDegrees = 0;
    std::optional<float> distance;  // from the box centre, in model units; unset: framed
    // "file:N": look through the file's camera N (Scene::cameras) instead; the angles are unused.
    std::optional<int> fileCamera;
};

// A view by its angles (degrees), and the view through the file's camera `index`.
inline CameraView orbitView(float azimuthDegrees, float elevationDegrees) {
    CameraView view;
    view.azimuthDegrees = azimuthDegrees;
    view.elevationDegrees = elevationDegrees;
    return view;
}
inline CameraView fileCameraView(int index) {
    CameraView view;
    view.fileCamera = index;
    return view;
}

// A camera looking at `bounds` from `view`, far enough that the box's bounding sphere fits the
// frame at `aspect` (width / height) with a small margin. Near/far hug the sphere so the depth
// buffer's precision goes where the model is.
Camera frameCamera(const Aabb& bounds, const CameraView& view, float aspect);

// The node that places camera `index` in the frame's scene (its tree depth first, then any node),
// -1 when no node uses it.
int fileCameraNode(const morph::Scene& layout, int index, int sceneIndex = -1);
// Looking through the file's camera `index` at `frame` (glTF 2.0 3.10: from its node's origin
// down its -Z, +Y up; the node's scale ignored): its yfov, znear and zfar (none: an infinite far
// plane), or orthographic with its ymag. The target's aspect is used, not the file's
// aspectRatio, as the Khronos Sample Viewer does: yfov (ymag) is kept and nothing is
// letterboxed. The look-at target is on the view axis at the depth of `focus`'s centre (where
// orbiting continues from). Errors: "face.glb has 2 cameras (file:0 to file:1)", or the camera
// is on no node.
morph::Result<Camera> fileCamera(const morph::Scene& layout, const morph::FramePose& frame,
                                 int index, const Aabb& focus = {});

// Whether all eight corners of `box` project inside the frame of `camera` at `aspect` (its
// sides only; see enclose() for depth).
bool boxInView(const Camera& camera, const Aabb& box, float aspect);
// Whether a model opens framed on its morphed region rather than on itself: when the region is
// much smaller than the model (less than kRegionShare of its diagonal: an avatar's face on its
// body, about 0.15), not when the targets move most of it (a face model, about 0.9).
inline constexpr float kRegionShare = 0.4f;
bool opensOnRegion(const Aabb& model, const Aabb& region);
// Widens the near and far planes so every corner of `box` lies between them.
void enclose(Camera& camera, const Aabb& box);

}  // namespace renderer
