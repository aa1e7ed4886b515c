// The settings file ($XDG_CONFIG_HOME/morphview/settings.json: recent files, slider range, loop,
// speed, ...): read when the window opens and written when a model opens and at exit, except in
// a reproducible run (a script or a --screenshot-after run), which neither reads nor writes it.
#include <cstdio>

#include "app/session/Autosave.h"
#include "app/viewer/ViewerWindow.h"

namespace app {

void ViewerWindow::loadSettingsFile() {
    if (!reproducible()) {
        if (const std::string path = settingsPath(); !path.empty()) {
            auto settings = loadSettings(path);
            if (settings) {
                mSettings = std::move(settings).value();
            } else if (settings.error().code == morph::ErrorCode::Json) {
                // Never overwritten at the next save: the corrupt file is kept beside it.
                const std::string aside = session::setAside(path);
                showError(mUi, settings.error().message +
                                   (aside.empty() ? "" : "; set aside as " + aside));
            } else {
                showError(mUi, settings.error().message);
            }
        }
    }
    mUi.recentFiles = mSettings.recentFiles;
}

void ViewerWindow::saveSettings() {
    if (reproducible()) return;
    const std::string path = settingsPath();
    if (path.empty()) return;
    if (mDoc.loaded) captureSettings(mSettings, mDoc.state);
    mSettings.recentFiles = mUi.recentFiles;
    if (auto saved = app::saveSettings(mSettings, path); !saved) {
        std::fprintf(stderr, "morphview: %s\n", saved.error().message.c_str());
    }
}

}  // namespace app
