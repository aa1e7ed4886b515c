#include "app/cli/ThumbnailCommand.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>

#include <CLI/CLI.hpp>
#include <unistd.h>

#include "app/cli/ModelLoader.h"
#include "app/cli/ShotRunner.h"
#include "app/cli/Subcommand.h"
#include "morph/image/ImageFile.h"

namespace app {

namespace {

struct ThumbnailOptions {
    ShotDefaults defaults;
    std::string out;
    int size = 256;
    double timeoutSeconds = 20;
};

// Ends the process with one line once `seconds` have passed. Detached: a run that finishes in
// time simply exits past it. _exit, not exit: the stuck thread may hold the driver's locks.
void startWatchdog(double seconds, std::string input) {
    std::thread([seconds, input = std::move(input)] {
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
        std::fprintf(stderr, "morphview: thumbnail: %s: took longer than %g s\n", input.c_str(),
                     seconds);
        std::fflush(stderr);
        _exit(kExitFailure);
    }).detach();
}

CommandResult runThumbnail(ThumbnailOptions options) {
    startWatchdog(options.timeoutSeconds, options.defaults.model.path);
    ShotDefaults& defaults = options.defaults;
    defaults.size.value = {options.size, options.size};  // 16..2048, checked by --size
    // The morphed region when there is one; a file without targets frames the whole model.
    defaults.frame.value = renderer::FrameTarget::Morphed;
    auto runner = ShotRunner::start(defaults);
    if (!runner) return failWith(runner.error().message);
    ShotEntry entry;
    entry.model = defaults.model.path;
    auto image = (*runner)->render(entry);
    if (!image) return failWith(image.error().message);
    if (auto written = morph::writePngFile(options.out, *image); !written)
        return failWith(written.error().message);
    return {};
}

}  // namespace

void addThumbnailCommand(CLI::App& root, CommandContext& context) {
    auto thumbnail = addSubcommand<ThumbnailOptions>(
        root, "thumbnail",
        "Write an N x N PNG preview of MODEL, headless (a file manager's thumbnailer)");
    addModelOptions(thumbnail.app, thumbnail.options.defaults.model, /*modelRequired=*/true);
    thumbnail.app.add_option("OUTPUT", thumbnail.options.out, "The PNG to write")
        ->type_name("FILE.png")
        ->required();
    thumbnail.app
        .add_option("--size", thumbnail.options.size, "Width and height in pixels (default 256)")
        ->type_name("N")
        ->check(CLI::Range(16, 2048));
    thumbnail.app
        .add_option("--timeout", thumbnail.options.timeoutSeconds,
                    "Give up after this many seconds, with exit status 1 (default 20)")
        ->type_name("S")
        ->check(CLI::Range(0.001, 3600.0));
    runOnParse(thumbnail, context, runThumbnail);
}

}  // namespace app
