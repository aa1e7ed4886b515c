#include "app/record/Recording.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <unistd.h>

namespace app {

std::string recordingFolderName(const std::tm& local, int millis) {
    char stamp[64];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    char name[96];
    std::snprintf(name, sizeof name, "morphview-rec-%s-%03d", stamp, std::clamp(millis, 0, 999));
    return name;
}

std::string frameFileName(size_t index) {
    char name[48];
    std::snprintf(name, sizeof name, "frame-%06zu.png", index);
    return name;
}

double frameTime(size_t index, int fps) {
    return double(index) / double(std::max(fps, 1));
}

float frameStep(int fps) {
    return 1.0f / float(std::max(fps, 1));
}

size_t framesForDuration(float seconds, int fps) {
    if (!(seconds > 0.0f)) return 1;
    // The small epsilon keeps 2 s at 30 fps at 61 frames despite 2 * 30 landing at 59.99999.
    return size_t(std::floor(double(seconds) * double(std::max(fps, 1)) + 1e-4)) + 1;
}

std::string findOnPath(const std::string& program, const char* pathVariable) {
    if (program.empty()) return "";
    if (program.find('/') != std::string::npos)
        return access(program.c_str(), X_OK) == 0 ? program : "";
    const std::string path = pathVariable ? pathVariable : "";
    size_t start = 0;
    while (start <= path.size()) {
        const size_t end = std::min(path.find(':', start), path.size());
        const std::string folder = path.substr(start, end - start);
        const std::string candidate = (folder.empty() ? std::string(".") : folder) + "/" + program;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return "";
}

std::vector<std::string> ffmpegArguments(const std::string& ffmpeg, int width, int height, int fps,
                                         const std::string& output) {
    return {ffmpeg,
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgba",
            "-s",
            std::to_string(width) + "x" + std::to_string(height),
            "-r",
            std::to_string(fps),
            "-i",
            "-",
            "-c:v",
            "libx264",
            "-pix_fmt",
            "yuv420p",
            "-f",
            "mp4",
            output};
}

}  // namespace app
