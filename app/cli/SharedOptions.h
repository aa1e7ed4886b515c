#pragma once
// The options several commands take (capture, regress, bench, eval and the viewer), each
// registered by one function: the option's name, its value's type name and what it is parsed
// by live here once, so a new command (audit, thumbnail, ...) takes them as the others do. A
// command passes its own help text (what the option means there: "the image's size", "the size
// of shots that do not give one") and, where the commands have always worded a bad value
// differently, the check (the parsers' messages are in Options.h).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "morph/Result.h"
#include "morph/names/FaceNames.h"

namespace app {

// A CLI11 check of an option's value (its message for a bad one; CLI11 puts the option's name
// in front). An empty one checks nothing: the command checks the value later.
using OptionCheck = std::optional<CLI::Validator>;

// A check from a function: "" for a good value, else what is wrong with it.
OptionCheck checkedBy(std::function<std::string(const std::string&)> check);

// The parser's own message without its leading "OPTION: " (CLI11 puts the option's name in
// front of a check's message itself): "--size: '5' is not WxH" is reported once, not twice.
template <typename Parse>
OptionCheck parsedBy(Parse parse, const std::string& option) {
    return checkedBy([parse, option](const std::string& text) -> std::string {
        auto parsed = parse(text);
        if (parsed) return {};
        const std::string prefix = option + ": ";
        const std::string& message = parsed.error().message;
        return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
    });
}
// The parser's message as it is.
template <typename Parse>
OptionCheck wholeMessageOf(Parse parse) {
    return checkedBy([parse](const std::string& text) -> std::string {
        auto parsed = parse(text);
        return parsed ? std::string() : parsed.error().message;
    });
}

// --size WxH (Options.h's parseSize).
CLI::Option* addSizeOption(CLI::App& command, std::string& size, const std::string& help,
                           OptionCheck check);
// --camera VIEW (parseCameraView).
CLI::Option* addCameraOption(CLI::App& command, std::string& camera, const std::string& help,
                             OptionCheck check);
// --morph-path NAME: vs-dense, vs-active, cs-sparse, cpu or auto (renderer/morph/MorphPath.h).
// `check` is morphPathCheck() or morphPathMember().
CLI::Option* addMorphPathOption(CLI::App& command, std::string& path, const std::string& help,
                                OptionCheck check);
// "expected vs-dense, vs-active, cs-sparse, cpu or auto" for any other name.
OptionCheck morphPathCheck();
// CLI11's IsMember over the names: its own message (and help text) for any other name.
OptionCheck morphPathMember();
// --background #rrggbb|environment|blurred (parseBackgroundInto).
CLI::Option* addBackgroundOption(CLI::App& command, std::string& background,
                                 const std::string& help, OptionCheck check);
// --frame all|morphed: what the camera frames (parseFrameTarget).
CLI::Option* addFrameOption(CLI::App& command, std::string& frame, const std::string& help,
                            OptionCheck check);
// --lights auto|rig|file|both|none: the direct lights (parseDirectLights).
CLI::Option* addLightsOption(CLI::App& command, std::string& lights, const std::string& help,
                             OptionCheck check);
// --variant NAME|INDEX: a KHR_materials_variants variant (checked when the model is known).
CLI::Option* addVariantOption(CLI::App& command, std::string& variant, const std::string& help);
// --scene N: one of the file's scenes (checked when the model is known).
CLI::Option* addSceneOption(CLI::App& command, int& scene, const std::string& help);
// --msaa N: 0, 2, 4 or 8 samples per pixel.
CLI::Option* addMsaaOption(CLI::App& command, int& samples, const std::string& help);
// --shading NAME: auto, forward or deferred (parseShading).
CLI::Option* addShadingOption(CLI::App& command, std::string& shading, const std::string& help,
                              OptionCheck check);
// --weights SPEC (morph/edit/WeightSpec.h).
CLI::Option* addWeightsOption(CLI::App& command, std::string& weights, const std::string& help,
                              OptionCheck check);
// --animation NAME|INDEX|all|LIST, as every command words it.
CLI::Option* addAnimationOption(CLI::App& command, std::string& animation, const std::string& help);
// --time T, seconds into the animation; needs --animation.
CLI::Option* addTimeOption(CLI::App& command, float& time, const std::string& help,
                           CLI::Option* animation, OptionCheck check);
// CLI11's IsMember over auto, forward and deferred.
OptionCheck shadingMember();
// --rename MAP.json: {"the file's name": "the new name", ...} (morph/names/RenameMap.h), read
// into `map` when the option is parsed, so a file that cannot be read or is not such an object is
// a usage error naming it; `path` keeps the file's name for the messages of applying it.
CLI::Option* addRenameOption(CLI::App& command, std::string& path,
                             std::vector<morph::NameMapping>& map, const std::string& help);
// The map a --rename file gives; an error is one line naming the file.
morph::Result<std::vector<morph::NameMapping>> readRenameMap(const std::string& path);

}  // namespace app
