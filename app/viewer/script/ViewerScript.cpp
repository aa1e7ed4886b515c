#include "app/viewer/script/ViewerScript.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <map>
#include <utility>

#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "renderer/gl/GlDebug.h"
#include "renderer/gl/Object.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

namespace {

// A widget not drawn within this many frames (a menu that did not open) fails the script.
constexpr int kWidgetFrames = 30;
constexpr int kDragSteps = 6;

int glfwKey(const std::string& name) {
    if (name.size() == 1 && name[0] >= 'a' && name[0] <= 'z') return GLFW_KEY_A + (name[0] - 'a');
    if (name.size() == 1 && name[0] >= '0' && name[0] <= '9') return GLFW_KEY_0 + (name[0] - '0');
    if (name.size() >= 2 && name[0] == 'f') return GLFW_KEY_F1 + std::stoi(name.substr(1)) - 1;
    static const std::map<std::string, int> kNamed = {
        {"space", GLFW_KEY_SPACE},   {"enter", GLFW_KEY_ENTER},
        {"escape", GLFW_KEY_ESCAPE}, {"tab", GLFW_KEY_TAB},
        {"left", GLFW_KEY_LEFT},     {"right", GLFW_KEY_RIGHT},
        {"up", GLFW_KEY_UP},         {"down", GLFW_KEY_DOWN},
        {"delete", GLFW_KEY_DELETE}, {"backspace", GLFW_KEY_BACKSPACE},
        {"home", GLFW_KEY_HOME},     {"end", GLFW_KEY_END},
    };
    const auto it = kNamed.find(name);
    return it == kNamed.end() ? -1 : it->second;
}

// Where SliderFloat (imgui_widgets.cpp SliderBehaviorT, 1.86) puts `value` along its frame:
// the frame less a 2 px grab padding on each side, less the grab's own width.
float sliderX(const WidgetRect& r, float value, float min, float max) {
    constexpr float kGrabPadding = 2.0f;
    const float grab = ImGui::GetStyle().GrabMinSize;
    const float usable = (r.x1 - r.x0) - 2 * kGrabPadding - grab;
    const float t = max > min ? std::clamp((value - min) / (max - min), 0.0f, 1.0f) : 0.0f;
    // ImGui floors the mouse position (UpdateMouseInputs): the nearest whole pixel lands closest.
    return std::round(r.x0 + kGrabPadding + grab * 0.5f + usable * t);
}

float centerX(const WidgetRect& r) {
    return 0.5f * (r.x0 + r.x1);
}
float centerY(const WidgetRect& r) {
    return 0.5f * (r.y0 + r.y1);
}

int indexOf(const std::vector<std::string>& names, const std::string& name) {
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : int(it - names.begin());
}

// The selected mesh's weight of `target` as drawn; nullopt when that mesh has no such target.
std::optional<float> selectedWeight(const ViewerDocument& doc, const std::string& target) {
    const int mesh = doc.state.selectedMesh;
    const int t =
        mesh >= 0 && doc.loaded ? indexOf(doc.scene.meshes[size_t(mesh)].targetNames, target) : -1;
    if (t < 0) return std::nullopt;
    return resolveMeshWeights(doc.scene, doc.state, mesh).weights[size_t(t)];
}

}  // namespace

ScriptRunner::ScriptRunner(std::vector<ScriptCommand> commands, std::string folder)
    : mCommands(std::move(commands)), mFolder(std::move(folder)) {}

bool ScriptRunner::fail(const ScriptCommand& c, const std::string& problem) {
    std::fprintf(stderr, "morphview: script line %d: %s\n", c.line, problem.c_str());
    mFailed = true;
    return false;
}

std::optional<float> ScriptRunner::targetWeight(const ScriptCommand& c, const ViewerDocument& doc) {
    const std::optional<float> weight = selectedWeight(doc, c.target);
    if (!weight) fail(c, "the selected mesh has no target \"" + c.target + "\"");
    return weight;
}

void ScriptRunner::next() {
    ++mIndex;
    mPhase = 0;
    mWaiting = 0;
}

std::optional<WidgetRect> ScriptRunner::widget(const ViewerUi& ui, const ScriptCommand& c) {
    // Looked up once, when the command starts: a menu item vanishes as it is clicked.
    if (mPhase > 0) return mRect;
    const auto it = ui.widgets.find(c.target);
    if (it != ui.widgets.end()) {
        mRect = it->second;
        return mRect;
    }
    if (++mWaiting > kWidgetFrames) fail(c, "no widget \"" + c.target + "\" was drawn");
    return std::nullopt;
}

ScriptRunner::Action ScriptRunner::action(ScriptOp op) {
    static constexpr std::pair<ScriptOp, Action> kActions[] = {
        {ScriptOp::Click, &ScriptRunner::runClick},
        {ScriptOp::DoubleClick, &ScriptRunner::runDoubleClick},
        {ScriptOp::Hover, &ScriptRunner::runHover},
        {ScriptOp::ClickView, &ScriptRunner::runClickView},
        {ScriptOp::Type, &ScriptRunner::runType},
        {ScriptOp::Drag, &ScriptRunner::runDrag},
        {ScriptOp::Key, &ScriptRunner::runKey},
        {ScriptOp::Wait, &ScriptRunner::runWait},
        {ScriptOp::Idle, &ScriptRunner::runIdle},
        {ScriptOp::ExpectClip, &ScriptRunner::runExpectClip},
        {ScriptOp::ExpectWeight, &ScriptRunner::runExpectWeight},
        {ScriptOp::ExpectWeightEverywhere, &ScriptRunner::runExpectWeightEverywhere},
        {ScriptOp::ExpectCurve, &ScriptRunner::runExpectCurve},
        {ScriptOp::ExpectMessage, &ScriptRunner::runExpectMessage},
        {ScriptOp::ExpectNoError, &ScriptRunner::runExpectNoError},
        {ScriptOp::ExpectError, &ScriptRunner::runExpectError},
        {ScriptOp::Say, &ScriptRunner::runSay},
        {ScriptOp::WaitSpeech, &ScriptRunner::runWaitSpeech},
        {ScriptOp::Screenshot, &ScriptRunner::runScreenshot},
        {ScriptOp::Drop, &ScriptRunner::runDrop},
        {ScriptOp::CloseWindow, &ScriptRunner::runCloseWindow},
        {ScriptOp::Sample, &ScriptRunner::runSample},
        {ScriptOp::ProfileSeconds, &ScriptRunner::runProfileSeconds},
        {ScriptOp::ClipLimit, &ScriptRunner::runClipLimit},
        {ScriptOp::Quit, &ScriptRunner::runQuit},
    };
    static_assert(std::size(kActions) == size_t(ScriptOp::Quit) + 1, "one action per ScriptOp");
    for (const auto& [key, run] : kActions) {
        if (key == op) return run;
    }
    return nullptr;
}

void ScriptRunner::applyMouse() const {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(mMouseX, mMouseY);
    for (bool& down : io.MouseDown) down = false;
    io.MouseDown[0] = mMouseDown;
}

bool ScriptRunner::ready(const ViewerUi& ui, Step& step) {
    if (mFailed || mIndex >= mCommands.size()) {
        step.exitCode = mFailed ? 1 : 0;
        return false;
    }
    // The first frames lay the panels out (and frame the model into what they leave): nothing
    // is where a person would see it before that.
    if (mSettle > 0) {
        --mSettle;
        return false;
    }
    // A model loading in the background: the next step waits for it, however long it takes,
    // so a run is the same on a busy machine; then the new model's panels settle.
    if (ui.loading.active) {
        mSettle = 2;
        return false;
    }
    // So does a voice profile being learned on its worker (File > Live).
    return !ui.voice.learning;
}

ScriptRunner::Step ScriptRunner::beforeFrame(ViewerDocument& doc, ViewerUi& ui, float viewX,
                                             float viewY, float viewWidth, float viewHeight) {
    ImGuiIO& io = ImGui::GetIO();
    Step step;
    if (mHeldKey >= 0) {  // a key is down for exactly one frame
        io.KeysDown[mHeldKey] = false;
        io.KeyCtrl = io.KeyShift = false;
        mHeldKey = -1;
    }
    if (ready(ui, step)) {
        const ScriptCommand& c = mCommands[mIndex];
        Frame frame{doc, ui, viewX, viewY, viewWidth, viewHeight, step};
        const Action run = action(c.op);
        const bool done = run ? (this->*run)(c, frame) : fail(c, "no action for this command");
        if (mFailed) step.exitCode = 1;
        if (done) next();
    }
    applyMouse();
    return step;
}

// The press/release dance of a click, from the frame the target is known: move, press, release,
// then one frame for the UI to act on it.
bool ScriptRunner::click(float x, float y) {
    const int phase = mPhase++;
    if (phase == 0) {
        mMouseX = x;
        mMouseY = y;
    }
    mMouseDown = phase == 1;
    return phase >= 3;
}

bool ScriptRunner::runClick(const ScriptCommand& c, Frame& frame) {
    const auto r = widget(frame.ui, c);
    return r && click(centerX(*r), centerY(*r));
}

bool ScriptRunner::runDoubleClick(const ScriptCommand& c, Frame& frame) {
    const auto r = widget(frame.ui, c);
    if (!r) return false;
    ImGui::GetIO().MouseDoubleClickTime = 5.0f;  // two clicks on consecutive frames, however slow
    mMouseX = centerX(*r);
    mMouseY = centerY(*r);
    const int phase = mPhase++;
    mMouseDown = phase == 1 || phase == 3;
    return phase >= 5;
}

bool ScriptRunner::runHover(const ScriptCommand& c, Frame& frame) {
    const auto r = widget(frame.ui, c);
    if (!r) return false;
    mMouseX = centerX(*r);
    mMouseY = centerY(*r);
    mMouseDown = false;
    return ++mPhase > c.frames;
}

bool ScriptRunner::runClickView(const ScriptCommand& c, Frame& frame) {
    return click(frame.viewX + c.value * frame.viewWidth,
                 frame.viewY + c.value2 * frame.viewHeight);
}

bool ScriptRunner::runType(const ScriptCommand& c, Frame&) {
    if (mPhase == 0) {
        for (char ch : c.text) ImGui::GetIO().AddInputCharacter(static_cast<unsigned char>(ch));
    }
    return ++mPhase > 1;
}

// Press at the slider's low end, move across in steps while held, release.
bool ScriptRunner::runDrag(const ScriptCommand& c, Frame& frame) {
    const auto r = widget(frame.ui, c);
    if (!r) return false;
    const float min = frame.doc.state.rangeMin, max = frame.doc.state.rangeMax;
    const float from = sliderX(*r, min, min, max), to = sliderX(*r, c.value, min, max);
    const int phase = mPhase++;
    mMouseY = centerY(*r);
    if (phase == 0) {
        mMouseX = from;
        mMouseDown = false;
    } else if (phase <= kDragSteps + 1) {
        mMouseDown = true;
        mMouseX = from + (to - from) * float(phase - 1) / float(kDragSteps);
    } else {
        mMouseDown = false;
        return phase >= kDragSteps + 3;
    }
    return false;
}

bool ScriptRunner::runKey(const ScriptCommand& c, Frame&) {
    if (mPhase == 0) {
        mHeldKey = glfwKey(c.key.name);
        if (mHeldKey < 0) return fail(c, "key '" + c.key.name + "' has no GLFW code");
        ImGuiIO& io = ImGui::GetIO();
        io.KeysDown[mHeldKey] = true;
        io.KeyCtrl = c.key.ctrl;
        io.KeyShift = c.key.shift;
    }
    return ++mPhase > 1;
}

bool ScriptRunner::runWait(const ScriptCommand& c, Frame&) {
    return mPhase++ >= c.frames;
}

bool ScriptRunner::runIdle(const ScriptCommand& c, Frame& frame) {
    const double now = glfwGetTime();
    if (mPhase++ == 0) {
        mIdleStart = now;
        mIdleFrames = 0;
    }
    // A timer may fire a little early: within 10 ms of the end is the end.
    const double left = double(c.value) - (now - mIdleStart);
    if (left > 0.01) {
        if (mPhase > 1) ++mIdleFrames;  // the frame that began it does not count
        frame.step.idleSeconds = left;
        return false;
    }
    if (mIdleFrames < c.frames || mIdleFrames > c.maxFrames) {
        fail(c, "drew " + std::to_string(mIdleFrames) + " frames in " + std::to_string(c.value) +
                    " s left alone, expected " + std::to_string(c.frames) + " to " +
                    std::to_string(c.maxFrames));
    }
    return true;
}

bool ScriptRunner::runExpectClip(const ScriptCommand& c, Frame& frame) {
    const ViewerDocument& doc = frame.doc;
    const std::string name =
        doc.loaded ? clipName(doc.scene, doc.state, doc.state.playback.clip) : "";
    if (name != c.target) {
        fail(c, "expected clip \"" + c.target + "\", the current clip is \"" + name + "\"");
    } else if (!c.text.empty() && doc.state.playback.playing != (c.text == "playing")) {
        fail(c, "clip \"" + name + "\" is not " + c.text);
    }
    return true;
}

bool ScriptRunner::runExpectWeight(const ScriptCommand& c, Frame& frame) {
    const std::optional<float> weight = targetWeight(c, frame.doc);
    if (!weight) return true;
    const float w = *weight;
    if (!(std::abs(w - c.value) <= c.value2)) {
        fail(c, c.target + " is " + std::to_string(w) + ", expected " + std::to_string(c.value));
    }
    return true;
}

// The curve as the curve view drew it last frame, read between its columns.
bool ScriptRunner::runExpectCurve(const ScriptCommand& c, Frame& frame) {
    const DrawnCurves& drawn = frame.ui.drawnCurves;
    const auto curve = drawn.values.find(c.target);
    if (curve == drawn.values.end() || curve->second.size() < 2 || drawn.duration <= 0) {
        fail(c, "the curve view draws no curve of \"" + c.target + "\"");
        return true;
    }
    const std::vector<float>& v = curve->second;
    const float at = std::clamp(c.time / drawn.duration, 0.0f, 1.0f) * float(v.size() - 1);
    const size_t i = std::min(size_t(at), v.size() - 2);
    const float value = v[i] + (v[i + 1] - v[i]) * (at - float(i));
    if (!(std::abs(value - c.value) <= c.value2)) {
        fail(c, c.target + "'s curve is " + std::to_string(value) + " at " +
                    std::to_string(c.time) + " s, expected " + std::to_string(c.value));
    }
    return true;
}

// As Say does: the panel opens with the line and its request.
bool ScriptRunner::runSay(const ScriptCommand& c, Frame& frame) {
    SpeechUi& s = frame.ui.speech;
    s.show = true;
    s.text = c.text;
    s.sayRequested = true;
    return true;
}

// Until the window has taken the request and the line has been prepared and played, or the wall
// clock's limit (the line plays on the audio clock, not the script's fixed frames).
bool ScriptRunner::runWaitSpeech(const ScriptCommand& c, Frame& frame) {
    const std::optional<float> weight = targetWeight(c, frame.doc);
    if (!weight) return true;
    if (mPhase++ == 0) {
        mIdleStart = glfwGetTime();
        mPeak = 0;
    }
    mPeak = std::max(mPeak, *weight);
    const SpeechUi& s = frame.ui.speech;
    const bool said = !s.sayRequested && !s.preparing && !s.playing;
    if (!said && glfwGetTime() - mIdleStart < double(c.value2)) return false;
    if (!said) {
        fail(c, "the line was still being said after " + std::to_string(c.value2) + " s");
    } else if (mPeak < c.value) {
        fail(c, c.target + " peaked at " + std::to_string(mPeak) + " while the line played, " +
                    "expected at least " + std::to_string(c.value));
    }
    return true;
}

// As drawn: the frame's weights, node by node.
bool ScriptRunner::runExpectWeightEverywhere(const ScriptCommand& c, Frame& frame) {
    const ViewerDocument& doc = frame.doc;
    const morph::Scene& scene = doc.scene;
    size_t nodes = 0;
    std::string problem;
    for (size_t n = 0; doc.loaded && n < scene.nodes.size() && n < doc.frame.pose.size(); ++n) {
        const int mesh = scene.nodes[n].mesh;
        const int t = mesh < 0 ? -1 : indexOf(scene.meshes[size_t(mesh)].targetNames, c.target);
        if (t < 0) continue;
        ++nodes;
        const std::vector<float>& weights = doc.frame.pose.weights(int(n));
        const float w = size_t(t) < weights.size() ? weights[size_t(t)] : 0.0f;
        if (!(std::abs(w - c.value) <= c.value2) && problem.empty()) {
            problem = c.target + " is " + std::to_string(w) + " on node \"" + scene.nodes[n].name +
                      "\", expected " + std::to_string(c.value);
        }
    }
    if (nodes < 2) {
        fail(c, "fewer than two nodes have a target \"" + c.target + "\"");
    } else if (!problem.empty()) {
        fail(c, problem);
    }
    return true;
}

bool ScriptRunner::runExpectMessage(const ScriptCommand& c, Frame& frame) {
    const ViewerUi& ui = frame.ui;
    if (ui.message.find(c.target) == std::string::npos) {
        fail(c, "the last message is \"" + ui.message + "\", expected it to contain \"" + c.target +
                    "\"" + (ui.error.empty() ? "" : " (error: " + ui.error + ")"));
    }
    return true;
}

bool ScriptRunner::runExpectNoError(const ScriptCommand& c, Frame& frame) {
    if (!frame.ui.error.empty()) fail(c, "an error is shown: " + frame.ui.error);
    return true;
}

bool ScriptRunner::runExpectError(const ScriptCommand& c, Frame& frame) {
    if (frame.ui.error.find(c.target) == std::string::npos) {
        fail(c, "the error shown is \"" + frame.ui.error + "\", expected it to contain \"" +
                    c.target + "\"");
    }
    return true;
}

bool ScriptRunner::runScreenshot(const ScriptCommand& c, Frame& frame) {
    const std::filesystem::path path(c.target);
    frame.step.screenshot =
        path.is_absolute() ? path.string() : (std::filesystem::path(mFolder) / path).string();
    return true;
}

bool ScriptRunner::runDrop(const ScriptCommand& c, Frame& frame) {
    const std::filesystem::path path(c.target);
    frame.step.dropped.push_back(
        path.is_absolute() ? path.string() : (std::filesystem::path(mFolder) / path).string());
    return true;
}

// The window's close, as its close button or Escape asks for it (the question may open); a
// script's `quit` below never asks.
bool ScriptRunner::runCloseWindow(const ScriptCommand&, Frame& frame) {
    frame.ui.requests.quit = true;
    return true;
}

// Free heap pages go back to the system first (glibc's malloc_trim), so the figure follows
// memory in use rather than what the allocator keeps cached from the largest model: a leak still
// shows, a cache's high-water mark does not.
void printSampleLine(const std::string& label, size_t autosaveFiles, uint64_t autosaveBytes) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
    long pages = 0, resident = 0;
    if (FILE* statm = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(statm, "%ld %ld", &pages, &resident) != 2) resident = 0;
        std::fclose(statm);
    }
    const int errors = int(renderer::glErrors().size());
    std::printf(
        "sample %s rss_kb=%ld gl_objects=%ld gl_errors=%d autosave_files=%zu autosave_bytes=%llu\n",
        label.c_str(), resident * (sysconf(_SC_PAGESIZE) / 1024),
        renderer::gl::liveNameCount().load(), errors, autosaveFiles,
        static_cast<unsigned long long>(autosaveBytes));
    std::fflush(stdout);
}

// The window prints it at the end of this frame, once the frame's work is with the autosave.
bool ScriptRunner::runSample(const ScriptCommand& c, Frame& frame) {
    frame.step.sample = c.target;
    return true;
}

bool ScriptRunner::runProfileSeconds(const ScriptCommand& c, Frame& frame) {
    frame.ui.voice.profileSeconds = c.value;
    return true;
}

bool ScriptRunner::runClipLimit(const ScriptCommand& c, Frame& frame) {
    frame.ui.voice.clipLimitSeconds = c.value;
    return true;
}

bool ScriptRunner::runQuit(const ScriptCommand&, Frame& frame) {
    frame.step.exitCode = mFailed ? 1 : 0;
    return true;
}

}  // namespace app
