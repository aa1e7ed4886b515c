// The autosave in the window (AutosaveFeature.h).
#include "app/viewer/autosave/AutosaveFeature.h"

#include <cstdio>

#include "app/session/Autosave.h"
#include "app/viewer/script/ViewerScript.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

namespace {

constexpr const char* kCloseQuestion = "Unsaved work";

bool trackedButton(ViewerUi& ui, const char* label) {
    const bool pressed = ImGui::Button(label);
    trackItem(ui, label);
    return pressed;
}

}  // namespace

AutosaveFeature::AutosaveFeature(const FeatureContext& context) : ViewerFeature(context) {
    if (mOptions.screenshotAfter > 0) return;
    mAutosave = std::make_unique<session::AutosaveSession>(session::stateDir());
}

void AutosaveFeature::opened(bool reloaded) {
    if (reloaded || !mAutosave || !mDoc.loaded) return;
    mRecoveryDismissed = false;
    const session::AutosaveSession::Opened opened =
        mAutosave->open(mDoc.model.path, mDoc.scene, mDoc.state);
    if (!opened.error.empty()) showError(mUi, opened.error);
    if (opened.message.empty()) return;
    refreshFrame(mDoc);
    showMessage(mUi, opened.message);
    std::fprintf(stderr, "morphview: %s\n", opened.message.c_str());
}

void AutosaveFeature::afterFrame(const ScriptStep& scripted) {
    if (mAutosave && mDoc.loaded) {
        mAutosave->update(mDoc.state);
        if (const std::string error = mAutosave->takeError(); !error.empty()) showError(mUi, error);
    }
    if (scripted.sample) printSample(*scripted.sample);
}

void AutosaveFeature::end() {
    if (!mAutosave) return;
    if (mKeepAutosave) {
        mAutosave->flush();  // the destructor writes nothing more; the file stays for next time
    } else {
        mAutosave->cleanQuit();
    }
}

void AutosaveFeature::printSample(const std::string& label) {
    // What is pending is written first, so the folder is measured with no write in flight.
    session::AutosaveSession::FolderUse use;
    if (mAutosave) {
        mAutosave->flush();
        use = mAutosave->folderUse();
    }
    printSampleLine(label, use.files, use.bytes);
}

bool AutosaveFeature::allowClose() {
    if (mCloseAnswered || !mAutosave || !mAutosave->unsaved()) return true;
    // The user closed the window on unsaved work: ask instead (drawCloseQuestion).
    mAskClose = true;
    return false;
}

void AutosaveFeature::answerClose(bool keep) {
    mCloseAnswered = true;
    mKeepAutosave = keep;
    glfwSetWindowShouldClose(mWindow, GLFW_TRUE);
}

void AutosaveFeature::drawPanels(float viewX, float viewY) {
    drawCloseQuestion();
    if (mUi.visible) drawAutosavePanels(viewX, viewY);
}

void AutosaveFeature::drawCloseQuestion() {
    if (mAskClose) {
        ImGui::OpenPopup(kCloseQuestion);
        mAskClose = false;
    }
    if (!ImGui::BeginPopupModal(kCloseQuestion, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextUnformatted("This file has user clips, presets or overrides that are not saved.");
    ImGui::TextDisabled("Keep: they come back when this file opens again.");
    if (trackedButton(mUi, "Keep and quit")) answerClose(true);
    ImGui::SameLine();
    const bool canExport = mDoc.state.keyClip >= 0;
    ImGui::BeginDisabled(!canExport);
    if (trackedButton(mUi, "Export clip...")) {
        openBrowser(mUi, BrowserMode::ExportGlb,
                    defaultExportPath(mDoc, mDoc.state.userClips[size_t(mDoc.state.keyClip)]));
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (trackedButton(mUi, "Discard and quit")) answerClose(false);
    ImGui::SameLine();
    if (trackedButton(mUi, "Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void AutosaveFeature::drawAutosavePanels(float viewX, float viewY) {
    if (!mAutosave || !mAutosave->canDiscard() || mRecoveryDismissed) return;
    ImGui::SetNextWindowPos(ImVec2(viewX + 8 * mUi.scale, viewY + 8 * mUi.scale));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin("##recovered", nullptr, flags)) {
        ImGui::TextUnformatted("Work from a session that did not end cleanly was recovered.");
        if (trackedButton(mUi, "Discard recovered work")) {
            mAutosave->discard(mDoc.state);
            refreshFrame(mDoc);
            showMessage(mUi, "discarded the recovered work");
        }
        ImGui::SameLine();
        if (trackedButton(mUi, "Keep recovered work")) mRecoveryDismissed = true;
    }
    ImGui::End();
}

}  // namespace app
