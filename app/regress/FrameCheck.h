#pragma once
// One rendered image checked against its reference, with the files regress writes for it:
// STEM.png, STEM.reference.png (the reference as PNG, beside the result for the page) and
// STEM.diff.png where a pixel differs; with --update the reference rewritten. GL-free, so a
// worker thread runs it while the next shot draws.
#include <filesystem>
#include <optional>
#include <string>

#include "app/regress/Report.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"

namespace app::regress {

struct FrameOutcome {
    ShotStatus status = ShotStatus::Error;
    int maxChannelDiff = 0;
    double differingFraction = 0;
    std::optional<double> psnr;
    std::optional<double> flipMean;  // computed for a shot with a "flipMean" tolerance
    std::string message;
    bool hasDiff = false;
    bool updated = false;
    // "updated PATH (was new)" with --update: the line the caller prints, in shot order.
    std::string updateLine;
};

// Writes and compares as above; never fails as a whole: an unwritable file or an unreadable
// reference is the outcome's error status and message. The PNG bytes are the same as
// morph::writePngFile's: a passing shot's reference copy is the result's bytes when the
// reference file holds exactly those bytes or the same pixels (one encode, no decode).
FrameOutcome checkFrame(const morph::RgbaImage& image, const std::filesystem::path& referencePath,
                        const morph::CompareTolerance& tolerance, const std::filesystem::path& stem,
                        bool update);

// Worse first: error, fail, new, pass; then more differing pixels, then a larger difference.
bool worse(const FrameOutcome& a, const FrameOutcome& b);

}  // namespace app::regress
