#include "app/cli/EnvironmentCommand.h"

#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/Subcommand.h"
#include "morph/image/HdrImage.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/StudioEnvironment.h"

namespace app {

namespace {

struct EnvironmentOptions {
    std::string source = renderer::kStudioEnvironment;
    std::string out;
    int width = 1024;
};

CommandResult runEnvironment(const EnvironmentOptions& options) {
    morph::FloatImage image;
    if (options.source == renderer::kStudioEnvironment) {
        image = renderer::studioEnvironment(options.width);
    } else {
        auto read = morph::readHdrFile(options.source, uint64_t(1) << 30);
        if (!read) return failWith(read.error().message);
        image = std::move(read).value();
    }
    if (auto written = morph::writeHdrFile(options.out, image); !written) {
        return failWith(written.error().message);
    }
    return {};
}

}  // namespace

void addEnvironmentCommand(CLI::App& root, CommandContext& context) {
    auto environment = addSubcommand<EnvironmentOptions>(
        root, "environment", "Write the built-in studio environment (or an .hdr as read) as .hdr");
    environment.app
        .add_option("SOURCE", environment.options.source, "studio (default) or FILE.hdr")
        ->type_name("studio|FILE.hdr");
    addOutOption(environment.app, environment.options.out, "The Radiance file to write", "FILE.hdr")
        ->required();
    environment.app
        .add_option("--width", environment.options.width,
                    "The studio's width (height: half; default 1024)")
        ->type_name("N")
        ->check(CLI::Range(8, 16384));
    runOnParse(environment, context, runEnvironment);
}

}  // namespace app
