#include "app/cli/LookOptions.h"

#include <cmath>

#include <CLI/CLI.hpp>

#include "app/cli/Options.h"
#include "app/cli/SharedOptions.h"

namespace app {

void addLookOptions(CLI::App& command, LookOptions& options) {
    command
        .add_option("--environment", options.environment,
                    "The light: studio (built in, the default), rig (three directional lights "
                    "over an analytic sky) or an equirectangular Radiance .hdr file")
        ->type_name("studio|rig|FILE.hdr");
    command
        .add_option("--environment-rotation", options.environmentRotation,
                    "Turns the environment about the up axis (degrees, default 0)")
        ->type_name("DEG")
        ->check(CLI::Number);
    command
        .add_option("--exposure", options.exposure,
                    "Linear scale of the light before tone mapping (default 1)")
        ->type_name("X")
        ->check([](const std::string& text) -> std::string {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (end != text.c_str() && *end == '\0' && std::isfinite(value) && value > 0) return {};
            return "'" + text + "' is not a positive number";
        });
    addParsedOption(command, kToneMappingOption, options.toneMapping, options.tone,
                    "Display transform: neutral (Khronos PBR Neutral, default), aces, agx or none",
                    wholeMessage());
}

}  // namespace app
