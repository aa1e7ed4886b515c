// The viewer's frame around the panels: theme, menu bar, file browser, overlays (stats, errors,
// messages) and Help > Shortcuts. The weight and timeline panels and the File report have files
// of their own.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/viewer/ViewerUi.h"

namespace app {

namespace {

namespace fs = std::filesystem;

// A system font reads better than ImGui's 13 px bitmap font, and scales cleanly for HiDPI.
// Debian's fonts-dejavu-core; without it the built-in font is used, scaled.
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kFontPixels = 15.0f;

ImVec4 rgb(int r, int g, int b, float a = 1.0f) {
    return ImVec4(r / 255.0f, g / 255.0f, b / 255.0f, a);
}

const char* browserTitle(BrowserMode mode) {
    switch (mode) {
        case BrowserMode::OpenModel: return "Open model";
        case BrowserMode::OpenEnvironment: return "Open environment (.hdr)";
        case BrowserMode::LoadClip: return "Load clip";
        case BrowserMode::SaveClip: return "Save clip";
        case BrowserMode::ExportGlb: return "Export .glb with the user clip";
        case BrowserMode::LoadPresets: return "Load presets";
        case BrowserMode::SavePresets: return "Save presets";
        case BrowserMode::SaveRig: return "Save the rig as .glb";
    }
    return "";
}

bool savesFile(BrowserMode mode) {
    return mode == BrowserMode::SaveClip || mode == BrowserMode::ExportGlb ||
           mode == BrowserMode::SavePresets || mode == BrowserMode::SaveRig;
}

bool listed(BrowserMode mode, const fs::path& file) {
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (mode == BrowserMode::OpenModel) return ext == ".gltf" || ext == ".glb" || ext == ".vrm";
    if (mode == BrowserMode::ExportGlb || mode == BrowserMode::SaveRig)
        return ext == ".gltf" || ext == ".glb";
    if (mode == BrowserMode::OpenEnvironment) return ext == ".hdr";
    return ext == ".json";
}

void finishBrowser(ViewerDocument& doc, ViewerUi& ui, const std::string& path) {
    FileBrowser& b = ui.browser;
    switch (b.mode) {
        case BrowserMode::OpenModel: ui.requests.open = path; break;
        case BrowserMode::OpenEnvironment: ui.requests.environment = path; break;
        case BrowserMode::LoadClip: loadClip(doc, ui, path); break;
        case BrowserMode::SaveClip: saveKeyClip(doc, ui, path); break;
        case BrowserMode::ExportGlb: exportUserClip(doc, ui, path); break;
        case BrowserMode::LoadPresets: loadPresetsFile(doc, ui, path); break;
        case BrowserMode::SavePresets: savePresetsFile(doc, ui, path); break;
        case BrowserMode::SaveRig: ui.requests.saveRig = path; break;
    }
    b.visible = false;
}

void drawFileMenu(ViewerDocument& doc, ViewerUi& ui) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) {
        openBrowser(ui, BrowserMode::OpenModel, doc.model.path);
    }
    trackItem(ui, "Open...");
    if (ImGui::BeginMenu("Open recent", !ui.recentFiles.empty())) {
        for (const std::string& path : ui.recentFiles) {
            if (ImGui::MenuItem(path.c_str())) ui.requests.open = path;
        }
        ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Open environment (.hdr)...")) {
        openBrowser(ui, BrowserMode::OpenEnvironment, doc.model.path);
    }
    trackItem(ui, "Open environment (.hdr)...");
    if (ImGui::MenuItem("Reload", "F5", false, doc.loaded)) ui.requests.reload = true;
    if (ImGui::MenuItem("File report...", nullptr, false, doc.loaded)) ui.showReport = true;
    trackItem(ui, "File report...");
    if (ImGui::MenuItem("Speech...", nullptr, false, doc.loaded)) ui.speech.show = true;
    trackItem(ui, "Speech...");
    if (ImGui::MenuItem("Live...", nullptr, false, doc.loaded)) ui.showLive = true;
    trackItem(ui, "Live...");
    ImGui::Separator();
    const bool haveClip = !doc.state.userClips.empty();
    if (ImGui::MenuItem("Export .glb with the user clip...", nullptr, false,
                        doc.loaded && haveClip)) {
        openBrowser(ui, BrowserMode::ExportGlb,
                    ui.exportPath.empty() ? doc.model.path : ui.exportPath);
        const int clip = doc.state.keyClip >= 0 ? doc.state.keyClip : 0;
        ui.browser.fileName =
            fs::path(defaultExportPath(doc, doc.state.userClips[size_t(clip)])).filename().string();
    }
    trackItem(ui, "Export .glb with the user clip...");
    if (ImGui::MenuItem("Save user clip (JSON)...", nullptr, false, haveClip)) {
        openBrowser(ui, BrowserMode::SaveClip, ui.clipPath.empty() ? doc.model.path : ui.clipPath);
    }
    if (ImGui::MenuItem("Load user clip (JSON)...")) {
        openBrowser(ui, BrowserMode::LoadClip, ui.clipPath.empty() ? doc.model.path : ui.clipPath);
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Screenshot", "F12")) ui.requests.screenshot = true;
    if (ImGui::MenuItem(ui.record.active ? "Stop recording" : "Start recording", "F9"))
        ui.requests.toggleRecording = true;
    trackItem(ui, "Record");
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) ui.requests.quit = true;
}

}  // namespace

void trackItem(ViewerUi& ui, const std::string& name) {
    if (!ui.trackWidgets || !ImGui::IsItemVisible()) return;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ui.widgets[name] = {a.x, a.y, b.x, b.y};
}

void trackRect(ViewerUi& ui, const std::string& name, const WidgetRect& rect) {
    if (ui.trackWidgets) ui.widgets[name] = rect;
}

void placeFloatingWindow(const ViewerUi& ui, const FloatingPlace& place) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->Size.x * place.x, viewport->Size.y * place.y),
                            ImGuiCond_Appearing, ImVec2(place.pivotX, place.pivotY));
    ImGui::SetNextWindowSize(ImVec2(place.width * ui.scale, place.height * ui.scale),
                             ImGuiCond_Appearing);
}

void applyViewerTheme(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    std::error_code ec;
    if (fs::exists(kFontPath, ec)) {
        io.Fonts->AddFontFromFileTTF(kFontPath, std::round(kFontPixels * scale));
    }
    if (io.Fonts->Fonts.empty()) {
        ImFontConfig config;
        config.SizePixels = std::round(13.0f * scale);
        io.Fonts->AddFontDefault(&config);
    }

    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 0;
    style.ChildRounding = 4;
    style.FrameRounding = 3;
    style.PopupRounding = 4;
    style.ScrollbarRounding = 6;
    style.GrabRounding = 3;
    style.TabRounding = 3;
    style.WindowBorderSize = 0;
    style.FrameBorderSize = 0;
    style.WindowPadding = ImVec2(10, 8);
    style.FramePadding = ImVec2(6, 3);
    style.ItemSpacing = ImVec2(6, 4);
    style.ItemInnerSpacing = ImVec2(5, 4);
    style.IndentSpacing = 14;
    style.ScrollbarSize = 12;
    style.GrabMinSize = 8;

    ImVec4* c = style.Colors;
    c[ImGuiCol_Text] = rgb(222, 224, 228);
    c[ImGuiCol_TextDisabled] = rgb(128, 132, 140);
    c[ImGuiCol_WindowBg] = rgb(27, 28, 31, 0.97f);
    c[ImGuiCol_ChildBg] = rgb(0, 0, 0, 0);
    c[ImGuiCol_PopupBg] = rgb(32, 33, 37, 0.98f);
    c[ImGuiCol_Border] = rgb(60, 62, 68, 0.6f);
    c[ImGuiCol_FrameBg] = rgb(42, 44, 49);
    c[ImGuiCol_FrameBgHovered] = rgb(52, 55, 61);
    c[ImGuiCol_FrameBgActive] = rgb(60, 64, 72);
    c[ImGuiCol_TitleBg] = rgb(22, 23, 26);
    c[ImGuiCol_TitleBgActive] = rgb(30, 32, 36);
    c[ImGuiCol_TitleBgCollapsed] = rgb(22, 23, 26);
    c[ImGuiCol_MenuBarBg] = rgb(22, 23, 26);
    c[ImGuiCol_ScrollbarBg] = rgb(0, 0, 0, 0);
    c[ImGuiCol_ScrollbarGrab] = rgb(70, 73, 80);
    c[ImGuiCol_ScrollbarGrabHovered] = rgb(88, 92, 100);
    c[ImGuiCol_ScrollbarGrabActive] = rgb(100, 105, 115);
    c[ImGuiCol_CheckMark] = rgb(94, 160, 240);
    c[ImGuiCol_SliderGrab] = rgb(94, 160, 240);
    c[ImGuiCol_SliderGrabActive] = rgb(130, 185, 250);
    c[ImGuiCol_Button] = rgb(48, 51, 57);
    c[ImGuiCol_ButtonHovered] = rgb(62, 66, 74);
    c[ImGuiCol_ButtonActive] = rgb(74, 110, 160);
    c[ImGuiCol_Header] = rgb(40, 43, 48);
    c[ImGuiCol_HeaderHovered] = rgb(52, 56, 63);
    c[ImGuiCol_HeaderActive] = rgb(60, 66, 76);
    c[ImGuiCol_Separator] = rgb(50, 52, 58);
    c[ImGuiCol_Tab] = rgb(36, 38, 42);
    c[ImGuiCol_TabHovered] = rgb(62, 66, 74);
    c[ImGuiCol_TabActive] = rgb(48, 52, 60);
    c[ImGuiCol_PlotLines] = rgb(94, 160, 240);
    c[ImGuiCol_TableHeaderBg] = rgb(34, 36, 40);
    c[ImGuiCol_TableRowBgAlt] = rgb(255, 255, 255, 0.025f);
    c[ImGuiCol_TextSelectedBg] = rgb(94, 160, 240, 0.35f);
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

void openBrowser(ViewerUi& ui, BrowserMode mode, const std::string& startPath) {
    FileBrowser& b = ui.browser;
    b.visible = true;
    b.mode = mode;
    b.error.clear();
    std::error_code ec;
    fs::path start = startPath.empty() ? fs::current_path(ec) : fs::absolute(startPath, ec);
    if (!fs::is_directory(start, ec)) {
        b.fileName = savesFile(mode) ? "" : start.filename().string();
        start = start.parent_path();
    }
    if (start.empty() || !fs::is_directory(start, ec)) start = fs::current_path(ec);
    b.folder = start.string();
    if (mode == BrowserMode::SaveClip && b.fileName.empty()) b.fileName = "clip.json";
    if (mode == BrowserMode::SavePresets && b.fileName.empty()) b.fileName = "presets.json";
}

void trackMenuTitle(ViewerUi& ui, const char* label) {
    // A menu title's last item is its popup once open: its rectangle is worked out instead.
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemSpacing.x * 2;
    trackRect(ui, label, {p.x, p.y, p.x + w, p.y + ImGui::GetFrameHeight()});
}

void drawMenuBar(ViewerDocument& doc, ViewerUi& ui, const std::function<void()>& featureMenus) {
    if (!ImGui::BeginMainMenuBar()) return;
    ui.menuHeight = ImGui::GetWindowSize().y;
    const auto trackTitle = [&ui](const char* label) { trackMenuTitle(ui, label); };
    trackTitle("File");
    if (ImGui::BeginMenu("File")) {
        drawFileMenu(doc, ui);
        ImGui::EndMenu();
    }
    trackTitle("View");
    if (ImGui::BeginMenu("View")) {
        drawViewMenu(doc, ui);
        ImGui::EndMenu();
    }
    if (featureMenus) featureMenus();
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Shortcuts", "F1")) ui.showShortcuts = true;
        if (ImGui::MenuItem("About morphview")) ui.showAbout = true;
        ImGui::EndMenu();
    }
    drawReportBadge(doc, ui);
    // The open file on the right, where a title bar would show it.
    const std::string title = doc.loaded ? fs::path(doc.model.path).filename().string() +
                                               (ui.fileModified ? " (modified)" : "")
                                         : "no model";
    const float width = ImGui::CalcTextSize(title.c_str()).x;
    ImGui::SameLine(ImGui::GetWindowWidth() - width - ImGui::GetStyle().WindowPadding.x * 2);
    ImGui::TextDisabled("%s", title.c_str());
    ImGui::EndMainMenuBar();
}

namespace {

// The folder's subfolders and the files the browser's mode lists, each sorted by name; dot files
// are left out.
void listFolder(BrowserMode mode, const fs::path& folder, std::vector<fs::directory_entry>& dirs,
                std::vector<fs::directory_entry>& files, std::error_code& ec) {
    for (fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (it->is_directory(ec)) {
            dirs.push_back(*it);
        } else if (listed(mode, it->path())) {
            files.push_back(*it);
        }
    }
    auto byName = [](const fs::directory_entry& a, const fs::directory_entry& c) {
        return a.path() < c.path();
    };
    std::sort(dirs.begin(), dirs.end(), byName);
    std::sort(files.begin(), files.end(), byName);
}

// The list of subfolders (a double click enters one) and files (a click picks its name, a double
// click opens it): the path double-clicked, else "".
std::string drawBrowserEntries(ViewerUi& ui, const std::vector<fs::directory_entry>& dirs,
                               const std::vector<fs::directory_entry>& files,
                               const std::error_code& ec) {
    FileBrowser& b = ui.browser;
    std::string chosen;
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("##entries", ImVec2(0, -footer), true);
    if (ec)
        ImGui::TextColored(rgb(240, 110, 100), "%s: %s", b.folder.c_str(), ec.message().c_str());
    for (const auto& d : dirs) {
        const std::string label = d.path().filename().string() + "/";
        if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick) &&
            ImGui::IsMouseDoubleClicked(0)) {
            b.folder = d.path().string();
        }
        trackItem(ui, "dir:" + d.path().filename().string());
    }
    for (const auto& f : files) {
        const std::string name = f.path().filename().string();
        if (ImGui::Selectable(name.c_str(), b.fileName == name,
                              ImGuiSelectableFlags_AllowDoubleClick)) {
            b.fileName = name;
            if (ImGui::IsMouseDoubleClicked(0)) chosen = f.path().string();
        }
        trackItem(ui, "file:" + name);
    }
    if (dirs.empty() && files.empty() && !ec) ImGui::TextDisabled("(no matching files here)");
    ImGui::EndChild();
    return chosen;
}

}  // namespace

void drawFileBrowser(ViewerDocument& doc, ViewerUi& ui) {
    FileBrowser& b = ui.browser;
    if (!b.visible) return;
    placeFloatingWindow(ui, {0.5f, 0.45f, 0.5f, 0.5f, 560, 420});
    ImGui::SetNextWindowFocus();
    if (!ImGui::Begin(browserTitle(b.mode), &b.visible, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    std::error_code ec;
    fs::path folder(b.folder);
    const bool up = ImGui::Button("Up");
    trackItem(ui, "Up");
    if (up && folder.has_parent_path()) {
        folder = folder.parent_path();
        b.folder = folder.string();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##folder", &b.folder, ImGuiInputTextFlags_EnterReturnsTrue))
        folder = b.folder;

    std::vector<fs::directory_entry> dirs, files;
    listFolder(b.mode, folder, dirs, files, ec);
    std::string chosen = drawBrowserEntries(ui, dirs, files, ec);

    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Cancel").x * 2 - 40 * ui.scale);
    const bool entered = ImGui::InputTextWithHint("##name", "file name", &b.fileName,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
    trackItem(ui, "File name");
    ImGui::SameLine();
    const bool ok = ImGui::Button(savesFile(b.mode) ? "Save" : "Open");
    trackItem(ui, "Browser OK");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) b.visible = false;
    trackItem(ui, "Browser Cancel");
    if ((ok || entered) && !b.fileName.empty()) chosen = (fs::path(b.folder) / b.fileName).string();
    if (!b.error.empty()) ImGui::TextColored(rgb(240, 110, 100), "%s", b.error.c_str());
    ImGui::End();
    if (!chosen.empty()) finishBrowser(doc, ui, chosen);
}

void drawOverlays(const ViewerDocument& doc, ViewerUi& ui, float viewX, float viewY,
                  float viewWidth, float viewHeight) {
    const float pad = 10 * ui.scale;
    const ImGuiWindowFlags overlay =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    if (ui.showStats && ui.visible) {
        ImGui::SetNextWindowPos(ImVec2(viewX + viewWidth - pad, viewY + viewHeight - pad),
                                ImGuiCond_Always, ImVec2(1, 1));
        ImGui::SetNextWindowBgAlpha(0.45f);
        if (ImGui::Begin("##stats", nullptr, overlay | ImGuiWindowFlags_NoInputs)) {
            const FrameStats& s = ui.stats;
            ImGui::Text("%.1f ms   %llu vertices   %llu targets, %llu active", s.frameMs,
                        (unsigned long long)s.vertices, (unsigned long long)s.targets,
                        (unsigned long long)s.activeTargets);
            ImGui::TextDisabled(
                "morph %s: %.1f MiB resident, %.2f MiB read a frame (three.js "
                "layout %.1f MiB)",
                s.morphPath.c_str(), s.morphTextureBytes / 1048576.0, s.morphReadBytes / 1048576.0,
                s.threeJsBytes / 1048576.0);
        }
        ImGui::End();
    }
    if (ui.loading.active) {
        // The model shown stays interactive under this until the new one is ready.
        ImGui::SetNextWindowPos(ImVec2(viewX + viewWidth * 0.5f, viewY + viewHeight * 0.5f),
                                ImGuiCond_Always, ImVec2(0.5f, 0.5f));
        ImGui::SetNextWindowBgAlpha(0.85f);
        if (ImGui::Begin("##loading", nullptr, overlay | ImGuiWindowFlags_NoInputs)) {
            const LoadingUi& l = ui.loading;
            ImGui::Text("Loading %s", l.file.c_str());
            char text[96];
            std::snprintf(text, sizeof text, "%s  (%.1f s)", l.stage.c_str(), l.seconds);
            ImGui::ProgressBar(l.fraction, ImVec2(320 * ui.scale, 0), text);
        }
        ImGui::End();
    }
    if (!doc.loaded && !ui.loading.active) {
        ImGui::SetNextWindowPos(ImVec2(viewX + viewWidth * 0.5f, viewY + viewHeight * 0.5f),
                                ImGuiCond_Always, ImVec2(0.5f, 0.5f));
        ImGui::SetNextWindowBgAlpha(0.0f);
        if (ImGui::Begin("##empty", nullptr, overlay | ImGuiWindowFlags_NoInputs)) {
            ImGui::TextDisabled("Drop a .gltf, .glb or .vrm here, or use File > Open (Ctrl+O)");
        }
        ImGui::End();
    }
    if (!ui.error.empty()) {
        ImGui::SetNextWindowPos(ImVec2(viewX + viewWidth * 0.5f, viewY + pad), ImGuiCond_Always,
                                ImVec2(0.5f, 0));
        ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0),
                                            ImVec2(viewWidth - 2 * pad, 400 * ui.scale));
        ImGui::PushStyleColor(ImGuiCol_WindowBg, rgb(96, 30, 30, 0.94f));
        if (ImGui::Begin("##error", nullptr, overlay)) {
            ImGui::PushTextWrapPos(viewWidth - 6 * pad);
            ImGui::TextUnformatted(ui.error.c_str());
            ImGui::PopTextWrapPos();
            if (ImGui::SmallButton("Dismiss")) ui.error.clear();
        }
        ImGui::End();
        ImGui::PopStyleColor();
    }
    const double age = ImGui::GetTime() - ui.messageTime;
    if (!ui.message.empty() && age < kMessageSeconds) {
        ImGui::SetNextWindowPos(ImVec2(viewX + pad, viewY + viewHeight - pad), ImGuiCond_Always,
                                ImVec2(0, 1));
        ImGui::SetNextWindowBgAlpha(
            0.7f * float(std::min(1.0, (kMessageSeconds - age) / kMessageFadeSeconds)));
        if (ImGui::Begin("##message", nullptr, overlay | ImGuiWindowFlags_NoInputs)) {
            ImGui::TextUnformatted(ui.message.c_str());
        }
        ImGui::End();
    }
}

void drawShortcutsWindow(ViewerUi& ui) {
    if (ui.showAbout) {
        ImGui::SetNextWindowSize(ImVec2(420 * ui.scale, 0), ImGuiCond_Appearing);
        if (ImGui::Begin("About morphview", &ui.showAbout, ImGuiWindowFlags_NoCollapse)) {
            ImGui::TextWrapped(
                "morphview: a viewer for glTF 2.0 morph targets. Weights, clips and "
                "keys are edited here; 'morphview capture' renders the same frames "
                "headless.");
            ImGui::TextDisabled("%s", ui.stats.renderer.c_str());
            ImGui::TextDisabled("Dear ImGui %s", ImGui::GetVersion());
        }
        ImGui::End();
    }
    if (!ui.showShortcuts) return;
    placeFloatingWindow(ui, {0.5f, 0.5f, 0.5f, 0.5f, 460, 0});
    if (ImGui::Begin("Shortcuts", &ui.showShortcuts, ImGuiWindowFlags_NoCollapse)) {
        if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
            ImGui::TableSetupColumn("Keys", ImGuiTableColumnFlags_WidthFixed, 190 * ui.scale);
            ImGui::TableSetupColumn("Action");
            ImGui::TableHeadersRow();
            for (const Shortcut& s : viewerShortcuts()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(s.keys);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(s.action);
            }
            ImGui::EndTable();
        }
    }
    ImGui::End();
}

}  // namespace app
