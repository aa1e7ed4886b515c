#pragma once
// The Rig menu: `fix`'s operations (app/fix/FixSteps.h) on the open file, shown at once. The
// file's bytes are read as it opens; each operation reads them as a FixDocument, applies one step
// and keeps the result's GLB bytes, which the window reopens as the same file with its view and
// weights kept where the names still exist (ViewerRequests::reloadFrom). The window loads models
// from files, so a result is written to a private file in the state folder (rig-PID.glb,
// removed when the window ends). Undo goes back one operation (at most kUndoDepth); Save As
// writes the result; closing the window on an unsaved result asks first. F5 reloads the file
// itself: the results and their undo are left.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "app/fix/FixSteps.h"
#include "app/viewer/ViewerFeature.h"

namespace app {

class RigFeature : public ViewerFeature {
public:
    explicit RigFeature(const FeatureContext& context) : ViewerFeature(context) {}

    // Undo keeps at most this many versions, and drops the oldest while they hold more than
    // kUndoBytes together (an avatar's file can be 100 MB); the last one is always kept.
    static constexpr size_t kUndoDepth = 16;
    static constexpr size_t kUndoBytes = size_t(512) << 20;

    void opened(bool reloaded) override;
    void drawMenus() override;
    void drawPanels(float viewX, float viewY) override;
    void afterFrame(const ScriptStep& scripted) override;
    bool allowClose() override;
    void end() override;

private:
    // The model as the menu sees it: the file's own bytes, or an operation's result (a GLB).
    struct Version {
        std::vector<uint8_t> bytes;
        std::string folder;  // the file's folder, for its external URIs; "" for a result
        bool isFile = true;  // the file's own bytes, as opened
        std::string label;   // the operation that made the next version ("prune dead")
    };

    void apply(const std::string& label, const fix::FixStep& step);
    void undo();
    void saveAs(const std::string& path);
    // Shows `version` as the open file (written to the private file unless it is the file's
    // own); false, with the error shown, when it cannot be.
    bool present(const Version& version);
    void drawOperations();
    void drawCloseQuestion();
    void takeReportFix();
    std::string selectedTarget() const;
    std::string currentMix() const;  // the selected mesh's weights as a --weights spec
    std::string nextMixName() const;
    void setModified(bool modified);

    Version mCurrent;
    std::string mReadError;  // why the file's bytes could not be read
    std::deque<Version> mUndo;
    std::string mPendingMessage;  // shown once the result has opened
    bool mExpectReload = false;
    bool mModified = false;
    std::string mTempPath;
    std::string mSavePath;
    bool mAskClose = false;
    bool mCloseAnswered = false;
};

}  // namespace app
