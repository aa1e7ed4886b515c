// --rename MAP.json through the binary: the avatar fixture with its face's targets spelled as an
// exporter might ("EyeBlink_L", "JawOpen", "V_aa"), renamed by the map the name sets find for
// it, evaluates and draws exactly as the avatar with the canonical names; a bad map, a name the
// model lacks and two targets given one name are each one line naming the map.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AvatarFixtures.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/io/Files.h"
#include "morph/names/FaceNames.h"
#include "morph/names/RenameMap.h"

namespace rename_cli_test {

namespace {

using Names = std::vector<std::string>;

// The exporter's spellings of the avatar's canonical names; mouthSmile has no side and no set.
const std::map<std::string, std::string> kSpelled = {{"jawOpen", "JawOpen"},
                                                     {"eyeBlinkLeft", "EyeBlink_L"},
                                                     {"eyeBlinkRight", "EyeBlink_R"},
                                                     {"viseme_aa", "V_aa"}};

struct Files {
    std::string dir, canonical, spelled, map;
};

Files writeFiles() {
    Files f;
    f.dir = fixtures::caseScratchDir();
    f.canonical = f.dir + "/canonical.glb";
    f.spelled = f.dir + "/spelled.glb";
    f.map = f.dir + "/map.json";
    const std::vector<uint8_t> canonical = fixtures::multiMeshAvatar();
    const std::vector<uint8_t> spelled = fixtures::multiMeshAvatar(kSpelled);
    EXPECT_TRUE(morph::writeFileAtomic(f.canonical, canonical.data(), canonical.size()));
    EXPECT_TRUE(morph::writeFileAtomic(f.spelled, spelled.data(), spelled.size()));
    // The map the name sets find for the face's names, as the audit writes it.
    const std::vector<morph::NameMapping> map =
        morph::findRenameMap({"JawOpen", "EyeBlink_L", "EyeBlink_R", "V_aa", "mouthSmile"});
    EXPECT_EQ(map, std::vector<morph::NameMapping>({{"EyeBlink_L", "eyeBlinkLeft"},
                                                    {"EyeBlink_R", "eyeBlinkRight"},
                                                    {"JawOpen", "jawOpen"},
                                                    {"V_aa", "viseme_aa"}}));
    std::ofstream(f.map) << morph::renameMapJson(map);
    return f;
}

void writeText(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

// The morphed positions eval prints for every primitive (the JSON names no file).
nlohmann::json evalMeshes(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"eval"};
    all.insert(all.end(), args.begin(), args.end());
    return fixtures::parseRunJson(fixtures::runMorphview(all));
}

TEST(RenameCliTest, EvalOfTheRenamedFileIsTheCanonicalFiles) {
    const Files f = writeFiles();
    const std::string weights = "eyeBlinkLeft=1,jawOpen=0.5,viseme_aa=0.25";
    const nlohmann::json canonical = evalMeshes({f.canonical, "--weights", weights});
    const nlohmann::json renamed = evalMeshes({f.spelled, "--weights", weights, "--rename", f.map});
    ASSERT_FALSE(canonical.is_discarded());
    EXPECT_EQ(renamed, canonical);
    // Without the map the file has no eyeBlinkLeft: the rename is what makes the names work.
    const auto without = fixtures::runMorphview({"eval", f.spelled, "--weights", weights});
    EXPECT_NE(without.exitCode, 0);
    EXPECT_NE(without.err.find("eyeBlinkLeft"), std::string::npos) << without.err;
}

TEST(RenameCliTest, CaptureOfTheRenamedFileIsTheCanonicalFiles) {
    const Files f = writeFiles();
    const auto canonical =
        fixtures::runMorphview({"capture", f.canonical, "--weights", "eyeBlinkLeft=1,jawOpen=1",
                                "--size", "64x64", "--out", f.dir + "/canonical.png"});
    ASSERT_EQ(canonical.exitCode, 0) << canonical.err;
    const auto renamed = fixtures::runMorphview(
        {"capture", f.spelled, "--weights", "eyeBlinkLeft=1,jawOpen=1", "--rename", f.map, "--size",
         "64x64", "--out", f.dir + "/renamed.png"});
    ASSERT_EQ(renamed.exitCode, 0) << renamed.err;
    EXPECT_EQ(fixtures::readWholeFile(f.dir + "/renamed.png"),
              fixtures::readWholeFile(f.dir + "/canonical.png"));
}

TEST(RenameCliTest, InfoListsTheNewNamesAndWarnsOfNamesTheModelLacks) {
    const Files f = writeFiles();
    writeText(f.dir + "/extra.json", R"({"EyeBlink_L": "eyeBlinkLeft", "Nope": "x"})");
    const auto run =
        fixtures::runMorphview({"info", f.spelled, "--json", "--rename", f.dir + "/extra.json"});
    const nlohmann::json doc = fixtures::parseRunJson(run);
    Names face;
    for (const nlohmann::json& target : doc["meshes"][fixtures::kAvatarFace]["targets"])
        face.push_back(target["name"].get<std::string>());
    EXPECT_EQ(face, Names({"JawOpen", "eyeBlinkLeft", "EyeBlink_R", "V_aa", "mouthSmile"}));
    EXPECT_NE(run.err.find("warning: " + f.dir +
                           "/extra.json: 'Nope' is not a target name of the model; not renamed\n"),
              std::string::npos)
        << run.err;
}

// One line on stderr that names the map file.
void expectOneLineNaming(const fixtures::RunOutcome& run, const std::string& path,
                         const std::string& problem) {
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
    EXPECT_NE(run.err.find(path), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(problem), std::string::npos) << run.err;
}

TEST(RenameCliTest, ABadMapIsAUsageErrorNamingIt) {
    const Files f = writeFiles();
    const std::string bad = f.dir + "/bad.json";
    writeText(bad, "{\"EyeBlink_L\": ");
    for (const std::string command : {"info", "eval", "capture", "thumbnail"}) {
        std::vector<std::string> args = {command, f.spelled};
        if (command == "thumbnail") args.push_back(f.dir + "/t.png");
        args.insert(args.end(), {"--rename", bad});
        const auto run = fixtures::runMorphview(args);
        EXPECT_EQ(run.exitCode, 2) << command;
        expectOneLineNaming(run, bad, "not JSON");
    }
    // The viewer reads it while parsing its options, before it opens a window.
    const auto viewer = fixtures::runMorphview({f.spelled, "--rename", bad}, {"DISPLAY"});
    EXPECT_EQ(viewer.exitCode, 2);
    expectOneLineNaming(viewer, bad, "not JSON");
    writeText(bad, R"({"EyeBlink_L": 1})");
    const auto number = fixtures::runMorphview({"info", f.spelled, "--rename", bad});
    EXPECT_EQ(number.exitCode, 2);
    expectOneLineNaming(number, bad, "\"EyeBlink_L\": is not a string");
    const auto missing =
        fixtures::runMorphview({"regress", f.dir + "/shots.json", "--rename", f.dir + "/no.json"});
    EXPECT_EQ(missing.exitCode, 2);
    expectOneLineNaming(missing, f.dir + "/no.json", "cannot read");
}

TEST(RenameCliTest, TwoTargetsGivenOneNameIsAnErrorNamingBoth) {
    const Files f = writeFiles();
    const std::string clash = f.dir + "/clash.json";
    writeText(clash, R"({"EyeBlink_L": "eyeBlink", "EyeBlink_R": "eyeBlink"})");
    const auto run = fixtures::runMorphview({"eval", f.spelled, "--rename", clash});
    EXPECT_EQ(run.exitCode, 1);
    expectOneLineNaming(run, clash,
                        "'EyeBlink_L' and 'EyeBlink_R' would both be named 'eyeBlink' on mesh 1 "
                        "(Face)");
}

}  // namespace

}  // namespace rename_cli_test
