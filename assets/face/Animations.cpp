#include "Animations.h"

#include <algorithm>

namespace face {
namespace {

std::vector<float> poseWeights(const Pose& pose, const std::vector<std::string>& names) {
    std::vector<float> w(names.size(), 0.0f);
    for (size_t i = 0; i < names.size(); ++i) {
        auto it = pose.find(names[i]);
        if (it != pose.end()) w[i] = it->second;
    }
    return w;
}

// Visemes of a short sentence: jaw, rounding, closure and spread, one every ~0.14 s.
const std::vector<Pose>& visemes() {
    static const std::vector<Pose> v = {
        {},                                                                             // rest
        {{"jawOpen", 0.45f}, {"mouthStretchLeft", 0.2f}, {"mouthStretchRight", 0.2f}},  // "eh"
        {{"mouthClose", 0.3f}, {"mouthPressLeft", 0.5f}, {"mouthPressRight", 0.5f}},    // "m"
        {{"jawOpen", 0.6f}},                                                            // "ah"
        {{"jawOpen", 0.2f}, {"mouthFunnel", 0.7f}},                                     // "oo"
        {{"jawOpen", 0.25f}, {"mouthSmileLeft", 0.35f}, {"mouthSmileRight", 0.35f}},    // "ee"
        {{"jawOpen", 0.15f}, {"mouthPucker", 0.8f}},                                    // "w"
        {{"jawOpen", 0.5f}, {"tongueOut", 0.15f}},                                      // "th"
        {{"mouthRollLower", 0.6f}, {"mouthUpperUpLeft", 0.2f}, {"mouthUpperUpRight", 0.2f}},  // "f"
        {{"jawOpen", 0.35f}, {"mouthFunnel", 0.3f}},  // "oh"
    };
    return v;
}

WeightClip talk(const std::vector<std::string>& names) {
    // A fixed sequence of visemes; tangents from neighbouring keys (Catmull-Rom, halved so the
    // curve barely overshoots), ends at rest with zero slope.
    const int sequence[] = {0, 3, 2, 5, 1, 4, 0, 6, 3, 8, 9, 2, 7, 5, 3, 1, 4, 6, 9, 2, 0, 0};
    const int keys = static_cast<int>(std::size(sequence));
    const float step = 0.14f;
    WeightClip clip;
    clip.name = "talk";
    clip.interpolation = Interp::CubicSpline;
    std::vector<std::vector<float>> values;
    for (int k = 0; k < keys; ++k) {
        clip.times.push_back(0.2f + step * static_cast<float>(k));
        values.push_back(poseWeights(visemes()[sequence[k]], names));
    }
    clip.times.front() = 0.0f;
    size_t n = names.size();
    for (int k = 0; k < keys; ++k) {
        std::vector<float> tangent(n, 0.0f);
        if (k > 0 && k < keys - 1) {
            float dt = clip.times[k + 1] - clip.times[k - 1];
            for (size_t i = 0; i < n; ++i)
                tangent[i] = 0.5f * (values[k + 1][i] - values[k - 1][i]) / dt;
        }
        clip.output.insert(clip.output.end(), tangent.begin(), tangent.end());      // in-tangent
        clip.output.insert(clip.output.end(), values[k].begin(), values[k].end());  // value
        clip.output.insert(clip.output.end(), tangent.begin(), tangent.end());      // out-tangent
    }
    return clip;
}

WeightClip expressions(const std::vector<std::string>& names) {
    // Each expression blends in over 0.4 s, holds 0.8 s, and blends into the next.
    WeightClip clip;
    clip.name = "expressions";
    clip.interpolation = Interp::Linear;
    float t = 0.0f;
    const auto& poses = expressionPoses();
    for (size_t p = 0; p <= poses.size(); ++p) {
        const Pose& pose = p < poses.size() ? poses[p].second : poses[0].second;
        std::vector<float> w = poseWeights(pose, names);
        for (int hold = 0; hold < 2; ++hold) {
            clip.times.push_back(t);
            clip.output.insert(clip.output.end(), w.begin(), w.end());
            t += hold == 0 ? 0.8f : 0.4f;
        }
    }
    return clip;
}

WeightClip blink(const std::vector<std::string>& names) {
    // Open, a blink, a pause, a double blink: STEP holds each state until the next key.
    const float times[] = {0.0f, 1.6f, 1.75f, 3.2f, 3.32f, 3.46f, 3.58f, 4.5f};
    const float closed[] = {0, 1, 0, 1, 0, 1, 0, 0};
    WeightClip clip;
    clip.name = "blink";
    clip.interpolation = Interp::Step;
    for (size_t k = 0; k < std::size(times); ++k) {
        clip.times.push_back(times[k]);
        Pose pose = {{"eyeBlinkLeft", closed[k]}, {"eyeBlinkRight", closed[k]}};
        std::vector<float> w = poseWeights(pose, names);
        clip.output.insert(clip.output.end(), w.begin(), w.end());
    }
    return clip;
}

}  // namespace

const std::vector<std::pair<std::string, Pose>>& expressionPoses() {
    static const std::vector<std::pair<std::string, Pose>> poses = {
        {"neutral", {}},
        {"smile",
         {{"mouthSmileLeft", 1.0f},
          {"mouthSmileRight", 1.0f},
          {"cheekSquintLeft", 0.6f},
          {"cheekSquintRight", 0.6f},
          {"eyeSquintLeft", 0.3f},
          {"eyeSquintRight", 0.3f},
          {"jawOpen", 0.08f}}},
        {"frown",
         {{"mouthFrownLeft", 1.0f},
          {"mouthFrownRight", 1.0f},
          {"browDownLeft", 0.35f},
          {"browDownRight", 0.35f},
          {"browInnerUp", 0.5f},
          {"mouthShrugLower", 0.5f}}},
        {"surprise",
         {{"browInnerUp", 1.0f},
          {"browOuterUpLeft", 1.0f},
          {"browOuterUpRight", 1.0f},
          {"eyeWideLeft", 1.0f},
          {"eyeWideRight", 1.0f},
          {"jawOpen", 0.55f},
          {"mouthFunnel", 0.3f}}},
        {"anger",
         {{"browDownLeft", 1.0f},
          {"browDownRight", 1.0f},
          {"eyeSquintLeft", 0.8f},
          {"eyeSquintRight", 0.8f},
          {"mouthPressLeft", 0.8f},
          {"mouthPressRight", 0.8f},
          {"noseSneerLeft", 0.7f},
          {"noseSneerRight", 0.7f},
          {"mouthFrownLeft", 0.3f},
          {"mouthFrownRight", 0.3f}}},
        {"blink", {{"eyeBlinkLeft", 1.0f}, {"eyeBlinkRight", 1.0f}}},
    };
    return poses;
}

std::vector<WeightClip> makeClips(const std::vector<std::string>& targetNames) {
    return {talk(targetNames), expressions(targetNames), blink(targetNames)};
}

}  // namespace face
