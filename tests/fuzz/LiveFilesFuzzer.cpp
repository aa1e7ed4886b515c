// libFuzzer entry for the live input's files: a calibration profile (--calibration, Save
// calibration, an autosave's calibration) and a recording (--replay, capture --replay, a shot's
// "stream"). Any bytes give a profile or a recording, or one clean error line naming the file,
// never a crash. A profile read is written and read back to the same profile, and calibrates a
// few samples, smoothed and not, to finite weights; a recording's times never go back.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/live/Calibration.h"
#include "app/live/LiveRecording.h"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "LiveFilesFuzzer: %s\n", what);
    std::abort();
}

void checkErrorLine(const std::string& message, const char* file) {
    if (message.rfind(file, 0) != 0 || message.find('\n') != std::string::npos)
        fail("an error that is not one line naming the file");
}

void checkCalibrates(const app::live::CalibrationProfile& profile) {
    app::live::Calibration calibration(profile);
    const auto noTargets = [](const std::string&) { return std::vector<std::string>{}; };
    const float inputs[] = {0.0f, 1.0f, 0.5f, -3.0f, 3e38f, 0.25f};
    double seconds = 0;
    for (float input : inputs) {
        app::live::LiveSample sample;
        sample.source = "vmc";
        for (const auto& [name, entry] : profile.entries) sample.values.push_back({name, input});
        sample.values.push_back({"unnamed", input});
        calibration.apply(sample, seconds, noTargets);
        for (const auto& [name, value] : sample.values) {
            if (!std::isfinite(value)) fail("a calibrated weight that is not finite");
        }
        seconds += 1.0 / 60.0;
    }
    calibration.captureNeutral();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    auto profile = app::live::parseCalibrationProfile(text, "calib.json");
    if (!profile.ok()) {
        checkErrorLine(profile.error().message, "calib.json: ");
    } else {
        auto again = app::live::parseCalibrationProfile(app::live::calibrationProfileJson(*profile),
                                                        "calib.json");
        if (!again.ok() || !(*again == *profile)) fail("a profile that does not read back");
        checkCalibrates(*profile);
    }
    auto lines = app::live::parseStream(text, "take.jsonl");
    if (!lines.ok()) {
        checkErrorLine(lines.error().message, "take.jsonl: ");
        return 0;
    }
    for (size_t i = 1; i < lines->size(); ++i) {
        if ((*lines)[i].t < (*lines)[i - 1].t) fail("a recording going back in time");
    }
    return 0;
}
