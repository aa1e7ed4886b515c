// VRM files through the built binary: `.vrm` opens in the commands, `eval --weights
// vrm:happy=1` moves the bound targets of both meshes, `info --json` lists the expressions, and
// malformed VRM data is a warning naming the file while the command still succeeds.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "fixtures/VrmFixtures.h"

namespace vrm_cli_test {

namespace {

using nlohmann::json;
using Outcome = fixtures::RunOutcome;

std::string writeFile(const std::string& testName, const std::string& fileName,
                      const std::vector<uint8_t>& bytes) {
    return fixtures::writeFixture(fixtures::scratchDir("VrmCliTest_" + testName), fileName, bytes);
}

TEST(VrmCli, EvalWithAnExpressionMovesBothMeshes) {
    const std::string path = writeFile("Eval", "avatar.vrm", fixtures::vrm1Expressions());
    const json doc =
        fixtures::parseRunJson(fixtures::runMorphview({"eval", path, "--weights", "vrm:happy=1"}));
    ASSERT_EQ(doc["items"].size(), 2u);
    // happy: mesh 0 target 0 at 1, mesh 1 target 0 at 0.5; target 0 moves v1 by (0,0,1).
    const json& face = doc["items"][0];
    EXPECT_EQ(face["mesh"], 0);
    EXPECT_EQ(fixtures::floatsOf(face["weights"]), (std::vector<float>{1.0f, 0.0f}));
    EXPECT_EQ(fixtures::floatsOf(face["positions"]),
              (std::vector<float>{0, 0, 0, 1, 0, 1, 0, 1, 0}));
    const json& teeth = doc["items"][1];
    EXPECT_EQ(teeth["mesh"], 1);
    EXPECT_EQ(fixtures::floatsOf(teeth["weights"]), (std::vector<float>{0.5f, 0.0f}));
    EXPECT_EQ(fixtures::floatsOf(teeth["positions"]),
              (std::vector<float>{0, 0, 0, 1, 0, 0.5f, 0, 1, 0}));

    // The same through a VRM 0.x file, whose "Joy" is the happy preset (weights 100 and 50).
    const std::string v0 = writeFile("Eval0", "avatar0.vrm", fixtures::vrm0Expressions());
    const Outcome run = fixtures::runMorphview({"eval", v0, "--weights", "vrm:happy=1"});
    const json doc0 = fixtures::parseRunJson(run);
    ASSERT_EQ(doc0["items"].size(), 2u);
    EXPECT_EQ(fixtures::floatsOf(doc0["items"][1]["weights"]), (std::vector<float>{0.5f, 0.0f}));
    // Its malformed binds are warnings on stderr naming the file; the output is still complete.
    EXPECT_NE(run.err.find("warning: " + v0 + ": extensions.VRM.blendShapeMaster"),
              std::string::npos)
        << run.err;
}

TEST(VrmCli, AnUnknownExpressionIsAOneLineErrorNamingIt) {
    const std::string path = writeFile("Unknown", "avatar.vrm", fixtures::vrm1Expressions());
    const Outcome run = fixtures::runMorphview({"eval", path, "--weights", "vrm:grin=1"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.out.empty());
    // The file's own warnings first ("warning: ..."), then the error: one line naming the file
    // and the expression.
    std::vector<std::string> lines;
    for (size_t start = 0, end; (end = run.err.find('\n', start)) != std::string::npos;
         start = end + 1) {
        lines.push_back(run.err.substr(start, end - start));
    }
    ASSERT_FALSE(lines.empty()) << run.err;
    for (size_t i = 0; i + 1 < lines.size(); ++i) EXPECT_EQ(lines[i].rfind("warning: ", 0), 0u);
    EXPECT_NE(lines.back().find("avatar.vrm"), std::string::npos) << run.err;
    EXPECT_NE(lines.back().find("no VRM expression named 'grin'"), std::string::npos) << run.err;
}

TEST(VrmCli, InfoListsTheExpressions) {
    const std::string path = writeFile("Info", "avatar.vrm", fixtures::vrm1Expressions());
    const json doc = fixtures::parseRunJson(fixtures::runMorphview({"info", "--json", path}));
    ASSERT_TRUE(doc["expressions"].is_array());
    ASSERT_EQ(doc["expressions"].size(), 4u);
    const json& happy = doc["expressions"][2];
    EXPECT_EQ(happy["name"], "happy");
    EXPECT_EQ(happy["preset"], "happy");
    EXPECT_EQ(happy["binds"], 2);
    EXPECT_EQ(happy["isBinary"], false);
    EXPECT_EQ(doc["expressions"][3]["preset"], "custom");
    EXPECT_EQ(doc["meshes"].size(), 2u);  // the existing fields are all there
    EXPECT_EQ(doc["warnings"].size(), 4u);

    const Outcome text = fixtures::runMorphview({"info", path});
    EXPECT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("expression 2 \"happy\" (happy): 2 bind(s)"), std::string::npos)
        << text.out;

    // A plain glTF has an empty list.
    const std::string plain = writeFile("InfoPlain", "plain.glb", fixtures::vrmBodyBuilder().glb());
    EXPECT_EQ(
        fixtures::parseRunJson(fixtures::runMorphview({"info", "--json", plain}))["expressions"],
        json::array());
}

}  // namespace

}  // namespace vrm_cli_test
