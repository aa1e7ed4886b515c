#include "app/viewer/live/LivePanel.h"

#include <chrono>
#include <cstdio>
#include <optional>
#include <utility>

#include <imgui.h>
#include <imgui_stdlib.h>

namespace app {

namespace {

// A section's title over a rule (this ImGui has no SeparatorText).
void heading(const char* title) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", title);
    ImGui::Separator();
}

double secondsSince(live::LiveClock::time_point then) {
    return std::chrono::duration<double>(live::LiveClock::now() - then).count();
}

double nowSeconds() {
    return std::chrono::duration<double>(live::LiveClock::now().time_since_epoch()).count();
}

// One row per source: kind, address:port, its state and counters, and its Close button
// ("Close source 1", ... for scripts).
void drawSources(const live::LiveSession* session, LiveUi& live, ViewerUi& ui) {
    heading("Sources");
    const size_t count = session ? session->receivers().size() : 0;
    live.rates.resize(count);
    if (count == 0 && live.failed.empty()) ImGui::TextDisabled("none: open one below");
    for (size_t i = 0; i < count; ++i) {
        const live::LiveReceiver& r = *session->receivers()[i];
        const live::ReceiverCounts c = r.counts();
        live.rates[i].update(c.samples, nowSeconds());
        ImGui::PushID(int(i));
        ImGui::Text("%s on %s:%u: listening", live::sourceKindKey(r.kind()),
                    session->address().c_str(), unsigned(r.port()));
        ImGui::SameLine();
        if (ImGui::SmallButton("Close")) live.requests.close = i;
        trackItem(ui, "Close source " + std::to_string(i + 1));
        ImGui::Indent();
        if (c.lastSample) {
            ImGui::Text("%.1f samples/s, last %.2f s ago", live.rates[i].perSecond(),
                        secondsSince(*c.lastSample));
        } else {
            ImGui::TextDisabled("no sample yet");
        }
        ImGui::Text("%llu samples, %llu malformed of %llu datagrams",
                    static_cast<unsigned long long>(c.samples),
                    static_cast<unsigned long long>(c.malformed),
                    static_cast<unsigned long long>(c.datagrams));
        if (!c.lastError.empty() && ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", c.lastError.c_str());
        ImGui::Unindent();
        ImGui::PopID();
    }
    for (const FailedSource& f : live.failed) {
        ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s: not open", f.label.c_str());
        ImGui::Indent();
        ImGui::TextWrapped("%s", f.error.c_str());
        ImGui::Unindent();
    }
}

// Kind and port, made into a --listen spec ("vmc", "livelink:11112") for the window to open.
void drawOpenSource(LiveUi& live, ViewerUi& ui) {
    heading("Open a source");
    ImGui::RadioButton("VMC", &live.openKind, 0);
    trackItem(ui, "VMC");
    ImGui::SameLine();
    ImGui::RadioButton("Live Link Face", &live.openKind, 1);
    trackItem(ui, "Live Link Face");
    ImGui::SetNextItemWidth(90 * ui.scale);
    const char* hint = live.openKind == 0 ? "39539" : "11111";
    ImGui::InputTextWithHint("Port", hint, &live.openPort, ImGuiInputTextFlags_CharsDecimal);
    trackItem(ui, "Port");
    ImGui::SameLine();
    if (ImGui::Button("Open source")) {
        const std::string kind = live.openKind == 0 ? "vmc" : "livelink";
        live.requests.open = live.openPort.empty() ? kind : kind + ":" + live.openPort;
    }
    trackItem(ui, "Open source");
}

void drawUnmatched(const live::LiveSession* session) {
    if (!session || session->layer().unmatched().empty()) return;
    const std::vector<std::string>& names = session->layer().unmatched();
    heading("Names that matched no target");
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    ImGui::TextWrapped("%zu: %s", names.size(), text.c_str());
}

void drawReplay(const LiveUi& live) {
    if (!live.replay) return;
    const LiveReplay& r = *live.replay;
    heading("Replay");
    ImGui::TextWrapped("%s", r.path.c_str());
    const double end = r.lines.empty() ? 0.0 : r.lines.back().t;
    ImGui::Text("%.2f of %.2f s, %zu lines%s", r.time, end, r.lines.size(),
                r.time >= end ? " (ended: the last line holds)" : "");
}

// The one Record to clip button: while a voice listens it records the voice (its visemes as
// the clip, its audio as a WAV: app/viewer/voice/VoiceRecording.h), else the trackers' input.
void drawRecordToClip(const live::LiveSession* session, LiveUi& live, ViewerUi& ui) {
    heading("Record to clip");
    const VoiceUi& voice = ui.voice;
    const bool toVoice = !voice.source.empty();
    const bool on = toVoice ? voice.recordingClip : live.clip.has_value();
    if (ImGui::Button(on ? "Stop recording to clip" : "Record to clip")) {
        if (toVoice) ui.voice.requests.toggleClip = true;
        else live.requests.toggleClip = true;
    }
    trackItem(ui, "Record to clip");
    ImGui::SameLine();
    if (toVoice && on) {
        ImGui::Text("%zu keys, %.2f s of audio", voice.clipKeys, voice.clipSeconds);
    } else if (on) {
        ImGui::Text("%zu keys, %.2f s", live.clip->keys,
                    live.clipSeconds < 0 ? 0.0 : live.clipSeconds);
    } else if (toVoice) {
        ImGui::TextDisabled("(the voice, with its audio as a WAV)");
    } else if (!session && !live.replay) {
        ImGui::TextDisabled("(no live input yet)");
    }
}

// The live voice (--listen audio...): what it hears, and a few seconds of it, saying the
// transcript typed here, learned as the speaker's profile (voice-profile's way).
void drawVoice(ViewerUi& ui) {
    VoiceUi& voice = ui.voice;
    if (voice.source.empty()) return;
    heading("Voice");
    ImGui::TextWrapped("listening to %s", voice.source.c_str());
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    ImGui::InputTextWithHint("##transcript", "what you will say, word for word", &voice.transcript);
    trackItem(ui, "Profile transcript");
    const bool busy = voice.profileRecorded >= 0 || voice.learning;
    ImGui::BeginDisabled(busy);
    if (ImGui::Button("Record 10 s for a profile")) voice.requests.recordProfile = true;
    trackItem(ui, "Record 10 s for a profile");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (voice.learning) {
        ImGui::TextDisabled("learning the profile...");
    } else if (voice.profileRecorded >= 0) {
        ImGui::Text("%.1f of %.1f s", voice.profileRecorded, double(voice.profileSeconds));
    } else {
        ImGui::TextDisabled("(type the line first)");
    }
}

// One calibrated name: its neutral, its gain (dragged) and a button that drops its entry.
bool drawCalibrationEntry(const std::string& name, live::CalibrationEntry& entry, bool& erase) {
    ImGui::PushID(name.c_str());
    ImGui::Text("%s", name.c_str());
    ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::TextDisabled("neutral %.2f", entry.neutral);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    float gain = float(entry.gain);
    const bool changed = ImGui::SliderFloat("gain", &gain, 0.0f, 4.0f, "gain %.2f");
    if (changed) entry.gain = double(gain);
    ImGui::SameLine();
    erase = ImGui::SmallButton("x");
    ImGui::PopID();
    return changed;
}

// The smoothing of every name: off, or the 1€ filter's cutoff at rest and speed response.
bool drawSmoothing(live::CalibrationProfile& profile, ViewerUi& ui) {
    bool smooth = profile.smoothing.has_value();
    bool changed = ImGui::Checkbox("Smooth every name (1 euro filter)", &smooth);
    trackItem(ui, "Smooth every name (1 euro filter)");
    if (changed) profile.smoothing = smooth ? std::optional(live::SmoothingParams{}) : std::nullopt;
    if (!profile.smoothing) return changed;
    float cutoff = float(profile.smoothing->minCutoff);
    float beta = float(profile.smoothing->beta);
    if (ImGui::SliderFloat("Cutoff at rest", &cutoff, 0.05f, 10.0f, "%.2f Hz",
                           ImGuiSliderFlags_Logarithmic)) {
        profile.smoothing->minCutoff = double(cutoff);
        changed = true;
    }
    if (ImGui::SliderFloat("Speed response", &beta, 0.0f, 1.0f, "%.3f")) {
        profile.smoothing->beta = double(beta);
        changed = true;
    }
    return changed;
}

// The calibration: smoothing, Capture neutral, each calibrated name, and where Save writes it.
// Edits go to the window as the whole edited profile.
void drawCalibration(const live::LiveSession* session, LiveUi& live, ViewerUi& ui) {
    if (!session) return;
    heading("Calibration");
    live::CalibrationProfile profile = session->calibration().profile();
    bool changed = drawSmoothing(profile, ui);
    if (ImGui::Button("Capture neutral")) live.requests.captureNeutral = true;
    trackItem(ui, "Capture neutral");
    ImGui::SameLine();
    ImGui::TextDisabled("(the input now becomes the rest pose)");
    std::optional<std::string> erased;
    for (auto& [name, entry] : profile.entries) {
        bool erase = false;
        changed = drawCalibrationEntry(name, entry, erase) || changed;
        if (erase) erased = name;
    }
    if (erased) {
        profile.entries.erase(*erased);
        changed = true;
    }
    if (changed) live.requests.profile = std::move(profile);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
    ImGui::InputText("##profile", &live.profilePath);
    trackItem(ui, "Calibration file");
    ImGui::SameLine();
    if (ImGui::Button("Save calibration")) live.requests.saveProfile = true;
    trackItem(ui, "Save calibration");
}

// The panel's sections, top to bottom.
using Section = void (*)(const live::LiveSession*, LiveUi&, ViewerUi&);
const Section kSections[] = {
    drawSources,
    drawCalibration,
    [](const live::LiveSession*, LiveUi& live, ViewerUi& ui) { drawOpenSource(live, ui); },
    [](const live::LiveSession* session, LiveUi&, ViewerUi&) { drawUnmatched(session); },
    [](const live::LiveSession*, LiveUi& live, ViewerUi&) { drawReplay(live); },
    [](const live::LiveSession*, LiveUi&, ViewerUi& ui) { drawVoice(ui); },
    drawRecordToClip,
};

}  // namespace

void drawLivePanel(const live::LiveSession* session, LiveUi& live, ViewerUi& ui) {
    if (!ui.showLive) return;
    placeFloatingWindow(ui, {0.62f, 0.12f, 0.5f, 0.0f, 440, 380});
    if (!ImGui::Begin("Live", &ui.showLive, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    for (Section section : kSections) section(session, live, ui);
    ImGui::End();
}

}  // namespace app
