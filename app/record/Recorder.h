#pragma once
// A recording in progress: numbered PNG frames in their own folder (each written atomically) and,
// when ffmpeg is on PATH, the same frames piped raw into ffmpeg for an MP4 that appears under
// its final name only once complete. Used by the viewer (F9) and `morphview capture --clip`.
#include <cstdio>
#include <string>

#include <sys/types.h>

#include "morph/Result.h"
#include "morph/image/ImageFile.h"

namespace app {

class Recorder {
public:
    Recorder() = default;
    ~Recorder();
    Recorder(const Recorder&) = delete;
    Recorder& operator=(const Recorder&) = delete;

    // Makes `folder` (and its parents). `ffmpeg`: the program to pipe into ("" PNG only); the
    // video goes to folder/videoName, with `audio`'s sound from `audioFrom` seconds when given
    // (a clip's WAV, clipAudioPath, from the clip's time). Frames must all have the first
    // frame's size.
    morph::Status start(const std::string& folder, int fps, const std::string& ffmpeg,
                        const std::string& videoName = "recording.mp4",
                        const std::string& audio = "", double audioFrom = 0);
    // Writes frame N as folder/frame-00000N.png (and feeds ffmpeg).
    morph::Status addFrame(const morph::RgbaImage& image);
    // Closes the video (waits for ffmpeg); the MP4 is renamed into place only if ffmpeg succeeded.
    morph::Status stop();

    bool active() const { return mActive; }
    size_t frames() const { return mFrames; }
    const std::string& folder() const { return mFolder; }
    bool writesVideo() const { return mPipe != nullptr; }

private:
    morph::Status startVideo(int width, int height);
    void abandonVideo();  // ffmpeg went away: close, reap, remove the partial video

    bool mActive = false;
    std::string mFolder;
    int mFps = 30;
    std::string mFfmpeg;
    std::string mVideoName;
    std::string mAudio;
    double mAudioFrom = 0;
    size_t mFrames = 0;
    int mWidth = 0;
    int mHeight = 0;
    FILE* mPipe = nullptr;
    pid_t mPid = -1;
};

// The frame ffmpeg's yuv420p needs: even width and height (the last column/row dropped).
morph::RgbaImage evenSized(const morph::RgbaImage& image);

}  // namespace app
