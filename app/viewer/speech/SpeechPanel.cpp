#include "app/viewer/speech/SpeechPanel.h"

#include <algorithm>
#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>

namespace app {

namespace {

void drawSpeechStatus(const SpeechUi& s) {
    if (s.preparing) {
        ImGui::TextDisabled("preparing the line...");
    } else if (s.playing && s.duration > 0) {
        char label[64];
        std::snprintf(label, sizeof label, "%.2f / %.2f s", double(s.position), double(s.duration));
        ImGui::ProgressBar(std::clamp(s.position / s.duration, 0.0f, 1.0f), ImVec2(-1, 0), label);
    } else {
        ImGui::TextDisabled("Say plays the line over whatever else plays.");
    }
}

}  // namespace

void drawSpeechWindow(ViewerUi& ui) {
    SpeechUi& s = ui.speech;
    if (!s.show) return;
    ImGui::SetNextWindowSize(ImVec2(420 * ui.scale, 0), ImGuiCond_Appearing);
    if (!ImGui::Begin("Speech", &s.show, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##speech-line", "a line to say", &s.text,
                                 ImGuiInputTextFlags_EnterReturnsTrue))
        s.sayRequested = true;
    trackItem(ui, "Speech line");
    ImGui::SetNextItemWidth(120 * ui.scale);
    ImGui::InputText("Voice", &s.voice);
    trackItem(ui, "Voice");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-60 * ui.scale);
    ImGui::SliderInt("Rate", &s.rate, 80, 450, "%d wpm");
    trackItem(ui, "Rate");
    ImGui::BeginDisabled(s.preparing || s.text.empty());
    if (ImGui::Button("Say")) s.sayRequested = true;
    ImGui::EndDisabled();
    trackItem(ui, "Say");
    ImGui::SameLine();
    ImGui::BeginDisabled(!s.playing);
    if (ImGui::Button("Stop")) s.stopRequested = true;
    ImGui::EndDisabled();
    trackItem(ui, "Stop");
    drawSpeechStatus(s);
    ImGui::End();
}

}  // namespace app
