// The 3D view (ViewerView.h): its region, its camera, the camera requests and its picture.
#include "app/viewer/view/ViewerView.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "renderer/scene/Capture.h"
#include "renderer/scene/Wireframe.h"

namespace app {

namespace {

const glm::vec3 kBackground = glm::vec3(46, 48, 54) / 255.0f;  // SceneRenderer's studio gray

renderer::Wireframe rendererWireframe(Wireframe wireframe) {
    switch (wireframe) {
        case Wireframe::Overlay: return renderer::Wireframe::Overlay;
        case Wireframe::Only: return renderer::Wireframe::Only;
        default: return renderer::Wireframe::Off;
    }
}

bool sameCamera(const renderer::Camera& a, const renderer::Camera& b) {
    return a.eye == b.eye && a.target == b.target && a.up == b.up && a.fovY == b.fovY &&
           a.nearPlane == b.nearPlane && a.farPlane == b.farPlane &&
           a.orthographic == b.orthographic && a.orthoHalfHeight == b.orthoHalfHeight;
}

bool sameNodes(const std::vector<morph::NodePose>& a, const std::vector<morph::NodePose>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].translation != b[i].translation || a[i].rotation != b[i].rotation ||
            a[i].scale != b[i].scale || a[i].weights != b[i].weights)
            return false;
    }
    return true;
}

bool sameOverlays(const std::optional<renderer::OverlayOptions>& a,
                  const std::optional<renderer::OverlayOptions>& b) {
    if (!a || !b) return !a && !b;
    return a->normals == b->normals && a->normalLength == b->normalLength &&
           a->normalColor == b->normalColor && a->ghost == b->ghost &&
           a->ghostColor == b->ghostColor && a->heat == b->heat && a->heatScale == b->heatScale &&
           a->heatWeights == b->heatWeights;
}

// The orbit camera's azimuth and elevation, in degrees, for a view preset.
std::pair<float, float> presetAngles(CameraPreset preset) {
    switch (preset) {
        case CameraPreset::Front: return {0, 0};
        case CameraPreset::Back: return {180, 0};
        case CameraPreset::Right: return {90, 0};
        case CameraPreset::Left: return {-90, 0};
        case CameraPreset::Top: return {0, 90};
        case CameraPreset::Bottom: return {0, -90};
    }
    return {0, 0};
}

}  // namespace

ViewerView::ViewerView(const ViewContext& context)
    : mContext(context.context),
      mRenderer(context.renderer),
      mDoc(context.doc),
      mUi(context.ui),
      mEnvironments(context.environments),
      mLightBeside(context.lightBeside),
      mShading(context.shading),
      mFrameTimes(context.frameTimes) {}

morph::Status ViewerView::start() {
    auto overlay = renderer::OverlayRenderer::create();
    if (!overlay) return morph::Error{overlay.error().code, "viewer: " + overlay.error().message};
    mOverlay = std::move(overlay).value();
    return {};
}

bool ViewerView::ViewKey::operator==(const ViewKey& other) const {
    return scene == other.scene && samples == other.samples && sameCamera(camera, other.camera) &&
           sameNodes(nodes, other.nodes) && wireframe == other.wireframe &&
           morphPath == other.morphPath && sameOverlays(overlays, other.overlays) &&
           environment == other.environment && environmentRotation == other.environmentRotation &&
           exposure == other.exposure && toneMapping == other.toneMapping &&
           backgroundMode == other.backgroundMode && shownScene == other.shownScene &&
           lights == other.lights && variant == other.variant;
}

ViewRegion ViewerView::region() const {
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    ViewRegion region;
    // Whole pixels: the 3D view draws into a target of exactly this size.
    region.x = std::round(mUi.weightsWidth * scale.x);
    region.y = std::round(mUi.menuHeight * scale.y);
    region.width = std::max(1.0f, float(fbWidth) - region.x);
    region.height =
        std::max(1.0f, std::round(float(fbHeight) - region.y - mUi.timelineHeight * scale.y));
    return region;
}

void ViewerView::draw(int fbWidth, int fbHeight) {
    // The whole window in the background colour (what the panels leave uncovered, and all of it
    // without a model), then the 3D view drawn into a target of the view region's size and
    // copied in: no pixel under a panel is shaded, and the view's anti-aliasing is its own.
    const renderer::RenderTarget window{nullptr, fbWidth, fbHeight};
    window.clear(kBackground);
    if (!mDoc.loaded) return;
    const ViewRegion view = region();
    if (!prepareTarget(view)) return;
    const morph::FramePose& frame = mDoc.frame.pose;
    uint64_t active = 0;
    for (int node : mDoc.gpu.nodes(frame.scene)) {
        if (size_t(node) < frame.size()) active += frame.active[size_t(node)].size();
    }
    mUi.stats.activeTargets = active;

    const renderer::Camera shown = camera(view, fbWidth, fbHeight);
    ViewKey key{mDoc.gpu.id(),         mUi.viewSamples, shown,
                frame.nodes,           mUi.wireframe,   mUi.morphPath,
                overlayOptions(frame), mUi.environment, mUi.environmentRotation,
                mUi.exposure,          mUi.toneMapping, mUi.backgroundMode,
                frame.scene,           mUi.lights,      mDoc.state.variant};
    if (!mViewKey || !(*mViewKey == key)) {
        mFrameTimes.addViewDraw();
        drawPicture(shown, frame, key.overlays);
        mViewKey = std::move(key);
    }
    drawPickMarker(shown, view);
    // GL's window coordinates start at the bottom left, its rows run bottom-up.
    const int windowY = fbHeight - int(view.y) - int(view.height);
    mViewTarget->blitToWindow(int(view.x), windowY, int(view.width), int(view.height));
    window.bind();  // the UI draws into the window
}

bool ViewerView::prepareTarget(const ViewRegion& view) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool dragging = mUi.halfWhileDragging && (io.MouseDown[0] || io.MouseDown[2]);
    const int divide = dragging ? 2 : 1;
    const int width = std::max(1, int(view.width) / divide),
              height = std::max(1, int(view.height) / divide);
    if (mViewTarget && mViewTarget->width() == width && mViewTarget->height() == height &&
        mViewTarget->samples() == mUi.viewSamples) {
        return true;
    }
    mViewTarget.reset();
    auto made = renderer::Offscreen::create(width, height, mUi.viewSamples);
    if (!made) {
        showError(mUi, "viewer: " + made.error().message);
        return false;
    }
    mViewTarget = std::move(made).value();
    mViewKey.reset();
    return true;
}

renderer::DrawOptions ViewerView::drawOptions() const {
    renderer::DrawOptions options;
    options.background = kBackground;
    options.morphPath = mUi.morphPath;
    options.variant = mDoc.state.variant;
    const auto light = mEnvironments.find(mUi.environment);
    options.environment = light != mEnvironments.end() ? &light->second : nullptr;
    options.environmentRotation = glm::radians(mUi.environmentRotation);
    options.exposure = mUi.exposure;
    options.toneMapping = mUi.toneMapping;
    options.backgroundMode = mUi.backgroundMode;
    options.lights = mUi.lights;
    options.shading = mShading;
    return options;
}

void ViewerView::takeLightBeside(const renderer::Camera& camera, const morph::FramePose& frame) {
    if (!mLightBeside || mLightBeside->spec() != mUi.environment) return;
    double waitedMs = 0;
    auto light = mLightBeside->take(waitedMs, [&](const renderer::GpuEnvironment& standIn) {
        renderer::DrawOptions options = drawOptions();
        options.environment = &standIn;
        renderer::drawWireframe(mRenderer, rendererWireframe(mUi.wireframe), mDoc.gpu, frame,
                                camera, mViewTarget->target(), options);
    });
    const std::string spec = mLightBeside->spec();
    mLightBeside.reset();
    if (!light) {
        showError(mUi, light.error().message);
        return;
    }
    mEnvironments.emplace(spec, std::move(light).value());
}

void ViewerView::drawPicture(const renderer::Camera& camera, const morph::FramePose& frame,
                             const std::optional<renderer::OverlayOptions>& overlays) {
    takeLightBeside(camera, frame);
    const renderer::RenderTarget target = mViewTarget->target();
    renderer::drawWireframe(mRenderer, rendererWireframe(mUi.wireframe), mDoc.gpu, frame, camera,
                            target, drawOptions());
    updateMorphStats();
    if (overlays) mOverlay.draw(mDoc.gpu, frame, camera, target, *overlays);
}

void ViewerView::updateMorphStats() {
    const renderer::MorphFrameStats& morph = mRenderer.morphStats();
    const renderer::MorphPath used = morph.uniformPath();
    std::string name = renderer::morphPathName(mUi.morphPath);
    if (mUi.morphPath == renderer::MorphPath::Auto || used != mUi.morphPath) {
        name += used == renderer::MorphPath::Mixed
                    ? std::string(" (mixed)")
                    : std::string(" -> ") + renderer::morphPathName(used);
    }
    mUi.stats.morphPath = name;
    mUi.stats.morphReadBytes = morph.cost.bytesReadPerFrame;
    // Resident: whatever every path used so far has built (paths build on first use).
    mUi.stats.morphTextureBytes = mRenderer.state().morphResidentBytes();
}

std::optional<renderer::OverlayOptions> ViewerView::overlayOptions(const morph::FramePose& frame) {
    const InspectUi& in = mUi.inspect;
    if (!in.normals && !in.heat && in.ghost == renderer::GhostMode::Off) return std::nullopt;
    renderer::OverlayOptions options;
    options.normals = in.normals;
    // A fixed share of the model's size, so the lines read the same on any model.
    const renderer::Aabb box = sceneBounds();
    options.normalLength = box.valid ? 0.015f * glm::length(box.max - box.min) : 0.01f;
    options.ghost = in.ghost;
    options.heat = in.heat;
    if (in.heat) {
        options.heatWeights = heatWeights(mDoc, mUi, frame);
        options.heatScale = mUi.inspect.heatMax;
    }
    return options;
}

void ViewerView::drawPickMarker(const renderer::Camera& camera, const ViewRegion& view) {
    glm::vec3 picked;
    if (!pickedPosition(mDoc, mUi, picked)) return;
    const float aspect = view.width / view.height;
    const glm::vec4 clip = camera.projection(aspect) * camera.view() * glm::vec4(picked, 1.0f);
    if (clip.w <= 0) return;
    // The view's pixels are the region's: from its corner, in ImGui's units.
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    const ImVec2 at((view.x + (clip.x / clip.w * 0.5f + 0.5f) * view.width) / scale.x,
                    (view.y + (0.5f - clip.y / clip.w * 0.5f) * view.height) / scale.y);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->PushClipRect(ImVec2(view.x / scale.x, view.y / scale.y),
                       ImVec2((view.x + view.width) / scale.x, (view.y + view.height) / scale.y),
                       true);
    const float r = 6 * mUi.scale;
    draw->AddCircle(at, r + 1.5f, IM_COL32(0, 0, 0, 200), 20, 3.0f);
    draw->AddCircle(at, r, IM_COL32(255, 220, 60, 255), 20, 2.0f);
    draw->AddCircleFilled(at, 2.0f * mUi.scale, IM_COL32(255, 220, 60, 255));
    draw->PopClipRect();
}

renderer::Aabb ViewerView::sceneBounds() const {
    if (!mDoc.loaded) return {};
    return mDoc.gpu.bounds(mDoc.frame.pose);
}

renderer::Aabb ViewerView::framingBounds(Framing framing) const {
    if (!mDoc.loaded) return {};
    renderer::Aabb box;
    switch (framing) {
        case Framing::All: break;
        case Framing::Morphed: box = mDoc.gpu.morphedRegion(mDoc.frame.pose); break;
        case Framing::SelectedMesh:
            if (mDoc.state.selectedMesh >= 0)
                box = mDoc.gpu.bounds(mDoc.frame.pose, mDoc.state.selectedMesh);
            break;
    }
    return box.valid ? box : sceneBounds();  // nothing morphs, nothing selected: the model
}

renderer::Camera ViewerView::camera(const ViewRegion& region, int fbWidth, int fbHeight) const {
    if (mUi.fileCamera >= 0 && mDoc.loaded) {
        auto file =
            renderer::fileCamera(mDoc.gpu.layout(), mDoc.frame.pose, mUi.fileCamera, sceneBounds());
        if (file) return *file;
    }
    return mCamera.camera(region, fbWidth, fbHeight);
}

void ViewerView::leaveFileCamera() {
    if (mUi.fileCamera < 0) return;
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    mCamera.lookFrom(camera(region(), fbWidth, fbHeight));
    mUi.fileCamera = -1;
}

void ViewerView::frameModel() {
    leaveFileCamera();
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    mCamera.frame(framingBounds(mUi.framing), region(), fbWidth, fbHeight);
}

void ViewerView::showAuditFinding(size_t finding) {
    if (!mDoc.loaded || finding >= mDoc.audit.findings.size()) return;
    const morph::Finding& f = mDoc.audit.findings[finding];
    const std::optional<FindingTarget> target = findingTarget(mDoc.scene, f);
    if (!target) {
        showError(mUi, "audit: no mesh has a target named '" +
                           (f.targets.empty() ? std::string() : f.targets.front()) + "'");
        return;
    }
    showFindingTarget(mDoc.state, mDoc.scene, *target);
    mUi.inspect.scrollToTarget = int(target->target);
    refreshFrame(mDoc);  // the region is the target's at weight 1, as the next frame draws it
    const renderer::Aabb mesh = framingBounds(Framing::SelectedMesh);
    renderer::Aabb box = mDoc.gpu.targetRegion(mDoc.frame.pose, target->mesh, target->target);
    // An eyelid's region alone fills the view with skin: at least a quarter of the mesh's size
    // around it keeps what is near in sight.
    const float context = 0.25f * mesh.diagonal();
    if (box.valid && box.diagonal() < context) box = box.grown(0.5f * (context - box.diagonal()));
    if (!box.valid) box = mesh;
    leaveFileCamera();
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    mCamera.frame(box, region(), fbWidth, fbHeight);
    showMessage(mUi, f.check + ": " + target->name + " soloed at 1 on " + target->meshName);
}

void ViewerView::frameNewModel() {
    // After the panels: the model is framed into what they leave. An avatar opens on its face:
    // the morphed region when it is much smaller than the model, else the whole model.
    if (mDoc.loaded) {
        mUi.framing = renderer::opensOnRegion(sceneBounds(), framingBounds(Framing::Morphed))
                          ? Framing::Morphed
                          : Framing::All;
    }
    frameModel();
}

// The file's cameras, the view presets, Home and framing.
void ViewerView::handleRequests() {
    ViewerRequests& r = mUi.requests;
    if (r.fileCamera) {
        const int camera = *r.fileCamera;
        r.fileCamera.reset();
        fileCameraRequest(camera);
    }
    if (r.view) {
        leaveFileCamera();
        const std::pair<float, float> angles = presetAngles(*r.view);
        mCamera.setAngles(angles.first, angles.second);
        r.view.reset();
        r.frame = mUi.framing;
    }
    if (r.resetCamera) {
        r.resetCamera = false;
        mUi.fileCamera = -1;  // Home: the orbit camera's front view, not the file's
        mCamera.setAngles(0, 0);
        r.frame = mUi.framing;
    }
    if (r.frame) {
        mUi.framing = *r.frame;
        r.frame.reset();
        frameModel();
    }
    if (r.finding) {
        const size_t finding = *r.finding;
        r.finding.reset();
        showAuditFinding(finding);
    }
}

void ViewerView::fileCameraRequest(int camera) {
    if (camera < 0) {
        leaveFileCamera();
        return;
    }
    if (!mDoc.loaded) return;
    const int previous = mUi.fileCamera;
    mUi.fileCamera = camera;
    auto file =
        renderer::fileCamera(mDoc.gpu.layout(), mDoc.frame.pose, mUi.fileCamera, sceneBounds());
    if (!file) {
        showError(mUi, file.error().message);
        mUi.fileCamera = previous;
    }
}

void ViewerView::present(float seconds) {
    if (mUi.turntable.on || mUi.presetCycle.on) leaveFileCamera();
    if (mUi.turntable.on)
        mCamera.setAngles(turntableAzimuth(mCamera.azimuth(), mUi.turntable, seconds),
                          mCamera.elevation());
    if (mUi.presetCycle.on && mDoc.loaded) {
        if (mDoc.state.presets.empty()) {
            mUi.presetCycle.on = false;
            showError(mUi, "preset cycle: no presets yet (Presets tab: Save pose)");
        } else {
            stepPresetCycle(mDoc.state, mDoc.scene, mUi.presetCycle, seconds);
        }
    }
}

}  // namespace app
