#pragma once
// How a subcommand is declared: the subcommand with the options struct its parse fills
// (`addSubcommand`), the arguments many commands take, worded once here so every --help says
// them alike (the model, --out, --json, --junit, --html), and the run the parse
// records for main() (`runOnParse`, or `chooseOnParse` where the command line picks among runs).
// CLI11 only, so the GL-free commands (speak, take, voice-profile, fix, diff) use it too.
#include <functional>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/Commands.h"

namespace app {

// A subcommand being declared: CLI11's App and the options its parse fills (`options`), which
// the run it records shares (`held`, so the run may outlive the parse).
template <typename Options>
struct Subcommand {
    CLI::App& app;
    std::shared_ptr<Options> held;
    Options& options;
};

// `root`'s subcommand `name`, with its one-line `help` and options of their defaults.
template <typename Options>
Subcommand<Options> addSubcommand(CLI::App& root, const std::string& name,
                                  const std::string& help) {
    auto options = std::make_shared<Options>();
    return {*root.add_subcommand(name, help), options, *options};
}

// When the command line has been read: `choose(options)` gives the run main() calls; it throws
// CLI11's errors for a command line whose parts do not go together (exit 2, before any work).
template <typename Options, typename Choose>
void chooseOnParse(const Subcommand<Options>& command, CommandContext& context, Choose choose) {
    command.app.callback(
        [&context, options = command.held, choose] { context.run = choose(options); });
}

// When the command line has been read: the run is `run(options)`.
template <typename Options, typename Run>
void runOnParse(const Subcommand<Options>& command, CommandContext& context, Run run) {
    chooseOnParse(command, context,
                  [run](std::shared_ptr<Options> options) -> std::function<CommandResult()> {
                      return [options, run] { return run(*options); };
                  });
}

// The model a command reads, required: MODEL, or as `name` says (fix's IN, diff's A).
inline CLI::Option* addModelArgument(CLI::App& command, std::string& path,
                                     const std::string& name = "MODEL",
                                     const std::string& help = "The model (.gltf, .glb, .vrm)") {
    return command.add_option(name, path, help)->required();
}

// --out: where the command writes; `typeName` says what (OUT, FILE.png, DIR).
inline CLI::Option* addOutOption(CLI::App& command, std::string& out, const std::string& help,
                                 const std::string& typeName) {
    return command.add_option("--out", out, help)->type_name(typeName);
}

// --json: one JSON object on stdout instead of the command's text; `help` says what it holds.
inline CLI::Option* addJsonFlag(CLI::App& command, bool& json, const std::string& help) {
    return command.add_flag("--json", json, help);
}

// --junit FILE: JUnit XML besides the command's own output; `help` says what a testcase is.
inline CLI::Option* addJunitOption(CLI::App& command, std::string& path, const std::string& help) {
    return command.add_option("--junit", path, help)->type_name("FILE");
}

// --html DIR: DIR/index.html, the command's report with pictures.
inline CLI::Option* addHtmlOption(CLI::App& command, std::string& folder, const std::string& help) {
    return command.add_option("--html", folder, help)->type_name("DIR");
}

}  // namespace app
