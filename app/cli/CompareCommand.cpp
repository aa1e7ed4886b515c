#include "app/cli/CompareCommand.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/JsonOut.h"
#include "app/cli/Subcommand.h"
#include "morph/image/Flip.h"
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
    // "pixel" (the tolerance above) or "flip": also LDR-FLIP (morph/image/Flip.h), whose heat
    // map --diff-out writes; with maxFlipMean the verdict is FLIP's mean against it.
    std::string metric = "pixel";
    double maxFlipMean = -1;  // < 0: not given
};

bool flipVerdict(const CompareOptions& options) {
    return options.maxFlipMean >= 0;
}

// The verdict: FLIP's mean against --max-flip-mean when given, else the channel tolerance's.
bool within(const CompareOptions& options, const morph::ImageDifference& difference,
            const morph::FlipResult* flip) {
    if (flip && flipVerdict(options)) return flip->valid() && flip->mean <= options.maxFlipMean;
    return difference.withinTolerance;
}

// "FLIP mean 0.0123, weighted median 0.1012, max 0.8123" (and the allowed mean when given).
std::string flipLine(const CompareOptions& options, const morph::FlipResult& flip) {
    char line[160];
    std::snprintf(line, sizeof line, "FLIP mean %.4f, weighted median %.4f, max %.4f", flip.mean,
                  flip.weightedMedian, flip.max);
    std::string text = line;
    if (flipVerdict(options)) {
        std::snprintf(line, sizeof line, " (allowed mean %.4f): %s", options.maxFlipMean,
                      flip.mean <= options.maxFlipMean ? "within tolerance" : "beyond tolerance");
        text += line;
    }
    return text;
}

// What compare did, as one object: the images, the metrics, the tolerance, the file written.
Json compareJson(const CompareOptions& options, const morph::ImageDifference& difference,
                 const morph::FlipResult* flip, bool diffWritten) {
    Json json;
    json["a"] = options.a;
    json["b"] = options.b;
    json["withinTolerance"] = within(options, difference, flip);
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
    if (flip) {
        json["flip"] = flip->valid() ? Json{{"mean", flip->mean},
                                            {"weightedMedian", flip->weightedMedian},
                                            {"max", flip->max}}
                                     : Json();
    }
    return json;
}

// The diff image --diff-out names: FLIP's heat map with --metric flip, else the marked gray.
morph::RgbaImage diffOutImage(const CompareOptions& options, const morph::RgbaImage& a,
                              const morph::RgbaImage& b, const morph::FlipResult* flip) {
    return flip ? morph::flipHeatMap(*flip) : morph::diffImage(a, b, options.tolerance);
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
    std::optional<morph::FlipResult> flip;
    if (options.metric == "flip" || flipVerdict(options)) flip = morph::computeFlip(*a, *b);
    const morph::FlipResult* flipResult = flip ? &*flip : nullptr;
    if (!options.json) {
        std::printf("%s\n", morph::summaryLine(difference, *a, *b, options.tolerance).c_str());
        if (flip && flip->valid()) std::printf("%s\n", flipLine(options, *flip).c_str());
    }
    bool diffWritten = false;
    if (!options.diffOut.empty()) {
        if (difference.sizeMismatch) {
            std::fprintf(stderr, "%s: not written (the images differ in size)\n",
                         options.diffOut.c_str());
        } else if (auto written = morph::writePngFile(options.diffOut,
                                                      diffOutImage(options, *a, *b, flipResult));
                   !written) {
            return failWith(written.error().message);
        } else {
            diffWritten = true;
        }
    }
    if (options.json)
        std::printf("%s\n",
                    compareJson(options, difference, flipResult, diffWritten).dump().c_str());
    return succeeded(within(options, difference, flipResult));
}

}  // namespace

void addCompareCommand(CLI::App& root, CommandContext& context) {
    auto compare = addSubcommand<CompareOptions>(
        root, "compare",
        "Compare two images: exit 0 within tolerance, 1 beyond, 2 usage, 3 if unreadable");
    compare.app.add_option("A", compare.options.a, "The reference image (PNG)")->required();
    compare.app.add_option("B", compare.options.b, "The image to check (PNG)")->required();
    compare.app
        .add_option("--max-channel-diff", compare.options.tolerance.maxChannelDiff,
                    "A pixel differs when a channel differs by more than N/255 (default 5)")
        ->type_name("N")
        ->check(CLI::Range(0, 255));
    compare.app
        .add_option("--max-differing-fraction", compare.options.tolerance.maxDifferingFraction,
                    "Largest share of differing pixels that still matches (default 0.001)")
        ->type_name("F")
        ->check(CLI::Range(0.0, 1.0));
    compare.app
        .add_option("--diff-out", compare.options.diffOut,
                    "Write A in gray with the differences marked: yellow within the channel "
                    "tolerance, red beyond it (brighter for larger differences)")
        ->type_name("D.png");
    compare.app
        .add_option("--metric", compare.options.metric,
                    "pixel (default): the channel tolerance above; flip: also LDR-FLIP's mean, "
                    "weighted median and max (0..1, how visible the difference is), its heat "
                    "map as --diff-out")
        ->type_name("M")
        ->check(CLI::IsMember({"pixel", "flip"}));
    compare.app
        .add_option("--max-flip-mean", compare.options.maxFlipMean,
                    "Match while FLIP's mean is at most F (implies --metric flip; the verdict is "
                    "then FLIP's, not the channel tolerance's)")
        ->type_name("F")
        ->check(CLI::Range(0.0, 1.0));
    addJsonFlag(compare.app, compare.options.json,
                "Print what was compared (files, metrics, tolerance, diff written) as one "
                "JSON object instead of the summary line");
    runOnParse(compare, context, runCompare);
}

}  // namespace app
