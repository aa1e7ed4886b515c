#pragma once
// One still image of a scene: a resolved pose and the shot's typed settings (camera, size,
// background, light) turned into a camera, drawn by SceneRenderer into an Offscreen target and
// read back. `morphview capture` and the golden tests share it, so a golden image is exactly what
// the command writes. What a shot names by text (its weights, clips, environment and variant) is
// resolved by the caller before it gets here (app/shots/ShotPose.h builds the pose).
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/anim/Animate.h"
#include "morph/image/ImageFile.h"
#include "renderer/gl/EglContext.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/LightBeside.h"
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

// How a shot is seen, every value typed: the pose it shows is capture()'s own argument.
struct ShotSpec {
    // The view (front by default): named, orbiting or the file's camera N.
    CameraView camera;
    int width = 512;
    int height = 512;
    glm::vec3 background = glm::vec3(46, 48, 54) / 255.0f;  // #2e3036, display values 0..1
    // "environment" or "blurred" in --background: the environment behind the model instead.
    BackgroundMode backgroundMode = BackgroundMode::Color;
    // The light, resolved by the caller (Capturer::environment() makes and keeps the one that
    // --environment's "studio", "rig" or .hdr file names): an environment, or null for the
    // three-light rig alone; unset, the built-in studio (the default).
    std::optional<const GpuEnvironment*> environment;
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
    // --variant: a KHR_materials_variants variant's index, as morph::findVariant resolves its
    // name or index; -1 the file's default materials.
    int variant = -1;
    // MSAA samples per pixel of the capture (Offscreen): 4, or 0 single-sampled, the only
    // target deferred shading draws into (SceneRenderer.h's Shading).
    int samples = Offscreen::kDefaultSamples;
    Shading shading = Shading::Auto;
};

// Whether the model has what `shot` names: its scene and its file camera. Usage errors name the
// file and the count: "scene 2: two.glb has 2 scenes (0 to 1)".
morph::Status checkShot(const morph::Scene& layout, const ShotSpec& shot);
// The parts of checkShot (the command line words each error after its own option).
morph::Status checkShotScene(const morph::Scene& layout, int scene);
morph::Status checkShotCamera(const morph::Scene& layout, const ShotSpec& shot);

// The crowd of `count` copies of `scene` at `pose` (count > 1): a grid of ceil(sqrt(count))
// columns, row after row downwards, spaced by 1.25 times the scene's unmorphed box and centred
// on it. Instance 0 keeps the pose's weights; instance k > 0 gets, per target t, a weight in
// [0, 1) with probability 1/4, else 0, both from a hash of (k, t): deterministic, the same on
// every run and machine.
Crowd crowdFor(const GpuScene& scene, const std::vector<morph::NodePose>& pose, int count,
               int sceneIndex = -1);

class Capturer {
public:
    Capturer() = default;
    // Needs a current 4.5 context (EglContext for headless use).
    static morph::Result<Capturer> create(const ShaderLibrary& library = ShaderLibrary());

    // Draws `scene` at `pose` (one NodePose per node; empty: the rest pose) as `shot` frames it
    // (on the unmorphed bounds, or the morphed bounds when the morph leaves that frame;
    // FrameTarget::Morphed: the same with the morphed region instead of the whole model) and
    // reads the image back; with a file camera (file:N) as that camera sees it, unframed.
    // Deterministic: the same shot and pose give the same pixels.
    morph::Result<morph::RgbaImage> capture(const GpuScene& scene, const ShotSpec& shot,
                                            const std::vector<morph::NodePose>& pose = {});

    // The environment a shot's `environment` names, prefiltered on first use and kept for the
    // next shots (null for "rig"). Errors name the file.
    morph::Result<const GpuEnvironment*> environment(const std::string& spec);

    // Starts making the light `spec` names on a thread of its own (LightBeside), in a context
    // sharing `current`'s objects (EglContext::shared()); false if none could be made. Until it
    // is made, environment(spec) gives its stand-in, and capture() with the stand-in first draws
    // the shot with it (compiling what the frame needs), then waits for the light and draws the
    // shot again with it: the same pixels as without.
    bool environmentBeside(const std::string& spec, const EglContext& current);
    // Milliseconds capture() has waited for lights made beside it.
    double lightWaitMs() const { return mLightWaitMs; }

    // Makes the offscreen target `shot` will draw into ahead of capture(), for a caller with time
    // to spare (waiting for an import). A failure is not kept: capture() meets it again.
    void prepare(const ShotSpec& shot);

    // The renderer the shots are drawn with (its counters: transmissionPasses(),
    // deferredFrames()).
    const SceneRenderer& renderer() const { return mRenderer; }

private:
    // The offscreen target of that size and samples, made on first use.
    morph::Result<Offscreen*> target(int width, int height, int samples);

    // Waits for the light made beside (calling `meanwhile` with the stand-in first if it is not
    // made yet) and keeps it.
    morph::Result<const GpuEnvironment*> adopt(
        const std::function<void(const GpuEnvironment& standIn)>& meanwhile = {});

    ShaderLibrary mLibrary;
    SceneRenderer mRenderer;
    std::map<std::string, GpuEnvironment> mEnvironments;  // by spec
    // The light being made beside (its thread's context with it), until adopt().
    std::unique_ptr<EglContext> mBesideContext;
    std::unique_ptr<LightBeside> mBeside;
    double mLightWaitMs = 0;
    // By size and samples, reused across shots.
    std::map<std::tuple<int, int, int>, Offscreen> mTargets;
    std::optional<OverlayRenderer> mOverlay;  // made by the first shot with a heat map
};

}  // namespace renderer
