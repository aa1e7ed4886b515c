#include "app/record/Recording.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "morph/glb/Glb.h"
#include "morph/io/Files.h"

namespace app {

namespace fs = std::filesystem;

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
                                         const std::string& output, const std::string& audio,
                                         double audioFrom) {
    std::vector<std::string> args = {ffmpeg,
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
                                     "-"};
    if (!audio.empty()) {
        // The frames are input 0, the sound input 1; both go out, the sound as AAC.
        if (audioFrom > 0) {
            char from[32];
            std::snprintf(from, sizeof from, "%.3f", audioFrom);
            args.insert(args.end(), {"-ss", from});
        }
        args.insert(args.end(),
                    {"-i", audio, "-map", "0:v", "-map", "1:a", "-c:a", "aac", "-b:a", "96k"});
    }
    args.insert(args.end(), {"-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mp4", output});
    return args;
}

namespace {

// The model's glTF JSON: a GLB's JSON chunk, else the whole file.
nlohmann::json modelJson(const std::string& modelPath) {
    auto bytes = morph::readFileBytes(modelPath);
    if (!bytes) return nullptr;
    const std::vector<uint8_t>& b = *bytes;
    if (morph::looksLikeGlb(b.data(), b.size())) {
        auto glb = morph::parseGlb(b.data(), b.size());
        if (!glb) return nullptr;
        return nlohmann::json::parse(glb->json, glb->json + glb->jsonSize, nullptr, false);
    }
    return nlohmann::json::parse(b.begin(), b.end(), nullptr, false);
}

}  // namespace

std::string clipAudioPath(const std::string& modelPath, const std::string& clipName) {
    const nlohmann::json json = modelJson(modelPath);
    if (!json.is_object() || !json.contains("animations") || !json["animations"].is_array())
        return "";
    for (const nlohmann::json& animation : json["animations"]) {
        if (!animation.is_object() || animation.value("name", std::string()) != clipName) continue;
        const auto extras = animation.find("extras");
        if (extras == animation.end() || !extras->is_object()) return "";
        const auto audio = extras->find("audio");
        if (audio == extras->end() || !audio->is_string() || audio->get<std::string>().empty())
            return "";
        const fs::path path = fs::path(modelPath).parent_path() / audio->get<std::string>();
        std::error_code ec;
        return fs::is_regular_file(path, ec) ? path.string() : "";
    }
    return "";
}

}  // namespace app
