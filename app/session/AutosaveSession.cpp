// The autosave's writer thread and the viewer's open / update / quit around it.
#include "app/session/AutosaveSession.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include <unistd.h>

#include "morph/io/Files.h"

namespace app::session {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

morph::Status writeWork(const std::string& path, const Work& work, const SceneNames& names,
                        const std::string& model) {
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    if (ec) {
        return morph::Error{morph::ErrorCode::Io, fs::path(path).parent_path().string() +
                                                      ": cannot create folder: " + ec.message()};
    }
    const std::string text = workToJson(work, names, model, std::time(nullptr)).dump(1) + "\n";
    return morph::writeFileAtomic(path, text.data(), text.size());
}

}  // namespace

AutosaveSession::AutosaveSession(std::string dir, double delaySeconds)
    : mDir(std::move(dir)),
      mDelay(std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(delaySeconds))) {
    if (!mDir.empty()) mThread = std::thread([this] { run(); });
}

AutosaveSession::~AutosaveSession() {
    if (!mThread.joinable()) return;
    if (!mQuit) flush();
    {
        std::lock_guard<std::mutex> lock(mMutex);
        mStop = true;
        mPending.reset();
    }
    mWake.notify_all();
    mThread.join();
}

void AutosaveSession::run() {
    std::unique_lock<std::mutex> lock(mMutex);
    while (!mStop) {
        if (!mPending) {
            mWake.wait(lock);
            continue;
        }
        if (Clock::now() < mPending->due) {
            mWake.wait_until(lock, mPending->due);
            continue;
        }
        const Pending pending = std::move(*mPending);
        mPending.reset();
        const uint64_t generation = mGeneration;
        mWriting = true;
        lock.unlock();
        write(pending, generation);
        lock.lock();
        mWriting = false;
        mWake.notify_all();  // flush() waits for this
    }
}

void AutosaveSession::write(const Pending& pending, uint64_t generation) {
    std::lock_guard<std::mutex> file(mFileMutex);
    {
        std::lock_guard<std::mutex> lock(mMutex);
        if (generation != mGeneration) return;  // removed since it was taken
    }
    morph::Status written = writeWork(pending.path, pending.work, *pending.names, pending.model);
    std::lock_guard<std::mutex> lock(mMutex);
    if (written) {
        ++mWrites;
    } else {
        mError = "autosave: " + written.error().message;
    }
}

void AutosaveSession::update(const ViewerState& state) {
    if (mPath.empty() || mQuit || sameWork(mLast, state)) return;
    mLast = captureWork(state);
    mChanged = true;
    if (!hasWork(mLast)) {  // everything undone: nothing to keep
        if (mWritten) removeFile();
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mMutex);
        const Clock::time_point due = mPending ? mPending->due : Clock::now() + mDelay;
        mPending = Pending{mPath, mLast, mNames, mModel, due};
    }
    mWritten = true;
    mWake.notify_all();
}

void AutosaveSession::flush() {
    std::unique_lock<std::mutex> lock(mMutex);
    if (!mPending && !mWriting) return;
    if (mPending) mPending->due = Clock::now();
    mWake.notify_all();
    mWake.wait(lock, [&] { return (!mPending && !mWriting) || mStop; });
}

void AutosaveSession::removeFile() {
    {
        std::lock_guard<std::mutex> lock(mMutex);
        ++mGeneration;
        mPending.reset();
    }
    std::lock_guard<std::mutex> file(mFileMutex);
    std::error_code ec;
    if (!mPath.empty()) fs::remove(mPath, ec);
    mWritten = false;
}

std::optional<std::string> AutosaveSession::recover(const morph::Scene& scene, ViewerState& state,
                                                    std::string& error) {
    const std::vector<std::string> orphans = orphanedAutosaves(mDir, mKey);
    if (orphans.empty()) return std::nullopt;
    const std::string& from = orphans.front();
    std::ifstream in(from, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    ViewerState before = state;
    morph::Result<Recovered> recovered =
        json.is_discarded() ? morph::Error{morph::ErrorCode::Json, from + ": not valid JSON"}
                            : restoreWork(json, scene, state, from);
    if (!recovered) {
        const std::string aside = setAside(from);
        error = "autosave " + recovered.error().message +
                (aside.empty() ? "; could not be set aside" : "; set aside as " + aside);
        return std::nullopt;
    }
    // This process's own copy first, then the old one goes: the work is on disk throughout.
    if (auto written = writeWork(mPath, captureWork(state), *mNames, mModel); !written) {
        error = "autosave: " + written.error().message;
    } else {
        mWritten = true;
        std::error_code ec;
        fs::remove(from, ec);
    }
    mBeforeRecovery = std::move(before);
    return recoveryMessage(*recovered);
}

AutosaveSession::Opened AutosaveSession::open(const std::string& modelPath,
                                              const morph::Scene& scene, ViewerState& state) {
    Opened opened;
    if (mDir.empty() || mQuit) return opened;
    // The previous model's file stays until the work it holds is on disk under this one.
    const std::string previous = mWritten ? mPath : std::string();
    {
        std::lock_guard<std::mutex> lock(mMutex);
        ++mGeneration;  // a write of the previous model's work, taken or not, is dropped
        mPending.reset();
    }
    mWritten = false;
    mPath.clear();
    mBeforeRecovery.reset();
    const auto removePrevious = [&] {
        std::lock_guard<std::mutex> file(mFileMutex);
        std::error_code ec;
        if (!previous.empty() && previous != mPath) fs::remove(previous, ec);
    };
    auto hash = hashFile(modelPath);
    if (!hash) {
        opened.error = "autosave: " + hash.error().message;
        removePrevious();
        return opened;
    }
    mModel = modelPath;
    mNames = std::make_shared<const SceneNames>(sceneNames(scene));
    mKey = autosaveKey(modelPath, *hash);
    mPath = autosavePath(mDir, mKey, long(getpid()));
    std::optional<std::string> message = recover(scene, state, opened.error);
    mLast = captureWork(state);
    const bool work = hasWork(mLast);
    // Work carried over from the previous file (user clips, presets) is written under this one
    // at once, before the previous file goes: a crash right after the open loses nothing.
    if (!message && work) {
        std::lock_guard<std::mutex> file(mFileMutex);
        if (auto written = writeWork(mPath, mLast, *mNames, mModel); !written) {
            opened.error = "autosave: " + written.error().message;
            mLast = Work{};  // compared with nothing, the next update() tries again
        } else {
            mWritten = true;
            std::lock_guard<std::mutex> lock(mMutex);
            ++mWrites;
        }
    }
    removePrevious();
    mChanged = message.has_value() || work;
    opened.message = message.value_or("");
    return opened;
}

void AutosaveSession::discard(ViewerState& state) {
    if (!mBeforeRecovery) return;
    const uint64_t revision = state.revision;
    state = std::move(*mBeforeRecovery);
    state.revision = revision + 1;
    mBeforeRecovery.reset();
    removeFile();
    mLast = captureWork(state);
    mChanged = false;
}

void AutosaveSession::cleanQuit() {
    if (mPath.empty()) {
        mQuit = true;
        return;
    }
    removeFile();
    mQuit = true;
}

std::string AutosaveSession::takeError() {
    std::lock_guard<std::mutex> lock(mMutex);
    return std::exchange(mError, std::string());
}

AutosaveSession::FolderUse AutosaveSession::folderUse() const {
    FolderUse use;
    std::error_code ec;
    if (mDir.empty() || !fs::is_directory(mDir, ec)) return use;
    for (fs::recursive_directory_iterator it(mDir, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        ++use.files;
        use.bytes += it->file_size(ec);
    }
    return use;
}

size_t AutosaveSession::writes() const {
    std::lock_guard<std::mutex> lock(mMutex);
    return mWrites;
}

}  // namespace app::session
