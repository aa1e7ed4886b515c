// The viewer's presentation around the frame: the turntable and preset cycle, the recording (PNG
// sequence + MP4 through ffmpeg) and a monitor's content scale changing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "app/record/Recording.h"
#include "app/viewer/ViewerWindow.h"
#include "renderer/gl/Gl.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

namespace app {

namespace fs = std::filesystem;

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
    // A scene clip that names its sound (speak's speech.glb) has it in the MP4, from the
    // clip's time now.
    const ClipRef clip = mDoc.state.playback.clip;
    const std::string audio =
        mDoc.loaded && clip.kind == ClipKind::Scene
            ? clipAudioPath(mDoc.model.path, clipName(mDoc.scene, mDoc.state, clip))
            : "";
    if (auto started = mRecorder.start(rec.folder, rec.fps, rec.ffmpeg, "recording.mp4", audio,
                                       mDoc.state.playback.time);
        !started) {
        showError(mUi, started.error().message);
        return;
    }
    rec.active = true;
    rec.frames = 0;
    showMessage(mUi, "recording to " + rec.folder + " at " + std::to_string(rec.fps) + " fps" +
                         (rec.ffmpeg.empty() ? " (ffmpeg not on PATH: PNG frames only)"
                          : audio.empty()
                              ? " (PNG + MP4)"
                              : " (PNG + MP4 with " + fs::path(audio).filename().string() + ")"));
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
