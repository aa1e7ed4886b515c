#include "app/take/TakeCommand.h"

#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/ModelLoader.h"
#include "app/cli/Subcommand.h"
#include "app/speech/SpeechClip.h"
#include "app/take/TakeFile.h"
#include "morph/gltf/GltfImport.h"
#include "morph/names/NameParts.h"

namespace app {
namespace {

struct TakeCommandOptions {
    std::string input;
    std::string model;
    std::string out;
    std::string format;
    double fps = 60;
    ModelOptions rig;  // --rig-logic FILE.json and --no-rig-logic (only those fields are used)
};

bool outIs(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() &&
           morph::toLowerAscii(text.substr(text.size() - suffix.size())) == suffix;
}

// A take that cannot be read or parsed is an unreadable input (exit 3); one whose format cannot
// be told, or that the model cannot show, is a usage error.
CommandResult takeFailure(const morph::Error& error) {
    return {error.code == morph::ErrorCode::Usage ? Outcome::Usage : Outcome::Unreadable,
            error.message};
}

// The take's names the model lacks, once, on one line.
void warnUnmatched(const TakeCommandOptions& options, const take::Retargeted& retargeted) {
    if (retargeted.unmatched.empty()) return;
    std::string names;
    for (const std::string& name : retargeted.unmatched)
        names += (names.empty() ? "" : ", ") + name;
    std::fprintf(stderr, "take: %s lacks %zu of the take's names: %s\n", options.model.c_str(),
                 retargeted.unmatched.size(), names.c_str());
}

CommandResult writeStream(const TakeCommandOptions& options, const take::Take& read,
                          const take::Retargeted& retargeted) {
    auto recorder = live::StreamRecorder::open(options.out);
    if (!recorder) return failWith(recorder.error().message);
    for (const live::StreamLine& line : retargeted.lines) {
        if (auto s = recorder->writeAt(line.t, take::takeFormatKey(read.format), line.weights); !s)
            return failWith(s.error().message);
    }
    return {};
}

CommandResult runTake(const TakeCommandOptions& options) {
    const bool glb = outIs(options.out, ".glb");
    if (!glb && !outIs(options.out, ".jsonl"))
        return usageError("take: --out must name an OUT.jsonl or OUT.glb");
    if (glb && options.model.empty())
        return usageError("take: --out " + options.out + " needs --model MODEL");
    take::TakeOptions takeOptions;
    takeOptions.fps = options.fps;
    if (!options.format.empty()) takeOptions.format = take::takeFormatFromKey(options.format);
    auto read = take::readTake(options.input, takeOptions);
    if (!read) return takeFailure(read.error());
    std::optional<morph::Scene> scene;
    if (!options.model.empty()) {
        morph::ImportOptions import;
        import.decodeImages = false;  // the names are all it needs of the model
        auto imported = morph::importGltf(options.model, import);
        if (!imported) return {Outcome::Unreadable, imported.error().message};
        if (morph::Status rules = applyRigLogicOptions(options.rig, false, *imported); !rules)
            return modelLoadFailed(rules.error());
        scene = std::move(imported).value();
    }
    auto retargeted = take::retarget(*read, scene ? &*scene : nullptr);
    if (!retargeted) return usageError(options.model + ": " + retargeted.error().message);
    warnUnmatched(options, *retargeted);
    if (!glb) return writeStream(options, *read, *retargeted);
    const morph::UserClip clip = take::takeClip(retargeted->lines, read->held);
    // OUT.glb plays as the viewer shows the take: rig logic's derived targets baked in.
    if (auto s = speech::writeClipGlb(options.model, options.out, clip, {{"take", options.input}},
                                      &*scene);
        !s)
        return failWith(s.error().message);
    return {};
}

}  // namespace

void addTakeCommand(CLI::App& root, CommandContext& context) {
    auto take = addSubcommand<TakeCommandOptions>(
        root, "take",
        "Convert another tool's take (Live Link Face CSV, Rhubarb Lip Sync TSV or JSON, "
        "Audio2Face weights JSON) to a stream recording (OUT.jsonl) or to MODEL with the take "
        "as an animation named 'take' (OUT.glb)");
    take.app.add_option("FILE", take.options.input, "The take")->required();
    take.app
        .add_option("--model", take.options.model,
                    "Name the weights by this model's targets (needed for OUT.glb)")
        ->type_name("MODEL");
    addOutOption(take.app, take.options.out, "What to write: OUT.jsonl or OUT.glb", "OUT")
        ->required();
    addRigLogicOptions(take.app, take.options.rig);
    take.app.add_option("--fps", take.options.fps, "Live Link Face's frame rate (default 60)")
        ->type_name("N")
        ->check(CLI::Range(1.0, 1000.0));
    take.app
        .add_option("--format", take.options.format,
                    "The take's format (default: from its content)")
        ->type_name("llf|rhubarb|a2f")
        ->check(CLI::IsMember({"llf", "rhubarb", "a2f"}));
    runOnParse(take, context, runTake);
}

}  // namespace app
