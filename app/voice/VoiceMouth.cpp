#include "app/voice/VoiceMouth.h"

#include <algorithm>
#include <utility>

namespace app::voice {

namespace {

using speech::Viseme;

// Per 10 ms hop: how far a class moves toward its target. Rising takes a hop to reach 70% (the
// voice's onset shows in the next frame); falling keeps 40% each hop, 50 ms from full to the
// snap, so with the voice's hangover the mouth is shut about 120 ms into a pause.
constexpr float kRise = 0.7f;
constexpr float kFall = 0.6f;
constexpr float kSnap = 0.01f;
// The opening a class's full shape is drawn at (voicedOpening's full loudness).
constexpr float kFullOpening = 0.7f;

}  // namespace

VoiceMouth::VoiceMouth(speech::FaceVisemes face)
    : mFace(std::move(face)), mOpen(speech::openTarget(mFace)) {
    for (const auto& shape : mFace.shapes) {
        for (const auto& [name, w] : shape) mWeights[name] = 0.0f;
    }
}

bool VoiceMouth::shut() const {
    return std::all_of(mClass.begin(), mClass.end(), [](float c) { return c == 0.0f; });
}

bool VoiceMouth::apply(const VoiceFrame& frame) {
    for (size_t c = 0; c < mClass.size(); ++c) {
        const bool heard = frame.voiced && size_t(frame.viseme) == c;
        const float target = heard ? frame.openness : 0.0f;
        float& value = mClass[c];
        value += (target - value) * (target > value ? kRise : kFall);
        if (value < kSnap) value = 0.0f;
    }
    std::map<std::string, float> next;
    for (const auto& [name, w] : mWeights) next[name] = 0.0f;
    for (size_t c = 0; c < mClass.size(); ++c) {
        if (mClass[c] == 0.0f) continue;
        const float scale = std::min(1.0f, mClass[c] / kFullOpening);
        for (const auto& [name, w] : mFace.shapes[c]) next[name] = std::max(next[name], w * scale);
        if (!mOpen.empty() && c != size_t(Viseme::PP))
            next[mOpen] = std::max(next[mOpen], mClass[c]);
    }
    if (next == mWeights) return false;
    mWeights = std::move(next);
    return true;
}

}  // namespace app::voice
