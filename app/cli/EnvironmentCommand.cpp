#include "app/cli/EnvironmentCommand.h"

#include <string>

#include <CLI/CLI.hpp>

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
    auto options = std::make_shared<EnvironmentOptions>();
    CLI::App* command = root.add_subcommand(
        "environment", "Write the built-in studio environment (or an .hdr as read) as .hdr");
    command->add_option("SOURCE", options->source, "studio (default) or FILE.hdr")
        ->type_name("studio|FILE.hdr");
    command->add_option("--out", options->out, "The Radiance file to write")
        ->type_name("FILE.hdr")
        ->required();
    command
        ->add_option("--width", options->width, "The studio's width (height: half; default 1024)")
        ->type_name("N")
        ->check(CLI::Range(8, 16384));
    command->callback(
        [options, &context] { context.run = [options] { return runEnvironment(*options); }; });
}

}  // namespace app
