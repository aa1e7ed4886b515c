#include "renderer/scene/Capture.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>

#include <glm/gtc/matrix_transform.hpp>

#include "morph/anim/Animate.h"

namespace renderer {

namespace {

// splitmix64: a fixed, portable hash of the instance and target numbers.
uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

Crowd crowdFor(const GpuScene& scene, const std::vector<morph::NodePose>& pose, int count,
               int sceneIndex) {
    Crowd crowd;
    if (count < 2) return crowd;
    std::vector<morph::NodePose> unmorphed = pose;
    for (morph::NodePose& node : unmorphed)
        std::fill(node.weights.begin(), node.weights.end(), 0.0f);
    morph::FramePose unmorphedFrame = morph::resolveFrame(scene.layout(), unmorphed);
    unmorphedFrame.scene = sceneIndex;
    const Aabb box = scene.bounds(unmorphedFrame);
    const glm::vec3 size = box.valid ? box.max - box.min : glm::vec3(1.0f);
    const int columns = int(std::ceil(std::sqrt(double(count))));
    const int rows = (count + columns - 1) / columns;
    const glm::vec2 spacing = 1.25f * glm::max(glm::vec2(size.x, size.y), glm::vec2(1e-3f));
    size_t targets = 0;
    for (const morph::Mesh& mesh : scene.layout().meshes)
        targets = std::max(targets, mesh.targetCount());
    for (int k = 0; k < count; ++k) {
        const int column = k % columns, row = k / columns;
        crowd.offsets.emplace_back((column - 0.5f * (columns - 1)) * spacing.x,
                                   (0.5f * (rows - 1) - row) * spacing.y, 0.0f);
        std::vector<float> weights;  // instance 0: empty, the pose's weights
        if (k > 0) {
            weights.resize(targets);
            for (size_t t = 0; t < targets; ++t) {
                const uint64_t h = mix(uint64_t(k) * 1000003ull + t);
                weights[t] = (h & 3u) == 0 ? float((h >> 11) % 1000) / 1000.0f : 0.0f;
            }
        }
        crowd.weights.push_back(std::move(weights));
    }
    return crowd;
}

morph::Status checkShotScene(const morph::Scene& layout, int scene) {
    const size_t scenes = layout.scenes.size();
    if (scene < 0 || size_t(scene) < scenes) return {};
    return morph::Error{
        morph::ErrorCode::Usage,
        "scene " + std::to_string(scene) + ": " + layout.path +
            (scenes == 0 ? std::string(" has no scenes")
                         : " has " + std::to_string(scenes) + " scene" + (scenes == 1 ? "" : "s") +
                               " (0 to " + std::to_string(scenes - 1) + ")")};
}

morph::Status checkShotCamera(const morph::Scene& layout, const ShotSpec& shot) {
    if (!shot.camera.fileCamera) return {};
    morph::FramePose frame = morph::resolveFrame(layout, {});
    frame.scene = shot.scene;
    if (auto camera = fileCamera(layout, frame, *shot.camera.fileCamera); !camera)
        return camera.error();
    return {};
}

morph::Status checkShot(const morph::Scene& layout, const ShotSpec& shot) {
    if (auto scene = checkShotScene(layout, shot.scene); !scene) return scene;
    return checkShotCamera(layout, shot);
}

morph::Result<Capturer> Capturer::create(const ShaderLibrary& library) {
    auto renderer = SceneRenderer::create(library);
    if (!renderer) return renderer.error();
    Capturer out;
    out.mLibrary = library;
    out.mRenderer = std::move(renderer).value();
    return out;
}

morph::Result<const GpuEnvironment*> Capturer::environment(const std::string& spec) {
    if (spec == kRigLighting) return static_cast<const GpuEnvironment*>(nullptr);
    if (mBeside && mBeside->spec() == spec) {
        if (!mBeside->ready()) return &mBeside->standIn();
        return adopt();
    }
    auto found = mEnvironments.find(spec);
    if (found == mEnvironments.end()) {
        auto loaded = GpuEnvironment::load(spec, mLibrary);
        if (!loaded) return loaded.error();
        found = mEnvironments.emplace(spec, std::move(loaded).value()).first;
    }
    return &found->second;
}

bool Capturer::environmentBeside(const std::string& spec, const EglContext& current) {
    if (spec == kRigLighting || mEnvironments.count(spec) || mBeside) return false;
    auto shared = current.shared();
    if (!shared) return false;
    mBesideContext = std::make_unique<EglContext>(std::move(shared).value());
    const EglContext* beside = mBesideContext.get();
    mBeside = std::make_unique<LightBeside>(
        spec, mLibrary, [beside] { return beside->makeCurrent(); },
        [beside] { beside->release(); });
    return true;
}

morph::Result<const GpuEnvironment*> Capturer::adopt(
    const std::function<void(const GpuEnvironment& standIn)>& meanwhile) {
    const std::string spec = mBeside->spec();
    auto light = mBeside->take(mLightWaitMs, meanwhile);
    mBeside.reset();
    mBesideContext.reset();
    if (!light) return light.error();
    return &mEnvironments.emplace(spec, std::move(light).value()).first->second;
}

void Capturer::prepare(const ShotSpec& shot) {
    (void)target(shot.width, shot.height, shot.samples);
}

namespace {

// What a shot is framed on: the unmorphed bounds (`rest`), the morphed ones that must stay
// inside the picture (`morphed`), and what must stay in view (`inView`: the morphed bounds, or
// for FrameTarget::Morphed the morphed region at rest and at the shot's weights).
struct ShotBounds {
    Aabb rest;
    Aabb morphed;
    Aabb inView;
};

// Every copy's box, each at its own weights, moved to its place in the crowd's grid.
void extendByCrowd(const GpuScene& scene, const std::vector<morph::NodePose>& pose, int sceneIndex,
                   const Crowd& crowd, ShotBounds& bounds) {
    const Aabb restBox = bounds.rest, morphedBox = bounds.morphed;
    bounds.rest = bounds.morphed = Aabb();
    std::vector<morph::NodePose> copy = pose;
    for (size_t k = 0; k < crowd.offsets.size(); ++k) {
        const glm::mat4 move = glm::translate(glm::mat4(1.0f), crowd.offsets[k]);
        bounds.rest.extend(restBox.transformed(move));
        if (crowd.weights[k].empty()) {
            bounds.morphed.extend(morphedBox.transformed(move));
            continue;
        }
        for (morph::NodePose& node : copy) {
            for (size_t t = 0; t < node.weights.size(); ++t) {
                node.weights[t] = t < crowd.weights[k].size() ? crowd.weights[k][t] : 0.0f;
            }
        }
        morph::FramePose copyFrame = morph::resolveFrame(scene.layout(), copy);
        copyFrame.scene = sceneIndex;
        bounds.morphed.extend(scene.bounds(copyFrame).transformed(move));
    }
}

ShotBounds shotBounds(const GpuScene& scene, const ShotSpec& shot,
                      const std::vector<morph::NodePose>& pose, const morph::FramePose& frame,
                      const Crowd& crowd) {
    // Framed on the unmorphed geometry (the shot's node transforms, zero weights), so shots of
    // one model at different weights share a camera and differ only where the mesh moved; only
    // when the morphed bounds would leave that frame does the camera frame them instead.
    std::vector<morph::NodePose> unmorphed = pose;
    for (morph::NodePose& node : unmorphed)
        std::fill(node.weights.begin(), node.weights.end(), 0.0f);
    morph::FramePose unmorphedFrame = morph::resolveFrame(scene.layout(), unmorphed);
    unmorphedFrame.scene = shot.scene;
    ShotBounds bounds{scene.bounds(unmorphedFrame), scene.bounds(frame), {}};
    if (!crowd.offsets.empty()) extendByCrowd(scene, pose, shot.scene, crowd, bounds);
    bounds.inView = bounds.morphed;
    if (shot.frame == FrameTarget::Morphed && shot.region.valid) {
        bounds.rest = bounds.inView = shot.region;
    } else if (shot.frame == FrameTarget::Morphed) {
        // The same rule on the region the targets move: framed at zero weights, so shots at
        // different weights share a camera, unless the weights move the region out of it.
        const Aabb restRegion = scene.morphedRegion(unmorphedFrame);
        const Aabb region = scene.morphedRegion(frame);
        if (restRegion.valid) {
            bounds.rest = restRegion;
            bounds.inView = restRegion;
            bounds.inView.extend(region);
        }
    }
    return bounds;
}

morph::Result<Camera> shotCamera(const GpuScene& scene, const morph::FramePose& frame,
                                 const CameraView& view, const ShotBounds& bounds, float aspect) {
    // The file's own view: its planes and field of view, never reframed.
    if (view.fileCamera) return fileCamera(scene.layout(), frame, *view.fileCamera, bounds.rest);
    Camera camera = frameCamera(bounds.rest, view, aspect);
    if (!boxInView(camera, bounds.inView, aspect))
        camera = frameCamera(bounds.inView, view, aspect);
    enclose(camera, bounds.morphed);
    return camera;
}

DrawOptions shotOptions(const ShotSpec& shot, const GpuEnvironment* environment,
                        const Crowd& crowd) {
    DrawOptions options;
    options.lights = shot.lights;
    options.background = shot.background;
    options.backgroundMode = shot.backgroundMode;
    options.environment = environment;
    options.environmentRotation = glm::radians(shot.environmentRotation);
    options.exposure = shot.exposure;
    options.toneMapping = shot.toneMapping;
    options.morphPath = shot.morphPath;
    options.crowd = crowd.offsets.empty() ? nullptr : &crowd;
    options.variant = shot.variant;
    options.shading = shot.shading;
    return options;
}

}  // namespace

morph::Result<Offscreen*> Capturer::target(int width, int height, int samples) {
    const std::tuple<int, int, int> size(width, height, samples);
    auto found = mTargets.find(size);
    if (found == mTargets.end()) {
        auto offscreen = Offscreen::create(width, height, samples);
        if (!offscreen) return offscreen.error();
        found = mTargets.emplace(size, std::move(offscreen).value()).first;
    }
    return &found->second;
}

morph::Result<morph::RgbaImage> Capturer::capture(const GpuScene& scene, const ShotSpec& shot,
                                                  const std::vector<morph::NodePose>& posed) {
    auto light = shot.environment ? morph::Result<const GpuEnvironment*>(*shot.environment)
                                  : environment(kStudioEnvironment);
    if (!light) return light.error();
    if (auto checked = checkShot(scene.layout(), shot); !checked) return checked.error();
    const std::vector<morph::NodePose> pose =
        posed.empty() ? morph::restPose(scene.layout()) : posed;
    morph::FramePose frame = morph::resolveFrame(scene.layout(), pose);
    frame.scene = shot.scene;
    auto target = this->target(shot.width, shot.height, shot.samples);
    if (!target) return target.error();

    const Crowd crowd = crowdFor(scene, pose, shot.instances, shot.scene);
    const ShotBounds bounds = shotBounds(scene, shot, pose, frame, crowd);
    const float aspect = float(shot.width) / float(shot.height);
    auto camera = shotCamera(scene, frame, shot.camera, bounds, aspect);
    if (!camera) return camera.error();
    DrawOptions options = shotOptions(shot, *light, crowd);
    if (mBeside && *light == &mBeside->standIn()) {
        auto made = adopt([&](const GpuEnvironment& standIn) {
            options.environment = &standIn;
            mRenderer.draw(scene, frame, *camera, (*target)->target(), options);
        });
        if (!made) return made.error();
        options.environment = *made;
    }
    mRenderer.draw(scene, frame, *camera, (*target)->target(), options);
    if (shot.heatScale > 0) {
        if (!mOverlay) {
            auto overlay = OverlayRenderer::create(mLibrary);
            if (!overlay) return overlay.error();
            mOverlay = std::move(overlay).value();
        }
        OverlayOptions heat;
        heat.heat = true;
        heat.heatScale = shot.heatScale;
        mOverlay->draw(scene, frame, *camera, (*target)->target(), heat);
    }
    return (*target)->readPixels();
}

}  // namespace renderer
