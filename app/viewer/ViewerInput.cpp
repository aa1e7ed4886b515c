// The viewer's input: the camera (mouse over the 3D view only), the keyboard shortcuts (only
// while no text field has the keyboard), a click that picks a vertex, dropped files, and the
// requests panels post.
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "app/viewer/ViewerWindow.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

namespace fs = std::filesystem;

namespace {

bool pressed(int key) {
    return ImGui::IsKeyPressed(key, false);
}
bool repeated(int key) {
    return ImGui::IsKeyPressed(key, true);
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

void ViewerWindow::onDrop(GLFWwindow* window, int count, const char** paths) {
    auto* self = static_cast<ViewerWindow*>(glfwGetWindowUserPointer(window));
    if (!self || count <= 0 || !paths) return;
    // Several files at once: the last one is opened (one document at a time).
    self->mDropped.assign(paths, paths + count);
}

void ViewerWindow::handleCameraInput() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse) return;
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    // ImGui's mouse is in window units; the camera works in framebuffer pixels.
    const float dx = io.MouseDelta.x * io.DisplayFramebufferScale.x;
    const float dy = io.MouseDelta.y * io.DisplayFramebufferScale.y;
    const bool moved = io.MouseDelta.x != 0 || io.MouseDelta.y != 0;
    const bool panning = io.MouseDown[2] || (io.MouseDown[0] && io.KeyShift);
    if ((moved && (panning || io.MouseDown[0])) || io.MouseWheel != 0) leaveFileCamera();
    if (moved && panning) {
        mCamera.pan(dx, dy, fbHeight);
    } else if (moved && io.MouseDown[0]) {
        mCamera.orbit(dx, dy);
    }
    if (io.MouseWheel != 0) mCamera.zoom(io.MouseWheel);
    // A click (pressed and released without dragging past a few pixels) picks a vertex.
    constexpr float kClickSlopSq = 16.0f;
    if (ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < kClickSlopSq && !io.KeyShift)
        pickAtMouse();
}

void ViewerWindow::handleShortcuts() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureKeyboard || io.WantTextInput) return;
    ViewerRequests& r = mUi.requests;
    const bool ctrl = io.KeyCtrl;
    if (pressed(GLFW_KEY_TAB)) mUi.visible = !mUi.visible;
    if (pressed(GLFW_KEY_F1)) mUi.showShortcuts = !mUi.showShortcuts;
    if (pressed(GLFW_KEY_F5)) r.reload = true;
    if (pressed(GLFW_KEY_F11)) r.toggleFullscreen = true;
    if (pressed(GLFW_KEY_F12)) r.screenshot = true;
    if (pressed(GLFW_KEY_F) && !ctrl) r.frame = Framing::All;
    if (pressed(GLFW_KEY_M) && !ctrl) r.frame = Framing::Morphed;
    if (pressed(GLFW_KEY_S) && !ctrl) r.frame = Framing::SelectedMesh;
    if (pressed(GLFW_KEY_HOME)) r.resetCamera = true;
    if (pressed(GLFW_KEY_1) || pressed(GLFW_KEY_KP_1))
        r.view = ctrl ? CameraPreset::Back : CameraPreset::Front;
    if (pressed(GLFW_KEY_3) || pressed(GLFW_KEY_KP_3))
        r.view = ctrl ? CameraPreset::Left : CameraPreset::Right;
    if (pressed(GLFW_KEY_7) || pressed(GLFW_KEY_KP_7))
        r.view = ctrl ? CameraPreset::Bottom : CameraPreset::Top;
    if (pressed(GLFW_KEY_W) && !ctrl) mUi.wireframe = Wireframe((int(mUi.wireframe) + 1) % 3);
    if (pressed(GLFW_KEY_N) && !ctrl) mUi.inspect.normals = !mUi.inspect.normals;
    if (pressed(GLFW_KEY_G) && !ctrl)
        mUi.inspect.ghost = renderer::GhostMode((int(mUi.inspect.ghost) + 1) % 3);
    if (pressed(GLFW_KEY_H) && !ctrl) mUi.inspect.heat = !mUi.inspect.heat;
    if (pressed(GLFW_KEY_T) && !ctrl) mUi.turntable.on = !mUi.turntable.on;
    if (pressed(GLFW_KEY_P) && !ctrl) mUi.presetCycle.on = !mUi.presetCycle.on;
    if (pressed(GLFW_KEY_F9)) r.toggleRecording = true;
    if (pressed(GLFW_KEY_O) && ctrl) openBrowser(mUi, BrowserMode::OpenModel, mDoc.model.path);
    if (pressed(GLFW_KEY_Q) && ctrl) r.quit = true;
    if (pressed(GLFW_KEY_ESCAPE)) {
        if (mContext.fullscreen()) {
            r.toggleFullscreen = true;
        } else if (mUi.browser.visible) {
            mUi.browser.visible = false;
        } else {
            r.quit = true;
        }
    }
    if (!mDoc.loaded) return;
    ViewerState& state = mDoc.state;
    if (pressed(GLFW_KEY_SPACE)) togglePlay(state, mDoc.scene);
    if (repeated(GLFW_KEY_LEFT)) stepToPrevKey(state, mDoc.scene);
    if (repeated(GLFW_KEY_RIGHT)) stepToNextKey(state, mDoc.scene);
    if (pressed(GLFW_KEY_K)) keyPose(mDoc, mUi);
    if (pressed(GLFW_KEY_DELETE) && mUi.selectedKey >= 0 && state.keyClip >= 0 &&
        size_t(state.keyClip) < state.userClips.size()) {
        morph::deleteKey(state.userClips[size_t(state.keyClip)], size_t(mUi.selectedKey));
        mUi.selectedKey = -1;
    }
}

void ViewerWindow::handleRequests() {
    takeDroppedFiles();
    handleDocumentRequests();
    handleCameraRequests();
    handleWindowRequests();
}

void ViewerWindow::takeDroppedFiles() {
    ViewerRequests& r = mUi.requests;
    // A file a feature takes is its own (a .wav: a line to say); else an .hdr is a light,
    // anything else a model; of several files, the last of each.
    for (const std::string& path : mDropped) {
        const bool taken =
            std::any_of(mFeatures.begin(), mFeatures.end(),
                        [&](const auto& feature) { return feature->takeDrop(path); });
        if (taken) continue;
        std::string ext = fs::path(path).extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        (ext == ".hdr" ? r.environment : r.open) = path;
    }
    mDropped.clear();
}

// The light, the model, the scene and the variant.
void ViewerWindow::handleDocumentRequests() {
    ViewerRequests& r = mUi.requests;
    if (r.environment) {
        const std::string spec = *r.environment;
        r.environment.reset();
        if (useEnvironment(spec)) mViewKey.reset();
    }
    if (r.open) {
        const std::string path = *r.open;
        r.open.reset();
        openModel(path, false);
    }
    if (r.reload) {
        r.reload = false;
        if (mDoc.loaded) openModel(mDoc.model.path, true);
    }
    if (r.scene) {
        if (mDoc.loaded) {
            mDoc.state.scene = *r.scene;
            ++mDoc.state.revision;
            refreshFrame(mDoc);
            mUi.inspect.picked = false;  // a vertex of the other scene
            if (mUi.fileCamera < 0) r.frame = mUi.framing;
        }
        r.scene.reset();
    }
    if (r.toggleRigLogic) {
        mDoc.state.rigLogic = !mDoc.state.rigLogic;
        ++mDoc.state.revision;
        if (mDoc.loaded) refreshFrame(mDoc);
        r.toggleRigLogic = false;
    }
    if (r.variant) {
        // Only the material each draw binds changes: nothing is uploaded or morphed again.
        if (mDoc.loaded) mDoc.state.variant = *r.variant;
        r.variant.reset();
    }
}

// The file's cameras, the view presets, Home and framing.
void ViewerWindow::handleCameraRequests() {
    ViewerRequests& r = mUi.requests;
    if (r.fileCamera && *r.fileCamera < 0) {
        leaveFileCamera();
        r.fileCamera.reset();
    }
    if (r.fileCamera) {
        if (mDoc.loaded) {
            const int previous = mUi.fileCamera;
            mUi.fileCamera = *r.fileCamera;
            auto file = renderer::fileCamera(mDoc.gpu.layout(), mDoc.frame.pose, mUi.fileCamera,
                                             sceneBounds());
            if (!file) {
                showError(mUi, file.error().message);
                mUi.fileCamera = previous;
            }
        }
        r.fileCamera.reset();
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

void ViewerWindow::handleWindowRequests() {
    ViewerRequests& r = mUi.requests;
    if (r.toggleFullscreen) {
        r.toggleFullscreen = false;
        mContext.setFullscreen(!mContext.fullscreen());
    }
    if (r.toggleRecording) {
        r.toggleRecording = false;
        toggleRecording();
    }
    if (r.quit) {
        r.quit = false;
        glfwSetWindowShouldClose(mContext.window(), GLFW_TRUE);
    }
}

void ViewerWindow::pickAtMouse() {
    if (!mDoc.loaded) return;
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    if (fbWidth <= 0 || fbHeight <= 0) return;
    const ImGuiIO& io = ImGui::GetIO();
    const float x = io.MousePos.x * io.DisplayFramebufferScale.x,
                y = io.MousePos.y * io.DisplayFramebufferScale.y;
    const ViewRegion view = viewRegion();
    if (x < view.x || y < view.y || x > view.x + view.width || y > view.y + view.height) return;
    // The same camera and projection drawScene uses: the view region's own.
    const renderer::Camera camera = viewCamera(view, fbWidth, fbHeight);
    const glm::mat4 viewProjection = camera.projection(view.width / view.height) * camera.view();
    const glm::vec2 ndc(2.0f * (x - view.x) / view.width - 1.0f,
                        1.0f - 2.0f * (y - view.y) / view.height);
    pickVertex(mDoc, mUi, morph::rayFromNdc(glm::inverse(viewProjection), ndc));
}

}  // namespace app
