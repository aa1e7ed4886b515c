#include "app/cli/CompareCommand.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/JsonOut.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"

namespace app {

namespace {

struct CompareOptions {
    std::string a;
    std::string b;
    morph::CompareTolerance tolerance;  // defaults and their reasons: morph/image/ImageCompare.h
    std::string diffOut;
    bool json = false;
};

// What compare did, as one object: the images, the metrics, the tolerance, the file written.
Json compareJson(const CompareOptions& options, const morph::ImageDifference& difference,
                 bool diffWritten) {
    Json json;
    json["a"] = options.a;
    json["b"] = options.b;
    json["withinTolerance"] = difference.withinTolerance;
    json["sizeMismatch"] = difference.sizeMismatch;
    json["totalPixels"] = difference.totalPixels;
    json["differingPixels"] = difference.differingPixels;
    json["differingFraction"] = difference.differingFraction();
    json["maxChannelDiff"] = difference.largestDifference;
    // JSON has no infinity: identical images have no finite PSNR.
    json["psnr"] = std::isfinite(difference.psnr) ? Json(difference.psnr) : Json();
    json["tolerance"] = {{"maxChannelDiff", options.tolerance.maxChannelDiff},
                         {"maxDifferingFraction", options.tolerance.maxDifferingFraction}};
    json["diffOut"] = diffWritten ? Json(options.diffOut) : Json();
    return json;
}

CommandResult runCompare(const CompareOptions& options) {
    auto a = morph::readImageFile(options.a);
    auto b = morph::readImageFile(options.b);
    if (!a || !b) {
        if (!a) std::fprintf(stderr, "%s\n", a.error().message.c_str());
        if (!b) std::fprintf(stderr, "%s\n", b.error().message.c_str());
        return {Outcome::Unreadable, {}};  // "could not compare", see CompareCommand.h
    }
    const morph::ImageDifference difference = morph::compareImages(*a, *b, options.tolerance);
    if (!options.json)
        std::printf("%s\n", morph::summaryLine(difference, *a, *b, options.tolerance).c_str());
    bool diffWritten = false;
    if (!options.diffOut.empty()) {
        if (difference.sizeMismatch) {
            std::fprintf(stderr, "%s: not written (the images differ in size)\n",
                         options.diffOut.c_str());
        } else if (auto written = morph::writePngFile(options.diffOut,
                                                      morph::diffImage(*a, *b, options.tolerance));
                   !written) {
            return failWith(written.error().message);
        } else {
            diffWritten = true;
        }
    }
    if (options.json)
        std::printf("%s\n", compareJson(options, difference, diffWritten).dump().c_str());
    return succeeded(difference.withinTolerance);
}

}  // namespace

void addCompareCommand(CLI::App& root, CommandContext& context) {
    auto options = std::make_shared<CompareOptions>();
    CLI::App* compare = root.add_subcommand(
        "compare",
        "Compare two images: exit 0 within tolerance, 1 beyond, 2 usage, 3 if unreadable");
    compare->add_option("A", options->a, "The reference image (PNG)")->required();
    compare->add_option("B", options->b, "The image to check (PNG)")->required();
    compare
        ->add_option("--max-channel-diff", options->tolerance.maxChannelDiff,
                     "A pixel differs when a channel differs by more than N/255 (default 5)")
        ->type_name("N")
        ->check(CLI::Range(0, 255));
    compare
        ->add_option("--max-differing-fraction", options->tolerance.maxDifferingFraction,
                     "Largest share of differing pixels that still matches (default 0.001)")
        ->type_name("F")
        ->check(CLI::Range(0.0, 1.0));
    compare
        ->add_option("--diff-out", options->diffOut,
                     "Write A in gray with the differences marked: yellow within the channel "
                     "tolerance, red beyond it (brighter for larger differences)")
        ->type_name("D.png");
    compare->add_flag("--json", options->json,
                      "Print what was compared (files, metrics, tolerance, diff written) as one "
                      "JSON object instead of the summary line");
    compare->callback(
        [&context, options] { context.run = [options] { return runCompare(*options); }; });
}

}  // namespace app
