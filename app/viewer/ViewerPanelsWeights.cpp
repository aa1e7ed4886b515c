// The weight panel: one slider per target name over every mesh (or per target of one mesh),
// grouped (ARKit, visemes, VRoid prefixes, else a shared prefix),
// filtered, with left/right links, solo/mute/reset, the slider range, the source of every
// weight, and the presets tab with its A/B switch.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/viewer/ViewerUi.h"
#include "morph/edit/TargetGroups.h"
#include "morph/rig/RigLogic.h"

namespace app {

namespace {

ImVec4 sourceColor(WeightSource source) {
    switch (source) {
        case WeightSource::Default: return ImVec4(0.74f, 0.76f, 0.80f, 1.0f);
        case WeightSource::Animation: return ImVec4(0.45f, 0.72f, 1.0f, 1.0f);
        case WeightSource::User: return ImVec4(1.0f, 0.70f, 0.35f, 1.0f);
        case WeightSource::Rig: return ImVec4(0.78f, 0.58f, 1.0f, 1.0f);
    }
    return ImVec4(1, 1, 1, 1);
}

const char* sourceName(WeightSource source) {
    switch (source) {
        case WeightSource::Default: return "default";
        case WeightSource::Animation: return "animation";
        case WeightSource::User: return "user";
        case WeightSource::Rig: return "rig logic";
    }
    return "";
}

// A small button that stays lit while `on`.
bool toggleButton(const char* label, bool on, const ImVec4& onColor, const char* tooltip) {
    if (on) {
        ImGui::PushStyleColor(ImGuiCol_Button, onColor);
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, onColor);
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.08f, 0.08f, 0.09f, 1.0f));
    }
    const bool pressed = ImGui::SmallButton(label);
    if (on) ImGui::PopStyleColor(3);
    if (tooltip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
    return pressed;
}

// The pair `target` belongs to, or -1.
int pairOf(const MeshState& mesh, size_t target) {
    for (size_t p = 0; p < mesh.pairs.size(); ++p) {
        if (mesh.pairs[p].left == target || mesh.pairs[p].right == target) return int(p);
    }
    return -1;
}

std::string meshLabel(const morph::Scene& scene, int mesh) {
    const morph::Mesh& m = scene.meshes[size_t(mesh)];
    char text[160];
    std::snprintf(text, sizeof text, "%s (%zu targets)",
                  m.name.empty() ? ("mesh " + std::to_string(mesh)).c_str() : m.name.c_str(),
                  m.targetCount());
    return text;
}

std::string meshName(const morph::Scene& scene, int mesh) {
    const std::string& name = scene.meshes[size_t(mesh)].name;
    return name.empty() ? "mesh " + std::to_string(mesh) : name;
}

// "All meshes" (one slider per target name, state.linkSharedNames) or one mesh on its own.
void drawMeshPicker(ViewerDocument& doc, ViewerUi& ui) {
    const std::vector<int> meshes = meshesByMovedVertices(doc.scene);
    if (meshes.size() < 2) return;
    ViewerState& state = doc.state;
    ImGui::SetNextItemWidth(-1);
    const std::string all = "All meshes: one slider per name (" +
                            std::to_string(namedTargets(doc.scene).size()) + " names)";
    const std::string current = state.linkSharedNames     ? all
                                : state.selectedMesh >= 0 ? meshLabel(doc.scene, state.selectedMesh)
                                                          : "(none)";
    if (ImGui::BeginCombo("##mesh", current.c_str())) {
        if (ImGui::Selectable(all.c_str(), state.linkSharedNames)) {
            state.linkSharedNames = true;
            ++state.revision;
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "A slider drives its target on every mesh that has that name\n"
                "(an avatar's head, teeth and tongue move together)");
        }
        for (int m : meshes) {
            if (ImGui::Selectable(meshLabel(doc.scene, m).c_str(),
                                  !state.linkSharedNames && m == state.selectedMesh)) {
                state.linkSharedNames = false;
                state.selectedMesh = m;
                ++state.revision;
                ui.curveTargets.clear();
            }
        }
        ImGui::EndCombo();
    }
    trackItem(ui, "Mesh");
}

// One slider of the panel: the target `target` of `mesh` leads, `refs` are every (mesh, target)
// the row stands for (several in the all-meshes view).
struct Row {
    std::string name;
    int mesh = -1;
    size_t target = 0;
    std::vector<std::pair<int, size_t>> refs;
};

std::vector<Row> panelRows(const ViewerDocument& doc) {
    std::vector<Row> rows;
    const ViewerState& state = doc.state;
    if (state.linkSharedNames) {
        for (NamedTarget& named : namedTargets(doc.scene)) {
            const auto [mesh, target] = named.refs.front();
            rows.push_back({std::move(named.name), mesh, target, std::move(named.refs)});
        }
        return rows;
    }
    const morph::Mesh& mesh = doc.scene.meshes[size_t(state.selectedMesh)];
    for (size_t t = 0; t < mesh.targetCount(); ++t) {
        rows.push_back({mesh.targetNames[t], state.selectedMesh, t, {{state.selectedMesh, t}}});
    }
    return rows;
}

void drawRangeAndResets(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    struct Range {
        const char* label;
        float min, max;
    };
    static const Range kRanges[] = {
        {"0 .. 1", 0, 1}, {"-1 .. 1", -1, 1}, {"0 .. 2", 0, 2}, {"-1 .. 2", -1, 2}};
    char current[48];
    std::snprintf(current, sizeof current, "%g .. %g", state.rangeMin, state.rangeMax);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("-1 .. 2").x + ImGui::GetFrameHeight() * 2);
    if (ImGui::BeginCombo("##range", current)) {
        for (const Range& r : kRanges) {
            if (ImGui::Selectable(r.label, state.rangeMin == r.min && state.rangeMax == r.max)) {
                setRange(state, r.min, r.max);
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Slider range (relative targets may go past 1)");
    ImGui::SameLine();
    if (ImGui::Button("Reset all")) resetToDefaults(state, doc.scene);
    trackItem(ui, "Reset all");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Clear every override: defaults and the clip show again");
    ImGui::SameLine();
    if (ImGui::Button("Zero all")) resetToZero(state, doc.scene);
    trackItem(ui, "Zero all");
    ImGui::SameLine();
    if (ImGui::Checkbox("Sticky", &state.stickyOverrides)) {
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Off: a slider moved while a clip plays overrides it only while held.\n"
            "On: the override stays until reset.");
    }
    // Every pair of the panel's meshes.
    size_t pairCount = 0;
    bool all = true;
    for (int m : panelMeshes(doc.scene, state)) {
        if (size_t(m) >= state.meshes.size()) continue;
        for (const PairLink& p : state.meshes[size_t(m)].pairs) {
            ++pairCount;
            all = all && p.linked;
        }
    }
    if (pairCount > 0) {
        if (ImGui::Checkbox("Link every left/right pair", &all)) {
            for (int m : panelMeshes(doc.scene, state)) {
                if (size_t(m) >= state.meshes.size()) continue;
                for (size_t p = 0; p < state.meshes[size_t(m)].pairs.size(); ++p)
                    setPairLinked(state, m, p, all);
            }
        }
        ImGui::SameLine();
        ImGui::TextDisabled("(%zu pairs)", pairCount);
    }
}

// The selected mesh's target a row stands for (curves, heat, inspect), or -1.
int selectedTargetOf(const ViewerState& state, const Row& row) {
    int selected = -1;
    for (const auto& [m, target] : row.refs) {
        if (m == state.selectedMesh) selected = int(target);
    }
    return selected;
}

// The name column: click adds the target's curve to the timeline (selecting the row's mesh when
// the curves show another, which makes `selectedTarget` this row's); hover says where it is.
void drawTargetName(ViewerDocument& doc, ViewerUi& ui, const Row& row, WeightSource source,
                    int& selectedTarget) {
    ViewerState& state = doc.state;
    const morph::Scene& scene = doc.scene;
    const bool inCurves = selectedTarget >= 0 && ui.curveTargets.count(size_t(selectedTarget)) > 0;
    ImGui::PushStyleColor(ImGuiCol_Text, sourceColor(source));
    if (ImGui::Selectable(row.name.c_str(), inCurves)) {
        if (selectedTarget < 0) {  // the curves show the selected mesh: select this row's
            state.selectedMesh = row.mesh;
            ui.curveTargets.clear();
            selectedTarget = int(row.target);
        }
        if (inCurves) {
            ui.curveTargets.erase(size_t(selectedTarget));
        } else {
            ui.curveTargets.insert(size_t(selectedTarget));
        }
    }
    ImGui::PopStyleColor();
    if (selectedTarget >= 0 && ui.inspect.scrollToTarget == selectedTarget) {
        ImGui::SetScrollHereY(0.3f);
        ui.inspect.scrollToTarget = -1;
    }
    if (!ImGui::IsItemHovered()) return;
    if (selectedTarget >= 0) ui.inspect.hoveredTarget = selectedTarget;
    std::string where = meshName(scene, row.mesh);
    for (size_t r = 1; r < row.refs.size(); ++r) where += ", " + meshName(scene, row.refs[r].first);
    std::string from = sourceName(source);
    for (const morph::RigRule& rule : scene.meshes[size_t(row.mesh)].rigRules) {
        if (source == WeightSource::Rig && rule.target == row.target)
            from += ": " + morph::describeRigRule(rule, scene.meshes[size_t(row.mesh)].targetNames);
    }
    ImGui::SetTooltip(
        "%s  (target %zu of %s)\non: %s\nsource: %s\nclick: show its curve in "
        "the timeline",
        row.name.c_str(), row.target, meshName(scene, row.mesh).c_str(), where.c_str(),
        from.c_str());
}

// The slider: what Key and presets store, dimmed when solo/mute hide it from the picture.
void drawTargetSlider(ViewerDocument& doc, ViewerUi& ui, const Row& row,
                      const ResolvedWeights& resolved, int selectedTarget) {
    ViewerState& state = doc.state;
    const size_t t = row.target;
    ImGui::SetNextItemWidth(-1);
    float value = resolved.beforeSoloMute[t];
    const bool silenced = resolved.weights[t] != value;
    if (silenced) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.45f);
    // A target rig logic derives follows its drivers: read-only while View > Rig logic is on.
    const bool driven = resolved.sources[t] == WeightSource::Rig;
    ImGui::BeginDisabled(driven);
    // Ctrl-click (or double-click) types a value: SliderFloat's own text input.
    const bool changed = ImGui::SliderFloat("##w", &value, state.rangeMin, state.rangeMax, "%.3f");
    ImGui::EndDisabled();
    if (silenced) ImGui::PopStyleVar();
    trackItem(ui, row.name);
    if ((ImGui::IsItemHovered() || ImGui::IsItemActive()) && selectedTarget >= 0)
        ui.inspect.hoveredTarget = selectedTarget;
    if (ImGui::IsItemActivated()) beginUserEdit(state, doc.scene, row.mesh, t);
    if (changed) setUserWeight(state, doc.scene, row.mesh, t, value);
    if (ImGui::IsItemDeactivated()) endUserEdit(state, doc.scene, row.mesh, t);
}

// The link, solo, mute and reset columns.
void drawTargetButtons(ViewerDocument& doc, const Row& row, const ResolvedWeights& resolved) {
    ViewerState& state = doc.state;
    const morph::Scene& scene = doc.scene;
    const int meshIndex = row.mesh;
    const size_t t = row.target;
    MeshState& ms = state.meshes[size_t(meshIndex)];
    const TargetState& ts = ms.targets[t];
    ImGui::TableNextColumn();
    const int pair = pairOf(ms, t);
    if (pair >= 0) {
        const bool linked = ms.pairs[size_t(pair)].linked;
        const size_t other = ms.pairs[size_t(pair)].left == t ? ms.pairs[size_t(pair)].right
                                                              : ms.pairs[size_t(pair)].left;
        char tip[200];
        std::snprintf(tip, sizeof tip, "Link with %s: one slider drives both",
                      scene.meshes[size_t(meshIndex)].targetNames[other].c_str());
        if (toggleButton("LR", linked, ImVec4(0.45f, 0.72f, 1.0f, 1.0f), tip)) {
            setPairLinked(state, meshIndex, size_t(pair), !linked);
        }
    }
    ImGui::TableNextColumn();
    if (toggleButton("S", ts.solo, ImVec4(0.95f, 0.82f, 0.35f, 1.0f),
                     "Solo: show only the soloed targets")) {
        setSolo(state, scene, meshIndex, t, !ts.solo);
    }
    ImGui::TableNextColumn();
    if (toggleButton("M", ts.mute, ImVec4(0.92f, 0.45f, 0.42f, 1.0f),
                     "Mute: leave this target out")) {
        setMute(state, scene, meshIndex, t, !ts.mute);
    }
    ImGui::TableNextColumn();
    ImGui::BeginDisabled(!ts.overridden);
    if (ImGui::SmallButton("x")) clearOverride(state, scene, meshIndex, t);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip("Reset: back to the %s value", resolved.sources[t] == WeightSource::User
                                                             ? "default or clip"
                                                             : "current");
    }
}

void drawTargetRow(ViewerDocument& doc, ViewerUi& ui, const Row& row,
                   const ResolvedWeights& resolved) {
    int selectedTarget = selectedTargetOf(doc.state, row);
    ImGui::PushID(row.mesh);
    ImGui::PushID(int(row.target));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    drawTargetName(doc, ui, row, resolved.sources[row.target], selectedTarget);
    ImGui::TableNextColumn();
    drawTargetSlider(doc, ui, row, resolved, selectedTarget);
    drawTargetButtons(doc, row, resolved);
    ImGui::PopID();
    ImGui::PopID();
}

void drawTargets(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    const std::vector<Row> rows = panelRows(doc);
    // What each mesh shows, resolved once per frame.
    std::map<int, ResolvedWeights> resolved;
    for (const Row& row : rows) {
        if (resolved.count(row.mesh)) continue;
        resolved[row.mesh] = resolveMeshWeights(doc.scene, state, doc.frame, row.mesh);
        if (resolved[row.mesh].sources.size() != doc.scene.meshes[size_t(row.mesh)].targetCount() ||
            size_t(row.mesh) >= state.meshes.size() ||
            state.meshes[size_t(row.mesh)].targets.size() != resolved[row.mesh].sources.size())
            return;  // a state of another scene: nothing to edit this frame
    }
    std::vector<std::string> names;
    names.reserve(rows.size());
    for (const Row& row : rows) names.push_back(row.name);
    ImGui::BeginChild("##targets", ImVec2(0, 0), false);
    const float buttonWidth = ImGui::CalcTextSize("LR").x + ImGui::GetStyle().FramePadding.x * 2;
    size_t shown = 0;
    for (const morph::TargetGroup& group : morph::groupTargets(names)) {
        std::vector<size_t> matching;
        for (size_t r : group.targets) {
            if (morph::matchesFilter(names[r], ui.filter)) matching.push_back(r);
        }
        if (matching.empty()) continue;
        shown += matching.size();
        bool open = true;
        if (!group.name.empty()) {
            if (!ui.filter.empty()) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
            char header[96];
            std::snprintf(header, sizeof header, "%s  (%zu)###%s", group.name.c_str(),
                          matching.size(), group.name.c_str());
            open = ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen);
        }
        if (!open) continue;
        if (ImGui::BeginTable(group.name.empty() ? "##flat" : group.name.c_str(), 6,
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
            ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.25f);
            ImGui::TableSetupColumn("weight", ImGuiTableColumnFlags_WidthStretch, 1.0f);
            ImGui::TableSetupColumn("lr", ImGuiTableColumnFlags_WidthFixed, buttonWidth);
            ImGui::TableSetupColumn("s", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("m", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("r", ImGuiTableColumnFlags_WidthFixed);
            for (size_t r : matching) drawTargetRow(doc, ui, rows[r], resolved[rows[r].mesh]);
            ImGui::EndTable();
        }
    }
    if (shown == 0) ImGui::TextDisabled("No target matches '%s'", ui.filter.c_str());
    ImGui::EndChild();
}

void drawPresets(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Save pose").x -
                            ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().ItemSpacing.x);
    ImGui::InputTextWithHint("##presetName", "preset name", &ui.presetName);
    trackItem(ui, "Preset name");
    ImGui::SameLine();
    ImGui::BeginDisabled(ui.presetName.empty());
    const bool savePose = ImGui::Button("Save pose");
    trackItem(ui, "Save pose");
    if (savePose) {
        savePreset(state, doc.scene, ui.presetName);
        showMessage(ui, "saved preset '" + ui.presetName + "'");
        ui.presetName = "preset " + std::to_string(state.presets.size() + 1);
    }
    ImGui::EndDisabled();

    if (ImGui::BeginTable("##presets", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
        for (int i = 0; i < 4; ++i) ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
        for (size_t p = 0; p < state.presets.size(); ++p) {
            ImGui::PushID(int(p));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%s", state.presets[p].name.c_str());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%zu weights", state.presets[p].weights.size());
            ImGui::TableNextColumn();
            const bool apply = ImGui::SmallButton("Apply");
            trackItem(ui, "apply:" + state.presets[p].name);
            if (apply && !applyPreset(state, doc.scene, int(p))) {
                showError(
                    ui, "preset '" + state.presets[p].name + "' names none of this mesh's targets");
            }
            ImGui::TableNextColumn();
            if (toggleButton("A", state.abPresets[0] == int(p), ImVec4(0.45f, 0.72f, 1.0f, 1),
                             "Put behind A")) {
                setABPreset(state, 0, int(p));
            }
            ImGui::TableNextColumn();
            if (toggleButton("B", state.abPresets[1] == int(p), ImVec4(1.0f, 0.70f, 0.35f, 1),
                             "Put behind B")) {
                setABPreset(state, 1, int(p));
            }
            ImGui::TableNextColumn();
            const bool remove = ImGui::SmallButton("Delete");
            ImGui::PopID();
            if (remove) {
                deletePreset(state, int(p));
                break;
            }
        }
        ImGui::EndTable();
    }
    if (state.presets.empty())
        ImGui::TextDisabled("No presets yet: set the sliders, name it, Save pose.");

    ImGui::Separator();
    const bool ab = state.abPresets[0] >= 0 && state.abPresets[1] >= 0;
    ImGui::BeginDisabled(!ab);
    if (ImGui::Button(state.abActive == 0 ? "A/B: showing A, switch to B"
                                          : "A/B: showing B, switch to A")) {
        toggleAB(state, doc.scene);
    }
    ImGui::EndDisabled();
    if (!ab) ImGui::TextDisabled("Mark one preset A and one B to compare them.");

    ImGui::Separator();
    const std::string dir = configDir();
    const std::string path = ui.presetsPath.empty()
                                 ? (dir.empty() ? "presets.json" : dir + "/presets.json")
                                 : ui.presetsPath;
    if (ImGui::Button("Save presets...")) openBrowser(ui, BrowserMode::SavePresets, path);
    ImGui::SameLine();
    if (ImGui::Button("Load presets...")) openBrowser(ui, BrowserMode::LoadPresets, path);
}

}  // namespace

void drawWeightPanel(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    const bool haveMesh = doc.loaded && state.selectedMesh >= 0 &&
                          size_t(state.selectedMesh) < doc.scene.meshes.size() &&
                          size_t(state.selectedMesh) < state.meshes.size();
    if (!ImGui::BeginTabBar("##weightTabs")) return;
    const bool weightsTab = ImGui::BeginTabItem("Weights");
    trackItem(ui, "Weights tab");
    if (weightsTab) {
        if (!haveMesh) {
            ImGui::TextDisabled(doc.loaded ? "This model has no morph targets." : "No model open.");
        } else {
            drawMeshPicker(doc, ui);
            ImGui::SetNextItemWidth(-1);
            ImGui::InputTextWithHint("##filter", "Filter targets (e.g. jaw, blink left)",
                                     &ui.filter);
            trackItem(ui, "Filter");
            drawRangeAndResets(doc, ui);
            ImGui::Spacing();
            drawExpressionSliders(doc, ui);
            drawTargets(doc, ui);
        }
        ImGui::EndTabItem();
    }
    const bool presetsTab = ImGui::BeginTabItem("Presets");
    trackItem(ui, "Presets tab");
    if (presetsTab) {
        if (haveMesh) {
            drawPresets(doc, ui);
        } else {
            ImGui::TextDisabled("Presets need a mesh with targets.");
        }
        ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
}

}  // namespace app
