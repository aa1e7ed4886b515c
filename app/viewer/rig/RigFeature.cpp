// The Rig menu in the window (RigFeature.h).
#include "app/viewer/rig/RigFeature.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include <unistd.h>

#include "app/session/Autosave.h"
#include "morph/edit/TargetGroups.h"
#include "morph/fix/FixDocument.h"
#include "morph/io/Files.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

namespace fs = std::filesystem;

namespace {

constexpr const char* kRigCloseQuestion = "Unsaved rig changes";

bool rigMenuItem(ViewerUi& ui, const char* label, const char* hint, bool enabled) {
    const bool chosen = ImGui::MenuItem(label, hint, false, enabled);
    trackItem(ui, label);
    return chosen;
}

bool rigButton(ViewerUi& ui, const char* label) {
    const bool pressed = ImGui::Button(label);
    trackItem(ui, label);
    return pressed;
}

std::string rigLines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += (text.empty() ? "" : "\n") + line;
    return text;
}

bool isGltfPath(const std::string& path) {
    return fs::path(path).extension() == ".gltf";
}

// The private file a result is shown from: in the state folder (else the system's temporary
// folder), named by this process.
std::string privatePath() {
    std::string dir = session::stateDir();
    std::error_code ec;
    if (dir.empty() || (fs::create_directories(dir, ec), ec)) dir = fs::temp_directory_path(ec);
    return dir + "/rig-" + std::to_string(getpid()) + ".glb";
}

}  // namespace

void RigFeature::opened(bool reloaded) {
    if (reloaded && mExpectReload) {  // the result of an operation or an undo
        mExpectReload = false;
        if (!mPendingMessage.empty()) showMessage(mUi, mPendingMessage);
        mPendingMessage.clear();
        mUi.fileModified = mModified;
        return;
    }
    // Another file, or the file itself again (F5): its bytes as they are now.
    mExpectReload = false;
    mUndo.clear();
    setModified(false);
    mCurrent = Version{};
    mCurrent.folder = fs::path(mDoc.model.path).parent_path().string();
    auto bytes = morph::readFileBytes(mDoc.model.path);
    mReadError = bytes ? "" : bytes.error().message;
    if (bytes) mCurrent.bytes = std::move(bytes).value();
}

void RigFeature::setModified(bool modified) {
    mModified = modified;
    mUi.fileModified = modified;
}

bool RigFeature::present(const Version& version) {
    std::string from = mDoc.model.path;
    if (!version.isFile) {
        if (mTempPath.empty()) mTempPath = privatePath();
        const morph::Status written =
            morph::writeFileAtomic(mTempPath, version.bytes.data(), version.bytes.size());
        if (!written) {
            showError(mUi, "rig: " + written.error().message);
            return false;
        }
        from = mTempPath;
    }
    mUi.requests.reloadFrom = from;
    mExpectReload = true;
    return true;
}

void RigFeature::apply(const std::string& label, const fix::FixStep& step) {
    if (!mReadError.empty()) return showError(mUi, "rig: " + mReadError);
    const fix::FixSource source{mDoc.model.path, mDoc.model.allowAnyUri, mDoc.model.maxMemoryBytes};
    auto fixed = fix::fixBytes(mCurrent.bytes, mCurrent.folder, step, source);
    if (!fixed) return showError(mUi, "rig: " + fixed.error().message);
    Version next{std::move(fixed->glb), "", false, ""};
    if (!present(next)) return;
    mCurrent.label = label;
    mUndo.push_back(std::move(mCurrent));
    size_t held = 0;
    for (const Version& version : mUndo) held += version.bytes.size();
    while (mUndo.size() > 1 && (mUndo.size() > kUndoDepth || held > kUndoBytes)) {
        held -= mUndo.front().bytes.size();
        mUndo.pop_front();
    }
    mCurrent = std::move(next);
    mPendingMessage = label + ": " + rigLines(fixed->lines);
    setModified(true);
}

void RigFeature::undo() {
    if (mUndo.empty()) return;
    Version previous = std::move(mUndo.back());
    mUndo.pop_back();
    if (!present(previous)) {
        mUndo.push_back(std::move(previous));
        return;
    }
    mPendingMessage = "undid " + previous.label;
    previous.label.clear();
    mCurrent = std::move(previous);
    setModified(!mCurrent.isFile);
}

void RigFeature::saveAs(const std::string& path) {
    auto doc = morph::readFixDocument(mCurrent.bytes, mDoc.model.path, mCurrent.folder);
    if (!doc) return showError(mUi, "rig: " + doc.error().message);
    morph::compactFixDocument(*doc);
    std::vector<uint8_t> bytes;
    if (isGltfPath(path)) {
        const std::string text = morph::fixDocumentGltf(*doc);
        bytes.assign(text.begin(), text.end());
    } else {
        bytes = morph::fixDocumentGlb(*doc);
    }
    if (morph::Status s = morph::writeFileAtomic(path, bytes.data(), bytes.size()); !s)
        return showError(mUi, "rig: " + s.error().message);
    mSavePath = path;
    setModified(false);
    std::vector<std::string> lines = {"saved the rig to " + path};
    for (const std::string& warning : fix::readingWarnings(*doc, mDoc.model.path))
        lines.push_back(warning);
    showMessage(mUi, rigLines(lines));
}

// The selected mesh's soloed target, else its target with the largest weight of the user's.
std::string RigFeature::selectedTarget() const {
    const int mesh = mDoc.state.selectedMesh;
    const MeshState* state = meshStateFor(mDoc.state, mDoc.scene, mesh);
    if (!mDoc.loaded || state == nullptr) return {};
    const std::vector<std::string>& names = mDoc.scene.meshes[size_t(mesh)].targetNames;
    for (size_t t = 0; t < state->targets.size() && t < names.size(); ++t)
        if (state->targets[t].solo) return names[t];
    float best = 0;
    std::string chosen;
    for (size_t t = 0; t < state->targets.size() && t < names.size(); ++t) {
        const TargetState& target = state->targets[t];
        if (target.overridden && target.value > best) {
            best = target.value;
            chosen = names[t];
        }
    }
    return chosen;
}

std::string RigFeature::currentMix() const {
    const int mesh = mDoc.state.selectedMesh;
    if (!mDoc.loaded || meshStateFor(mDoc.state, mDoc.scene, mesh) == nullptr) return {};
    const ResolvedWeights weights = resolveMeshWeights(mDoc.scene, mDoc.state, mDoc.frame, mesh);
    const std::vector<std::string>& names = mDoc.scene.meshes[size_t(mesh)].targetNames;
    std::string spec;
    for (size_t t = 0; t < weights.beforeSoloMute.size() && t < names.size(); ++t) {
        const float w = weights.beforeSoloMute[t];
        // A name the spec cannot spell is left out.
        if (w == 0 || names[t].find_first_of(",=") != std::string::npos) continue;
        spec += (spec.empty() ? "" : ",") + names[t] + "=" + std::to_string(w);
    }
    return spec;
}

std::string RigFeature::nextMixName() const {
    std::set<std::string> names;
    for (const morph::Mesh& mesh : mDoc.scene.meshes)
        names.insert(mesh.targetNames.begin(), mesh.targetNames.end());
    for (int n = 1;; ++n) {
        const std::string name = "mix " + std::to_string(n);
        if (!names.count(name)) return name;
    }
}

void RigFeature::drawMenus() {
    trackMenuTitle(mUi, "Rig");
    if (!ImGui::BeginMenu("Rig", mDoc.loaded)) return;
    drawOperations();
    ImGui::Separator();
    const char* last = mUndo.empty() ? nullptr : mUndo.back().label.c_str();
    if (rigMenuItem(mUi, "Undo", last, last != nullptr)) undo();
    if (rigMenuItem(mUi, "Save As...", nullptr, true)) {
        openBrowser(mUi, BrowserMode::SaveRig, mSavePath.empty() ? mDoc.model.path : mSavePath);
        mUi.browser.fileName = mSavePath.empty()
                                   ? fs::path(mDoc.model.path).stem().string() + "-rig.glb"
                                   : fs::path(mSavePath).filename().string();
    }
    ImGui::EndMenu();
}

void RigFeature::drawOperations() {
    if (rigMenuItem(mUi, "Prune dead targets", nullptr, true))
        apply("prune dead", {"--prune", "dead"});
    if (rigMenuItem(mUi, "Prune duplicates", nullptr, true))
        apply("prune duplicate", {"--prune", "duplicate"});
    const std::string selected = selectedTarget();
    const std::string other = selected.empty() ? "" : morph::mirrorName(selected).value_or("");
    const std::string mirrorHint = other.empty() ? "" : selected + " -> " + other;
    if (rigMenuItem(mUi, "Mirror selected target", mirrorHint.c_str(), !other.empty()))
        apply("mirror " + selected, {"--mirror", selected + "=" + other});
    if (rigMenuItem(mUi, "Split selected target", selected.c_str(), !selected.empty()))
        apply("split " + selected, {"--split", selected});
    const std::string mix = currentMix();
    if (rigMenuItem(mUi, "New target from current mix", nullptr, !mix.empty())) {
        const std::string name = nextMixName();
        apply("new target " + name, {"--from-mix", name + "=" + mix});
    }
    if (rigMenuItem(mUi, "Recompute flagged normals", nullptr, true))
        apply("recompute flagged normals", {"--recompute-normals", "flagged"});
}

void RigFeature::afterFrame(const ScriptStep& /*scripted*/) {
    if (!mUi.requests.saveRig) return;
    const std::string path = *mUi.requests.saveRig;
    mUi.requests.saveRig.reset();
    saveAs(path);
}

// A File report row's Fix, taken as the panels are drawn (the report is drawn before the
// features' panels), so its reload starts with this frame's requests, as a menu item's does.
void RigFeature::takeReportFix() {
    if (!mUi.requests.fixFinding) return;
    const size_t index = *mUi.requests.fixFinding;
    mUi.requests.fixFinding.reset();
    if (index >= mDoc.audit.findings.size()) return;
    const std::optional<fix::FixStep> step = fix::fixStepForFinding(mDoc.audit.findings[index]);
    if (!step) return;
    apply(step->option == "--prune" ? "prune " + step->value
                                    : "recompute " + step->value + "'s normals",
          *step);
}

bool RigFeature::allowClose() {
    if (mCloseAnswered || !mModified) return true;
    mAskClose = true;  // drawCloseQuestion asks
    return false;
}

void RigFeature::drawPanels(float /*viewX*/, float /*viewY*/) {
    takeReportFix();
    drawCloseQuestion();
}

void RigFeature::drawCloseQuestion() {
    if (mAskClose) {
        ImGui::OpenPopup(kRigCloseQuestion);
        mAskClose = false;
    }
    if (!ImGui::BeginPopupModal(kRigCloseQuestion, nullptr, ImGuiWindowFlags_AlwaysAutoResize))
        return;
    ImGui::TextUnformatted("The Rig menu changed this file and the result is not saved.");
    if (rigButton(mUi, "Quit without saving")) {
        mCloseAnswered = true;
        glfwSetWindowShouldClose(mWindow, GLFW_TRUE);
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (rigButton(mUi, "Keep editing")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void RigFeature::end() {
    std::error_code ec;
    if (!mTempPath.empty()) fs::remove(mTempPath, ec);
}

}  // namespace app
