// The viewer's looking-closely and presentation machinery around the frame: the overlay passes
// and the picked vertex's marker, the click that picks, the turntable and preset cycle, the
// recording (PNG sequence + MP4 through ffmpeg) and a monitor's content scale changing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "app/record/Recording.h"
#include "app/viewer/ViewerWindow.h"
#include "renderer/gl/Gl.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

namespace app {

std::optional<renderer::OverlayOptions> ViewerWindow::overlayOptions(
    const morph::FramePose& frame) {
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

void ViewerWindow::drawPickMarker(const renderer::Camera& camera, const ViewRegion& view) {
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

void ViewerWindow::present(float seconds) {
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

void ViewerWindow::toggleRecording() {
    RecordUi& rec = mUi.record;
    if (mRecorder.active()) {
        const bool video = mRecorder.writesVideo();
        const size_t frames = mRecorder.frames();
        if (auto stopped = mRecorder.stop(); !stopped) {
            showError(mUi, stopped.error().message);
        } else {
            showMessage(mUi,
                        "recorded " + std::to_string(frames) + " frames to " + rec.folder +
                            (video ? " (+ recording.mp4)" : " (PNG only: ffmpeg not on PATH)"));
        }
        rec.active = false;
        return;
    }
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    std::tm local{};
    localtime_r(&seconds, &local);
    const int millis =
        int(std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
            1000);
    rec.folder = recordingFolderName(local, millis);
    if (auto started = mRecorder.start(rec.folder, rec.fps, rec.ffmpeg); !started) {
        showError(mUi, started.error().message);
        return;
    }
    rec.active = true;
    rec.frames = 0;
    showMessage(
        mUi, "recording to " + rec.folder + " at " + std::to_string(rec.fps) + " fps" +
                 (rec.ffmpeg.empty() ? " (ffmpeg not on PATH: PNG frames only)" : " (PNG + MP4)"));
}

void ViewerWindow::recordFrame(bool afterUi) {
    RecordUi& rec = mUi.record;
    if (!mRecorder.active() || afterUi == rec.viewOnly) return;
    morph::RgbaImage image = readWindow();
    if (rec.viewOnly) {
        // The 3D view as drawn, before ImGui: its rectangle of the window.
        const ViewRegion view = viewRegion();
        const int x0 = std::clamp(int(view.x), 0, image.width),
                  y0 = std::clamp(int(view.y), 0, image.height);
        const int w = std::clamp(int(view.width), 1, image.width - x0),
                  h = std::clamp(int(view.height), 1, image.height - y0);
        morph::RgbaImage crop;
        crop.width = w;
        crop.height = h;
        crop.pixels.resize(size_t(w) * size_t(h) * 4);
        for (int y = 0; y < h; ++y) {
            std::copy_n(image.pixels.begin() +
                            ptrdiff_t((size_t(y0 + y) * size_t(image.width) + size_t(x0)) * 4),
                        size_t(w) * 4, crop.pixels.begin() + ptrdiff_t(size_t(y) * size_t(w) * 4));
        }
        image = std::move(crop);
    }
    if (auto added = mRecorder.addFrame(evenSized(image)); !added) {
        showError(mUi, added.error().message);
        if (!mRecorder.active() || added.error().message.find("size changed") != std::string::npos)
            toggleRecording();
    }
    rec.frames = mRecorder.frames();
    if (!rec.ffmpeg.empty() && rec.frames > 0 && !mRecorder.writesVideo()) rec.ffmpeg.clear();
}

void ViewerWindow::onContentScale(GLFWwindow* window, float x, float y) {
    auto* self = static_cast<ViewerWindow*>(glfwGetWindowUserPointer(window));
    const float scale = std::max(x, y);
    // The same sanity range as GlfwContext::contentScale: a broken report keeps the old scale.
    if (self && scale >= 0.5f && scale <= 8.0f) self->mPendingScale = scale;
}

void ViewerWindow::applyPendingScale() {
    if (mPendingScale <= 0) return;
    const float scale = mPendingScale;
    mPendingScale = 0;
    if (scale == mUi.scale) return;
    // The window moved to a monitor of another density: fonts are rasterized anew at the new
    // size (crisp, not a scaled bitmap) and the style's sizes follow.
    mUi.scale = scale;
    applyViewerTheme(scale);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    char text[64];
    std::snprintf(text, sizeof text, "UI scale %.2f", scale);
    showMessage(mUi, text);
}

}  // namespace app
