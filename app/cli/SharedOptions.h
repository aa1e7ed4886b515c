#pragma once
// The options several commands take (capture, regress, bench, eval and the viewer), declared
// once in a typed table: each option's name, its key in a shots file, its value's type name and
// the one parser that makes its typed value (Options.h) live here, so a new command (audit,
// thumbnail, ...) takes them as the others do and the shots file reads the same names through
// the same parsers. A command passes its own help text (what the option means there: "the
// image's size", "the size of shots that do not give one") and, where the commands have always
// worded a bad value differently, the message.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli/Options.h"
#include "morph/Result.h"
#include "morph/edit/WeightSpec.h"
#include "morph/names/FaceNames.h"
#include "renderer/morph/MorphPath.h"

namespace app {

// A CLI11 check of an option's value (its message for a bad one; CLI11 puts the option's name
// in front). An empty one checks nothing: the command checks the value later.
using OptionCheck = std::optional<CLI::Validator>;

// An option shared by commands, the shots file or the viewer, declared once: its name on the
// command line, its key in a shots file ("" where a shot has none), its value's type name in
// --help, and the parser that makes its typed value, whose message names the option
// ("--size: '5' is not WxH").
template <typename T>
struct SharedOption {
    const char* name;
    const char* key;
    const char* typeName;
    morph::Result<T> (*parse)(const std::string&);
};

// The table: every shared option with a value parsed from text.
inline const SharedOption<Size> kSizeOption{"--size", "size", "WxH", parseSize};
inline const SharedOption<renderer::CameraView> kCameraOption{"--camera", "camera", "VIEW",
                                                              parseCameraView};
inline const SharedOption<BackgroundChoice> kBackgroundOption{
    "--background", "background", "#rrggbb|environment|blurred", parseBackgroundChoice};
inline const SharedOption<renderer::FrameTarget> kFrameOption{"--frame", "frame", "all|morphed",
                                                              parseFrameTarget};
inline const SharedOption<renderer::DirectLights> kLightsOption{
    "--lights", "lights", "auto|rig|file|both|none", parseDirectLights};
inline const SharedOption<renderer::Shading> kShadingOption{"--shading", "", "NAME", parseShading};
inline const SharedOption<renderer::ToneMapping> kToneMappingOption{"--tone-mapping", "toneMapping",
                                                                    "NAME", parseToneMapping};
inline const SharedOption<renderer::MorphPath> kMorphPathOption{"--morph-path", "", "NAME",
                                                                parseMorphPathName};
inline const SharedOption<std::vector<morph::WeightAssignment>> kWeightsOption{
    "--weights", "weights", "SPEC", morph::parseWeightSpec};

// How a command words a bad value of an option: from the text and the parser's error.
using OptionMessage = std::function<std::string(const std::string&, const morph::Error&)>;

// The parser's own message without its leading "OPTION: " (CLI11 puts the option's name in
// front of a check's message itself): "--size: '5' is not WxH" is reported once, not twice.
template <typename T>
OptionMessage parserMessage(const SharedOption<T>& option) {
    const std::string prefix = std::string(option.name) + ": ";
    return [prefix](const std::string&, const morph::Error& error) {
        const std::string& message = error.message;
        return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
    };
}
// The parser's message as it is.
OptionMessage wholeMessage();

// The value of `option` in `text`, or the message `message` words for it ("" for a good value).
template <typename T>
std::string optionProblem(const SharedOption<T>& option, const OptionMessage& message,
                          const std::string& text) {
    auto parsed = option.parse(text);
    return parsed ? std::string() : message(text, parsed.error());
}

// Registers `option` on `command` into `text`, checked by `check` (empty: the command checks
// the text later).
template <typename T>
CLI::Option* addOption(CLI::App& command, const SharedOption<T>& option, std::string& text,
                       const std::string& help, OptionCheck check) {
    CLI::Option* added = command.add_option(option.name, text, help)->type_name(option.typeName);
    if (check) added->check(*check);
    return added;
}

// An option's text as given (what reports repeat) and its value, parsed once when the command
// line is read; both start as the default.
template <typename T>
struct OptionValue {
    std::string text;
    T value;
};

// As addOption, with the value parsed once, by the check, into `value` (which keeps its default
// when the option is not given); a bad one is reported in `message`'s words.
template <typename T>
CLI::Option* addParsedOption(CLI::App& command, const SharedOption<T>& option, std::string& text,
                             T& value, const std::string& help, OptionMessage message) {
    CLI::Option* added = command.add_option(option.name, text, help)->type_name(option.typeName);
    added->check(CLI::Validator(
        [&option, &value, message](std::string& given) -> std::string {
            auto parsed = option.parse(given);
            if (!parsed) return message(given, parsed.error());
            value = std::move(parsed).value();
            return {};
        },
        ""));
    return added;
}
template <typename T>
CLI::Option* addParsedOption(CLI::App& command, const SharedOption<T>& option,
                             OptionValue<T>& field, const std::string& help,
                             OptionMessage message) {
    return addParsedOption(command, option, field.text, field.value, help, std::move(message));
}

// A check from a function: "" for a good value, else what is wrong with it.
OptionCheck checkedBy(std::function<std::string(const std::string&)> check);

// The parser's message as it is.
template <typename Parse>
OptionCheck wholeMessageOf(Parse parse) {
    return checkedBy([parse](const std::string& text) -> std::string {
        auto parsed = parse(text);
        return parsed ? std::string() : parsed.error().message;
    });
}

// The table's options as the viewer registers them, kept as text (addOption with the table's
// entry): --morph-path, --shading and --weights. `check` is morphPathMember(), shadingMember()
// or the parser's message.
CLI::Option* addMorphPathOption(CLI::App& command, std::string& path, const std::string& help,
                                OptionCheck check);
CLI::Option* addShadingOption(CLI::App& command, std::string& shading, const std::string& help,
                              OptionCheck check);
CLI::Option* addWeightsOption(CLI::App& command, std::string& weights, const std::string& help,
                              OptionCheck check);
// CLI11's IsMember over the morph paths' names: its own message (and help text) for any other.
OptionCheck morphPathMember();
// --variant NAME|INDEX: a KHR_materials_variants variant (checked when the model is known).
CLI::Option* addVariantOption(CLI::App& command, std::string& variant, const std::string& help);
// --scene N: one of the file's scenes (checked when the model is known).
CLI::Option* addSceneOption(CLI::App& command, int& scene, const std::string& help);
// --msaa N: 0, 2, 4 or 8 samples per pixel.
CLI::Option* addMsaaOption(CLI::App& command, int& samples, const std::string& help);
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
