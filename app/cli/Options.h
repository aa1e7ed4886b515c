#pragma once
// The command line's values as the renderer takes them: every option's text parsed here, and
// every usage message names its option ("--size: '512' is not WxH"). The renderer sees only the
// typed values (its enums, CameraView, sizes and colours); capture, regress, bench, the shots
// file and the viewer all parse through these.
#include <string>
#include <utility>

#include <glm/glm.hpp>

#include "app/shots/ShotPose.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/Look.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/Lights.h"
#include "renderer/scene/SceneRenderer.h"

namespace app {

// A width and a height in pixels.
using Size = std::pair<int, int>;
// --size "WxH", e.g. "512x512" (1..16384 each). Errors: "--size: '512' is not WxH".
morph::Result<Size> parseSize(const std::string& text);
// --background "#rrggbb" (the # optional) to display values 0..1.
morph::Result<glm::vec3> parseBackground(const std::string& text);
// What is behind the model: a colour, or the light's environment (sharp or blurred).
struct BackgroundChoice {
    renderer::BackgroundMode mode = renderer::BackgroundMode::Color;
    glm::vec3 color = glm::vec3(46, 48, 54) / 255.0f;  // #2e3036, used by Color
};
// --background as a shot takes it: "environment", "blurred", or "#rrggbb". Errors:
// "--background: 'red' is not #rrggbb, environment or blurred".
morph::Result<BackgroundChoice> parseBackgroundChoice(const std::string& text);
// The choice as the shot draws it (shot.backgroundMode, and shot.background for a colour).
void applyBackground(const BackgroundChoice& choice, renderer::ShotSpec& shot);
// parseBackgroundChoice, then applyBackground.
morph::Status parseBackgroundInto(const std::string& text, renderer::ShotSpec& shot);
// --frame "all" or "morphed". Errors: "--frame: 'x' is not all or morphed".
morph::Result<renderer::FrameTarget> parseFrameTarget(const std::string& text);
// --camera's orbiting view as --help and the messages spell it.
inline constexpr const char* kOrbitSyntax = "orbit:AZ,EL[,DIST]";
// --camera "front", "left" (the camera at the viewer's left, -X, as Blender's Left view),
// "right" (+X), "top" (looking down, the front towards the bottom of the image),
// "orbit:AZ,EL[,DIST]" (degrees, model units) or "file:N" (the file's camera N; whether the file
// has it is checked when the model is known, checkShot()). Errors name the text: "--camera:
// 'orbit:10' needs AZ,EL[,DIST]".
morph::Result<renderer::CameraView> parseCameraView(const std::string& text);
// The level view from `azimuth` degrees as "orbit:AZ,0" names it, AZ printed as "%g" prints it
// (a turntable's frames name their angle so): the view and that text.
std::pair<renderer::CameraView, std::string> levelOrbit(double azimuth);
// --morph-path "vs-dense", "vs-active", "cs-sparse", "cpu" or "auto" (renderer/morph/MorphPath.h).
// Errors: "--morph-path: expected vs-dense, vs-active, cs-sparse, cpu or auto".
morph::Result<renderer::MorphPath> parseMorphPathName(const std::string& text);
// --lights "auto", "rig", "file", "both" or "none". Errors: "--lights: 'x' is not auto, rig,
// file, both or none".
morph::Result<renderer::DirectLights> parseDirectLights(const std::string& text);
// --shading "auto", "forward" or "deferred". Errors: "--shading: 'x' is not auto, forward or
// deferred".
morph::Result<renderer::Shading> parseShading(const std::string& text);
// --tone-mapping "neutral", "aces", "agx" or "none". Errors: "--tone-mapping: 'x' is not
// neutral, aces, agx or none".
morph::Result<renderer::ToneMapping> parseToneMapping(const std::string& text);

// A shot as the app draws it: how it is seen, typed (`spec`), and what is resolved on the model
// before the renderer sees it: the pose (app/shots/ShotPose.h), the light and the variant, which
// fill spec.environment and spec.variant.
struct Shot {
    renderer::ShotSpec spec;
    ShotPose pose;
    std::string environment = renderer::kStudioEnvironment;  // --environment: studio, rig, FILE
    std::string variant;  // --variant: a name or an index ("" the file's default materials)
};

// Whether the model has what `shot` names: its scene (--scene), its file camera
// (--camera file:N) and its material variant (--variant; the error lists the file's variants).
// Usage errors name the option, the file and the count: "--scene 2: two.glb has 2 scenes (0 to
// 1)", "--camera: 'file:3': face.glb has 2 cameras (file:0 to file:1)".
morph::Status checkShot(const morph::Scene& layout, const Shot& shot);
// Whether the clips the pose names (--animation, a shots file's "animation") are the file's.
// Errors: "--animation: 'x' is not an animation of face.glb (it has 'blink', 1)".
morph::Status checkAnimation(const morph::Scene& layout, const ShotPose& pose);

}  // namespace app
