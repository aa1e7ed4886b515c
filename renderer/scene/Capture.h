#pragma once
// One still image of a scene: the shot's settings (weights, animation time, camera, size,
// background) turned into a pose and a camera, drawn by SceneRenderer into an Offscreen target
// and read back. `morphview capture` and the golden tests share it, so a golden image is exactly
// what the command writes.
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/anim/Animate.h"
#include "morph/anim/ClipSelection.h"
#include "morph/edit/WeightSpec.h"
#include "morph/image/ImageFile.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/Look.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/OverlayRenderer.h"
#include "renderer/scene/SceneRenderer.h"

namespace renderer {

// What a shot's camera frames: the whole model, or the region the morph targets move
// (GpuScene::morphedRegion: an avatar's face).
enum class FrameTarget { All, Morphed };

struct ShotSpec {
    std::string weights;  // a --weights SPEC applied after the animation ("" none)
    // Items applied after `weights`, as its own are: for a caller that names targets whose
    // spelling a spec's text cannot carry (a ',' or '=' in the name), such as the audit's page.
    std::vector<morph::WeightAssignment> weightItems;
    // An animation name or index, "all", or a comma list (morph/anim/ClipSelection.h; "" none).
    std::string animation;
    // A shot file's JSON list of names and indices; when not empty, it is used, not `animation`.
    std::vector<std::string> animations;
    float time = 0;  // seconds into the animation
    // The view (front by default): named, orbiting or the file's camera N.
    CameraView camera;
    int width = 512;
    int height = 512;
    glm::vec3 background = glm::vec3(46, 48, 54) / 255.0f;  // #2e3036, display values 0..1
    // "environment" or "blurred" in --background: the environment behind the model instead.
    BackgroundMode backgroundMode = BackgroundMode::Color;
    // The light (--environment): "studio" (built in, the default), "rig" (the three-light rig,
    // no environment) or an equirectangular Radiance .hdr file.
    std::string environment = kStudioEnvironment;
    float environmentRotation = 0;  // degrees about +Y
    float exposure = 1;             // a linear scale before tone mapping
    ToneMapping toneMapping = ToneMapping::PbrNeutral;
    MorphPath morphPath = MorphPath::Auto;  // --morph-path
    // --instances: copies in a grid (crowdFor), drawn as one instanced draw per primitive.
    int instances = 1;
    FrameTarget frame = FrameTarget::All;  // --frame, "frame" in a shot file
    // With FrameTarget::Morphed, when valid: the world-space box framed instead of the region of
    // every target (the audit frames each target's own region, computed once by the caller; it
    // also spares the walk over every target's vertices that the whole region costs per shot).
    Aabb region;
    // > 0: the displacement heat map of the shot's weights (OverlayRenderer's) drawn instead of
    // the shaded model, with this displacement (world units) at the ramp's top.
    float heatScale = 0;
    int scene = -1;  // --scene: which of the file's scenes; -1 its default
    DirectLights lights = DirectLights::Auto;  // --lights
    // --variant: a KHR_materials_variants variant by name or index (morph::findVariant); ""
    // the file's default materials.
    std::string variant;
    // MSAA samples per pixel of the capture (Offscreen): 4, or 0 single-sampled, the only
    // target deferred shading draws into (SceneRenderer.h's Shading).
    int samples = Offscreen::kDefaultSamples;
    Shading shading = Shading::Auto;
};

// Whether the model has what `shot` names: its scene, its file camera and its material variant
// (the error lists the file's variants). Usage errors name the file and the count: "scene 2:
// two.glb has 2 scenes (0 to 1)".
morph::Status checkShot(const morph::Scene& layout, const ShotSpec& shot);
// The parts of checkShot (the command line words each error after its own option) and the clips
// a shot names ("'x' is not an animation of face.glb (it has 'talk', 'blink')").
morph::Status checkShotScene(const morph::Scene& layout, int scene);
morph::Status checkShotCamera(const morph::Scene& layout, const ShotSpec& shot);
morph::Result<morph::ClipSelection> shotClips(const morph::Scene& layout, const ShotSpec& shot);

// The crowd of `count` copies of `scene` at `pose` (count > 1): a grid of ceil(sqrt(count))
// columns, row after row downwards, spaced by 1.25 times the scene's unmorphed box and centred
// on it. Instance 0 keeps the pose's weights; instance k > 0 gets, per target t, a weight in
// [0, 1) with probability 1/4, else 0, both from a hash of (k, t): deterministic, the same on
// every run and machine.
Crowd crowdFor(const GpuScene& scene, const std::vector<morph::NodePose>& pose, int count,
               int sceneIndex = -1);

// The rest pose, the animation (or every clip the shot names, later ones winning where two drive
// the same channel) sampled at the shot's time (glTF 2.0 3.11), then the weights spec on top.
// `layout` is the scene (GpuScene::layout() will do). Errors name what the file lacks.
morph::Result<std::vector<morph::NodePose>> shotPose(const morph::Scene& layout,
                                                     const ShotSpec& shot);

class Capturer {
public:
    Capturer() = default;
    // Needs a current 4.5 context (EglContext for headless use).
    static morph::Result<Capturer> create(const ShaderLibrary& library = ShaderLibrary());

    // Draws `scene` as `shot` frames it (on the unmorphed bounds, or the morphed bounds when
    // the morph leaves that frame; FrameTarget::Morphed: the same with the morphed region
    // instead of the whole model) and reads the image back; with a file camera (file:N) as that
    // camera sees it, unframed. Deterministic: the same shot gives the same pixels.
    morph::Result<morph::RgbaImage> capture(const GpuScene& scene, const ShotSpec& shot);

    // The environment a shot's `environment` names, prefiltered on first use and kept for the
    // next shots (null for "rig"). Errors name the file.
    morph::Result<const GpuEnvironment*> environment(const std::string& spec);

    // Makes what `shot` will draw with, the environment and the offscreen target, ahead of
    // capture(), for a caller with time to spare (waiting for an import). A failure is not kept:
    // capture() meets it again and reports it.
    void prepare(const ShotSpec& shot);

    // The renderer the shots are drawn with (its counters: transmissionPasses(),
    // deferredFrames()).
    const SceneRenderer& renderer() const { return mRenderer; }

private:
    // The offscreen target of that size and samples, made on first use.
    morph::Result<Offscreen*> target(int width, int height, int samples);

    ShaderLibrary mLibrary;
    SceneRenderer mRenderer;
    std::map<std::string, GpuEnvironment> mEnvironments;  // by spec
    // By size and samples, reused across shots.
    std::map<std::tuple<int, int, int>, Offscreen> mTargets;
    std::optional<OverlayRenderer> mOverlay;  // made by the first shot with a heat map
};

}  // namespace renderer
