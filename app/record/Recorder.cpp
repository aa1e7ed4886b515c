#include "app/record/Recorder.h"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/record/Recording.h"

extern char** environ;

namespace app {

namespace fs = std::filesystem;

Recorder::~Recorder() {
    (void)stop();
}

morph::Status Recorder::start(const std::string& folder, int fps, const std::string& ffmpeg,
                              const std::string& videoName, const std::string& audio,
                              double audioFrom) {
    (void)stop();
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        return morph::Error{morph::ErrorCode::Io,
                            folder + ": cannot create the recording folder (" + ec.message() + ")"};
    mFolder = folder;
    mFps = fps;
    mFfmpeg = ffmpeg;
    mVideoName = videoName;
    mAudio = audio;
    mAudioFrom = audioFrom;
    mFrames = 0;
    mWidth = mHeight = 0;
    mActive = true;
    return {};
}

morph::Status Recorder::startVideo(int width, int height) {
    // ffmpeg writes a partial name; stop() renames it when ffmpeg reports success, so a reader
    // never sees half a video under the final name (the same promise as writeFileAtomic).
    const std::string partial = (fs::path(mFolder) / (mVideoName + ".partial")).string();
    const std::vector<std::string> args =
        ffmpegArguments(mFfmpeg, width, height, mFps, partial, mAudio, mAudioFrom);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    // Writing to an ffmpeg that died must come back as an error, not kill the process.
    std::signal(SIGPIPE, SIG_IGN);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return morph::Error{morph::ErrorCode::Io, "recording: cannot make a pipe to ffmpeg"};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    // ffmpeg in a process group of its own: a Ctrl+C in the terminal reaches the viewer alone,
    // which then ends the video itself (stop()), rather than ffmpeg quitting mid-stream.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = -1;
    const int spawned =
        posix_spawn(&pid, mFfmpeg.c_str(), &actions, &attributes, argv.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[0]);
    if (spawned != 0) {
        close(fds[1]);
        return morph::Error{morph::ErrorCode::Io, mFfmpeg + ": cannot start (PNG frames only)"};
    }
    mPid = pid;
    mPipe = fdopen(fds[1], "wb");
    return {};
}

morph::Status Recorder::addFrame(const morph::RgbaImage& image) {
    if (!mActive) return morph::Error{morph::ErrorCode::Usage, "recording: not started"};
    if (mFrames == 0) {
        mWidth = image.width;
        mHeight = image.height;
        if (!mFfmpeg.empty()) {
            if (auto video = startVideo(image.width, image.height); !video) {
                mFfmpeg.clear();  // keep the PNGs coming; the caller shows why there is no MP4
                const std::string message = video.error().message;
                if (auto png = morph::writePngFile(
                        (fs::path(mFolder) / frameFileName(mFrames)).string(), image);
                    !png)
                    return png;
                ++mFrames;
                return morph::Error{video.error().code, message};
            }
        }
    } else if (image.width != mWidth || image.height != mHeight) {
        return morph::Error{morph::ErrorCode::Inconsistent,
                            "recording: the frame size changed (" + std::to_string(mWidth) + "x" +
                                std::to_string(mHeight) + " to " + std::to_string(image.width) +
                                "x" + std::to_string(image.height) + "); stop and start again"};
    }
    if (auto png =
            morph::writePngFile((fs::path(mFolder) / frameFileName(mFrames)).string(), image);
        !png)
        return png;
    ++mFrames;
    if (mPipe &&
        fwrite(image.pixels.data(), 1, image.pixels.size(), mPipe) != image.pixels.size()) {
        abandonVideo();
        return morph::Error{morph::ErrorCode::Io,
                            "recording: ffmpeg stopped reading frames; PNG frames only"};
    }
    return {};
}

void Recorder::abandonVideo() {
    if (!mPipe) return;
    fclose(mPipe);
    mPipe = nullptr;
    int status = 0;
    waitpid(mPid, &status, 0);
    mPid = -1;
    std::error_code ec;
    fs::remove(fs::path(mFolder) / (mVideoName + ".partial"), ec);
}

morph::Status Recorder::stop() {
    if (!mActive) return {};
    mActive = false;
    if (!mPipe) return {};
    // A closed pipe tells ffmpeg the stream ended.
    fclose(mPipe);
    mPipe = nullptr;
    int status = 0;
    waitpid(mPid, &status, 0);
    mPid = -1;
    const fs::path partial = fs::path(mFolder) / (mVideoName + ".partial");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::error_code ec;
        fs::remove(partial, ec);
        return morph::Error{morph::ErrorCode::Io,
                            "recording: ffmpeg failed; the PNG frames are in " + mFolder};
    }
    std::error_code ec;
    fs::rename(partial, fs::path(mFolder) / mVideoName, ec);
    if (ec)
        return morph::Error{morph::ErrorCode::Io,
                            "recording: cannot rename the MP4 into place (" + ec.message() + ")"};
    return {};
}

morph::RgbaImage evenSized(const morph::RgbaImage& image) {
    const int width = image.width & ~1, height = image.height & ~1;
    if (width == image.width && height == image.height) return image;
    morph::RgbaImage out;
    out.width = width;
    out.height = height;
    out.pixels.resize(size_t(width) * size_t(height) * 4);
    for (int y = 0; y < height; ++y) {
        std::copy_n(image.pixels.begin() + ptrdiff_t(size_t(y) * size_t(image.width) * 4),
                    size_t(width) * 4,
                    out.pixels.begin() + ptrdiff_t(size_t(y) * size_t(width) * 4));
    }
    return out;
}

}  // namespace app
