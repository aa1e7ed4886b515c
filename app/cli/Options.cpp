#include "app/cli/Options.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

namespace app {

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

// Parses a whole float (no trailing text), rejecting inf/nan.
std::optional<float> parseFloat(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    const float value = std::strtof(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::vector<std::string> splitCommas(const std::string& text) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return parts;
}

morph::Error usage(const std::string& message) {
    return morph::Error{morph::ErrorCode::Usage, message};
}

// "file:N" of --camera.
morph::Result<renderer::CameraView> parseFileCamera(const std::string& text,
                                                    const std::string& digits) {
    const bool number = !digits.empty() && digits.size() <= 6 &&
                        std::all_of(digits.begin(), digits.end(), [](char c) {
                            return std::isdigit(static_cast<unsigned char>(c));
                        });
    if (!number) return usage("--camera: '" + text + "': N must be a camera index (0, 1, ...)");
    renderer::CameraView view;
    view.fileCamera = std::atoi(digits.c_str());
    return view;
}

// kOrbitSyntax of --camera, `values` the text after "orbit:".
morph::Result<renderer::CameraView> parseOrbit(const std::string& text, const std::string& values) {
    const std::vector<std::string> parts = splitCommas(values);
    if (parts.size() < 2 || parts.size() > 3)
        return usage("--camera: '" + text + "' needs " + (kOrbitSyntax + 6));
    const auto az = parseFloat(parts[0]);
    const auto el = parseFloat(parts[1]);
    if (!az || !el) return usage("--camera: '" + text + "': AZ and EL must be numbers (degrees)");
    if (std::abs(*el) > 90.0f)
        return usage("--camera: '" + text + "': EL must be within [-90, 90]");
    renderer::CameraView view;
    view.azimuthDegrees = *az;
    view.elevationDegrees = *el;
    if (parts.size() == 3) {
        const auto distance = parseFloat(parts[2]);
        if (!distance || *distance <= 0.0f)
            return usage("--camera: '" + text + "': DIST must be a positive number");
        view.distance = *distance;
    }
    return view;
}

}  // namespace

morph::Result<Size> parseSize(const std::string& text) {
    const size_t x = text.find_first_of("xX");
    if (x == std::string::npos) return usage("--size: '" + text + "' is not WxH");
    const auto w = parseSide(text.substr(0, x));
    const auto h = parseSide(text.substr(x + 1));
    if (!w || !h) {
        return usage("--size: '" + text + "': W and H must be whole numbers in 1.." +
                     std::to_string(kMaxSide));
    }
    return std::make_pair(*w, *h);
}

morph::Result<glm::vec3> parseBackground(const std::string& text) {
    const std::string hex = !text.empty() && text[0] == '#' ? text.substr(1) : text;
    if (hex.size() != 6) return usage("--background: '" + text + "' is not #rrggbb");
    glm::vec3 color;
    for (int c = 0; c < 3; ++c) {
        const int hi = hexDigit(hex[size_t(2 * c)]), lo = hexDigit(hex[size_t(2 * c + 1)]);
        if (hi < 0 || lo < 0) return usage("--background: '" + text + "' is not #rrggbb");
        color[c] = float(hi * 16 + lo) / 255.0f;
    }
    return color;
}

morph::Result<BackgroundChoice> parseBackgroundChoice(const std::string& text) {
    BackgroundChoice choice;
    if (text == "environment" || text == "blurred") {
        choice.mode = text == "environment" ? renderer::BackgroundMode::Environment
                                            : renderer::BackgroundMode::Blurred;
        return choice;
    }
    auto color = parseBackground(text);
    if (!color) return usage("--background: '" + text + "' is not #rrggbb, environment or blurred");
    choice.color = *color;
    return choice;
}

void applyBackground(const BackgroundChoice& choice, renderer::ShotSpec& shot) {
    shot.backgroundMode = choice.mode;
    if (choice.mode == renderer::BackgroundMode::Color) shot.background = choice.color;
}

morph::Status parseBackgroundInto(const std::string& text, renderer::ShotSpec& shot) {
    auto choice = parseBackgroundChoice(text);
    if (!choice) return choice.error();
    applyBackground(*choice, shot);
    return {};
}

morph::Result<renderer::FrameTarget> parseFrameTarget(const std::string& text) {
    if (text == "all") return renderer::FrameTarget::All;
    if (text == "morphed") return renderer::FrameTarget::Morphed;
    return usage("--frame: '" + text + "' is not all or morphed");
}

morph::Result<renderer::CameraView> parseCameraView(const std::string& text) {
    renderer::CameraView view;
    if (text == "front") return view;
    if (text == "left" || text == "right") {
        view.azimuthDegrees = text == "left" ? -90.0f : 90.0f;
        return view;
    }
    if (text == "top") {
        view.elevationDegrees = 90;
        return view;
    }
    const std::string file = "file:", orbit = "orbit:";
    if (text.compare(0, file.size(), file) == 0)
        return parseFileCamera(text, text.substr(file.size()));
    if (text.compare(0, orbit.size(), orbit) == 0)
        return parseOrbit(text, text.substr(orbit.size()));
    return usage("--camera: '" + text + "' is not front, left, right, top, " + kOrbitSyntax +
                 " or file:N");
}

std::pair<renderer::CameraView, std::string> levelOrbit(double azimuth) {
    char degrees[32];
    std::snprintf(degrees, sizeof degrees, "%g", azimuth);
    // The angle as parseOrbit reads it back from the text, so the view is the one named.
    return {renderer::orbitView(*parseFloat(degrees), 0.0f), degrees};
}

morph::Result<renderer::MorphPath> parseMorphPathName(const std::string& text) {
    if (auto path = renderer::parseMorphPath(text)) return *path;
    return usage("--morph-path: expected vs-dense, vs-active, cs-sparse, cpu or auto");
}

morph::Result<renderer::DirectLights> parseDirectLights(const std::string& text) {
    using renderer::DirectLights;
    for (DirectLights d : {DirectLights::Auto, DirectLights::Rig, DirectLights::File,
                           DirectLights::Both, DirectLights::None}) {
        if (text == renderer::directLightsName(d)) return d;
    }
    return usage("--lights: '" + text + "' is not auto, rig, file, both or none");
}

morph::Result<renderer::Shading> parseShading(const std::string& text) {
    using renderer::Shading;
    for (Shading s : {Shading::Auto, Shading::Forward, Shading::Deferred}) {
        if (text == renderer::shadingName(s)) return s;
    }
    return usage("--shading: '" + text + "' is not auto, forward or deferred");
}

morph::Result<renderer::ToneMapping> parseToneMapping(const std::string& text) {
    using renderer::ToneMapping;
    for (ToneMapping t :
         {ToneMapping::PbrNeutral, ToneMapping::Aces, ToneMapping::Agx, ToneMapping::None}) {
        if (text == renderer::toneMappingName(t)) return t;
    }
    return usage("--tone-mapping: '" + text + "' is not neutral, aces, agx or none");
}

// The renderer's checks, each error worded after the option that named the missing thing.
morph::Status checkShot(const morph::Scene& layout, const Shot& shot) {
    if (auto scene = renderer::checkShotScene(layout, shot.spec.scene); !scene)
        return usage("--" + scene.error().message);
    if (auto variant = morph::findVariant(layout, shot.variant); !variant) return variant.error();
    if (auto camera = renderer::checkShotCamera(layout, shot.spec); !camera) {
        return morph::Error{camera.error().code,
                            "--camera: 'file:" + std::to_string(*shot.spec.camera.fileCamera) +
                                "': " + camera.error().message};
    }
    return {};
}

morph::Status checkAnimation(const morph::Scene& layout, const ShotPose& pose) {
    if (auto clips = shotClips(layout, pose); !clips)
        return usage("--animation: " + clips.error().message);
    return {};
}

}  // namespace app
