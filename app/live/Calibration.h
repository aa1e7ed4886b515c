#pragma once
// Calibration of live input, applied where samples enter the live layer (so --record-stream
// writes the calibrated values): per name a neutral (the rest pose, subtracted), a gain, an
// offset and a clamp, and smoothing with the 1€ filter (Casiez, Roussel and Vogel, CHI 2012)
// on the samples' arrival times. Without a profile it is the identity: the values applied are
// the values sent, bit for bit.
//
// For one incoming value x of a name with an entry:
//     y = clamp(smooth((x - neutral) * gain + offset), min, max)
// A name without an entry is passed through, smoothed only when the profile smooths every name.
// An entry is found by the incoming name, else by the name of a model target it drives.
//
// The Live panel's calls: profile() to show it; setEntry / eraseEntry / setSmoothing /
// setProfile to edit it; captureNeutral() (through LiveSession::captureNeutral, which applies
// it at once); writeCalibrationProfile to save.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/live/LiveSample.h"
#include "morph/Result.h"

namespace app::live {

// The 1€ filter's parameters: the cutoff frequency (Hz) at rest, how fast the cutoff rises with
// the signal's speed, and the cutoff of the speed's own low-pass filter.
struct SmoothingParams {
    double minCutoff = 1.0;
    double beta = 0.0;
    double dCutoff = 1.0;
    bool operator==(const SmoothingParams& o) const {
        return minCutoff == o.minCutoff && beta == o.beta && dCutoff == o.dCutoff;
    }
};

// The 1€ filter on one signal. The first value passes through; a value whose time is not after
// the previous one's changes nothing.
class OneEuroFilter {
public:
    explicit OneEuroFilter(SmoothingParams params = {}) : mParams(params) {}
    double filter(double value, double seconds);
    void reset() { mStarted = false; }
    bool started() const { return mStarted; }
    double value() const { return mValue; }
    // The smoothing factor of a first-order low-pass filter at `cutoff` Hz over `dt` seconds.
    static double alpha(double cutoff, double dt);

private:
    SmoothingParams mParams;
    bool mStarted = false;
    double mTime = 0;
    double mRaw = 0;    // the previous raw value (the speed is taken from the raw values)
    double mValue = 0;  // the previous filtered value
    double mSpeed = 0;  // the previous filtered speed
};

enum class EntrySmoothing { Profile, Off, Own };

struct CalibrationEntry {
    double neutral = 0;  // the rest pose's value, subtracted first
    double gain = 1;
    double offset = 0;
    double min = 0;
    double max = 1;
    EntrySmoothing smoothingChoice = EntrySmoothing::Profile;
    SmoothingParams smoothing;  // with EntrySmoothing::Own
    bool operator==(const CalibrationEntry& o) const;
};

struct CalibrationProfile {
    std::optional<SmoothingParams> smoothing;  // every name's, unless its entry says otherwise
    std::map<std::string, CalibrationEntry> entries;  // by incoming or model target name
    bool identity() const { return !smoothing && entries.empty(); }
    bool operator==(const CalibrationProfile& o) const {
        return smoothing == o.smoothing && entries == o.entries;
    }
};

// The profile's JSON (docs/LIVE.md). Errors are one line naming `path` and the problem.
morph::Result<CalibrationProfile> parseCalibrationProfile(const std::string& text,
                                                          const std::string& path);
morph::Result<CalibrationProfile> readCalibrationProfile(const std::string& path);
std::string calibrationProfileJson(const CalibrationProfile& profile);
morph::Status writeCalibrationProfile(const std::string& path, const CalibrationProfile& profile);

// The model target names an incoming name drives (LiveLayer::targetNamesOf).
using TargetNamesOf = std::function<std::vector<std::string>(const std::string&)>;

class Calibration {
public:
    Calibration() = default;  // the identity
    explicit Calibration(CalibrationProfile profile) : mProfile(std::move(profile)) {}

    // Calibrates the sample's values in place, smoothing on `seconds` (the sample's arrival on
    // a steady clock). Remembers each name's raw value for captureNeutral.
    void apply(LiveSample& sample, double seconds, const TargetNamesOf& targetNamesOf);

    // Every name's newest raw value becomes its neutral (an entry is made for a name without
    // one: gain 1, offset 0, clamp 0..1). The filters start again.
    void captureNeutral();

    const CalibrationProfile& profile() const { return mProfile; }
    // Edits; each one starts the filters again.
    void setProfile(CalibrationProfile profile);
    void setEntry(const std::string& name, const CalibrationEntry& entry);
    void eraseEntry(const std::string& name);
    void setSmoothing(std::optional<SmoothingParams> smoothing);

    // True while a smoothed value has not yet reached its input (a still input keeps arriving as
    // repeats the receiver does not hand on: LiveSession feeds them while this holds).
    bool settling() const;

private:
    struct Channel {
        double raw = 0;
        double target = 0;  // the value before smoothing, the filter's goal
        std::optional<OneEuroFilter> filter;
    };
    Channel* channelOf(const std::string& name);  // null past the bound on names kept
    const CalibrationEntry* entryOf(const std::string& incoming, const TargetNamesOf& names) const;
    std::optional<SmoothingParams> smoothingOf(const CalibrationEntry* entry) const;
    float calibrate(const std::string& name, float value, double seconds,
                    const TargetNamesOf& targetNamesOf);

    CalibrationProfile mProfile;
    std::map<std::string, Channel> mChannels;  // by incoming name
};

}  // namespace app::live
