// morphview: subcommands -> exit codes. Only this file turns errors into exit codes
// (0 ok, 1 runtime failure, 2 usage error; see Commands.h).
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "app/bench/BenchCommand.h"
#include "app/cli/AuditCommand.h"
#include "app/cli/CaptureCommand.h"
#include "app/cli/Commands.h"
#include "app/cli/CompareCommand.h"
#include "app/cli/EnvironmentCommand.h"
#include "app/cli/EvalCommand.h"
#include "app/cli/GpuEval.h"
#include "app/cli/RegressCommand.h"
#include "app/cli/ThumbnailCommand.h"
#include "app/cli/Version.h"
#include "app/cli/WarmCacheCommand.h"
#include "app/diff/DiffCommand.h"
#include "app/fix/FixCommand.h"
#include "app/speech/SpeakCommand.h"
#include "app/take/TakeCommand.h"
#include "app/viewer/ViewerApp.h"
#include "app/voice/VoiceProfileCommand.h"
#include "renderer/gl/DriverHeap.h"

namespace {

// CLI11's messages can span lines (its wrapped help text); errors here are one line, so the
// line breaks become spaces. Not morph::oneLine, which escapes a file's control characters.
std::string joinLines(std::string text) {
    for (char& c : text) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    renderer::keepFreedMemoryForTheDriver();  // llvmpipe's per-draw buffers (DriverHeap.h)
    CLI::App root{"morphview: view and inspect glTF 2.0 morph targets", "morphview"};
    root.require_subcommand(0, 1);

    app::CommandContext context;
    // One line per subcommand (each lives in its own app/cli/XxxCommand.cpp).
    app::addInfoCommand(root, context);
    app::addEvalCommand(root, context, app::gpuEvalMorph());  // adds --gpu
    app::addCaptureCommand(root, context);                    // headless PNG (EGL)
    app::addCompareCommand(root, context);
    app::addRegressCommand(root, context);       // capture + compare over a shots file
    app::addBenchCommand(root, context);         // the morph benchmark (EGL)
    app::addEnvironmentCommand(root, context);   // the studio as .hdr
    app::addThumbnailCommand(root, context);     // a file manager's preview (EGL)
    app::addAuditCommand(root, context);         // the rig audit (GL-free)
    app::addSpeakCommand(root, context);         // lip sync from a line of text (GL-free)
    app::addDiffCommand(root, context);          // two files' targets compared (GL-free)
    app::addTakeCommand(root, context);          // another tool's take converted (GL-free)
    app::addFixCommand(root, context);           // a file's targets mended in place (GL-free)
    app::addVoiceProfileCommand(root, context);  // a speaker's voice profile (GL-free)
    app::addWarmCacheCommand(root, context);     // shader programs into the driver's cache (EGL)
    // Without a subcommand: the viewer (`morphview [MODEL] [--window-size WxH] ...`).
    app::ViewerOptions viewer;
    app::addViewerOptions(root, viewer);
    bool version = false, versionJson = false;
    root.add_flag("--version", version, "Print the version and build type, and exit");
    root.add_flag("--json", versionJson,
                  "With --version: one JSON object that also names the GL renderer");
    // After the subcommands, which would otherwise inherit it.
    root.footer("Run 'morphview COMMAND --help' for the options of one command.");

    try {
        root.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help, --help-all: print and exit 0
        return root.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "morphview: %s (see morphview --help)\n", joinLines(e.what()).c_str());
        return app::kExitUsage;
    }

    if (version) return app::exitCode(app::printVersion(versionJson));
    if (versionJson) {
        std::fprintf(stderr, "morphview: --json goes with --version or a subcommand\n");
        return app::kExitUsage;
    }
    if (context.run) {
        try {
            return app::exitCode(context.run());
        } catch (const std::exception& e) {  // e.g. std::bad_alloc on a huge declared size
            std::fprintf(stderr, "morphview: %s\n", joinLines(e.what()).c_str());
            return app::kExitFailure;
        }
    }

    // No subcommand: the viewer opens MODEL, or the bundled face without one.
    return app::exitCode(app::runViewer(viewer));
}
