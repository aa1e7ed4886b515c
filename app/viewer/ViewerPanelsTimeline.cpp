// The timeline: clip picker and transport, a scrub bar with key ticks, keying into user clips
// (move, delete, interpolation, save/load, export), the timing preview, a curve view that
// samples the real sampler, so STEP, LINEAR and CUBICSPLINE are drawn as they evaluate (a target
// rig logic derives as its drivers' curves make it, in the rig's colour), and the layer list
// (clips playing together, their weights, order and crossfades).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <imgui.h>

#include "app/document/CurveSamples.h"
#include "app/viewer/ViewerUi.h"

namespace app {

namespace {

const ImU32 kCurveColors[] = {IM_COL32(94, 160, 240, 255),  IM_COL32(255, 178, 90, 255),
                              IM_COL32(120, 210, 140, 255), IM_COL32(236, 110, 150, 255),
                              IM_COL32(190, 150, 250, 255), IM_COL32(240, 220, 100, 255)};
constexpr size_t kCurveColorCount = sizeof kCurveColors / sizeof kCurveColors[0];
// A derived target's curve: the weights panel's colour of a value rig logic derives.
const ImU32 kDerivedCurveColor = IM_COL32(199, 148, 255, 255);
constexpr size_t kDefaultCurves = 4;

enum class Icon { Play, Pause, Stop, Prev, Next };

// A square button with a drawn icon (the default font has no transport symbols).
bool iconButton(const char* id, Icon icon, const char* tooltip) {
    const float size = ImGui::GetFrameHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const bool pressed = ImGui::InvisibleButton(id, ImVec2(size, size));
    const ImGuiCol bg = ImGui::IsItemActive()    ? ImGuiCol_ButtonActive
                        : ImGui::IsItemHovered() ? ImGuiCol_ButtonHovered
                                                 : ImGuiCol_Button;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p, ImVec2(p.x + size, p.y + size), ImGui::GetColorU32(bg),
                        ImGui::GetStyle().FrameRounding);
    const ImU32 fg = ImGui::GetColorU32(ImGuiCol_Text);
    const float c = size * 0.5f, r = size * 0.26f;
    const ImVec2 m(p.x + c, p.y + c);
    switch (icon) {
        case Icon::Play:
            draw->AddTriangleFilled(ImVec2(m.x - r * 0.8f, m.y - r),
                                    ImVec2(m.x - r * 0.8f, m.y + r), ImVec2(m.x + r, m.y), fg);
            break;
        case Icon::Pause:
            draw->AddRectFilled(ImVec2(m.x - r, m.y - r), ImVec2(m.x - r * 0.3f, m.y + r), fg);
            draw->AddRectFilled(ImVec2(m.x + r * 0.3f, m.y - r), ImVec2(m.x + r, m.y + r), fg);
            break;
        case Icon::Stop:
            draw->AddRectFilled(ImVec2(m.x - r * 0.85f, m.y - r * 0.85f),
                                ImVec2(m.x + r * 0.85f, m.y + r * 0.85f), fg);
            break;
        case Icon::Prev:
            draw->AddRectFilled(ImVec2(m.x - r, m.y - r), ImVec2(m.x - r * 0.7f, m.y + r), fg);
            draw->AddTriangleFilled(ImVec2(m.x + r, m.y - r), ImVec2(m.x + r, m.y + r),
                                    ImVec2(m.x - r * 0.6f, m.y), fg);
            break;
        case Icon::Next:
            draw->AddRectFilled(ImVec2(m.x + r * 0.7f, m.y - r), ImVec2(m.x + r, m.y + r), fg);
            draw->AddTriangleFilled(ImVec2(m.x - r, m.y - r), ImVec2(m.x - r, m.y + r),
                                    ImVec2(m.x + r * 0.6f, m.y), fg);
            break;
    }
    if (tooltip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
    return pressed;
}

morph::UserClip* playingUserClip(ViewerState& state) {
    const ClipRef clip = state.playback.clip;
    if (clip.kind != ClipKind::User || clip.index < 0 ||
        size_t(clip.index) >= state.userClips.size())
        return nullptr;
    return &state.userClips[size_t(clip.index)];
}

// The weights sampler of the current clip that drives the selected mesh, or nullptr.
const morph::AnimationSampler* meshSampler(const ViewerDocument& doc,
                                           const morph::Animation* animation) {
    if (!animation) return nullptr;
    for (const morph::AnimationChannel& c : animation->channels) {
        if (c.path != morph::AnimationPath::Weights || c.node < 0 ||
            size_t(c.node) >= doc.scene.nodes.size())
            continue;
        if (doc.scene.nodes[size_t(c.node)].mesh != doc.state.selectedMesh) continue;
        if (c.sampler >= 0 && size_t(c.sampler) < animation->samplers.size())
            return &animation->samplers[size_t(c.sampler)];
    }
    return nullptr;
}

void drawClipPicker(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    ImGui::SetNextItemWidth(170 * ui.scale);
    const std::string current = clipName(doc.scene, state, state.playback.clip);
    const bool clipOpen = ImGui::BeginCombo("##clip", current.c_str());
    trackItem(ui, "Clip");
    if (clipOpen) {
        if (ImGui::Selectable("(none)", state.playback.clip.kind == ClipKind::None))
            selectClip(state, doc.scene, {});
        for (size_t a = 0; a < doc.scene.animations.size(); ++a) {
            const ClipRef ref{ClipKind::Scene, int(a)};
            if (ImGui::Selectable(clipName(doc.scene, state, ref).c_str(),
                                  state.playback.clip == ref)) {
                selectClip(state, doc.scene, ref);
            }
            trackItem(ui, "clip:" + clipName(doc.scene, state, ref));
        }
        if (!state.userClips.empty()) ImGui::Separator();
        for (size_t u = 0; u < state.userClips.size(); ++u) {
            const ClipRef ref{ClipKind::User, int(u)};
            const std::string label =
                "user: " + state.userClips[u].name + "##u" + std::to_string(u);
            if (ImGui::Selectable(label.c_str(), state.playback.clip == ref)) {
                selectClip(state, doc.scene, ref);
                state.keyClip = int(u);
                ui.selectedKey = -1;
            }
            trackItem(ui, "user clip:" + state.userClips[u].name);
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Clip");
}

void drawTransport(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    Playback& p = state.playback;
    drawClipPicker(doc, ui);
    ImGui::SameLine();
    if (iconButton("##play", p.playing ? Icon::Pause : Icon::Play, "Play / pause (Space)"))
        togglePlay(state, doc.scene);
    trackItem(ui, "Play");
    ImGui::SameLine();
    if (iconButton("##stop", Icon::Stop, "Stop: pause and rewind")) stop(state);
    trackItem(ui, "Stop");
    ImGui::SameLine();
    if (iconButton("##prev", Icon::Prev, "Previous key (Left)")) stepToPrevKey(state, doc.scene);
    ImGui::SameLine();
    if (iconButton("##next", Icon::Next, "Next key (Right)")) stepToNextKey(state, doc.scene);
    ImGui::SameLine();
    ImGui::Checkbox("Loop", &p.loop);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100 * ui.scale);
    float speed = p.speed;
    if (ImGui::SliderFloat("##speed", &speed, kSpeedMin, kSpeedMax, "%.2fx speed",
                           ImGuiSliderFlags_Logarithmic)) {
        setSpeed(state, speed);
    }
    ImGui::SameLine();
    ImGui::Checkbox("Timing preview", &p.timingPreview);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Hold the pose on each key and N evenly spaced inbetweens per interval,\n"
            "as an animator's timing chart: few inbetweens snap, many stretch.");
    }
    if (p.timingPreview) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90 * ui.scale);
        int n = p.inbetweens;
        if (ImGui::SliderInt("##inbetweens", &n, 0, kMaxInbetweens, "N = %d"))
            setInbetweens(state, n);
    }
    char readout[64];
    std::snprintf(readout, sizeof readout, "%6.2f / %.2f s", p.time,
                  clipDuration(doc.scene, state));
    const float width = ImGui::CalcTextSize(readout).x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - width));
    ImGui::TextUnformatted(readout);
}

// The scrub bar: the track, the key ticks, the time cursor. Dragging scrubs; on a user clip a
// tick is selected by clicking it and moved by dragging it.
void drawScrubBar(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    const float duration = clipDuration(doc.scene, state);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x, height = 24 * ui.scale;
    ImGui::InvisibleButton("##scrub", ImVec2(width, height));
    const bool active = ImGui::IsItemActive();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p, ImVec2(p.x + width, p.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg),
                        3);
    if (duration <= 0) {
        draw->AddText(ImVec2(p.x + 8, p.y + (height - ImGui::GetFontSize()) * 0.5f),
                      ImGui::GetColorU32(ImGuiCol_TextDisabled),
                      doc.loaded ? "No clip: pick one, or press Key to start a user clip" : "");
        return;
    }
    auto xOf = [&](float t) {
        return p.x + 6 + (width - 12) * std::clamp(t / duration, 0.0f, 1.0f);
    };
    auto tOf = [&](float x) {
        return std::clamp((x - p.x - 6) / (width - 12), 0.0f, 1.0f) * duration;
    };

    // Second marks along the track.
    const float step = duration > 20 ? 5.0f : duration > 4 ? 1.0f : 0.25f;
    for (float t = 0; t <= duration + 1e-4f; t += step) {
        draw->AddLine(ImVec2(xOf(t), p.y + height - 5), ImVec2(xOf(t), p.y + height),
                      IM_COL32(120, 124, 132, 200));
    }
    morph::UserClip* user = playingUserClip(state);
    const std::vector<float> keys = clipKeyTimes(doc.scene, state);
    for (size_t k = 0; k < keys.size(); ++k) {
        const bool selected = user && int(k) == ui.selectedKey;
        const float x = xOf(keys[k]), r = (selected ? 5.5f : 4.0f) * ui.scale,
                    y = p.y + height * 0.5f;
        draw->AddQuadFilled(ImVec2(x, y - r), ImVec2(x + r, y), ImVec2(x, y + r), ImVec2(x - r, y),
                            selected ? IM_COL32(255, 178, 90, 255) : IM_COL32(200, 204, 212, 220));
    }
    const float cx = xOf(state.playback.time);
    draw->AddLine(ImVec2(cx, p.y), ImVec2(cx, p.y + height), IM_COL32(94, 160, 240, 255),
                  2.0f * ui.scale);

    bool& draggingKey = ui.draggingKey;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (ImGui::IsItemActivated()) {
        draggingKey = false;
        if (user) {
            for (size_t k = 0; k < keys.size(); ++k) {
                if (std::abs(mouse.x - xOf(keys[k])) <= 6 * ui.scale) {
                    ui.selectedKey = int(k);
                    state.keyClip = state.playback.clip.index;
                    draggingKey = true;
                }
            }
        }
    }
    if (active) {
        if (draggingKey && user && ui.selectedKey >= 0 && ImGui::IsMouseDragging(0, 2.0f)) {
            // Refused moves (onto another key) leave the key where it was.
            if (auto moved = morph::moveKey(*user, size_t(ui.selectedKey), tOf(mouse.x)))
                ui.selectedKey = int(*moved);
            scrub(state, doc.scene, user->keys[size_t(ui.selectedKey)].time);
        } else if (!draggingKey) {
            scrub(state, doc.scene, tOf(mouse.x));
        }
    }
}

void drawKeying(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    ImGui::BeginDisabled(!doc.loaded || state.selectedMesh < 0);
    if (ImGui::Button("Key")) keyPose(doc, ui);
    trackItem(ui, "Key");
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip(
            "Key (K): write the current weights at the current time into the user clip");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(130 * ui.scale);
    const bool haveKeyClip = state.keyClip >= 0 && size_t(state.keyClip) < state.userClips.size();
    const std::string into =
        haveKeyClip ? state.userClips[size_t(state.keyClip)].name : "(new clip)";
    if (ImGui::BeginCombo("##keyclip", into.c_str())) {
        for (size_t u = 0; u < state.userClips.size(); ++u) {
            const std::string label = state.userClips[u].name + "##k" + std::to_string(u);
            if (ImGui::Selectable(label.c_str(), int(u) == state.keyClip)) state.keyClip = int(u);
        }
        if (ImGui::Selectable("(new clip)", !haveKeyClip)) state.keyClip = -1;
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The user clip Key writes into");
    ImGui::SameLine();
    const bool newClip = ImGui::Button("New clip");
    trackItem(ui, "New clip");
    if (newClip && doc.loaded) {
        const int clip = newUserClip(state, doc.scene);
        selectClip(state, doc.scene, {ClipKind::User, clip});
        ui.selectedKey = -1;
    }
    if (!haveKeyClip) return;
    morph::UserClip& clip = state.userClips[size_t(state.keyClip)];
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120 * ui.scale);
    int interpolation = int(clip.interpolation);
    const char* names[] = {"STEP", "LINEAR", "CUBICSPLINE"};
    if (ImGui::Combo("##interp", &interpolation, names, 3))
        clip.interpolation = morph::Interpolation(interpolation);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Interpolation of the whole clip");

    if (ui.selectedKey >= 0 && size_t(ui.selectedKey) < clip.keys.size()) {
        ImGui::SameLine();
        ImGui::TextDisabled("key %d at", ui.selectedKey + 1);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(80 * ui.scale);
        float time = clip.keys[size_t(ui.selectedKey)].time;
        if (ImGui::DragFloat("##keytime", &time, 0.01f, 0.0f, 1000.0f, "%.2f s")) {
            if (auto moved = morph::moveKey(clip, size_t(ui.selectedKey), time))
                ui.selectedKey = int(*moved);
        }
        ImGui::SameLine();
        if (ImGui::Button("Delete key")) {
            morph::deleteKey(clip, size_t(ui.selectedKey));
            ui.selectedKey = -1;
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Save..."))
        openBrowser(ui, BrowserMode::SaveClip, ui.clipPath.empty() ? doc.model.path : ui.clipPath);
    trackItem(ui, "Save clip");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Save the user clip as JSON");
    ImGui::SameLine();
    const bool exportGlb = ImGui::Button("Export .glb...");
    trackItem(ui, "Export .glb...");
    if (exportGlb) {
        openBrowser(ui, BrowserMode::ExportGlb, doc.model.path);
        ui.browser.fileName =
            std::filesystem::path(defaultExportPath(doc, clip)).filename().string();
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("A new .glb: the model plus this clip as a glTF animation");
}

void drawCurves(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 size(ImGui::GetContentRegionAvail().x,
                      std::max(ImGui::GetContentRegionAvail().y, 30.0f));
    ImGui::InvisibleButton("##curves", size);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), IM_COL32(20, 21, 24, 255), 3);
    if (ui.trackWidgets) ui.drawnCurves = {};
    const float duration = clipDuration(doc.scene, state);
    morph::Animation scratch;
    const morph::AnimationSampler* sampler =
        meshSampler(doc, currentAnimation(doc.scene, state, scratch));
    if (duration <= 0 || !sampler || state.selectedMesh < 0) {
        draw->AddText(
            ImVec2(p.x + 8, p.y + 6), ImGui::GetColorU32(ImGuiCol_TextDisabled),
            "Curves: play a clip that drives this mesh; click target names to pick curves");
        return;
    }
    const morph::Mesh& mesh = doc.scene.meshes[size_t(state.selectedMesh)];
    std::vector<size_t> targets(ui.curveTargets.begin(), ui.curveTargets.end());
    if (targets.empty())
        targets =
            defaultCurveTargets(doc.scene, state, *sampler, state.selectedMesh, kDefaultCurves);
    targets.erase(std::remove_if(targets.begin(), targets.end(),
                                 [&](size_t t) { return t >= sampler->width; }),
                  targets.end());

    const int columns = std::max(2, int(size.x / 2));
    const std::vector<std::vector<float>> values =
        sampleCurves(doc.scene, state, *sampler, state.selectedMesh, targets, columns);
    if (ui.trackWidgets) {
        ui.drawnCurves.duration = duration;
        for (size_t i = 0; i < targets.size(); ++i)
            ui.drawnCurves.values[mesh.targetNames[targets[i]]] = values[i];
    }
    float lo = std::min(0.0f, state.rangeMin), hi = std::max(1.0f, 0.0f);
    for (const std::vector<float>& curve : values) {
        for (float v : curve) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    const float top = p.y + 6, bottom = p.y + size.y - 6;
    auto yOf = [&](float v) { return bottom - (bottom - top) * (v - lo) / (hi - lo); };
    auto xOf = [&](float t) { return p.x + 6 + (size.x - 12) * t / duration; };
    for (float g : {0.0f, 0.5f, 1.0f}) {
        if (g < lo || g > hi) continue;
        draw->AddLine(ImVec2(p.x, yOf(g)), ImVec2(p.x + size.x, yOf(g)),
                      IM_COL32(255, 255, 255, g == 0.5f ? 14 : 30));
    }
    for (float k : clipKeyTimes(doc.scene, state)) {
        draw->AddLine(ImVec2(xOf(k), top), ImVec2(xOf(k), bottom), IM_COL32(255, 255, 255, 22));
    }
    float legendX = p.x + 8;
    for (size_t i = 0; i < targets.size(); ++i) {
        const bool derived = derivedCurve(doc.scene, state, state.selectedMesh, targets[i]);
        const ImU32 color = derived ? kDerivedCurveColor : kCurveColors[i % kCurveColorCount];
        std::vector<ImVec2> points(static_cast<size_t>(columns));
        for (int c = 0; c < columns; ++c) {
            points[size_t(c)] =
                ImVec2(xOf(duration * float(c) / float(columns - 1)), yOf(values[i][size_t(c)]));
        }
        draw->AddPolyline(points.data(), columns, color, 0, 1.6f * ui.scale);
        const std::string name = mesh.targetNames[targets[i]] + (derived ? " (rig logic)" : "");
        draw->AddText(ImVec2(legendX, p.y + 4), color, name.c_str());
        legendX += ImGui::CalcTextSize(name.c_str()).x + 14 * ui.scale;
    }
    const float cx = xOf(state.playback.time);
    draw->AddLine(ImVec2(cx, p.y), ImVec2(cx, p.y + size.y), IM_COL32(94, 160, 240, 200),
                  1.5f * ui.scale);
    if (ImGui::IsItemActive())
        scrub(state, doc.scene, (ImGui::GetIO().MousePos.x - p.x - 6) / (size.x - 12) * duration);
}

// The "fade to" menu of one layer: every other clip, each a crossfade over the set duration.
void drawFadeMenu(ViewerDocument& doc, ClipRef from) {
    ViewerState& state = doc.state;
    if (!ImGui::BeginPopup("##fadeto")) return;
    ImGui::TextDisabled("Crossfade over %.2f s into", state.playback.crossfadeSeconds);
    std::vector<ClipRef> clips;
    for (size_t a = 0; a < doc.scene.animations.size(); ++a)
        clips.push_back({ClipKind::Scene, int(a)});
    for (size_t u = 0; u < state.userClips.size(); ++u) clips.push_back({ClipKind::User, int(u)});
    for (size_t c = 0; c < clips.size(); ++c) {
        if (clips[c] == from) continue;
        const std::string label = clipName(doc.scene, state, clips[c]) + "##f" + std::to_string(c);
        if (ImGui::Selectable(label.c_str()))
            crossfadeTo(state, doc.scene, from, clips[c], state.playback.crossfadeSeconds);
    }
    ImGui::EndPopup();
}

// The layer list: which clips play with the current one (checkbox), how much (weight), their
// order (later rows win where two drive the same channel), and a crossfade into another clip.
void drawLayers(ViewerDocument& doc, ViewerUi& ui) {
    ViewerState& state = doc.state;
    Playback& p = state.playback;
    ImGui::TextDisabled("Layers");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Clips that play with the current one, at the same time. A layer blends its\n"
            "channels over the rows above it by its weight; lower rows win where two drive\n"
            "the same channel. Picking a clip switches off the layers on its channels.");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90 * ui.scale);
    float seconds = p.crossfadeSeconds;
    if (ImGui::DragFloat("##fadeseconds", &seconds, 0.01f, 0.0f, kMaxCrossfadeSeconds,
                         "fade %.2f s"))
        setCrossfadeSeconds(state, seconds);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("How long \"Fade\" takes");
    const Crossfade& fade = p.crossfade;
    if (fade.active()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s -> %s %.0f%%", clipName(doc.scene, state, fade.from).c_str(),
                            clipName(doc.scene, state, fade.to).c_str(), 100 * fade.progress());
    }
    const float nameWidth = std::max(40.0f, ImGui::GetContentRegionAvail().x - 200 * ui.scale);
    for (size_t i = 0; i < p.layers.size(); ++i) {
        const ClipLayer layer = p.layers[i];
        const std::string name = clipName(doc.scene, state, layer.clip);
        ImGui::PushID(int(i));
        bool enabled = layer.enabled;
        if (ImGui::Checkbox("##on", &enabled)) setLayerEnabled(state, int(i), enabled);
        trackItem(ui, "layer:" + name);
        ImGui::SameLine();
        if (ImGui::Selectable(name.c_str(), p.clip == layer.clip, 0, ImVec2(nameWidth, 0)))
            selectClip(state, doc.scene, layer.clip);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Make '%s' the current clip", name.c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(70 * ui.scale);
        float weight = layer.weight;
        if (ImGui::SliderFloat("##weight", &weight, 0.0f, 1.0f, "%.2f"))
            setLayerWeight(state, int(i), weight);
        trackItem(ui, "layer weight:" + name);
        ImGui::SameLine();
        ImGui::BeginDisabled(i == 0);
        if (ImGui::ArrowButton("##up", ImGuiDir_Up)) moveLayer(state, int(i), int(i) - 1);
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(i + 1 == p.layers.size());
        if (ImGui::ArrowButton("##down", ImGuiDir_Down)) moveLayer(state, int(i), int(i) + 1);
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(!layer.enabled);
        if (ImGui::SmallButton("Fade")) ImGui::OpenPopup("##fadeto");
        trackItem(ui, "fade:" + name);
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("Crossfade this layer into another clip");
        drawFadeMenu(doc, layer.clip);
        ImGui::PopID();
    }
}

}  // namespace

void drawTimelinePanel(ViewerDocument& doc, ViewerUi& ui) {
    drawTransport(doc, ui);
    drawScrubBar(doc, ui);
    drawKeying(doc, ui);
    // With one clip or none there is nothing to layer: the curves keep the whole width.
    if (doc.state.playback.layers.size() < 2) {
        drawCurves(doc, ui);
        return;
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float listWidth = std::min(380 * ui.scale, avail.x * 0.5f);
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    ImGui::BeginChild("##curvearea", ImVec2(avail.x - listWidth - spacing, avail.y), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    drawCurves(doc, ui);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##layers", ImVec2(listWidth, avail.y), true);
    drawLayers(doc, ui);
    ImGui::EndChild();
}

}  // namespace app
