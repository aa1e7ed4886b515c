// "Looking closely" in the viewer: the vertex picked by a click (its index, where it is now,
// which targets move it, largest first, each a button that brings its slider up), the heat
// map's weights (the pose's, or the hovered target alone) and its legend.
#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "app/viewer/ViewerUi.h"
#include "morph/targets/Displacement.h"

namespace app {

namespace {

const morph::Primitive* pickedPrimitive(const ViewerDocument& doc, const ViewerUi& ui) {
    const InspectUi& in = ui.inspect;
    if (!doc.loaded || !in.picked || in.pickMesh < 0 ||
        size_t(in.pickMesh) >= doc.scene.meshes.size())
        return nullptr;
    const morph::Mesh& mesh = doc.scene.meshes[size_t(in.pickMesh)];
    if (in.pickPrimitive < 0 || size_t(in.pickPrimitive) >= mesh.primitives.size()) return nullptr;
    const morph::Primitive& p = mesh.primitives[size_t(in.pickPrimitive)];
    return in.pickVertex < p.vertexCount() ? &p : nullptr;
}

void drawPickPanel(ViewerDocument& doc, ViewerUi& ui, float x, float y) {
    const morph::Primitive* primitive = pickedPrimitive(doc, ui);
    if (!primitive) return;
    InspectUi& in = ui.inspect;
    if (size_t(in.pickNode) >= doc.frame.pose.size()) return;
    const std::vector<float>& weights = doc.frame.pose.weights(in.pickNode);
    glm::vec3 world(0.0f);
    pickedPosition(doc, ui, world);
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always, ImVec2(1, 0));
    ImGui::SetNextWindowSizeConstraints(ImVec2(240 * ui.scale, 0),
                                        ImVec2(360 * ui.scale, 420 * ui.scale));
    ImGui::SetNextWindowBgAlpha(0.85f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoFocusOnAppearing;
    bool open = true;
    if (ImGui::Begin("Picked vertex", &open, flags)) {
        const morph::Mesh& mesh = doc.scene.meshes[size_t(in.pickMesh)];
        ImGui::Text("vertex %u", in.pickVertex);
        trackItem(ui, "Picked vertex");
        ImGui::TextDisabled("%s, primitive %d", mesh.name.empty() ? "mesh" : mesh.name.c_str(),
                            in.pickPrimitive);
        ImGui::Text("at %.4f, %.4f, %.4f", world.x, world.y, world.z);
        ImGui::Separator();
        const std::vector<morph::VertexInfluence> influences =
            morph::vertexInfluences(*primitive, in.pickVertex, weights);
        if (influences.empty()) ImGui::TextDisabled("No target moves this vertex.");
        if (!influences.empty() &&
            ImGui::BeginTable("##influences", 4,
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
            ImGui::TableSetupColumn("target", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn("at 1");
            ImGui::TableSetupColumn("now");
            ImGui::TableSetupColumn("solo");
            ImGui::TableHeadersRow();
            constexpr size_t kShown = 24;  // the long tail of tiny deltas says little
            for (size_t i = 0; i < std::min(influences.size(), kShown); ++i) {
                const morph::VertexInfluence& v = influences[i];
                const std::string& name = mesh.targetNames[v.target];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::PushID(int(v.target));
                if (ImGui::Selectable(name.c_str(), ui.curveTargets.count(v.target) > 0)) {
                    // Bring its slider up: select the mesh, clear a filter that hides it, scroll
                    // to its row, and show its curve.
                    doc.state.selectedMesh = in.pickMesh;
                    if (!morph::matchesFilter(name, ui.filter)) ui.filter.clear();
                    in.scrollToTarget = int(v.target);
                    ui.curveTargets.insert(v.target);
                }
                trackItem(ui, "pick:" + name);
                if (ImGui::IsItemHovered()) in.hoveredTarget = int(v.target);
                ImGui::PopID();
                ImGui::TableNextColumn();
                ImGui::TextDisabled("%.4f", v.delta);
                ImGui::TableNextColumn();
                ImGui::Text("%.4f", v.displacement);
                ImGui::TableNextColumn();
                // Solo it on its mesh: the picture then shows what this target alone does here.
                const std::vector<TargetState>& targets =
                    doc.state.meshes[size_t(in.pickMesh)].targets;
                const bool soloed = v.target < targets.size() && targets[v.target].solo;
                ImGui::PushID(int(v.target));
                if (ImGui::SmallButton(soloed ? "S*" : "S")) {
                    doc.state.selectedMesh = in.pickMesh;
                    setSolo(doc.state, doc.scene, v.target, !soloed);
                }
                trackItem(ui, "pick solo:" + name);
                ImGui::PopID();
            }
            ImGui::EndTable();
            if (influences.size() > kShown)
                ImGui::TextDisabled("... %zu more", influences.size() - kShown);
        }
    }
    ImGui::End();
    if (!open) in.picked = false;
}

void drawHeatLegend(const ViewerDocument& doc, ViewerUi& ui, float x, float y) {
    const InspectUi& in = ui.inspect;
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always, ImVec2(0, 1));
    ImGui::SetNextWindowBgAlpha(0.75f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##heatLegend", nullptr, flags)) {
        const int mesh = doc.state.selectedMesh;
        if (in.heatTarget >= 0 && mesh >= 0 &&
            size_t(in.heatTarget) < doc.scene.meshes[size_t(mesh)].targetNames.size()) {
            ImGui::Text("Displacement: %s at 1",
                        doc.scene.meshes[size_t(mesh)].targetNames[size_t(in.heatTarget)].c_str());
        } else {
            ImGui::Text("Displacement: current weights");
        }
        const float width = 220 * ui.scale, height = 12 * ui.scale;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const size_t segments = renderer::kHeatStopCount - 1;
        for (size_t i = 0; i < segments; ++i) {
            const auto color = [](const glm::vec3& c) {
                return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
            };
            const ImU32 a = color(renderer::kHeatRamp[i]), b = color(renderer::kHeatRamp[i + 1]);
            const float x0 = p.x + width * float(i) / float(segments),
                        x1 = p.x + width * float(i + 1) / float(segments);
            draw->AddRectFilledMultiColor(ImVec2(x0, p.y), ImVec2(x1, p.y + height), a, b, b, a);
        }
        ImGui::Dummy(ImVec2(width, height));
        ImGui::TextDisabled("0");
        char top[48];
        std::snprintf(top, sizeof top, "%.4g units", in.heatMax);
        ImGui::SameLine(width - ImGui::CalcTextSize(top).x + ImGui::GetStyle().WindowPadding.x);
        ImGui::TextDisabled("%s", top);
    }
    ImGui::End();
}

}  // namespace

void pickVertex(ViewerDocument& doc, ViewerUi& ui, const morph::Ray& ray) {
    if (!doc.loaded || !doc.frame.valid(doc.scene)) return;
    const morph::FramePose& frame = doc.frame.pose;
    const auto hit = morph::raycast(doc.scene, frame, doc.gpu.nodes(frame.scene), ray);
    InspectUi& in = ui.inspect;
    in.picked = hit.has_value();
    if (!hit) return;
    in.pickNode = hit->node;
    in.pickMesh = hit->mesh;
    in.pickPrimitive = hit->primitive;
    in.pickVertex = hit->vertex;
    if (doc.scene.meshes[size_t(hit->mesh)].targetCount() > 0) doc.state.selectedMesh = hit->mesh;
    char text[96];
    std::snprintf(text, sizeof text, "picked vertex %u", hit->vertex);
    showMessage(ui, text);
}

bool pickedPosition(const ViewerDocument& doc, const ViewerUi& ui, glm::vec3& world) {
    const morph::Primitive* primitive = pickedPrimitive(doc, ui);
    if (!primitive) return false;
    const morph::FramePose& frame = doc.frame.pose;
    const size_t node = size_t(ui.inspect.pickNode);
    if (node >= frame.size()) return false;
    world = morph::placedPosition(doc.scene, frame, int(node), *primitive, ui.inspect.pickVertex);
    return true;
}

std::vector<std::vector<float>> heatWeights(const ViewerDocument& doc, ViewerUi& ui,
                                            const morph::FramePose& frame) {
    const std::vector<morph::NodePose>& pose = frame.nodes;
    InspectUi& in = ui.inspect;
    const int mesh = doc.state.selectedMesh;
    in.heatTarget = -1;
    std::vector<std::vector<float>> out(pose.size());
    if (in.heatFollowsHover && in.hoveredTarget >= 0 && mesh >= 0 &&
        size_t(in.hoveredTarget) < doc.scene.meshes[size_t(mesh)].targetCount()) {
        in.heatTarget = in.hoveredTarget;
        for (int node : nodesUsingMesh(doc.scene, mesh)) {
            out[size_t(node)].assign(doc.scene.meshes[size_t(mesh)].targetCount(), 0.0f);
            out[size_t(node)][size_t(in.hoveredTarget)] = 1.0f;
        }
    }
    // The scale: the largest displacement on screen, so the ramp's top is always reached.
    const std::vector<glm::mat4>& world = frame.world;
    float largest = 0;
    for (int node : doc.gpu.nodes(frame.scene)) {
        const std::vector<float>& w =
            out[size_t(node)].empty() ? pose[size_t(node)].weights : out[size_t(node)];
        const morph::Mesh& m = doc.scene.meshes[size_t(doc.scene.nodes[size_t(node)].mesh)];
        for (const morph::Primitive& p : m.primitives) {
            largest =
                std::max(largest, morph::maxDisplacement(p, w, glm::mat3(world[size_t(node)])));
        }
    }
    in.heatMax = largest;
    return out;
}

void drawInspectPanels(ViewerDocument& doc, ViewerUi& ui, float viewX, float viewY, float viewWidth,
                       float viewHeight) {
    const float pad = 10 * ui.scale;
    // Bottom left, above the line where messages appear; the picked vertex has the top right.
    const float messageRoom = ImGui::GetFrameHeightWithSpacing() * 1.5f;
    if (ui.inspect.heat && doc.loaded)
        drawHeatLegend(doc, ui, viewX + pad, viewY + viewHeight - pad - messageRoom);
    drawPickPanel(doc, ui, viewX + viewWidth - pad, viewY + pad);
}

}  // namespace app
