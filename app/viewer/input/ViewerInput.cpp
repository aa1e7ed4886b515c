// The viewer's mouse and keyboard (ViewerInput.h).
#include "app/viewer/input/ViewerInput.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

namespace {

bool pressed(int key) {
    return ImGui::IsKeyPressed(key, false);
}
bool repeated(int key) {
    return ImGui::IsKeyPressed(key, true);
}

}  // namespace

void ViewerInput::handleCamera() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse) return;
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    // ImGui's mouse is in window units; the camera works in framebuffer pixels.
    const float dx = io.MouseDelta.x * io.DisplayFramebufferScale.x;
    const float dy = io.MouseDelta.y * io.DisplayFramebufferScale.y;
    const bool moved = io.MouseDelta.x != 0 || io.MouseDelta.y != 0;
    const bool panning = io.MouseDown[2] || (io.MouseDown[0] && io.KeyShift);
    if ((moved && (panning || io.MouseDown[0])) || io.MouseWheel != 0) mView.leaveFileCamera();
    if (moved && panning) {
        mView.orbit().pan(dx, dy, fbHeight);
    } else if (moved && io.MouseDown[0]) {
        mView.orbit().orbit(dx, dy);
    }
    if (io.MouseWheel != 0) mView.orbit().zoom(io.MouseWheel);
    // A click (pressed and released without dragging past a few pixels) picks a vertex.
    constexpr float kClickSlopSq = 16.0f;
    if (ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < kClickSlopSq && !io.KeyShift)
        pickAtMouse();
}

void ViewerInput::handleShortcuts() {
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

void ViewerInput::pickAtMouse() {
    if (!mDoc.loaded) return;
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    if (fbWidth <= 0 || fbHeight <= 0) return;
    const ImGuiIO& io = ImGui::GetIO();
    const float x = io.MousePos.x * io.DisplayFramebufferScale.x,
                y = io.MousePos.y * io.DisplayFramebufferScale.y;
    const ViewRegion view = mView.region();
    if (x < view.x || y < view.y || x > view.x + view.width || y > view.y + view.height) return;
    // The same camera and projection the view draws with: the view region's own.
    const renderer::Camera camera = mView.camera(view, fbWidth, fbHeight);
    const glm::mat4 viewProjection = camera.projection(view.width / view.height) * camera.view();
    const glm::vec2 ndc(2.0f * (x - view.x) / view.width - 1.0f,
                        1.0f - 2.0f * (y - view.y) / view.height);
    pickVertex(mDoc, mUi, morph::rayFromNdc(glm::inverse(viewProjection), ndc));
}

}  // namespace app
