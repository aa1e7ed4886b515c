#include "app/viewer/ViewerWindow.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "app/cli/Options.h"
#include "app/record/Recording.h"
#include "renderer/gl/Gl.h"
#include "renderer/scene/Capture.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

namespace app {

namespace {

constexpr float kWeightsWidth = 410;  // logical pixels, before the HiDPI scale
constexpr float kTimelineHeight = 205;
const glm::vec3 kBackground = glm::vec3(46, 48, 54) / 255.0f;  // SceneRenderer's studio gray

const ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                     ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoBringToFrontOnFocus;

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

}  // namespace

bool ViewerWindow::ViewKey::operator==(const ViewKey& other) const {
    return scene == other.scene && samples == other.samples && sameCamera(camera, other.camera) &&
           sameNodes(nodes, other.nodes) && wireframe == other.wireframe &&
           morphPath == other.morphPath && sameOverlays(overlays, other.overlays) &&
           environment == other.environment && environmentRotation == other.environmentRotation &&
           exposure == other.exposure && toneMapping == other.toneMapping &&
           backgroundMode == other.backgroundMode && shownScene == other.shownScene &&
           lights == other.lights && variant == other.variant;
}

ViewerWindow::ViewerWindow(const ViewerOptions& options, GlfwContext context)
    : mOptions(options), mContext(std::move(context)) {}

ViewerWindow::~ViewerWindow() {
    if (mImGuiStarted) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
    }
}

morph::Result<std::unique_ptr<ViewerWindow>> ViewerWindow::create(const ViewerOptions& options) {
    // A script that cannot be read fails before a window opens (no display needed to find out).
    std::optional<std::vector<ScriptCommand>> script;
    if (!options.script.empty()) {
        auto loaded = loadScript(options.script);
        if (!loaded) return loaded.error();
        script = std::move(loaded).value();
    }
    auto size = parseSize(options.windowSize);  // "WxH"; shared with capture --size
    WindowOptions windowOptions;
    if (size) {
        windowOptions.width = size->first;
        windowOptions.height = size->second;
    }
    windowOptions.vsync = options.vsync && options.screenshotAfter == 0 && options.script.empty();
    auto context = GlfwContext::create(windowOptions);
    if (!context) return context.error();
    std::unique_ptr<ViewerWindow> self(new ViewerWindow(options, std::move(context).value()));

    auto renderer = renderer::SceneRenderer::create();
    if (!renderer)
        return morph::Error{renderer.error().code, "viewer: " + renderer.error().message};
    self->mRenderer = std::move(renderer).value();
    auto overlay = renderer::OverlayRenderer::create();
    if (!overlay) return morph::Error{overlay.error().code, "viewer: " + overlay.error().message};
    self->mOverlay = std::move(overlay).value();
    if (script) {
        const std::string folder = std::filesystem::absolute(options.script).parent_path().string();
        self->mScript = std::make_unique<ScriptRunner>(std::move(*script), folder);
        self->mUi.trackWidgets = true;
    }
    self->mUi.record.ffmpeg = findOnPath("ffmpeg", std::getenv("PATH"));

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is fixed; nothing to remember in the current folder
    self->mUi.scale = self->mContext.contentScale();
    applyViewerTheme(self->mUi.scale);
    ImGui_ImplGlfw_InitForOpenGL(self->mContext.window(), true);
    ImGui_ImplOpenGL3_Init("#version 450");
    self->mImGuiStarted = true;

    GLFWwindow* window = self->mContext.window();
    glfwSetWindowUserPointer(window, self.get());
    glfwSetDropCallback(window, &ViewerWindow::onDrop);
    glfwSetWindowContentScaleCallback(window, &ViewerWindow::onContentScale);

    // A screenshot run is reproducible: the user's recent files and ranges stay out of it, and
    // nothing is written to the config folder.
    if (!self->reproducible()) {
        if (const std::string path = settingsPath(); !path.empty()) {
            auto settings = loadSettings(path);
            if (settings) {
                self->mSettings = std::move(settings).value();
            } else {
                showError(self->mUi, settings.error().message);
            }
        }
    }
    self->mUi.recentFiles = self->mSettings.recentFiles;
    self->mUi.morphPath =
        renderer::parseMorphPath(options.morphPath).value_or(renderer::MorphPath::Auto);
    self->mUi.stats.renderer = self->mContext.description();
    const char* glRenderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const bool software = glRenderer && renderer::isSoftwareRenderer(glRenderer);
    self->mUi.viewSamples = options.msaa >= 0 ? options.msaa : software ? 0 : 4;
    if (const auto shading = parseShading(options.shading)) self->mShading = *shading;
    self->mUi.halfWhileDragging = software;
    self->mUi.environmentRotation = options.look.environmentRotation;
    self->mUi.exposure = options.look.exposure;
    if (auto tone = parseToneMapping(options.look.toneMapping)) {
        self->mUi.toneMapping = *tone;
    }
    if (!self->useEnvironment(options.look.environment) &&
        options.look.environment != renderer::kStudioEnvironment) {
        self->useEnvironment(renderer::kStudioEnvironment);  // the message says why
    }

    self->mDoc.model = options.model;
    const std::string first = options.model.path.empty() ? bundledFacePath() : options.model.path;
    if (first.empty()) {
        showError(self->mUi, "viewer: the bundled assets/face.glb was not found; open a model");
    } else if (!self->reproducible()) {
        // The window opens at once and shows the load's progress; the start options wait.
        self->mPendingStart = StartOptions{options.weights, options.animation, options.time,
                                           options.scene, options.variant};
        self->openModel(first, false);
    } else if (!self->openModel(first, false, /*wait=*/true)) {
        // openModel keeps only the message (the panel shows it): the model could not be opened.
        return morph::Error{morph::ErrorCode::Io, self->mUi.error};
    } else if (auto applied = applyStartOptions(self->mDoc, options.weights, options.animation,
                                                options.time, options.scene, options.variant);
               !applied) {
        return applied.error();
    }
    return self;
}

ViewRegion ViewerWindow::viewRegion() const {
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

void ViewerWindow::buildPanels(int width, int height) {
    ViewerUi& ui = mUi;
    ui.menuHeight = ui.weightsWidth = ui.timelineHeight = 0;
    ui.widgets.clear();
    ui.inspect.hoveredTarget = -1;
    if (!ui.visible) return;
    drawMenuBar(mDoc, ui);
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

void ViewerWindow::drawScene(int fbWidth, int fbHeight) {
    // The whole window in the background colour (what the panels leave uncovered, and all of it
    // without a model), then the 3D view drawn into a target of the view region's size and
    // copied in: no pixel under a panel is shaded, and the view's anti-aliasing is its own.
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fbWidth, fbHeight);
    glClearColor(kBackground.r, kBackground.g, kBackground.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!mDoc.loaded) return;
    const ViewRegion view = viewRegion();
    const ImGuiIO& io = ImGui::GetIO();
    const bool dragging = mUi.halfWhileDragging && (io.MouseDown[0] || io.MouseDown[2]);
    const int divide = dragging ? 2 : 1;
    const int width = std::max(1, int(view.width) / divide),
              height = std::max(1, int(view.height) / divide);
    const int windowY = fbHeight - int(view.y) - int(view.height);  // GL's rows run bottom-up
    if (!mViewTarget || mViewTarget->width() != width || mViewTarget->height() != height ||
        mViewTarget->samples() != mUi.viewSamples) {
        mViewTarget.reset();
        auto made = renderer::Offscreen::create(width, height, mUi.viewSamples);
        if (!made) {
            showError(mUi, "viewer: " + made.error().message);
            return;
        }
        mViewTarget = std::move(made).value();
        mViewKey.reset();
    }
    const morph::FramePose& frame = mDoc.frame.pose;
    uint64_t active = 0;
    for (int node : mDoc.gpu.nodes(frame.scene)) {
        if (size_t(node) < frame.size()) active += frame.active[size_t(node)].size();
    }
    mUi.stats.activeTargets = active;

    const renderer::Camera camera = viewCamera(view, fbWidth, fbHeight);
    ViewKey key{mDoc.gpu.id(),         mUi.viewSamples, camera,
                frame.nodes,           mUi.wireframe,   mUi.morphPath,
                overlayOptions(frame), mUi.environment, mUi.environmentRotation,
                mUi.exposure,          mUi.toneMapping, mUi.backgroundMode,
                frame.scene,           mUi.lights,      mDoc.state.variant};
    if (mViewKey && *mViewKey == key) {
        drawPickMarker(camera, view);
        mViewTarget->blitToWindow(int(view.x), windowY, int(view.width), int(view.height));
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return;
    }
    mFrameTimes.addViewDraw();
    const renderer::RenderTarget target = mViewTarget->target();
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
    if (mUi.wireframe == Wireframe::Only) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    mRenderer.draw(mDoc.gpu, frame, camera, target, options);
    {
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
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    if (mUi.wireframe == Wireframe::Overlay) {
        // The edges again, in front of the surface they lie on (polygon offset), each pixel
        // inverted (a logic op needs no shader change and reads on light and dark skin alike).
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        glEnable(GL_POLYGON_OFFSET_LINE);
        glPolygonOffset(-1.0f, -1.0f);
        glEnable(GL_COLOR_LOGIC_OP);
        glLogicOp(GL_INVERT);
        options.clear = false;
        mRenderer.draw(mDoc.gpu, frame, camera, target, options);
        glDisable(GL_COLOR_LOGIC_OP);
        glDisable(GL_POLYGON_OFFSET_LINE);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    if (key.overlays) mOverlay.draw(mDoc.gpu, frame, camera, target, *key.overlays);
    drawPickMarker(camera, view);
    mViewKey = std::move(key);
    // GL's window coordinates start at the bottom left.
    mViewTarget->blitToWindow(int(view.x), windowY, int(view.width), int(view.height));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);  // the UI draws into the window
    glViewport(0, 0, fbWidth, fbHeight);
}

morph::RgbaImage ViewerWindow::readWindow() const {
    int width = 0, height = 0;
    mContext.framebufferSize(width, height);
    morph::RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.resize(size_t(width) * size_t(height) * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
    // GL's rows run bottom-up, image files' top-down; the window is opaque whatever alpha says.
    const size_t row = size_t(width) * 4;
    for (int y = 0; y < height / 2; ++y) {
        std::swap_ranges(image.pixels.begin() + y * row, image.pixels.begin() + (y + 1) * row,
                         image.pixels.begin() + (height - 1 - y) * row);
    }
    for (size_t i = 3; i < image.pixels.size(); i += 4) image.pixels[i] = 255;
    return image;
}

void ViewerWindow::saveScreenshot(const std::string& path) {
    if (auto written = morph::writePngFile(path, readWindow()); !written) {
        showError(mUi, written.error().message);
        return;
    }
    showMessage(mUi, "saved " + path);
}

Motion ViewerWindow::motion() const {
    GLFWwindow* window = mContext.window();
    Motion m;
    const bool shown = glfwGetWindowAttrib(window, GLFW_ICONIFIED) == 0;
    const bool animating = mDoc.loaded && (mDoc.state.playback.playing || mUi.presetCycle.on);
    m.moving = (mScript && mScriptIdle < 0) || mOptions.screenshotAfter > 0 || mRecorder.active() ||
               mUi.loading.active || mPendingScale != 0 || !mDropped.empty() ||
               (shown && (animating || mUi.turntable.on));
    if (!mUi.message.empty()) {  // its fade is drawn; a timer wakes the window for it
        const double age = ImGui::GetTime() - mUi.messageTime;
        const double fadeAt = kMessageSeconds - kMessageFadeSeconds;
        if (age >= fadeAt && age < kMessageSeconds) {
            m.moving = true;
        } else if (age < fadeAt) {
            m.wakeAfter = fadeAt - age;
        }
    }
    if (mScript && mScriptIdle >= 0)
        m.wakeAfter = m.wakeAfter < 0 ? mScriptIdle : std::min(m.wakeAfter, mScriptIdle);
    return m;
}

int ViewerWindow::run() {
    const int code = runFrames();
    if (!mOptions.frameTimes.empty()) {
        if (auto written = mFrameTimes.write(mOptions.frameTimes); !written) {
            std::fprintf(stderr, "morphview: %s\n", written.error().message.c_str());
            return code == 0 ? 1 : code;
        }
    }
    return code;
}

int ViewerWindow::runFrames() {
    GLFWwindow* window = mContext.window();
    mLastTime = glfwGetTime();
    RedrawWait wait;  // the first frame at once
    double frameStart = mLastTime;
    while (!glfwWindowShouldClose(window)) {
        bool waited = false;
        if (wait.poll) {
            glfwPollEvents();
        } else {
            // Nothing moves (Redraw.h): no frame until an event, or until a timer needs one.
            const double before = glfwGetTime();
            if (wait.timeout >= 0) {
                glfwWaitEventsTimeout(std::max(wait.timeout, 0.001));
            } else {
                glfwWaitEvents();
            }
            const double after = glfwGetTime();
            mRedraw.woke(wait.timeout >= 0 && after - before >= wait.timeout - 0.001);
            mLastTime = after;  // the time spent waiting is not a frame's
            waited = true;
        }
        const double now = glfwGetTime();
        float dt = float(std::min(now - mLastTime, 0.25));  // a stall must not skip the clip
        mLastTime = now;
        if (!waited && mFrames > 0) {
            mFrameTimes.add((now - frameStart) * 1000.0);
            mUi.stats.frameMs =
                mUi.stats.frameMs == 0 ? dt * 1000 : 0.9f * mUi.stats.frameMs + 0.1f * dt * 1000;
        }
        frameStart = now;
        // Fixed steps where the result must not depend on the machine's speed (but a script's
        // `idle`, which lets the window run as it would for a person).
        const bool scriptDrives = mScript && mScriptIdle < 0;
        if (scriptDrives) dt = ScriptRunner::kFrameSeconds;
        if (mRecorder.active()) dt = frameStep(mUi.record.fps);
        applyPendingScale();

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        // A script's run must not depend on the machine's speed either inside ImGui (double
        // clicks, key repeat, hover delays are timed with DeltaTime, which the backend just read
        // from the wall clock).
        if (scriptDrives) ImGui::GetIO().DeltaTime = ScriptRunner::kFrameSeconds;
        int width = 0, height = 0, fbWidth = 0, fbHeight = 0;
        glfwGetWindowSize(window, &width, &height);
        mContext.framebufferSize(fbWidth, fbHeight);
        ScriptRunner::Step scripted;
        if (mScript) {
            const float viewX = mUi.weightsWidth, viewY = mUi.menuHeight;
            scripted = mScript->beforeFrame(mDoc, mUi, viewX, viewY, float(width) - viewX,
                                            float(height) - viewY - mUi.timelineHeight);
            mScriptIdle = scripted.idleSeconds;
        }
        pollLoad();  // a model loaded in the background becomes the document here
        // The clips advance, then the frame is resolved once: the panels below show it, and
        // drawScene draws it.
        if (mDoc.loaded) advance(mDoc.state, mDoc.scene, dt);
        refreshFrame(mDoc);
        const uint64_t resolved = mDoc.state.revision;
        ImGui::NewFrame();
        buildPanels(width, height);
        if (mNeedsFraming) {  // after the panels: the model is framed into what they leave
            // An avatar opens on its face: the morphed region when it is much smaller than the
            // model, else the whole model.
            if (mDoc.loaded) {
                mUi.framing =
                    renderer::opensOnRegion(sceneBounds(), framingBounds(Framing::Morphed))
                        ? Framing::Morphed
                        : Framing::All;
            }
            frameModel();
            mNeedsFraming = false;
        }
        handleCameraInput();
        handleShortcuts();
        present(dt);
        // An edit made in the panels or with a key is drawn in this frame: resolved again.
        if (mDoc.state.revision != resolved) refreshFrame(mDoc);

        if (fbWidth > 0 && fbHeight > 0) drawScene(fbWidth, fbHeight);
        recordFrame(false);
        ImGui::Render();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        recordFrame(true);
        ++mFrames;

        if (mOptions.screenshotAfter > 0 && mFrames >= mOptions.screenshotAfter) {
            auto written = morph::writePngFile(mOptions.out, readWindow());
            if (!written) {
                std::fprintf(stderr, "%s\n", written.error().message.c_str());
                return 1;
            }
            return 0;
        }
        if (scripted.screenshot) {
            if (auto written = morph::writePngFile(*scripted.screenshot, readWindow()); !written) {
                std::fprintf(stderr, "morphview: %s\n", written.error().message.c_str());
                return 1;
            }
        }
        if (scripted.exitCode) {
            (void)mRecorder.stop();
            return *scripted.exitCode;
        }
        if (mUi.requests.screenshot) {
            mUi.requests.screenshot = false;
            saveScreenshot(timestampedName("morphview", ".png"));
        }
        glfwSwapBuffers(window);
        handleRequests();
        wait = mRedraw.afterFrame(motion());
    }
    if (mRecorder.active()) toggleRecording();
    saveSettings();
    return 0;
}

}  // namespace app
