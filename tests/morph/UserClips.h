#pragma once
// What the user clip tests share: a clip keyed in code.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "morph/edit/UserClip.h"

namespace morphtest {

// One key of a clip: its time and a weight per target.
struct ClipKey {
    float time;
    std::vector<float> weights;
};

// A clip `name` on `mesh` over `targetNames`, with `keys` set in order; a key that is refused
// fails the current case.
inline morph::UserClip keyedClip(
    const std::string& name, const std::string& mesh, std::vector<std::string> targetNames,
    const std::vector<ClipKey>& keys,
    morph::Interpolation interpolation = morph::Interpolation::Linear) {
    morph::UserClip clip;
    clip.name = name;
    clip.mesh = mesh;
    clip.targetNames = std::move(targetNames);
    clip.interpolation = interpolation;
    for (const ClipKey& key : keys) EXPECT_TRUE(morph::setKey(clip, key.time, key.weights).ok());
    return clip;
}

}  // namespace morphtest
