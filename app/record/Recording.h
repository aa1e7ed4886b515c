#pragma once
// Recording without a window: where a recording goes and what its files are called, the fixed
// frame clock, and the ffmpeg command line that turns raw frames into an MP4. The viewer
// (ViewerRecorder) and `morphview capture --clip` share these, so both write the same layout:
//   DIR/frame-000000.png, frame-000001.png, ...  and  DIR/NAME.mp4 when ffmpeg is on PATH.
#include <cstddef>
#include <ctime>
#include <string>
#include <vector>

namespace app {

inline constexpr int kMinRecordFps = 1;
inline constexpr int kMaxRecordFps = 120;

// "morphview-rec-20261130-101502-123": one folder per recording, sortable, never reused.
std::string recordingFolderName(const std::tm& local, int millis);
// "frame-000042.png": zero padded so a shell glob and ffmpeg's -i frame-%06d.png agree on order.
std::string frameFileName(size_t index);

// The recording clock is fixed-step, not wall-clock: frame n shows the scene at n / fps seconds
// after the recording started, whatever the machine's speed, so a slow frame never drops or
// doubles a picture and every recording of the same clip is the same.
double frameTime(size_t index, int fps);
float frameStep(int fps);  // 1 / fps, the clock advance per recorded frame
// Frames that cover [0, seconds] with both ends included: floor(seconds * fps) + 1 (at least 1).
size_t framesForDuration(float seconds, int fps);

// The file `program` resolves to through `pathVariable` (a PATH value: folders separated by
// ':'; an empty entry means the current folder), or "" when no folder holds an executable one.
std::string findOnPath(const std::string& program, const char* pathVariable);

// ffmpeg reading raw RGBA frames of width x height from stdin at `fps` and writing an H.264 MP4
// (yuv420p, the pixel format players accept; even sizes, which yuv420p needs, are the caller's
// job) to `output`. With `audio` (a file ffmpeg reads: a clip's WAV), its sound goes into the
// MP4 too, as AAC beside the frames, from `audioFrom` seconds into it (the clip's time when the
// recording began).
std::vector<std::string> ffmpegArguments(const std::string& ffmpeg, int width, int height, int fps,
                                         const std::string& output, const std::string& audio = "",
                                         double audioFrom = 0);

// The sound a clip names in its glTF extras ({"audio": "speech.wav"}, what `speak` writes into
// speech.glb), as a path beside the model (.gltf, .glb or .vrm): "" when the model cannot be
// read, has no animation `clipName`, names no audio, or the file is not there.
std::string clipAudioPath(const std::string& modelPath, const std::string& clipName);

}  // namespace app
