// The VRM expression sliders, above the weight panel's targets: one per scene.expressions, the
// presets first (emotions, lip sync, blink, gaze, neutral), then the custom ones. Each drives its
// binds, with their weights, on every mesh (app/document/ViewerStateExpressions.h).
#include <algorithm>
#include <cstdio>
#include <set>

#include <imgui.h>

#include "app/document/ViewerStateExpressions.h"
#include "app/viewer/ViewerUi.h"
#include "morph/edit/ExpressionWeights.h"
#include "morph/edit/TargetGroups.h"

namespace app {

namespace {

// Rows shown before the list scrolls, so the targets below stay in view.
constexpr float kVisibleRows = 8.5f;

void expressionTooltip(const morph::Expression& e) {
    std::set<int> meshes;
    for (const morph::ExpressionBind& b : e.binds) meshes.insert(b.mesh);
    ImGui::SetTooltip("%s\npreset: %s%s\n%zu bind(s) on %zu mesh(es)", e.name.c_str(),
                      morph::expressionPresetName(e.preset),
                      e.isBinary ? "\nbinary: above 0.5 acts as 1" : "", e.binds.size(),
                      meshes.size());
}

void drawExpressionRow(ViewerDocument& doc, ViewerUi& ui, size_t i) {
    ViewerState& state = doc.state;
    const morph::Expression& e = doc.scene.expressions[i];
    ImGui::PushID(int(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(e.name.c_str());
    if (ImGui::IsItemHovered()) expressionTooltip(e);

    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-1);
    float value = state.expressionWeights[i];
    if (ImGui::SliderFloat("##e", &value, 0.0f, 1.0f, "%.3f")) {
        setExpressionWeight(state, doc.scene, i, value);
    }
    trackItem(ui, "expression:" + e.name);

    ImGui::TableNextColumn();
    ImGui::BeginDisabled(state.expressionWeights[i] == 0.0f);
    if (ImGui::SmallButton("x")) setExpressionWeight(state, doc.scene, i, 0.0f);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Back to 0");
    ImGui::PopID();
}

}  // namespace

void drawExpressionSliders(ViewerDocument& doc, ViewerUi& ui) {
    const morph::Scene& scene = doc.scene;
    ViewerState& state = doc.state;
    if (scene.expressions.empty() || state.expressionWeights.size() != scene.expressions.size()) {
        return;
    }
    std::vector<size_t> shown;
    for (size_t i : morph::expressionDisplayOrder(scene)) {
        if (morph::matchesFilter(scene.expressions[i].name, ui.filter)) shown.push_back(i);
    }
    char header[64];
    std::snprintf(header, sizeof header, "VRM expressions  (%zu)###expressions", shown.size());
    const bool open = ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen);
    trackItem(ui, "Expressions");
    if (!open) return;
    if (shown.empty()) {
        ImGui::TextDisabled("No expression matches '%s'", ui.filter.c_str());
        return;
    }
    const float rows = std::min(float(shown.size()), kVisibleRows);
    const float height =
        rows * ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().WindowPadding.y;
    ImGui::BeginChild("##expressions", ImVec2(0, height), false);
    if (ImGui::BeginTable("##expressionTable", 3,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.25f);
        ImGui::TableSetupColumn("weight", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("r", ImGuiTableColumnFlags_WidthFixed);
        for (size_t i : shown) drawExpressionRow(doc, ui, i);
        ImGui::EndTable();
    }
    ImGui::EndChild();
    const bool anySet = std::any_of(state.expressionWeights.begin(), state.expressionWeights.end(),
                                    [](float w) { return w != 0.0f; });
    ImGui::BeginDisabled(!anySet);
    if (ImGui::SmallButton("Reset expressions")) resetExpressionWeights(state);
    ImGui::EndDisabled();
    trackItem(ui, "Reset expressions");
    ImGui::Separator();  // the mesh's own targets follow
}

}  // namespace app
