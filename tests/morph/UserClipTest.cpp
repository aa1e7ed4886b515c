#include <fstream>
#include <optional>

#include <gtest/gtest.h>

#include "UserClips.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Sampler.h"
#include "morph/edit/UserClip.h"

namespace user_clip_test {

namespace {

using morph::ErrorCode;
using morph::Interpolation;
using morph::UserClip;

// The code of a result that failed; none when it succeeded.
template <typename T>
std::optional<ErrorCode> failure(const morph::Result<T>& r) {
    if (r.ok()) return std::nullopt;
    return r.error().code;
}

UserClip twoTargetClip(Interpolation interpolation = Interpolation::Linear) {
    return morphtest::keyedClip("smile", "Face", {"jawOpen", "mouthSmile"},
                                {{0.0f, {0.0f, 0.0f}}, {1.0f, {1.0f, 0.5f}}, {2.0f, {0.0f, 1.0f}}},
                                interpolation);
}

TEST(UserClip, KeysStayInTimeOrderAndKeyingTwiceReplaces) {
    UserClip clip = twoTargetClip();
    auto inserted = morph::setKey(clip, 0.5f, {0.25f, 0.25f});
    ASSERT_TRUE(inserted.ok());
    EXPECT_EQ(*inserted, 1u);
    EXPECT_EQ(clip.keyTimes(), (std::vector<float>{0.0f, 0.5f, 1.0f, 2.0f}));
    auto replaced = morph::setKey(clip, 1.0f + morph::kKeyTimeTolerance / 2, {0.9f, 0.9f});
    ASSERT_TRUE(replaced.ok());
    EXPECT_EQ(*replaced, 2u);
    EXPECT_EQ(clip.keys.size(), 4u);
    EXPECT_FLOAT_EQ(clip.keys[2].weights[0], 0.9f);
    EXPECT_FLOAT_EQ(clip.duration(), 2.0f);
}

TEST(UserClip, SetKeyRefusesTheWrongWidthAndNonNumbers) {
    UserClip clip = twoTargetClip();
    EXPECT_EQ(failure(morph::setKey(clip, 3.0f, {1.0f})), ErrorCode::Inconsistent);
    EXPECT_EQ(failure(morph::setKey(clip, 3.0f, {1.0f, NAN})), ErrorCode::BadValue);
    EXPECT_EQ(failure(morph::setKey(clip, INFINITY, {1.0f, 1.0f})), ErrorCode::BadValue);
    EXPECT_EQ(clip.keys.size(), 3u);
}

TEST(UserClip, MoveKeyReordersAndRefusesToLandOnAnotherKey) {
    UserClip clip = twoTargetClip();
    auto moved = morph::moveKey(clip, 0, 1.5f);
    ASSERT_TRUE(moved.ok());
    EXPECT_EQ(*moved, 1u);
    EXPECT_EQ(clip.keyTimes(), (std::vector<float>{1.0f, 1.5f, 2.0f}));
    EXPECT_FLOAT_EQ(clip.keys[1].weights[1], 0.0f);  // the moved key kept its weights
    EXPECT_EQ(failure(morph::moveKey(clip, 1, 2.0f)), ErrorCode::Usage);  // onto another key
    EXPECT_EQ(failure(morph::moveKey(clip, 7, 0.0f)), ErrorCode::BadReference);
    EXPECT_EQ(clip.keys.size(), 3u);
}

TEST(UserClip, DeleteKey) {
    UserClip clip = twoTargetClip();
    EXPECT_TRUE(morph::deleteKey(clip, 1));
    EXPECT_EQ(clip.keyTimes(), (std::vector<float>{0.0f, 2.0f}));
    EXPECT_FALSE(morph::deleteKey(clip, 2));
}

TEST(UserClip, LinearAndStepEvaluateThroughTheNormalSampler) {
    UserClip linear = twoTargetClip(Interpolation::Linear);
    std::vector<float> mid = morph::sampleUserClip(linear, 0.5f);
    ASSERT_EQ(mid.size(), 2u);
    EXPECT_FLOAT_EQ(mid[0], 0.5f);
    EXPECT_FLOAT_EQ(mid[1], 0.25f);
    UserClip step = twoTargetClip(Interpolation::Step);
    EXPECT_FLOAT_EQ(morph::sampleUserClip(step, 0.99f)[0], 0.0f);
    EXPECT_FLOAT_EQ(morph::sampleUserClip(step, 1.0f)[0], 1.0f);
    // Past the end the last key holds.
    EXPECT_FLOAT_EQ(morph::sampleUserClip(linear, 5.0f)[1], 1.0f);
}

TEST(UserClip, CubicSplinePassesThroughKeysWithCatmullRomTangents) {
    UserClip clip = twoTargetClip(Interpolation::CubicSpline);
    morph::AnimationSampler sampler = morph::toSampler(clip);
    EXPECT_EQ(sampler.output.size(), 3u * 3u * 2u);  // keys x (in, value, out) x targets
    for (const morph::UserKey& key : clip.keys) {
        std::vector<float> at = morph::sampleUserClip(clip, key.time);
        EXPECT_FLOAT_EQ(at[0], key.weights[0]);
        EXPECT_FLOAT_EQ(at[1], key.weights[1]);
    }
    // mouthSmile rises 0 -> 0.5 -> 1 evenly: the middle tangent is 0.5 per second.
    EXPECT_FLOAT_EQ(sampler.output[(1 * 3 + 0) * 2 + 1], 0.5f);
    EXPECT_FLOAT_EQ(sampler.output[(1 * 3 + 2) * 2 + 1], 0.5f);
    // The end keys are flat, so the curve eases out of the first key: below the straight line.
    EXPECT_LT(morph::sampleUserClip(clip, 0.25f)[1], 0.125f);
}

TEST(UserClip, ToAnimationDrivesEveryNodeFromOneSampler) {
    morph::Animation animation = morph::toAnimation(twoTargetClip(), {3, 5});
    EXPECT_EQ(animation.name, "smile");
    ASSERT_EQ(animation.samplers.size(), 1u);
    EXPECT_EQ(animation.samplers[0].width, 2u);
    ASSERT_EQ(animation.channels.size(), 2u);
    EXPECT_EQ(animation.channels[1].node, 5);
    EXPECT_EQ(animation.channels[1].path, morph::AnimationPath::Weights);
    EXPECT_FLOAT_EQ(animation.end, 2.0f);
}

TEST(UserClip, RemapFollowsNamesAndFillsUnknownTargets) {
    UserClip clip = twoTargetClip();
    UserClip remapped =
        morph::remapTargets(clip, {"mouthSmile", "browUp", "jawOpen"}, {0, 0.3f, 0});
    ASSERT_EQ(remapped.keys.size(), 3u);
    EXPECT_EQ(remapped.keys[1].weights, (std::vector<float>{0.5f, 0.3f, 1.0f}));
}

TEST(UserClip, JsonRoundTrip) {
    UserClip clip = twoTargetClip(Interpolation::CubicSpline);
    std::string path = fixtures::scratchDir("UserClipJson") + "/smile.json";
    ASSERT_TRUE(morph::saveUserClip(clip, path).ok());
    auto loaded = morph::loadUserClip(path);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded->name, "smile");
    EXPECT_EQ(loaded->mesh, "Face");
    EXPECT_EQ(loaded->interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(loaded->targetNames, clip.targetNames);
    ASSERT_EQ(loaded->keys.size(), 3u);
    EXPECT_EQ(loaded->keys[2].weights, clip.keys[2].weights);
    EXPECT_EQ(loaded->keyTimes(), clip.keyTimes());
}

TEST(UserClip, BadJsonIsAnErrorNamingTheProblem) {
    nlohmann::json good = morph::toJson(twoTargetClip());
    nlohmann::json shortKey = good;
    shortKey["keys"][1]["weights"] = {1.0};
    auto r = morph::userClipFromJson(shortKey, "c.json");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Inconsistent);
    EXPECT_EQ(r.error().message, "c.json: keys[1].weights has 1 values, expected 2");
    nlohmann::json unordered = good;
    unordered["keys"][2]["time"] = 0.5;
    EXPECT_EQ(failure(morph::userClipFromJson(unordered, "c.json")), ErrorCode::BadValue);
    nlohmann::json wrongTypes = good;
    wrongTypes["format"] = 7;
    EXPECT_EQ(failure(morph::userClipFromJson(wrongTypes, "c.json")), ErrorCode::Schema);
    wrongTypes = good;
    wrongTypes["interpolation"] = "SMOOTH";
    EXPECT_EQ(failure(morph::userClipFromJson(wrongTypes, "c.json")), ErrorCode::BadValue);
    EXPECT_EQ(failure(morph::userClipFromJson(nlohmann::json::array(), "c.json")),
              ErrorCode::Schema);

    std::string path = fixtures::scratchDir("UserClipBadJson") + "/broken.json";
    std::ofstream(path) << "{ not json";
    auto broken = morph::loadUserClip(path);
    ASSERT_FALSE(broken.ok());
    EXPECT_EQ(broken.error().code, ErrorCode::Json);
    EXPECT_NE(broken.error().message.find("broken.json"), std::string::npos);
    EXPECT_EQ(failure(morph::loadUserClip(path + ".missing")), ErrorCode::Io);
}

}  // namespace

}  // namespace user_clip_test
