#include "Capture.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>

#include "morph/WeightSpec.h"

namespace renderer {

namespace {

constexpr int kMaxSide = 16384;  // GL 4.5's guaranteed minimum GL_MAX_RENDERBUFFER_SIZE

std::optional<int> parseSide(const std::string& text) {
    if (text.empty() || text.size() > 6) return std::nullopt;
    for (char c : text) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    }
    const int value = std::atoi(text.c_str());
    if (value < 1 || value > kMaxSide) return std::nullopt;
    return value;
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// An animation by exact name first, then by index ("0", "1", ...).
int findAnimation(const morph::Scene& scene, const std::string& key) {
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        if (scene.animations[i].name == key) return int(i);
    }
    if (!key.empty() && key.size() < 9 &&
        key.find_first_not_of("0123456789") == std::string::npos) {
        const int index = std::atoi(key.c_str());
        if (size_t(index) < scene.animations.size()) return index;
    }
    return -1;
}

}  // namespace

morph::Result<std::pair<int, int>> parseSize(const std::string& text) {
    const size_t x = text.find_first_of("xX");
    if (x == std::string::npos) return morph::Error{"--size: '" + text + "' is not WxH"};
    const auto w = parseSide(text.substr(0, x));
    const auto h = parseSide(text.substr(x + 1));
    if (!w || !h) {
        return morph::Error{"--size: '" + text + "': W and H must be whole numbers in 1.." +
                            std::to_string(kMaxSide)};
    }
    return std::make_pair(*w, *h);
}

morph::Result<glm::vec3> parseBackground(const std::string& text) {
    const std::string hex = !text.empty() && text[0] == '#' ? text.substr(1) : text;
    if (hex.size() != 6) return morph::Error{"--background: '" + text + "' is not #rrggbb"};
    glm::vec3 color;
    for (int c = 0; c < 3; ++c) {
        const int hi = hexDigit(hex[size_t(2 * c)]), lo = hexDigit(hex[size_t(2 * c + 1)]);
        if (hi < 0 || lo < 0) return morph::Error{"--background: '" + text + "' is not #rrggbb"};
        color[c] = float(hi * 16 + lo) / 255.0f;
    }
    return color;
}

morph::Result<std::vector<morph::NodePose>> shotPose(const morph::Scene& layout,
                                                     const ShotSpec& shot) {
    std::vector<morph::NodePose> pose = morph::restPose(layout);
    if (!shot.animation.empty()) {
        const int index = findAnimation(layout, shot.animation);
        if (index < 0) {
            std::string names;
            for (size_t i = 0; i < layout.animations.size(); ++i) {
                const std::string& name = layout.animations[i].name;
                names += (i ? ", " : "") + (name.empty() ? std::to_string(i) : "'" + name + "'");
            }
            return morph::Error{"--animation: '" + shot.animation + "' is not an animation of " +
                                layout.path + " (it has " +
                                (names.empty() ? std::string("none") : names) + ")"};
        }
        morph::applyAnimation(layout, layout.animations[size_t(index)], shot.time, pose);
    }
    if (!shot.weights.empty()) {
        auto spec = morph::parseWeightSpec(shot.weights);
        if (!spec) return spec.error();
        if (auto applied = morph::applyWeightSpec(layout, *spec, pose); !applied) {
            return applied.error();
        }
    }
    return pose;
}

morph::Result<Capturer> Capturer::create(const ShaderLibrary& library) {
    auto renderer = SceneRenderer::create(library);
    if (!renderer) return renderer.error();
    Capturer out;
    out.mRenderer = std::move(renderer).value();
    return out;
}

morph::Result<morph::RgbaImage> Capturer::capture(const GpuScene& scene, const ShotSpec& shot) {
    auto view = parseCameraView(shot.camera);
    if (!view) return view.error();
    auto pose = shotPose(scene.layout(), shot);
    if (!pose) return pose.error();

    const std::pair<int, int> size(shot.width, shot.height);
    auto found = mTargets.find(size);
    if (found == mTargets.end()) {
        auto offscreen = Offscreen::create(shot.width, shot.height);
        if (!offscreen) return offscreen.error();
        found = mTargets.emplace(size, std::move(offscreen).value()).first;
    }
    Offscreen& target = found->second;

    const float aspect = float(shot.width) / float(shot.height);
    // Framed on the unmorphed geometry (the shot's node transforms, zero weights), so shots of
    // one model at different weights share a camera and differ only where the mesh moved; only
    // when the morphed bounds would leave that frame does the camera frame them instead.
    std::vector<morph::NodePose> unmorphed = *pose;
    for (morph::NodePose& node : unmorphed) std::fill(node.weights.begin(), node.weights.end(), 0.0f);
    const Aabb morphed = scene.bounds(*pose);
    Camera camera = frameCamera(scene.bounds(unmorphed), *view, aspect);
    if (!boxInView(camera, morphed, aspect)) camera = frameCamera(morphed, *view, aspect);
    enclose(camera, morphed);
    DrawOptions options;
    options.background = shot.background;
    mRenderer.draw(scene, *pose, camera, target.target(), options);
    return target.readPixels();
}

}  // namespace renderer
