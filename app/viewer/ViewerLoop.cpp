// The viewer's main loop, one frame in order: wait for an event (or poll, while something
// moves), the clock, the script's step, the finished background load, the clips advanced and
// the frame resolved, the panels (they edit the state and post requests), camera and shortcut
// input (only what ImGui does not want), the scene drawn, ImGui drawn last, screenshots and the
// script's exit, swap, then the requests carried out. The features (ViewerFeature.h) are walked
// at their points of the frame, in makeFeatures' order.
#include <algorithm>
#include <cstdio>

#include "app/record/Recording.h"
#include "app/viewer/ViewerWindow.h"
#include "app/viewer/WindowEvents.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

namespace app {

namespace {

constexpr float kWeightsWidth = 410;  // logical pixels, before the HiDPI scale
constexpr float kTimelineHeight = 205;

const ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                     ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoBringToFrontOnFocus;

// A signal wakes a window waiting for events (Redraw.h).
void wakeOnSignal() {
    glfwPostEmptyEvent();
}

}  // namespace

Outcome ViewerWindow::run() {
    const Outcome outcome = runFrames();
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) feature->end();
    if (!mOptions.frameTimes.empty()) {
        if (auto written = mFrameTimes.write(mOptions.frameTimes); !written) {
            std::fprintf(stderr, "morphview: %s\n", written.error().message.c_str());
            return Outcome::Failed;
        }
    }
    return outcome;
}

Outcome ViewerWindow::runFrames() {
    GLFWwindow* window = mContext.window();
    mLastTime = glfwGetTime();
    RedrawWait wait;  // the first frame at once
    double frameStart = mLastTime;
    if (morph::Status s = mQuitSignals.start(wakeOnSignal); !s)
        std::fprintf(stderr, "morphview: %s\n", s.error().message.c_str());
    while (!closeConfirmed() && !quitSignalled()) {
        const bool waited = waitForEvents(wait);
        if (quitSignalled()) break;  // woken by SIGINT or SIGTERM: no frame, the way out
        const float dt = frameSeconds(waited, frameStart);
        applyPendingScale();
        const FrameSize size = beginFrame();
        const ScriptStep scripted = driveInput(size);
        updateFrame(dt, size);
        drawFrame(size);
        if (const std::optional<Outcome> outcome = endFrame(scripted)) return *outcome;
        glfwSwapBuffers(window);
        handleRequests();
        for (const std::unique_ptr<ViewerFeature>& feature : mFeatures)
            feature->afterFrame(scripted);
        wait = mRedraw.afterFrame(motion());
    }
    saveSettings();
    return Outcome::Ok;
}

bool ViewerWindow::waitForEvents(const RedrawWait& wait) {
    if (wait.poll) {
        glfwPollEvents();
        return false;
    }
    // Nothing moves (Redraw.h): no frame until an event, or until a timer needs one.
    const double before = glfwGetTime();
    if (wait.timeout >= 0) {
        glfwWaitEventsTimeout(std::max(wait.timeout, 0.001));
    } else {
        glfwWaitEvents();
    }
    const double after = glfwGetTime();
    mRedraw.woke(wait.timeout >= 0 && after - before >= wait.timeout - 0.001,
                 window_events::take());
    mLastTime = after;  // the time spent waiting is not a frame's
    return true;
}

float ViewerWindow::frameSeconds(bool waited, double& frameStart) {
    const double now = glfwGetTime();
    float dt = float(std::min(now - mLastTime, 0.25));  // a stall must not skip the clip
    mLastTime = now;
    if (!waited && mFrames > 0) {
        mFrameTimes.add((now - frameStart) * 1000.0);
        mUi.stats.frameMs =
            mUi.stats.frameMs == 0 ? dt * 1000 : 0.9f * mUi.stats.frameMs + 0.1f * dt * 1000;
    }
    frameStart = now;
    // Fixed steps where the result must not depend on the machine's speed (a script driving, a
    // recording); the last feature's wins.
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) {
        if (const float step = feature->fixedStep(); step > 0) dt = step;
    }
    return dt;
}

ViewerWindow::FrameSize ViewerWindow::beginFrame() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    FrameSize size;
    glfwGetWindowSize(mContext.window(), &size.width, &size.height);
    mContext.framebufferSize(size.fbWidth, size.fbHeight);
    return size;
}

// The first stage of a frame, before every feature's poll: the script's input must be in ImGui's
// before the panels are built, and what it drops is taken with this frame's requests.
ScriptStep ViewerWindow::driveInput(const FrameSize& size) {
    ScriptStep scripted;
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures)
        feature->driveInput(size.width, size.height, scripted);
    mDropped.insert(mDropped.end(), scripted.dropped.begin(), scripted.dropped.end());
    return scripted;
}

void ViewerWindow::updateFrame(float dt, const FrameSize& size) {
    pollLoad();  // a model loaded in the background becomes the document here
    // The clips advance, then the frame is resolved once: the panels below show it, and
    // drawScene draws it.
    if (mDoc.loaded) advance(mDoc.state, mDoc.scene, dt);
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) feature->poll(dt);
    refreshFrame(mDoc);
    const uint64_t resolved = mDoc.state.revision;
    ImGui::NewFrame();
    buildPanels(size.width, size.height);
    if (mNeedsFraming) {
        mView.frameNewModel();
        mNeedsFraming = false;
    }
    mInput.handleCamera();
    mInput.handleShortcuts();
    mView.present(dt);
    // An edit made in the panels or with a key is drawn in this frame: resolved again.
    if (mDoc.state.revision != resolved) refreshFrame(mDoc);
}

void ViewerWindow::drawFrame(const FrameSize& size) {
    if (size.fbWidth > 0 && size.fbHeight > 0) mView.draw(size.fbWidth, size.fbHeight);
    const ViewRegion view = mView.region();
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) feature->sceneDrawn(view);
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures)
        feature->frameDrawn(mFrameTimes);
    ++mFrames;
}

std::optional<Outcome> ViewerWindow::endFrame(const ScriptStep& scripted) {
    if (mOptions.screenshotAfter > 0 && mFrames >= mOptions.screenshotAfter) {
        auto written = morph::writePngFile(mOptions.out, readWindow());
        if (!written) {
            std::fprintf(stderr, "%s\n", written.error().message.c_str());
            return Outcome::Failed;
        }
        return Outcome::Ok;
    }
    if (scripted.screenshot) {
        if (auto written = morph::writePngFile(*scripted.screenshot, readWindow()); !written) {
            std::fprintf(stderr, "morphview: %s\n", written.error().message.c_str());
            return Outcome::Failed;
        }
    }
    if (scripted.exitCode) {  // a recording still running stops at the features' end()
        return *scripted.exitCode == 0 ? Outcome::Ok : Outcome::Failed;
    }
    if (mUi.requests.screenshot) {
        mUi.requests.screenshot = false;
        saveScreenshot(timestampedName("morphview", ".png"));
    }
    return std::nullopt;
}

void ViewerWindow::buildPanels(int width, int height) {
    ViewerUi& ui = mUi;
    ui.menuHeight = ui.weightsWidth = ui.timelineHeight = 0;
    ui.widgets.clear();
    ui.inspect.hoveredTarget = -1;
    if (ui.visible) drawPanels(width, height);
    // Shown with the panels hidden too (the autosave's question before closing waits for its
    // answer).
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures)
        feature->drawPanels(ui.weightsWidth, ui.menuHeight);
}

void ViewerWindow::drawPanels(int width, int height) {
    ViewerUi& ui = mUi;
    drawMenuBar(mDoc, ui, [this] {
        for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) feature->drawMenus();
    });
    const float w = float(width), h = float(height);
    if (ui.showTimeline) {
        const float minHeight = 140 * ui.scale, maxHeight = std::max(minHeight, h * 0.6f);
        ImGui::SetNextWindowPos(ImVec2(0, h), ImGuiCond_Always, ImVec2(0, 1));
        ImGui::SetNextWindowSize(ImVec2(w, std::min(kTimelineHeight * ui.scale, h * 0.34f)),
                                 ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowSizeConstraints(ImVec2(w, minHeight), ImVec2(w, maxHeight));
        if (ImGui::Begin("Timeline", nullptr, kPanelFlags | ImGuiWindowFlags_NoTitleBar)) {
            drawTimelinePanel(mDoc, ui);
        }
        ui.timelineHeight = ImGui::GetWindowHeight();
        ImGui::End();
    }
    if (ui.showWeights) {
        const float top = ui.menuHeight, panelHeight = std::max(1.0f, h - top - ui.timelineHeight);
        const float minWidth = 240 * ui.scale, maxWidth = std::max(minWidth, w * 0.6f);
        ImGui::SetNextWindowPos(ImVec2(0, top), ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(std::min(kWeightsWidth * ui.scale, w * 0.45f), panelHeight),
                                 ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowSizeConstraints(ImVec2(minWidth, panelHeight),
                                            ImVec2(maxWidth, panelHeight));
        if (ImGui::Begin("Weights", nullptr, kPanelFlags | ImGuiWindowFlags_NoTitleBar)) {
            drawWeightPanel(mDoc, ui);
        }
        ui.weightsWidth = ImGui::GetWindowWidth();
        ImGui::End();
    }
    const float viewX = ui.weightsWidth, viewY = ui.menuHeight;
    drawOverlays(mDoc, ui, viewX, viewY, w - viewX, h - viewY - ui.timelineHeight);
    drawInspectPanels(mDoc, ui, viewX, viewY, w - viewX, h - viewY - ui.timelineHeight);
    drawFileBrowser(mDoc, ui);
    drawShortcutsWindow(ui);
    drawReportWindow(mDoc, ui);
}

Motion ViewerWindow::motion() const {
    GLFWwindow* window = mContext.window();
    Motion m;
    const bool shown = glfwGetWindowAttrib(window, GLFW_ICONIFIED) == 0;
    const bool animating = mDoc.loaded && (mDoc.state.playback.playing || mUi.presetCycle.on);
    m.moving = mOptions.screenshotAfter > 0 || mUi.loading.active || mPendingScale != 0 ||
               !mDropped.empty() || (shown && (animating || mUi.turntable.on));
    if (!mUi.message.empty()) {  // its fade is drawn; a timer wakes the window for it
        const double age = ImGui::GetTime() - mUi.messageTime;
        const double fadeAt = kMessageSeconds - kMessageFadeSeconds;
        if (age >= fadeAt && age < kMessageSeconds) {
            m.moving = true;
        } else if (age < fadeAt) {
            m.wakeAfter = fadeAt - age;
        }
    }
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) feature->addMotion(m);
    return m;
}

void ViewerWindow::handleRequests() {
    takeDroppedFiles();
    handleDocumentRequests();
    mView.handleRequests();
    handleWindowRequests();
}

void ViewerWindow::handleWindowRequests() {
    ViewerRequests& r = mUi.requests;
    if (r.toggleFullscreen) {
        r.toggleFullscreen = false;
        mContext.setFullscreen(!mContext.fullscreen());
    }
    if (r.quit) {
        r.quit = false;
        glfwSetWindowShouldClose(mContext.window(), GLFW_TRUE);
    }
}

void ViewerWindow::onDrop(GLFWwindow* window, int count, const char** paths) {
    auto* self = static_cast<ViewerWindow*>(glfwGetWindowUserPointer(window));
    if (!self || count <= 0 || !paths) return;
    // Several files at once: the last one is opened (one document at a time).
    self->mDropped.assign(paths, paths + count);
}

bool ViewerWindow::closeConfirmed() {
    GLFWwindow* window = mContext.window();
    if (!glfwWindowShouldClose(window)) return false;
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) {
        if (!feature->allowClose()) {
            glfwSetWindowShouldClose(window, GLFW_FALSE);
            return false;
        }
    }
    return true;
}

bool ViewerWindow::quitSignalled() const {
    return mQuitSignals.raised();
}

}  // namespace app
