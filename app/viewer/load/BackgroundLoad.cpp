#include "app/viewer/load/BackgroundLoad.h"

#include <filesystem>
#include <utility>

#include "app/install/BundledData.h"

namespace app {

BackgroundLoad::~BackgroundLoad() {
    join();
}

void BackgroundLoad::join() {
    if (mWorker.joinable()) mWorker.join();
}

void BackgroundLoad::start(Request request) {
    if (mRunning) {
        mNext = std::move(request);
        return;
    }
    launch(std::move(request));
}

void BackgroundLoad::launch(Request request) {
    join();
    mCurrent = request;
    mRunning = true;
    mDone = false;
    mFraction = 0.0f;
    mStarted = std::chrono::steady_clock::now();
    {
        std::lock_guard<std::mutex> lock(mMutex);
        mStage = "reading";
        mResult.reset();
    }
    mWorker = std::thread([this, request = std::move(request)] {
        const auto progress = [this](float fraction, const char* stage) {
            mFraction = fraction;
            std::lock_guard<std::mutex> lock(mMutex);
            mStage = stage;
        };
        ModelOptions model = request.model;
        if (!request.readFrom.empty()) model.path = request.readFrom;
        Loaded loaded{request, loadModel(model, progress), {}};
        if (loaded.scene) {
            progress(1.0f, "auditing");
            loaded.audit = auditDocument(*loaded.scene);
        }
        {
            std::lock_guard<std::mutex> lock(mMutex);
            mResult = std::move(loaded);
        }
        mDone = true;
    });
}

std::optional<BackgroundLoad::Loaded> BackgroundLoad::take() {
    if (!mRunning || !mDone) return std::nullopt;
    join();
    mRunning = false;
    std::optional<Loaded> out;
    {
        std::lock_guard<std::mutex> lock(mMutex);
        out = std::move(mResult);
        mResult.reset();
    }
    if (mNext) {  // the user asked for another file meanwhile: that one wins
        Request next = std::move(*mNext);
        mNext.reset();
        launch(std::move(next));
        return std::nullopt;
    }
    return out;
}

std::optional<BackgroundLoad::Loaded> BackgroundLoad::poll(LoadingUi& loading) {
    loading.active = busy();
    if (loading.active) {
        loading.file = std::filesystem::path(mCurrent.model.path).filename().string();
        loading.stage = stage();
        loading.fraction = mFraction.load();
        loading.seconds = seconds();
    }
    std::optional<Loaded> loaded = take();
    if (loaded) loading.active = busy();
    return loaded;
}

std::optional<BackgroundLoad::Loaded> BackgroundLoad::wait() {
    while (mRunning) {
        join();  // the worker has stored its result: take() returns it or starts mNext
        if (std::optional<Loaded> loaded = take()) return loaded;
    }
    return std::nullopt;
}

std::string BackgroundLoad::stage() const {
    std::lock_guard<std::mutex> lock(mMutex);
    return mStage;
}

double BackgroundLoad::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - mStarted).count();
}

BackgroundLoad::Request modelRequest(ModelOptions base, const std::string& path,
                                     const ModelOptions& commandLine, bool keepState) {
    base.path = path;
    if (path != commandLine.path) base.poses.clear();
    return BackgroundLoad::Request{std::move(base), keepState, {}};
}

std::optional<BackgroundLoad::Request> firstModelRequest(const ViewerOptions& options) {
    const std::string path = options.model.path.empty() ? bundledFacePath() : options.model.path;
    if (path.empty()) return std::nullopt;
    return modelRequest(options.model, path, options.model, false);
}

}  // namespace app
