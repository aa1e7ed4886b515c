#include "app/voice/VoiceAnalyzer.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <utility>

namespace app::voice {

namespace {

using speech::Viseme;

// In place, size a power of two: the iterative radix-2 Cooley-Tukey transform.
void fft(std::vector<std::complex<float>>& a) {
    const size_t n = a.size();
    for (size_t i = 1, j = 0; i < n; ++i) {
        size_t bit = n >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) std::swap(a[i], a[j]);
    }
    for (size_t len = 2; len <= n; len <<= 1) {
        const double angle = -2.0 * M_PI / double(len);
        const std::complex<float> step(float(std::cos(angle)), float(std::sin(angle)));
        for (size_t i = 0; i < n; i += len) {
            std::complex<float> w(1.0f, 0.0f);
            for (size_t k = 0; k < len / 2; ++k) {
                const std::complex<float> u = a[i + k], v = a[i + k + len / 2] * w;
                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
                w *= step;
            }
        }
    }
}

// The frequency of the strongest bin in [from, to] Hz; `from` when the band is silent or empty.
float strongest(const std::vector<float>& power, float binHz, float from, float to) {
    float best = 0, at = from;
    for (size_t k = size_t(std::ceil(from / binHz)); k < power.size() && float(k) * binHz <= to;
         ++k) {
        if (power[k] > best) {
            best = power[k];
            at = float(k) * binHz;
        }
    }
    return at;
}

}  // namespace

const VoiceProfile& builtInProfile() {
    // Men's and women's means of Peterson and Barney's vowels: /a/ (father), /E/ (bed), /i/
    // (beet), /O/ (bought), /u/ (boot).
    static const VoiceProfile profile{{{Viseme::aa, 790, 1155},
                                       {Viseme::E, 570, 2085},
                                       {Viseme::I, 290, 2540},
                                       {Viseme::O, 580, 880},
                                       {Viseme::U, 335, 910}},
                                      0.5f};
    return profile;
}

SpectralFeatures spectralFeatures(const std::vector<float>& window, int sampleRate) {
    size_t n = 1;
    while (n < window.size()) n <<= 1;
    std::vector<std::complex<float>> bins(n);
    for (size_t i = 0; i < window.size(); ++i) {
        const double hann = 0.5 - 0.5 * std::cos(2.0 * M_PI * double(i) /
                                                 double(std::max<size_t>(1, window.size() - 1)));
        bins[i] = float(hann) * window[i];
    }
    fft(bins);
    std::vector<float> power(n / 2 + 1);
    for (size_t k = 0; k < power.size(); ++k) power[k] = std::norm(bins[k]);
    const float binHz = float(sampleRate) / float(n);
    SpectralFeatures f;
    f.f1 = strongest(power, binHz, 200, 1000);
    // Above F1's own skirt: an open vowel's F1 is stronger than a close F2 above 800 Hz.
    f.f2 = strongest(power, binHz, std::max(700.0f, f.f1 * 1.4f), 2800);
    if (sampleRate >= 8000) {
        double all = 0, high = 0;
        for (size_t k = 0; k < power.size(); ++k) {
            const float hz = float(k) * binHz;
            if (hz >= 80) all += power[k];
            if (hz >= 3500) high += power[k];
        }
        f.sibilance = all > 0 ? float(high / all) : 0.0f;
    }
    return f;
}

Viseme nearestViseme(const SpectralFeatures& features, const VoiceProfile& profile) {
    if (features.sibilance > profile.sibilance) return Viseme::SS;
    Viseme best = Viseme::aa;
    float bestDistance = INFINITY;
    for (const VowelCentroid& c : profile.vowels) {
        const float d1 = std::log2(features.f1 / c.f1), d2 = std::log2(features.f2 / c.f2);
        const float distance = d1 * d1 + d2 * d2;
        if (distance < bestDistance) {
            bestDistance = distance;
            best = c.viseme;
        }
    }
    return best;
}

VoiceAnalyzer::VoiceAnalyzer(int sampleRate, VoiceProfile profile)
    : mRate(std::max(1, sampleRate)),
      mWindow(size_t(std::max(1L, std::lround(kWindowSeconds * float(mRate))))),
      mHop(size_t(std::max(1L, std::lround(kHopSeconds * float(mRate))))),
      mProfile(std::move(profile)) {
    mRing.resize(mWindow);
}

void VoiceAnalyzer::push(const float* samples, size_t count, std::vector<VoiceFrame>& frames) {
    for (size_t i = 0; i < count; ++i) {
        mRing[mNext] = samples[i];
        mNext = (mNext + 1) % mWindow;
        mFilled = std::min(mWindow, mFilled + 1);
        ++mSeen;
        if (++mSinceFrame >= mHop && mFilled == mWindow) {
            mSinceFrame = 0;
            frames.push_back(analyse());
        }
    }
}

void VoiceAnalyzer::skip(uint64_t count) {
    mSeen += count;
    mFilled = 0;
    mSinceFrame = 0;
}

VoiceFrame VoiceAnalyzer::analyse() {
    VoiceFrame frame;
    frame.audioTime = double(mSeen) / double(mRate);
    std::vector<float> window(mRing.begin() + long(mNext), mRing.end());  // oldest first
    window.insert(window.end(), mRing.begin(), mRing.begin() + long(mNext));
    double sum = 0;
    for (float s : window) sum += double(s) * double(s);
    frame.rms = float(std::sqrt(sum / double(window.size())));
    frame.voiced = mActivity.push(frame.rms, float(mHop) / float(mRate));
    frame.level = std::min(1.0f, frame.rms / mActivity.loud());
    if (!frame.voiced) return frame;
    frame.openness = speech::voicedOpening(frame.level);
    frame.features = spectralFeatures(window, mRate);
    frame.viseme = nearestViseme(frame.features, mProfile);
    return frame;
}

}  // namespace app::voice
