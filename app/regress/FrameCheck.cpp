#include "app/regress/FrameCheck.h"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "morph/image/Flip.h"
#include "morph/io/Files.h"

namespace app::regress {

namespace {

namespace fs = std::filesystem;

using Bytes = std::vector<uint8_t>;

morph::Status writeBytes(const std::string& path, const Bytes& bytes) {
    return morph::writeFileAtomic(path, bytes.data(), bytes.size());
}

bool samePixels(const morph::RgbaImage& a, const morph::RgbaImage& b) {
    return a.width == b.width && a.height == b.height && a.pixels == b.pixels;
}

// The reference as pixels and as the PNG bytes of its copy. Bytes equal to the result's PNG are
// the result's pixels (the encoder is deterministic), so they are not decoded; decoded pixels
// equal to the result's reuse its PNG; others are encoded as writePngFile would.
struct Reference {
    morph::RgbaImage pixels;
    Bytes png;
};

morph::Result<Reference> readReference(const fs::path& path, const morph::RgbaImage& image,
                                       const Bytes& imagePng) {
    auto bytes = morph::readFileBytes(path.string());
    if (!bytes) return bytes.error();
    if (*bytes == imagePng) return Reference{image, imagePng};
    auto decoded = morph::readImageFile(path.string());
    if (!decoded) return decoded.error();
    if (samePixels(*decoded, image)) return Reference{std::move(decoded).value(), imagePng};
    auto png = morph::encodePng(*decoded);
    if (!png) return png.error();
    return Reference{std::move(decoded).value(), std::move(png).value()};
}

// A shot with a "flipMean" tolerance: LDR-FLIP's mean decides its verdict, and the message says
// so before the pixel summary (whose own verdict no longer applies). Equal pixels are FLIP 0.
void judgeByFlip(const Reference& reference, const morph::RgbaImage& image,
                 const morph::ImageDifference& difference, double allowed, FrameOutcome& frame) {
    const double mean =
        difference.largestDifference == 0 ? 0.0 : morph::computeFlip(reference.pixels, image).mean;
    frame.flipMean = mean;
    frame.status = mean <= allowed ? ShotStatus::Pass : ShotStatus::Fail;
    char line[96];
    std::snprintf(line, sizeof line, "FLIP mean %.4f (allowed %.4f): %s; pixels: ", mean, allowed,
                  mean <= allowed ? "within tolerance" : "beyond tolerance");
    const size_t verdict = frame.message.rfind(": ");
    frame.message = line + frame.message.substr(0, verdict);
}

// The comparison's numbers and files into `frame`; false with frame's error set when a file
// cannot be written.
bool compareWith(const Reference& reference, const morph::RgbaImage& image,
                 const morph::CompareTolerance& tolerance, const std::string& stem,
                 FrameOutcome& frame) {
    if (auto copied = writeBytes(stem + ".reference.png", reference.png); !copied) {
        frame.message = copied.error().message;
        return false;
    }
    const morph::ImageDifference difference =
        morph::compareImages(reference.pixels, image, tolerance);
    frame.status = difference.withinTolerance ? ShotStatus::Pass : ShotStatus::Fail;
    frame.maxChannelDiff = difference.largestDifference;
    frame.differingFraction = difference.sizeMismatch ? 1.0 : difference.differingFraction();
    if (!difference.sizeMismatch && std::isfinite(difference.psnr)) frame.psnr = difference.psnr;
    frame.message = morph::summaryLine(difference, reference.pixels, image, tolerance);
    if (tolerance.maxFlipMean && !difference.sizeMismatch)
        judgeByFlip(reference, image, difference, *tolerance.maxFlipMean, frame);
    if (!difference.sizeMismatch && difference.differingPixels > 0) {
        auto written = morph::writePngFile(stem + ".diff.png",
                                           morph::diffImage(reference.pixels, image, tolerance));
        if (!written) {
            frame = FrameOutcome{};
            frame.message = written.error().message;
            return false;
        }
        frame.hasDiff = true;
    }
    return true;
}

}  // namespace

FrameOutcome checkFrame(const morph::RgbaImage& image, const fs::path& referencePath,
                        const morph::CompareTolerance& tolerance, const fs::path& stem,
                        bool update) {
    FrameOutcome frame;
    auto error = [&](const std::string& message) {
        frame = FrameOutcome{};
        frame.message = message;
        return frame;
    };
    const std::string path = stem.string();
    auto png = morph::encodePng(image);
    if (!png) return error(path + ".png: " + png.error().message);
    if (auto written = writeBytes(path + ".png", *png); !written)
        return error(written.error().message);
    std::error_code ec;
    // An --out used before keeps no diff or reference copy that this run did not write.
    fs::remove(path + ".diff.png", ec);
    fs::remove(path + ".reference.png", ec);
    if (!fs::exists(referencePath, ec)) {
        frame.status = ShotStatus::New;
        frame.message = referencePath.string() + ": no reference";
    } else {
        auto reference = readReference(referencePath, image, *png);
        if (!reference) return error(reference.error().message);
        if (!compareWith(*reference, image, tolerance, path, frame)) return error(frame.message);
    }
    if (update && (frame.status == ShotStatus::Fail || frame.status == ShotStatus::New)) {
        fs::create_directories(referencePath.parent_path(), ec);
        if (auto written = writeBytes(referencePath.string(), *png); !written)
            return error(written.error().message);
        frame.updated = true;
        frame.updateLine =
            "updated " + referencePath.string() + " (was " + statusName(frame.status) + ")";
    }
    return frame;
}

bool worse(const FrameOutcome& a, const FrameOutcome& b) {
    auto rank = [](ShotStatus status) {
        switch (status) {
            case ShotStatus::Error: return 3;
            case ShotStatus::Fail: return 2;
            case ShotStatus::New: return 1;
            case ShotStatus::Pass: return 0;
        }
        return 3;
    };
    if (rank(a.status) != rank(b.status)) return rank(a.status) > rank(b.status);
    if (a.differingFraction != b.differingFraction)
        return a.differingFraction > b.differingFraction;
    return a.maxChannelDiff > b.maxChannelDiff;
}

}  // namespace app::regress
