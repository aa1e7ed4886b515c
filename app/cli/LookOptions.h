#pragma once
// The light and the display transform as the command line sets them, shared by capture, regress,
// bench and the viewer: --environment, --environment-rotation, --exposure, --tone-mapping.
#include <string>

#include "app/cli/CliFwd.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/Look.h"

namespace app {

struct LookOptions {
    std::string environment = renderer::kStudioEnvironment;  // studio, rig or FILE.hdr
    float environmentRotation = 0;                           // degrees about +Y
    float exposure = 1;
    std::string toneMapping = "neutral";  // neutral, aces, agx, none: the text as given
    renderer::ToneMapping tone = renderer::ToneMapping::PbrNeutral;  // it, parsed by its check
};

// Adds the four options to `command`; `options` must outlive the parse.
void addLookOptions(CLI::App& command, LookOptions& options);

}  // namespace app
