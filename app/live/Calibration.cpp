#include "app/live/Calibration.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace app::live {

namespace {

constexpr double kPi = 3.14159265358979323846;
// A smoothed value this close to its input has settled.
constexpr double kSettled = 1e-4;
// The most names whose state is kept (as LiveLayer's resolver): a hostile sender cycling
// through random names keeps memory flat; past it, a new name is calibrated without smoothing.
constexpr size_t kMaxChannels = 4096;

}  // namespace

double OneEuroFilter::alpha(double cutoff, double dt) {
    const double tau = 1.0 / (2.0 * kPi * cutoff);
    return 1.0 / (1.0 + tau / dt);
}

double OneEuroFilter::filter(double value, double seconds) {
    if (!mStarted) {
        mStarted = true;
        mTime = seconds;
        mRaw = value;
        mValue = value;
        mSpeed = 0;
        return mValue;
    }
    const double dt = seconds - mTime;
    if (!(dt > 0)) return mValue;
    const double speed = (value - mRaw) / dt;
    mSpeed += alpha(mParams.dCutoff, dt) * (speed - mSpeed);
    const double cutoff = mParams.minCutoff + mParams.beta * std::abs(mSpeed);
    mValue += alpha(cutoff, dt) * (value - mValue);
    mTime = seconds;
    mRaw = value;
    return mValue;
}

bool CalibrationEntry::operator==(const CalibrationEntry& o) const {
    return neutral == o.neutral && gain == o.gain && offset == o.offset && min == o.min &&
           max == o.max && smoothingChoice == o.smoothingChoice &&
           (smoothingChoice != EntrySmoothing::Own || smoothing == o.smoothing);
}

const CalibrationEntry* Calibration::entryOf(const std::string& incoming,
                                             const TargetNamesOf& names) const {
    if (const auto it = mProfile.entries.find(incoming); it != mProfile.entries.end()) {
        return &it->second;
    }
    if (!names) return nullptr;
    for (const std::string& target : names(incoming)) {
        if (const auto it = mProfile.entries.find(target); it != mProfile.entries.end()) {
            return &it->second;
        }
    }
    return nullptr;
}

std::optional<SmoothingParams> Calibration::smoothingOf(const CalibrationEntry* entry) const {
    if (!entry || entry->smoothingChoice == EntrySmoothing::Profile) return mProfile.smoothing;
    if (entry->smoothingChoice == EntrySmoothing::Off) return std::nullopt;
    return entry->smoothing;
}

Calibration::Channel* Calibration::channelOf(const std::string& name) {
    if (const auto it = mChannels.find(name); it != mChannels.end()) return &it->second;
    if (mChannels.size() >= kMaxChannels) return nullptr;
    return &mChannels[name];
}

float Calibration::calibrate(const std::string& name, float value, double seconds,
                             const TargetNamesOf& targetNamesOf) {
    Channel spare;  // past kMaxChannels: this sample's alone
    Channel* found = channelOf(name);
    Channel& channel = found ? *found : spare;
    channel.raw = value;
    const CalibrationEntry* entry = entryOf(name, targetNamesOf);
    const std::optional<SmoothingParams> smoothing = smoothingOf(entry);
    if (!entry && !smoothing) {
        channel.target = value;
        channel.filter.reset();
        return value;
    }
    double y = value;
    if (entry) y = (y - entry->neutral) * entry->gain + entry->offset;
    channel.target = y;
    if (smoothing) {
        if (!channel.filter) channel.filter.emplace(*smoothing);
        y = channel.filter->filter(y, seconds);
        // A gain that overflowed to infinity makes the filter's speed NaN: the value as
        // calibrated, unsmoothed, and the filter starts again.
        if (!std::isfinite(y)) {
            y = channel.target;
            channel.filter.reset();
        }
    } else {
        channel.filter.reset();
    }
    if (entry) y = std::clamp(y, entry->min, entry->max);
    // A weight is a float: a clamp of 1e300 (or an unclamped overflow) stays finite.
    return float(std::clamp(y, -double(FLT_MAX), double(FLT_MAX)));
}

void Calibration::apply(LiveSample& sample, double seconds, const TargetNamesOf& targetNamesOf) {
    if (mProfile.identity()) {
        for (const auto& [name, value] : sample.values) {
            if (Channel* channel = channelOf(name)) channel->raw = value;
        }
        return;
    }
    for (auto& [name, value] : sample.values) {
        value = calibrate(name, value, seconds, targetNamesOf);
    }
}

void Calibration::captureNeutral() {
    for (auto& [name, channel] : mChannels) {
        auto [it, inserted] = mProfile.entries.try_emplace(name);
        it->second.neutral = channel.raw;
        channel.filter.reset();
    }
}

void Calibration::setProfile(CalibrationProfile profile) {
    mProfile = std::move(profile);
    for (auto& [name, channel] : mChannels) channel.filter.reset();
}

void Calibration::setEntry(const std::string& name, const CalibrationEntry& entry) {
    CalibrationProfile profile = mProfile;
    profile.entries[name] = entry;
    setProfile(std::move(profile));
}

void Calibration::eraseEntry(const std::string& name) {
    CalibrationProfile profile = mProfile;
    profile.entries.erase(name);
    setProfile(std::move(profile));
}

void Calibration::setSmoothing(std::optional<SmoothingParams> smoothing) {
    CalibrationProfile profile = mProfile;
    profile.smoothing = smoothing;
    setProfile(std::move(profile));
}

bool Calibration::settling() const {
    for (const auto& [name, channel] : mChannels) {
        if (channel.filter && channel.filter->started() &&
            std::abs(channel.filter->value() - channel.target) > kSettled) {
            return true;
        }
    }
    return false;
}

}  // namespace app::live
