#pragma once
// Opening a model without freezing the window: the import (parsing, buffers, Draco and meshopt,
// image decoding, pose files: all CPU) runs on a worker thread while the window keeps drawing
// the current model; once a frame the loop asks for the load's progress, for the panel, and its
// result, which it uploads on the GL thread. The current model stays until then, and stays when
// the load fails.
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/cli/ModelLoader.h"
#include "app/document/ViewerAudit.h"
#include "app/viewer/ViewerApp.h"
#include "app/viewer/ViewerUi.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace app {

class BackgroundLoad {
public:
    BackgroundLoad() = default;
    ~BackgroundLoad();  // waits for a running worker: nothing outlives the window
    BackgroundLoad(const BackgroundLoad&) = delete;
    BackgroundLoad& operator=(const BackgroundLoad&) = delete;

    struct Request {
        ModelOptions model;
        bool keepState = false;  // a reload (F5): the state carries over by target name
        // Read the model from this file instead of model.path, which it stands for (the Rig
        // menu's result); "": model.path.
        std::string readFrom;
    };
    struct Loaded {
        Request request;
        morph::Result<morph::Scene> scene = morph::Scene{};
        DocumentAudit audit;  // of `scene`, run here too so the window never waits for it
    };

    // Starts loading, or, while a load runs, makes this the one that runs next (a newer request
    // replaces an older waiting one; the running one's result is then dropped).
    void start(Request request);
    bool busy() const { return mRunning || mNext.has_value(); }
    // Once a frame: the load's progress for the panel's overlay into `loading`, and the finished
    // load, once (nullopt while it runs, or when a newer request replaced it: that one is
    // started here).
    std::optional<Loaded> poll(LoadingUi& loading);
    // The running load's result, waiting for it (and for a newer request's, which then runs);
    // nullopt when nothing runs.
    std::optional<Loaded> wait();

private:
    std::optional<Loaded> take();
    // For the progress display: the import's stage, seconds since the start.
    std::string stage() const;
    double seconds() const;

    void launch(Request request);
    void join();

    std::thread mWorker;
    bool mRunning = false;  // launched and not yet taken
    std::optional<Request> mNext;
    std::atomic<bool> mDone{false};
    std::atomic<float> mFraction{0.0f};
    mutable std::mutex mMutex;  // guards mStage and mResult
    std::string mStage;
    std::optional<Loaded> mResult;
    Request mCurrent;
    std::chrono::steady_clock::time_point mStarted;
};

// A load of the model at `path` with the options of `base` (the open model's, else the command
// line's): --pose files belong to the model they were given with, `commandLine`'s, and to no
// other.
BackgroundLoad::Request modelRequest(ModelOptions base, const std::string& path,
                                     const ModelOptions& commandLine, bool keepState);
// The viewer's first model as a load: the command line's, else the bundled face; nullopt when
// there is neither.
std::optional<BackgroundLoad::Request> firstModelRequest(const ViewerOptions& options);

}  // namespace app
