// Writes that fail: for each kind of file the command line writes (a capture, a thumbnail, the
// audit's JUnit and rename map, a --shots batch, regress's report), a directory in the way of the
// file, a folder that does not exist, and a full disk (RLIMIT_FSIZE stands in for it: a write past
// the limit fails, as with ENOSPC). Each gives one error line naming the file, leaves nothing
// under the final name and no temporary file behind, and an existing file of that name intact; a
// batch records the shot as an error and goes on.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace write_faults_test {

namespace {

namespace fs = std::filesystem;
using fixtures::runMorphview;

// Past the limit a PNG of the face cannot be written, while an error line on stderr can.
constexpr rlim_t kFullDisk = 4096;

std::string face() {
    return (fs::path(MORPHVIEW_SOURCE_DIR) / "assets" / "face.glb").string();
}

// The lines of stderr that are not the model's warnings.
std::vector<std::string> errorLines(const std::string& err) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < err.size()) {
        size_t end = err.find('\n', start);
        if (end == std::string::npos) end = err.size();
        const std::string line = err.substr(start, end - start);
        if (!line.empty() && line.rfind("warning: ", 0) != 0) lines.push_back(line);
        start = end + 1;
    }
    return lines;
}

void expectOneLineNaming(const fixtures::RunOutcome& run, const std::string& file) {
    EXPECT_EQ(run.exitCode, 1) << run.err;
    const std::vector<std::string> lines = errorLines(run.err);
    ASSERT_EQ(lines.size(), 1u) << run.err;
    EXPECT_NE(lines[0].find(file), std::string::npos) << lines[0];
}

// No "NAME.tmp-XXXXXX" left in the folder.
void expectNoTemporaries(const std::string& folder) {
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos)
            << entry.path();
    }
}

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A command writing `file`, run in the three faults (the full disk only with `fullDisk`).
void checkFaults(const std::vector<std::string>& before, const std::string& file,
                 const std::vector<std::string>& after = {}, bool fullDisk = true) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string out = dir + "/" + file;
    auto args = [&](const std::string& path) {
        std::vector<std::string> a = before;
        a.push_back(path);
        a.insert(a.end(), after.begin(), after.end());
        return a;
    };
    {
        SCOPED_TRACE("a directory in the way");
        fs::create_directory(out);
        expectOneLineNaming(runMorphview(args(out)), out);
        EXPECT_TRUE(fs::is_directory(out));
        fs::remove(out);
    }
    {
        SCOPED_TRACE("a folder that does not exist");
        const std::string missing = dir + "/gone/" + file;
        expectOneLineNaming(runMorphview(args(missing)), missing);
        EXPECT_FALSE(fs::exists(dir + "/gone"));
    }
    if (fullDisk) {
        SCOPED_TRACE("a full disk");
        std::ofstream(out) << "the file from before";
        expectOneLineNaming(runMorphview(args(out), {}, {}, "", kFullDisk), out);
        EXPECT_EQ(readText(out), "the file from before");
        expectNoTemporaries(dir);
    }
}

TEST(WriteFaults, Capture) {
    checkFaults({"capture", face(), "--size", "256x256", "--out"}, "face.png");
}

TEST(WriteFaults, Thumbnail) {
    // 600 s: this test is not about the time limit, and a loaded machine under the sanitizers must
    // never trip the 20 s default.
    checkFaults({"thumbnail", face()}, "face.png", {"--size", "128", "--timeout", "600"});
}

TEST(WriteFaults, AuditJunit) {
    checkFaults({"audit", face(), "--junit"}, "audit.xml");
}

// The face's names are ARKit's already: its map is "{}", smaller than any limit that leaves room
// for the error line, so the full disk is left to the JUnit file above (the same atomic write).
TEST(WriteFaults, AuditRenameMap) {
    checkFaults({"audit", face(), "--write-rename"}, "names.json", {}, false);
}

// Two shots of the face at 64 x 64, "blocked" and "fine".
void writeTwoShots(const std::string& path) {
    std::ofstream(path) << nlohmann::json::array(
                               {{{"name", "blocked"}, {"model", face()}, {"size", "64x64"}},
                                {{"name", "fine"}, {"model", face()}, {"size", "64x64"}}})
                               .dump();
}

// capture --shots: the shot whose file cannot be written is an error in the report, the next one
// is written all the same.
TEST(WriteFaults, ShotsBatchGoesOn) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = dir + "/shots.json";
    writeTwoShots(shots);
    const std::string out = dir + "/out";
    fs::create_directories(out + "/blocked.png");
    const fixtures::RunOutcome run =
        runMorphview({"capture", "--shots", shots, "--out-dir", out, "--json"});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_TRUE(fs::is_regular_file(out + "/fine.png"));
    EXPECT_TRUE(fs::is_directory(out + "/blocked.png"));
    EXPECT_NE(run.out.find("blocked.png"), std::string::npos) << run.out;
}

// capture --shots on a full disk: every shot is an error naming its file, the batch tries each
// one, a picture already under a shot's name is intact, and no temporary file is left.
TEST(WriteFaults, ShotsBatchOnAFullDisk) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = dir + "/shots.json";
    writeTwoShots(shots);
    const std::string out = dir + "/out";
    fs::create_directories(out);
    std::ofstream(out + "/fine.png") << "the file from before";
    // A 64 x 64 shot is about 3 KiB: past 1 KiB none fits, while the JSON and error lines do.
    const fixtures::RunOutcome run =
        runMorphview({"capture", "--shots", shots, "--out-dir", out, "--json"}, {}, {}, "", 1024);
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.out.find("blocked.png"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("fine.png"), std::string::npos) << run.out;
    EXPECT_EQ(readText(out + "/fine.png"), "the file from before");
    EXPECT_FALSE(fs::exists(out + "/blocked.png"));
    expectNoTemporaries(out);
}

// regress: a shot whose picture cannot be written is an error row; the others are compared, and
// the report is written.
TEST(WriteFaults, RegressRecordsTheShotAndGoesOn) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = dir + "/shots.json";
    writeTwoShots(shots);
    const std::string refs = dir + "/refs";
    runMorphview({"regress", shots, "--references", refs, "--out", dir + "/first", "--update"});
    ASSERT_TRUE(fs::is_regular_file(refs + "/fine.png"));
    const std::string out = dir + "/out";
    fs::create_directories(out + "/blocked.png");
    const fixtures::RunOutcome run =
        runMorphview({"regress", shots, "--references", refs, "--out", out});
    EXPECT_EQ(run.exitCode, 3) << run.err;  // an error row: exit 3, above a difference's 1
    const nlohmann::json report = nlohmann::json::parse(readText(out + "/report.json"));
    ASSERT_EQ(report["shots"].size(), 2u) << report.dump();
    for (const nlohmann::json& shot : report["shots"]) {
        EXPECT_EQ(shot["status"], shot["name"] == "fine" ? "pass" : "error") << shot.dump();
    }
}

}  // namespace

}  // namespace write_faults_test
