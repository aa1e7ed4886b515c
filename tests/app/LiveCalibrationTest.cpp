// Calibration of live input (app/live/Calibration): the 1€ filter against values worked by hand,
// neutral capture, gain, offset and clamp, entries found by the model's target name, the
// identity without a profile, and the JSON profile's round trip and errors.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/live/Calibration.h"
#include "fixtures/TestPaths.h"

namespace live_calibration_test {

namespace {

using app::live::Calibration;
using app::live::CalibrationEntry;
using app::live::CalibrationProfile;
using app::live::EntrySmoothing;
using app::live::LiveSample;
using app::live::OneEuroFilter;
using app::live::SmoothingParams;

// At 1 Hz over 0.1 s: tau = 1 / (2 pi) = 0.1591549, alpha = 1 / (1 + tau / 0.1) = 0.3858695.
constexpr double kAlpha1Hz100ms = 0.3858695450950375;

float calibrated(Calibration& calibration, const std::string& name, float value, double seconds = 0,
                 app::live::TargetNamesOf names = {}) {
    LiveSample sample;
    sample.values = {{name, value}};
    calibration.apply(sample, seconds, names);
    return sample.values[0].second;
}

TEST(LiveCalibrationTest, OneEuroStepFollowsTheLowPassAtMinCutoff) {
    // beta 0: a plain first-order low-pass at minCutoff; after a step from 0 to 1 the output
    // is 1 - (1 - alpha)^n after n samples.
    OneEuroFilter filter(SmoothingParams{1.0, 0.0, 1.0});
    EXPECT_EQ(filter.filter(0.0, 0.0), 0.0);  // the first value passes through
    EXPECT_NEAR(OneEuroFilter::alpha(1.0, 0.1), kAlpha1Hz100ms, 1e-12);
    EXPECT_NEAR(filter.filter(1.0, 0.1), 0.3858695, 1e-7);
    EXPECT_NEAR(filter.filter(1.0, 0.2), 0.6228438, 1e-7);  // 1 - 0.6141305^2
    EXPECT_NEAR(filter.filter(1.0, 0.3), 0.7683769, 1e-7);  // 1 - 0.6141305^3
    // A time not after the last one changes nothing.
    EXPECT_NEAR(filter.filter(5.0, 0.3), 0.7683769, 1e-7);
    EXPECT_NEAR(filter.filter(5.0, 0.2), 0.7683769, 1e-7);
}

TEST(LiveCalibrationTest, OneEuroRampRaisesTheCutoffWithSpeed) {
    // x = t, beta 1, samples every 0.1 s. The speed is 1 each step; its low-pass (1 Hz) gives
    // 0.3858695, then 0.6228438, then 0.7683769, and the cutoff is 1 + that:
    //   cutoff 1.3858695: alpha = 1 / (1 + 1 / (2 pi 1.3858695 0.1)) = 0.4654600
    //   y1 = 0 + 0.4654600 (0.1 - 0) = 0.0465460
    //   cutoff 1.6228438: alpha = 0.5048983, y2 = 0.0465460 + 0.5048983 (0.2 - 0.0465460) =
    //   0.1240200 cutoff 1.7683769: alpha = 0.5263114, y3 = 0.1240200 + 0.5263114 (0.3 - 0.1240200)
    //   = 0.2166408
    OneEuroFilter filter(SmoothingParams{1.0, 1.0, 1.0});
    filter.filter(0.0, 0.0);
    EXPECT_NEAR(filter.filter(0.1, 0.1), 0.0465460, 1e-7);
    EXPECT_NEAR(filter.filter(0.2, 0.2), 0.1240200, 1e-7);
    EXPECT_NEAR(filter.filter(0.3, 0.3), 0.2166408, 1e-7);
    // Without beta the same ramp lags further behind: y1 = 0.3858695 * 0.1.
    OneEuroFilter still(SmoothingParams{1.0, 0.0, 1.0});
    still.filter(0.0, 0.0);
    EXPECT_NEAR(still.filter(0.1, 0.1), 0.0385870, 1e-7);
}

TEST(LiveCalibrationTest, OneEuroAttenuatesJitter) {
    // 0.5 +- 0.01 alternating at 60 Hz, 1 Hz cutoff: alpha = 1 / (1 + 60 / (2 pi)) = 0.0947931;
    // the alternating part settles to an amplitude of 0.01 alpha / (2 - alpha) = 0.0004975.
    OneEuroFilter filter(SmoothingParams{1.0, 0.0, 1.0});
    double y = 0;
    double peak = 0;
    for (int i = 0; i < 600; ++i) {
        y = filter.filter(i % 2 ? 0.51 : 0.49, i / 60.0);
        if (i >= 580) peak = std::max(peak, std::abs(y - 0.5));
    }
    EXPECT_NEAR(peak, 0.0004975, 2e-6);
}

TEST(LiveCalibrationTest, WithoutAProfileTheValuesAreTheValuesSent) {
    Calibration calibration;
    for (float v : {0.1f, 1.7f, -0.25f, 1e-7f, 0.333333343f}) {
        const float out = calibrated(calibration, "jawOpen", v, 1.0);
        EXPECT_EQ(std::memcmp(&out, &v, sizeof v), 0) << v;
    }
    EXPECT_FALSE(calibration.settling());
}

TEST(LiveCalibrationTest, GainOffsetAndClamp) {
    CalibrationProfile profile;
    CalibrationEntry jaw;
    jaw.gain = 2;
    jaw.offset = 0.1;
    profile.entries["jawOpen"] = jaw;
    CalibrationEntry brow;
    brow.gain = -1;
    brow.min = -0.5;
    brow.max = 2;
    profile.entries["browInnerUp"] = brow;
    Calibration calibration(profile);
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.3f), 0.7f);   // 0.3 * 2 + 0.1
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.6f), 1.0f);   // 1.3, clamped
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", -0.2f), 0.0f);  // -0.3, clamped
    EXPECT_FLOAT_EQ(calibrated(calibration, "browInnerUp", 0.3f), -0.3f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "browInnerUp", 0.9f), -0.5f);
    // A name without an entry passes as sent, unclamped.
    EXPECT_FLOAT_EQ(calibrated(calibration, "mouthLeft", 1.5f), 1.5f);
}

// A profile's numbers are finite, but a huge gain overflows: smoothed, that would be NaN (the
// filter's speed is inf - inf); the weight is the clamped value instead, and always a float.
TEST(LiveCalibrationTest, AnOverflowingGainGivesTheClampNeverNaN) {
    CalibrationProfile profile;
    profile.smoothing = SmoothingParams{};
    CalibrationEntry jaw;
    jaw.gain = 1e308;
    jaw.max = 1e300;
    profile.entries["jawOpen"] = jaw;
    Calibration calibration(profile);
    for (int i = 0; i < 4; ++i) {
        const float w = calibrated(calibration, "jawOpen", 2.0f + float(i), 0.1 * i);
        EXPECT_TRUE(std::isfinite(w)) << i;
        EXPECT_FLOAT_EQ(w, std::numeric_limits<float>::max()) << i;
    }
}

TEST(LiveCalibrationTest, AnEntryIsFoundByTheTargetNameTheIncomingNameDrives) {
    CalibrationProfile profile;
    CalibrationEntry entry;
    entry.gain = 0.5;
    profile.entries["JAW_OPEN"] = entry;
    Calibration calibration(profile);
    auto names = [](const std::string& incoming) {
        return incoming == "jawOpen" ? std::vector<std::string>{"JAW_OPEN"}
                                     : std::vector<std::string>{};
    };
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.8f, 0, names), 0.4f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "eyeBlinkLeft", 0.8f, 0, names), 0.8f);
}

TEST(LiveCalibrationTest, CaptureNeutralSubtractsTheRestPoseThenGainsAndClamps) {
    Calibration calibration;
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.2f), 0.2f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "browInnerUp", 0.1f), 0.1f);
    calibration.captureNeutral();
    ASSERT_EQ(calibration.profile().entries.size(), 2u);
    EXPECT_FLOAT_EQ(float(calibration.profile().entries.at("jawOpen").neutral), 0.2f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.2f), 0.0f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.7f), 0.5f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.1f), 0.0f);  // -0.1, clamped to 0
    CalibrationEntry jaw = calibration.profile().entries.at("jawOpen");
    jaw.gain = 2;
    calibration.setEntry("jawOpen", jaw);
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.5f), 0.6f);  // (0.5 - 0.2) * 2
    EXPECT_FLOAT_EQ(calibrated(calibration, "browInnerUp", 0.35f), 0.25f);
}

TEST(LiveCalibrationTest, SmoothingOnTheSampleTimesAndSettling) {
    CalibrationProfile profile;
    profile.smoothing = SmoothingParams{1.0, 0.0, 1.0};
    CalibrationEntry off;
    off.smoothingChoice = EntrySmoothing::Off;
    profile.entries["eyeBlinkLeft"] = off;
    Calibration calibration(profile);
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 0.0f, 10.0), 0.0f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "jawOpen", 1.0f, 10.1), float(kAlpha1Hz100ms));
    EXPECT_TRUE(calibration.settling());
    EXPECT_FLOAT_EQ(calibrated(calibration, "eyeBlinkLeft", 0.0f, 10.0), 0.0f);
    EXPECT_FLOAT_EQ(calibrated(calibration, "eyeBlinkLeft", 1.0f, 10.1), 1.0f);
    for (int i = 2; i < 200; ++i) calibrated(calibration, "jawOpen", 1.0f, 10.0 + 0.1 * i);
    EXPECT_FALSE(calibration.settling());
}

TEST(LiveCalibrationTest, TheStateKeptIsBoundedAgainstNamesWithoutEnd) {
    CalibrationProfile profile;
    profile.smoothing = SmoothingParams{1.0, 0.0, 1.0};
    Calibration calibration(profile);
    for (int i = 0; i < 5000; ++i) calibrated(calibration, "n" + std::to_string(i), 0.0f, 0.0);
    // A name met early keeps its filter; one past the bound is calibrated without smoothing.
    EXPECT_FLOAT_EQ(calibrated(calibration, "n0", 1.0f, 0.1), float(kAlpha1Hz100ms));
    calibrated(calibration, "late", 0.0f, 0.0);
    EXPECT_FLOAT_EQ(calibrated(calibration, "late", 1.0f, 0.1), 1.0f);
}

CalibrationProfile everyFeature() {
    CalibrationProfile profile;
    profile.smoothing = SmoothingParams{1.5, 0.007, 1.0};
    CalibrationEntry jaw;
    jaw.neutral = 0.05000000074505806;
    jaw.gain = 1.4;
    jaw.offset = -0.1;
    jaw.min = 0;
    jaw.max = 0.9;
    profile.entries["jawOpen"] = jaw;
    CalibrationEntry blink;
    blink.smoothingChoice = EntrySmoothing::Off;
    profile.entries["eyeBlinkLeft"] = blink;
    CalibrationEntry brow;
    brow.smoothingChoice = EntrySmoothing::Own;
    brow.smoothing = SmoothingParams{0.5, 0.1, 2.0};
    brow.min = -1;
    profile.entries["Brow \"inner\" up"] = brow;
    return profile;
}

TEST(LiveCalibrationTest, ProfileRoundTrip) {
    const std::string path = fixtures::caseScratchDir() + "/profile.json";
    const CalibrationProfile profile = everyFeature();
    ASSERT_TRUE(app::live::writeCalibrationProfile(path, profile).ok());
    auto read = app::live::readCalibrationProfile(path);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_TRUE(*read == profile);
    EXPECT_EQ(app::live::calibrationProfileJson(*read), app::live::calibrationProfileJson(profile));
    // Defaults: an empty entry is gain 1, offset 0, clamp 0..1, the profile's smoothing.
    auto minimal = app::live::parseCalibrationProfile(R"({"names": {"jawOpen": {}}})", "p.json");
    ASSERT_TRUE(minimal.ok());
    EXPECT_FALSE(minimal->smoothing);
    EXPECT_TRUE(minimal->entries.at("jawOpen") == CalibrationEntry());
}

TEST(LiveCalibrationTest, ProfileErrorsAreOneLineNamingTheFile) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{", "not a JSON calibration profile"},
        {"[]", "not a JSON object"},
        {R"({"names": {"jawOpen": {"gian": 2}}})", "names.jawOpen: unknown key 'gian'"},
        {R"({"names": {"jawOpen": {"gain": "2"}}})", "names.jawOpen.gain: not a finite number"},
        {R"({"names": {"jawOpen": {"min": 1, "max": 0}}})", "min is above max"},
        {R"({"names": {"jawOpen": 1}})", "names.jawOpen: not an object"},
        {R"({"smoothing": {"minCutoff": 0}})", "minCutoff and dCutoff must be above 0"},
        {R"({"smoothing": {"beta": -1}})", "beta not below 0"},
        {R"({"names": {"a": {"smoothing": true}}})", "names.a.smoothing: not an object or false"},
        {R"({"name": {}})", "unknown key 'name'"},
        // A key holding a line break (found by LiveFilesFuzzer): the error stays one line.
        {R"({"names": {"a": {"smooth\ng": 1}}})", "unknown key 'smooth\\x0ag'"},
    };
    for (const auto& [text, expected] : cases) {
        auto parsed = app::live::parseCalibrationProfile(text, "face.calib.json");
        ASSERT_FALSE(parsed.ok()) << text;
        const std::string& message = parsed.error().message;
        EXPECT_EQ(message.rfind("face.calib.json: ", 0), 0u) << message;
        EXPECT_NE(message.find(expected), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    auto missing = app::live::readCalibrationProfile("/nonexistent/calib.json");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message,
              "/nonexistent/calib.json: cannot open the calibration profile");
}

}  // namespace

}  // namespace live_calibration_test
