#pragma once
// The shots file that `capture --shots` and `regress` read: a JSON list of shots, each a model
// and how to draw it (and, for regress, its tolerance and reference).
#include <optional>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/image/ImageCompare.h"
#include "renderer/light/Look.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/Lights.h"

namespace app {

// One entry of a --shots file:
// {"name":"smile","model":"face.glb","weights":"mouthSmileLeft=1","animation":null,"time":0,
//  "camera":"front","size":"512x512","background":"#303030"}. "camera" may be "file:N" (the
// file's camera N); "scene": N picks one of the file's scenes and "lights" the direct lights
// (as --scene and --lights), "variant" a material variant by name or index (as --variant). Only
// name and model are required; the rest default to the command line's --size/--camera/--background
// (and no weights or animation). "animation" is a name, an index, "all", "0,2", or a list such as
// [0, "blink"]. A relative model path is relative to the shots file's folder.
struct ShotEntry {
    std::string name;
    std::string model;  // resolved path
    std::string weights;
    // "stream": a live recording (--record-stream's JSON lines, relative to the shots file's
    // folder; "" none) drawn at "time" as `capture --replay FILE --time T` draws it: the weights
    // of its last line with t <= time. Not with "weights", "animation", "clip" or "turntable".
    std::string stream;
    std::string animation;  // "" none; a number in the file becomes its index text
    // "animation": [...]: names and indices (numbers as text), played together in order.
    std::vector<std::string> animations;
    float time = 0;
    std::optional<std::string> camera;
    std::optional<std::string> size;
    std::optional<std::string> background;
    // "frame": "all" or "morphed", parsed when the file is read, as "lights" and "toneMapping".
    std::optional<renderer::FrameTarget> frame;
    // The light and the display transform, as the command line's options: "environment" ("studio",
    // "rig" or an .hdr file, relative to the shots file's folder), "environmentRotation" (degrees),
    // "exposure", "toneMapping" (neutral, aces, agx, none).
    std::optional<std::string> environment;
    std::optional<float> environmentRotation;
    std::optional<float> exposure;
    std::optional<renderer::ToneMapping> toneMapping;
    std::optional<int> scene;                      // "scene": N, which of the file's scenes
    std::optional<renderer::DirectLights> lights;  // "lights": auto, rig, file, both or none
    // "variant": a KHR_materials_variants variant by name, or its index (a number becomes its
    // text), as --variant takes it.
    std::optional<std::string> variant;
    // regress only: "tolerance": {"maxAbsDiff": N, "maxFailingPixelsFraction": F} (the names of
    // Filament's renderdiff), each defaulting to compare's, and "flipMean": F (the shot fails
    // when LDR-FLIP's mean exceeds F; it then decides alone); "reference": a file other than
    // NAME.png, relative to --references.
    morph::CompareTolerance tolerance;
    std::string reference;
    // "clip": CLIPS with "frames": [times]: one image per time (the clip as "animation" takes
    // it); "turntable": N: N images, the camera orbiting at 360 * k / N degrees. regress compares
    // them one by one (NAME_f00.png, ...) and reports one testcase with the worst frame named.
    std::vector<float> frames;
    int turntable = 0;
};

// Parses the --shots file. Errors name the file and the entry: "shots.json: [2].name: missing".
morph::Result<std::vector<ShotEntry>> readShotsFile(const std::string& path);

}  // namespace app
