#include "app/document/FrameTimes.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "morph/io/Files.h"

namespace app {

namespace {

// The value at `fraction` of the sorted times, nearest rank (0.5: the median, the upper one of
// an even count's middle two).
double rank(std::vector<double> ms, double fraction) {
    if (ms.empty()) return 0;
    std::sort(ms.begin(), ms.end());
    const size_t index = size_t(std::ceil(fraction * double(ms.size()))) - 1;
    return ms[std::min(index, ms.size() - 1)];
}

}  // namespace

double FrameTimes::medianMs() const {
    return rank(mMs, 0.5);
}

double FrameTimes::p95Ms() const {
    return rank(mMs, 0.95);
}

std::string FrameTimes::json() const {
    const double median = medianMs();
    nlohmann::json doc = {{"frames", mMs.size()},    {"medianMs", median},
                          {"p95Ms", p95Ms()},        {"fps", median > 0 ? 1000.0 / median : 0.0},
                          {"viewDraws", mViewDraws}, {"ms", mMs}};
    if (!mLiveAgeMs.empty()) {
        nlohmann::json ages = nlohmann::json::array();
        for (const std::optional<double>& age : mLiveAgeMs)
            ages.push_back(age ? nlohmann::json(*age) : nlohmann::json(nullptr));
        doc["liveAgeMs"] = std::move(ages);
    }
    return doc.dump() + "\n";
}

morph::Status FrameTimes::write(const std::string& path) const {
    const std::string text = json();
    return morph::writeFileAtomic(path, text.data(), text.size());
}

}  // namespace app
