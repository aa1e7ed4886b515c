#pragma once
// The autosave of the file the viewer shows: checked once per frame against the state (in place,
// nothing copied while nothing changed), written atomically on a thread of its own at most
// `delay` seconds after the first unsaved change, whether or not frames are drawn; found and
// restored when the same file opens after a viewer ended without a clean quit; removed by a
// clean quit. GL-free: the window calls open(), update() and cleanQuit().
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/session/Autosave.h"

namespace app::session {

class AutosaveSession {
public:
    // `dir` "" turns autosave off. `delaySeconds`: the most a change waits before it is written.
    explicit AutosaveSession(std::string dir, double delaySeconds = 1.0);
    ~AutosaveSession();  // writes what is pending unless cleanQuit() ran
    AutosaveSession(const AutosaveSession&) = delete;
    AutosaveSession& operator=(const AutosaveSession&) = delete;

    struct Opened {
        std::string message;  // the recovery's, "" when nothing was recovered
        std::string error;    // a corrupt autosave set aside, or an unreadable model
    };
    // A model opened fresh (not a reload): work carried over in `state` is written under this
    // model at once, then the previous model's autosave is removed; and the newest autosave that a
    // viewer which is no longer running left for these bytes at this path is restored into
    // `state`, written again as this process's own, and removed.
    Opened open(const std::string& modelPath, const morph::Scene& scene, ViewerState& state);
    // Per frame: when the work differs from what was last seen, it is handed to the writer.
    void update(const ViewerState& state);
    // Work made or recovered since the file opened, not yet discarded.
    bool unsaved() const { return mChanged && hasWork(mLast); }
    bool canDiscard() const { return mBeforeRecovery.has_value(); }
    // The recovery undone: `state` as the file opened, and the autosave removed.
    void discard(ViewerState& state);
    void cleanQuit();         // nothing pending is written; this process's autosave is removed
    void flush();             // writes the pending work now and waits for it (tests, a failed run)
    std::string takeError();  // the last write's failure, once
    const std::string& path() const { return mPath; }
    size_t writes() const;  // files written so far
    // What the autosave folder holds now, every file under it (a temporary one mid-write too):
    // the soak's measure, taken after flush().
    struct FolderUse {
        size_t files = 0;
        uint64_t bytes = 0;
    };
    FolderUse folderUse() const;

private:
    struct Pending {
        std::string path;
        Work work;
        std::shared_ptr<const SceneNames> names;
        std::string model;
        std::chrono::steady_clock::time_point due;
    };
    void run();
    void write(const Pending& pending, uint64_t generation);
    void removeFile();  // cancels what is pending and removes mPath
    std::optional<std::string> recover(const morph::Scene& scene, ViewerState& state,
                                       std::string& error);

    std::string mDir;
    std::chrono::steady_clock::duration mDelay;
    std::string mKey;   // the open model's autosaveKey
    std::string mPath;  // this process's autosave of the open model ("": none)
    std::string mModel;
    std::shared_ptr<const SceneNames> mNames;
    Work mLast;
    bool mChanged = false;
    bool mWritten = false;  // mPath may exist
    bool mQuit = false;
    std::optional<ViewerState> mBeforeRecovery;

    mutable std::mutex mMutex;  // guards the members below
    std::condition_variable mWake;
    std::optional<Pending> mPending;
    uint64_t mGeneration = 0;  // bumped by a removal: a write taken before it is dropped
    bool mWriting = false;     // a write taken and not finished
    bool mStop = false;
    std::string mError;
    size_t mWrites = 0;
    std::mutex mFileMutex;  // one file operation at a time
    std::thread mThread;
};

}  // namespace app::session
