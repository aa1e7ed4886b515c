#include "app/cli/WarmCacheCommand.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli/ShotRunner.h"
#include "app/cli/ShotsFile.h"
#include "app/cli/Subcommand.h"
#include "renderer/gl/Timing.h"

namespace app {

namespace {

// The size every look is drawn at: the smallest --size takes; the programs do not depend on it.
constexpr int kWarmSize = 16;

struct WarmCacheOptions {
    std::vector<std::string> models;  // MODEL...
    std::string shotsPath;            // --shots
};

// What looksOf reads: the models and the shots file.
struct LookSources {
    const std::vector<std::string>& models;
    const std::string& shotsPath;
};

// A look to draw: a model and how it is seen.
struct Look {
    std::string model;
    Shot shot;
};

// The looks the command line names: each MODEL's default look, then each shot's; a shots file
// that cannot be read is unreadable (exit 3), a shot with a bad field a failure naming it.
morph::Result<std::vector<Look>> looksOf(const LookSources& options, const ShotRunner& runner) {
    std::vector<Look> looks;
    for (const std::string& model : options.models) {
        auto shot = runner.spec(ShotEntry{});
        if (!shot) return shot.error();
        looks.push_back({model, std::move(shot).value()});
    }
    if (options.shotsPath.empty()) return looks;
    auto entries = readShotsFile(options.shotsPath);
    if (!entries) return entries.error();
    for (const ShotEntry& entry : *entries) {
        auto shot = runner.spec(entry);
        if (!shot) return morph::Error{shot.error().code, entry.name + ": " + shot.error().message};
        shot->spec.width = shot->spec.height = kWarmSize;
        looks.push_back({entry.model, std::move(shot).value()});
    }
    return looks;
}

}  // namespace

CommandResult warmCache(ShotDefaults defaults, const std::vector<std::string>& models,
                        const std::string& shotsPath) {
    const auto start = std::chrono::steady_clock::now();
    defaults.size.value = {kWarmSize, kWarmSize};
    if (!models.empty()) defaults.model.path = models.front();
    auto runner = ShotRunner::start(defaults);
    if (!runner) return failWith(runner.error().message);
    auto looks = looksOf({models, shotsPath}, **runner);
    if (!looks) return {Outcome::Unreadable, looks.error().message};
    for (const Look& look : *looks) {
        // A model that cannot be read: nothing of it could be compiled.
        if (auto scene = (*runner)->scene(look.model); !scene)
            return {Outcome::Unreadable, scene.error().message};
        if (auto drawn = (*runner)->render(look.model, look.shot); !drawn)
            return failWith(drawn.error().message);
    }
    // Every program of the process: the light's, built on its own thread, too.
    const renderer::ProgramWork programs = renderer::programWork();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("warm-cache: %zu looks of %zu models: %d programs linked (%.2f s) in %.2f s\n",
                looks->size(), (*runner)->modelsLoaded(), programs.programs, programs.ms / 1000.0,
                seconds);
    return {};
}

void addWarmCacheCommand(CLI::App& root, CommandContext& context) {
    auto warm = addSubcommand<WarmCacheOptions>(
        root, "warm-cache",
        "Compile every shader program a capture of MODEL (and of each --shots shot) links, into "
        "the driver's shader cache (MESA_SHADER_CACHE_DIR), drawing nothing to keep");
    warm.app
        .add_option("MODEL", warm.options.models,
                    "glTF, GLB or VRM files whose default look to warm")
        ->type_name("MODEL...");
    warm.app
        .add_option("--shots", warm.options.shotsPath,
                    "A shots file (as capture --shots and regress read) whose shots to warm")
        ->type_name("FILE.json");
    chooseOnParse(warm, context,
                  [](std::shared_ptr<WarmCacheOptions> options) -> std::function<CommandResult()> {
                      if (options->models.empty() && options->shotsPath.empty())
                          throw CLI::ValidationError("warm-cache",
                                                     "give MODEL... or --shots FILE.json");
                      return [options] {
                          return warmCache(ShotDefaults{}, options->models, options->shotsPath);
                      };
                  });
}

}  // namespace app
