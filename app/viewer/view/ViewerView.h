#pragma once
// The viewer's 3D view, a plain object the window owns and calls: its region of the window, its
// camera (the orbit camera or the file's, what "frame" frames, the turntable and the preset
// cycle), the camera requests the panels post, and its picture: the frame drawn into the view's
// own target with the wireframe, the overlays and the picked vertex's marker, then copied into
// the window. A frame that would draw the same picture as the last (only the UI changed) copies
// it in again. It keeps the view's GPU state and the camera; the window's renderer, document,
// panels' state and lights it reaches through the references it was made with.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/document/FrameTimes.h"
#include "app/viewer/GlfwContext.h"
#include "app/viewer/OrbitCamera.h"
#include "app/viewer/ViewerApp.h"
#include "app/viewer/ViewerUi.h"
#include "renderer/light/LightBeside.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/OverlayRenderer.h"
#include "renderer/scene/SceneRenderer.h"

namespace app {

// What the view reaches of the window.
struct ViewContext {
    const GlfwContext& context;
    renderer::SceneRenderer& renderer;
    ViewerDocument& doc;
    ViewerUi& ui;
    // Environments prefiltered so far, by spec (the window's useEnvironment fills it), and the
    // light being made beside at start (drawPicture waits for it and moves it there).
    std::map<std::string, renderer::GpuEnvironment>& environments;
    std::unique_ptr<renderer::LightBeside>& lightBeside;
    const renderer::Shading& shading;  // --shading
    FrameTimes& frameTimes;            // counts the frames that draw the view anew
};

class ViewerView {
public:
    explicit ViewerView(const ViewContext& context);

    morph::Status start();  // the overlay renderer; needs the GL context

    ViewRegion region() const;  // framebuffer pixels
    // The window in the background colour, then the view drawn (or its last picture copied in).
    void draw(int fbWidth, int fbHeight);
    void invalidate() { mViewKey.reset(); }  // the next frame draws the view anew (a new light)

    // The camera the 3D view draws with: the file's camera ui.fileCamera at this frame (its node
    // may be animated), else the orbit camera.
    renderer::Camera camera(const ViewRegion& region, int fbWidth, int fbHeight) const;
    OrbitCamera& orbit() { return mCamera; }
    // Before the orbit camera moves: when looking through a file camera, the orbit camera takes
    // over from that view.
    void leaveFileCamera();
    void frameModel();     // on ui.framing
    void frameNewModel();  // a model just opened: its face when it has one, else all of it
    // The panels' camera requests: the file's cameras, the view presets, Home, framing and an
    // audit finding.
    void handleRequests();
    void present(float seconds);  // the turntable and the preset cycle

private:
    // mViewTarget at the view's size (half while dragging on a CPU rasterizer); false on failure.
    bool prepareTarget(const ViewRegion& view);
    renderer::DrawOptions drawOptions() const;
    void drawPicture(const renderer::Camera& camera, const morph::FramePose& frame,
                     const std::optional<renderer::OverlayOptions>& overlays);
    // The light made beside, when the picture needs it (LightBeside::take: the picture drawn
    // first with its stand-in, which compiles what the frame needs while the light is made).
    void takeLightBeside(const renderer::Camera& camera, const morph::FramePose& frame);
    void updateMorphStats();  // the path drawn and its bytes, for the stats overlay
    // The overlays the inspect settings ask for (nullopt: none); heatWeights reads the UI.
    std::optional<renderer::OverlayOptions> overlayOptions(const morph::FramePose& frame);
    void drawPickMarker(const renderer::Camera& camera, const ViewRegion& view);  // ImGui's
    renderer::Aabb sceneBounds() const;
    renderer::Aabb framingBounds(Framing framing) const;  // sceneBounds when it has none
    // A File report audit row's click: its target soloed at 1 (showFindingTarget), the camera on
    // the region that target moves (the selected mesh when it moves nothing).
    void showAuditFinding(size_t finding);
    void fileCameraRequest(int camera);  // look through the file's camera `camera` (< 0: leave)

    const GlfwContext& mContext;
    renderer::SceneRenderer& mRenderer;
    ViewerDocument& mDoc;
    ViewerUi& mUi;
    std::map<std::string, renderer::GpuEnvironment>& mEnvironments;
    std::unique_ptr<renderer::LightBeside>& mLightBeside;
    const renderer::Shading& mShading;
    FrameTimes& mFrameTimes;

    OrbitCamera mCamera;
    renderer::OverlayRenderer mOverlay;
    // The 3D view's picture: the view region's size, ViewerUi::viewSamples (draw).
    std::optional<renderer::Offscreen> mViewTarget;
    // What mViewTarget's picture was drawn from (draw): a frame that draws the same again, one
    // where only the UI changed (a hover, a menu, typing), copies it in without drawing.
    struct ViewKey {
        uint64_t scene = 0;
        int samples = 0;
        renderer::Camera camera;
        std::vector<morph::NodePose> nodes;
        Wireframe wireframe = Wireframe::Off;
        renderer::MorphPath morphPath = renderer::MorphPath::Auto;
        std::optional<renderer::OverlayOptions> overlays;
        // The light and display transform, as ViewerUi holds them.
        std::string environment;
        float environmentRotation = 0;
        float exposure = 1;
        renderer::ToneMapping toneMapping = renderer::ToneMapping::PbrNeutral;
        renderer::BackgroundMode backgroundMode = renderer::BackgroundMode::Color;
        int shownScene = -1;
        renderer::DirectLights lights = renderer::DirectLights::Auto;
        int variant = -1;
        bool operator==(const ViewKey& other) const;  // every field, exactly
    };
    std::optional<ViewKey> mViewKey;
};

}  // namespace app
