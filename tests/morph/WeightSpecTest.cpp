// --weights SPEC: parsing, its one-line errors, and applying it to a scene.
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "morph/edit/WeightSpec.h"

namespace morph::weight_spec_test {
namespace {

using Kind = WeightAssignment::Kind;

// The message of a spec that does not parse; every such error is the user's (Usage).
std::string parseError(const std::string& spec) {
    const auto result = parseWeightSpec(spec);
    if (result) return "(parsed)";
    EXPECT_EQ(result.error().code, ErrorCode::Usage) << result.error().message;
    return result.error().message;
}

TEST(WeightSpec, ParsesNamesIndicesAndStar) {
    const auto result =
        parseWeightSpec(" jawOpen = 1 ,3=0.5,*=-0.25, mouth.smile_L2=+2e-1,Key 1=1");
    ASSERT_TRUE(result) << result.error().message;
    const auto& a = *result;
    ASSERT_EQ(a.size(), 5u);
    EXPECT_EQ(a[0].kind, Kind::Name);
    EXPECT_EQ(a[0].name, "jawOpen");
    EXPECT_EQ(a[0].value, 1.0f);
    EXPECT_EQ(a[1].kind, Kind::Index);
    EXPECT_EQ(a[1].index, 3u);
    EXPECT_EQ(a[1].value, 0.5f);
    EXPECT_EQ(a[2].kind, Kind::All);
    EXPECT_EQ(a[2].value, -0.25f);
    EXPECT_EQ(a[3].kind, Kind::Name);
    EXPECT_EQ(a[3].name, "mouth.smile_L2");
    EXPECT_FLOAT_EQ(a[3].value, 0.2f);
    EXPECT_EQ(a[4].kind, Kind::Name);  // inner spaces belong to the name
    EXPECT_EQ(a[4].name, "Key 1");
}

TEST(WeightSpec, NumericKeysAreIndicesOthersNames) {
    const auto result = parseWeightSpec("12=1,1a=1,007=1");
    ASSERT_TRUE(result);
    EXPECT_EQ((*result)[0].kind, Kind::Index);
    EXPECT_EQ((*result)[0].index, 12u);
    EXPECT_EQ((*result)[1].kind, Kind::Name);
    EXPECT_EQ((*result)[1].name, "1a");
    EXPECT_EQ((*result)[2].kind, Kind::Index);
    EXPECT_EQ((*result)[2].index, 7u);
}

TEST(WeightSpec, ErrorsNameTheBadItem) {
    EXPECT_EQ(parseError("jawOpen=x"),
              "--weights: 'jawOpen=x' has no number after '=' ('x' is not a number)");
    EXPECT_EQ(parseError("jawOpen="), "--weights: 'jawOpen=' has no number after '='");
    EXPECT_EQ(parseError("a=1,jawOpen"), "--weights: 'jawOpen' has no '='");
    EXPECT_EQ(parseError("a=1,,b=2"), "--weights: item 2 is empty");
    EXPECT_EQ(parseError("a=1,"), "--weights: item 2 is empty");
    EXPECT_EQ(parseError("=1"), "--weights: '=1' has no target name or index before '='");
    EXPECT_EQ(parseError("a=inf"), "--weights: 'a=inf' is not finite");
    EXPECT_EQ(parseError("a=nan"), "--weights: 'a=nan' is not finite");
    EXPECT_EQ(parseError("a=1e99"), "--weights: 'a=1e99' is not finite");
    EXPECT_EQ(parseError("a=1.5x"),
              "--weights: 'a=1.5x' has no number after '=' ('1.5x' is not a number)");
    EXPECT_EQ(parseError("99999999999999999999999=1"),
              "--weights: '99999999999999999999999=1': target index 99999999999999999999999 is too "
              "large");
    EXPECT_NE(parseError(""), "(parsed)");
    EXPECT_NE(parseError("  "), "(parsed)");
}

Scene faceScene() {
    Scene scene;
    Mesh face;
    face.targetNames = {"jawOpen", "smile", "jawOpen"};  // a duplicated name sets both
    Mesh eyes;
    eyes.targetNames = {"blink"};
    Mesh rock;  // no targets
    scene.meshes = {face, eyes, rock};
    Node a, b, c, d;
    a.mesh = 0;
    b.mesh = 1;
    c.mesh = 2;
    d.mesh = 0;
    scene.nodes = {a, b, c, d, Node{}};
    return scene;
}

std::vector<NodePose> applied(const Scene& scene, const std::string& spec) {
    std::vector<NodePose> pose = restPose(scene);
    const auto parsed = parseWeightSpec(spec);
    EXPECT_TRUE(parsed);
    const Status status = applyWeightSpec(scene, *parsed, pose);
    EXPECT_TRUE(status) << status.error().message;
    return pose;
}

TEST(WeightSpec, AppliesInOrderToEveryMatchingNode) {
    const Scene scene = faceScene();
    auto pose = applied(scene, "*=0.5,jawOpen=1,1=0.25");
    EXPECT_EQ(pose[0].weights, (std::vector<float>{1, 0.25f, 1}));
    EXPECT_EQ(pose[3].weights, (std::vector<float>{1, 0.25f, 1}));
    EXPECT_EQ(pose[1].weights, (std::vector<float>{0.5f}));  // index 1 >= its target count
    EXPECT_TRUE(pose[2].weights.empty());
    EXPECT_TRUE(pose[4].weights.empty());

    pose = applied(scene, "jawOpen=1,*=0");  // later wins
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0, 0, 0}));
}

TEST(WeightSpec, AnAssignmentNoMeshMatchesIsAnError) {
    const Scene scene = faceScene();
    std::vector<NodePose> pose = restPose(scene);
    const auto check = [&](const std::string& spec, const std::string& message) {
        const auto parsed = parseWeightSpec(spec);
        ASSERT_TRUE(parsed);
        const Status status = applyWeightSpec(scene, *parsed, pose);
        ASSERT_FALSE(status);
        EXPECT_EQ(status.error().code, ErrorCode::Usage);  // a name or index the user gave
        EXPECT_EQ(status.error().message, message);
    };
    check("blink=1,foo=1", "--weights: no mesh has a target named 'foo'");
    check("3=1", "--weights: no mesh has a target with index 3");
    // The failing spec changed nothing, not even its valid first item.
    EXPECT_EQ(pose[1].weights, (std::vector<float>{0}));

    Scene plain;
    plain.meshes.resize(1);
    std::vector<NodePose> plainPose;
    const Status status = applyWeightSpec(plain, *parseWeightSpec("*=1"), plainPose);
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code, ErrorCode::Usage);
}

}  // namespace
}  // namespace morph::weight_spec_test
