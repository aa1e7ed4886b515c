// The window: opening it (the GL context, ImGui, the renderers, its features, the view's options
// from the command line, the first model), closing it, reading back what it shows, and ImGui's
// scale following a monitor's content scale; and the
// settings file ($XDG_CONFIG_HOME/morphview/settings.json: recent files, slider range, loop,
// speed, ...): read when the window opens and written when a model opens and at exit, except in
// a reproducible run (a script or a --screenshot-after run), which neither reads nor writes it.
#include "app/viewer/ViewerWindow.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "app/cli/Options.h"
#include "app/session/Autosave.h"
#include "app/viewer/WindowEvents.h"
#include "app/viewer/alive/AliveFeature.h"
#include "app/viewer/autosave/AutosaveFeature.h"
#include "app/viewer/live/LiveFeature.h"
#include "app/viewer/record/RecordFeature.h"
#include "app/viewer/rig/RigFeature.h"
#include "app/viewer/script/ScriptFeature.h"
#include "app/viewer/speech/SpeechFeature.h"
#include "app/viewer/voice/VoiceFeature.h"
#include "renderer/scene/Capture.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

namespace app {

namespace {

WindowOptions windowOptions(const ViewerOptions& options) {
    WindowOptions window;
    if (auto size = parseSize(options.windowSize)) {  // "WxH"; shared with capture --size
        window.width = size->first;
        window.height = size->second;
    }
    window.vsync = options.vsync && options.screenshotAfter == 0 && options.script.empty();
    return window;
}

}  // namespace

ViewerWindow::ViewerWindow(const ViewerOptions& options, GlfwContext context,
                           std::unique_ptr<BackgroundLoad> load)
    : mOptions(options), mContext(std::move(context)), mLoad(std::move(load)) {}

ViewerWindow::~ViewerWindow() {
    if (mImGuiStarted) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
    }
}

morph::Result<std::unique_ptr<ViewerWindow>> ViewerWindow::create(const ViewerOptions& options) {
    // A script that cannot be read fails before a window opens (no display needed to find out).
    auto script = readScript(options.script);
    if (!script) return script.error();
    // The first model's import starts before the window does: reading and decoding a file takes
    // about as long as GLFW and the GL context take to start (an avatar on llvmpipe under Xvfb:
    // 65 and 86 ms), and the first frame waits for both.
    auto load = std::make_unique<BackgroundLoad>();
    if (std::optional<BackgroundLoad::Request> first = firstModelRequest(options))
        load->start(std::move(*first));
    auto context = GlfwContext::create(windowOptions(options));
    if (!context) return context.error();
    std::unique_ptr<ViewerWindow> self(
        new ViewerWindow(options, std::move(context).value(), std::move(load)));
    if (auto started = self->startRenderers(); !started) return started.error();
    self->mFrameTimes.setKept(!options.frameTimes.empty());
    self->startImGui();
    self->loadSettingsFile();
    self->mFeatures = self->makeFeatures(std::move(script).value());
    self->applyViewOptions();
    if (auto opened = self->openFirstModel(); !opened) return opened.error();
    return self;
}

std::vector<std::unique_ptr<ViewerFeature>> ViewerWindow::makeFeatures(
    std::unique_ptr<ScriptRunner> script) {
    const FeatureContext context{mOptions, mDoc, mUi, mContext.window(), mContext};
    std::vector<std::unique_ptr<ViewerFeature>> features;
    // First: its fixed step is the one a later feature's (a recording's) replaces.
    if (script) features.push_back(std::make_unique<ScriptFeature>(context, std::move(script)));
    features.push_back(std::make_unique<AliveFeature>(context));  // first: under the others
    features.push_back(std::make_unique<LiveFeature>(context));
    features.push_back(std::make_unique<VoiceFeature>(context));
    features.push_back(std::make_unique<SpeechFeature>(context));
    features.push_back(std::make_unique<AutosaveFeature>(context));
    features.push_back(std::make_unique<RigFeature>(context));
    features.push_back(std::make_unique<RecordFeature>(context));
    return features;
}

morph::Status ViewerWindow::startRenderers() {
    auto renderer = renderer::SceneRenderer::create();
    if (!renderer)
        return morph::Error{renderer.error().code, "viewer: " + renderer.error().message};
    mRenderer = std::move(renderer).value();
    return mView.start();
}

void ViewerWindow::startImGui() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is fixed; nothing to remember in the current folder
    mUi.scale = mContext.contentScale();
    applyViewerTheme(mUi.scale);
    ImGui_ImplGlfw_InitForOpenGL(mContext.window(), true);
    ImGui_ImplOpenGL3_Init("#version 450");
    mImGuiStarted = true;

    GLFWwindow* window = mContext.window();
    glfwSetWindowUserPointer(window, this);
    glfwSetDropCallback(window, &ViewerWindow::onDrop);
    glfwSetWindowContentScaleCallback(window, &ViewerWindow::onContentScale);
    window_events::watch(window);  // after ImGui's callbacks, which it hands each event on to
}

void ViewerWindow::applyViewOptions() {
    const ViewerOptions& options = mOptions;
    mUi.morphPath = renderer::parseMorphPath(options.morphPath).value_or(renderer::MorphPath::Auto);
    mUi.stats.renderer = mContext.description();
    const bool software = renderer::isSoftwareRenderer(mContext.rendererName());
    mUi.viewSamples = options.msaa >= 0 ? options.msaa : software ? 0 : 4;
    if (const auto shading = parseShading(options.shading)) mShading = *shading;
    mUi.halfWhileDragging = software;
    mUi.environmentRotation = options.look.environmentRotation;
    mUi.exposure = options.look.exposure;
    if (auto tone = parseToneMapping(options.look.toneMapping)) mUi.toneMapping = *tone;
    if (!startEnvironment(options.look.environment) &&
        options.look.environment != renderer::kStudioEnvironment) {
        useEnvironment(renderer::kStudioEnvironment);  // the message says why
    }
}

morph::RgbaImage ViewerWindow::readWindow() const {
    return mContext.readPixels();
}

void ViewerWindow::saveScreenshot(const std::string& path) {
    if (auto written = morph::writePngFile(path, readWindow()); !written) {
        showError(mUi, written.error().message);
        return;
    }
    showMessage(mUi, "saved " + path);
}

void ViewerWindow::loadSettingsFile() {
    if (!reproducible()) {
        if (const std::string path = settingsPath(); !path.empty()) {
            auto settings = loadSettings(path);
            if (settings) {
                mSettings = std::move(settings).value();
            } else if (settings.error().code == morph::ErrorCode::Json) {
                // Never overwritten at the next save: the corrupt file is kept beside it.
                const std::string aside = session::setAside(path);
                showError(mUi, settings.error().message +
                                   (aside.empty() ? "" : "; set aside as " + aside));
            } else {
                showError(mUi, settings.error().message);
            }
        }
    }
    mUi.recentFiles = mSettings.recentFiles;
}

void ViewerWindow::saveSettings() {
    if (reproducible()) return;
    const std::string path = settingsPath();
    if (path.empty()) return;
    if (mDoc.loaded) captureSettings(mSettings, mDoc.state);
    mSettings.recentFiles = mUi.recentFiles;
    if (auto saved = app::saveSettings(mSettings, path); !saved) {
        std::fprintf(stderr, "morphview: %s\n", saved.error().message.c_str());
    }
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
