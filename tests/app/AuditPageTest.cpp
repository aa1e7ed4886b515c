// `morphview audit --html DIR`: the page's rows (flagged targets first), its three PNGs per row
// at the size the page says, a note instead of pictures for a dead target, exit codes as without
// --html, one line for a folder that cannot be made; and the page in a real browser (Debian's
// Chromium, headless, from the file system, as tests/app/RegressPageTest.cpp does): every image
// loads, names are escaped. The rows' order and escaping are checked on AuditPage alone too.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/audit/AuditPage.h"
#include "fixtures/AuditFixtures.h"
#include "fixtures/Chromium.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace audit_page_test {

namespace {

namespace fs = std::filesystem;
using fixtures::Rig;
using fixtures::writeRig;

// The rig with its blinks swapped (two `side` errors) and a target "cheekPuff" that moves
// nothing on either mesh (one `dead` error).
Rig defectiveRig() {
    Rig rig = fixtures::rigWithSwappedBlinks();
    for (fixtures::RigMesh& mesh : rig.meshes) {
        fixtures::RigTarget dead;
        dead.name = "cheekPuff";
        dead.positions.assign(mesh.positions.size(), glm::vec3(0.0f));
        dead.normals = dead.positions;
        mesh.targets.push_back(dead);
    }
    return rig;
}

// A PNG's width and height from its IHDR chunk; {0, 0} when the file is not a PNG.
std::pair<uint32_t, uint32_t> pngSize(const std::string& path) {
    const std::string bytes = fixtures::readWholeFile(path);
    static const std::string kSignature = "\x89PNG\r\n\x1a\n";
    if (bytes.size() < 24 || bytes.compare(0, 8, kSignature) != 0 || bytes.compare(12, 4, "IHDR"))
        return {0, 0};
    auto be32 = [&](size_t at) {
        uint32_t v = 0;
        for (size_t i = 0; i < 4; ++i) v = (v << 8) | uint8_t(bytes[at + i]);
        return v;
    };
    return {be32(16), be32(20)};
}

size_t rowAt(const std::string& page, const std::string& target) {
    return page.find("data-target=\"" + target + "\"");
}

TEST(AuditPage, FlaggedRowsComeFirstWithThreePngsEachAndTheDeadOneANote) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(defectiveRig(), dir + "/rig.glb");
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"audit", model, "--html", dir + "/page"});
    EXPECT_EQ(run.exitCode, 1) << run.err;  // the findings, as without --html
    const std::string page = fixtures::readWholeFile(dir + "/page/index.html");
    ASSERT_FALSE(page.empty());
    // Errors first, in the file's target order; the clean targets after them.
    const size_t left = rowAt(page, "eyeBlinkLeft"), right = rowAt(page, "eyeBlinkRight");
    const size_t dead = rowAt(page, "cheekPuff"), jaw = rowAt(page, "jawOpen");
    ASSERT_NE(left, std::string::npos) << page;
    ASSERT_NE(jaw, std::string::npos) << page;
    EXPECT_LT(left, right);
    EXPECT_LT(right, dead);
    EXPECT_LT(dead, jaw);
    EXPECT_EQ(page.find("data-target=", 0), left) << "the first row is the first flagged target";
    EXPECT_NE(page.find("side</span> (error)"), std::string::npos) << "the finding is said";
    // row-000 is eyeBlinkLeft: three 256 x 256 PNGs, weight 1 unlike weight 0.
    for (const char* suffix : {"-w0.png", "-w1.png", "-heat.png"}) {
        const std::string png = dir + "/page/row-000" + suffix;
        EXPECT_EQ(pngSize(png), (std::pair<uint32_t, uint32_t>(256, 256))) << png;
        EXPECT_NE(page.find("row-000" + std::string(suffix)), std::string::npos);
    }
    EXPECT_NE(fixtures::readWholeFile(dir + "/page/row-000-w0.png"),
              fixtures::readWholeFile(dir + "/page/row-000-w1.png"));
    // The dead target (row 2) has a note and no pictures.
    EXPECT_FALSE(fs::exists(dir + "/page/row-002-w0.png"));
    EXPECT_NE(page.find("moves no vertex (dead)", dead), std::string::npos);
}

TEST(AuditPage, ExitCodesStayAndAFolderThatCannotBeMadeIsOneLine) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(fixtures::auditRig(), dir + "/clean.glb");
    const fixtures::RunOutcome clean =
        fixtures::runMorphview({"audit", model, "--html", dir + "/ok"});
    EXPECT_EQ(clean.exitCode, 0) << clean.err;
    EXPECT_TRUE(fs::exists(dir + "/ok/index.html"));
    std::ofstream(dir + "/file") << "a file, not a folder";
    const std::string bad = dir + "/file/page";
    const fixtures::RunOutcome run = fixtures::runMorphview({"audit", model, "--html", bad});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find(bad), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

TEST(AuditPage, OnlyThePageNeedsEgl) {
    // With no EGL vendor for libglvnd to load, no context can be made: the audit still runs,
    // and --html fails with one line.
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(defectiveRig(), dir + "/rig.glb");
    const std::vector<std::string> noEgl = {"__EGL_VENDOR_LIBRARY_FILENAMES=" + dir + "/none.json"};
    const fixtures::RunOutcome plain = fixtures::runMorphview({"audit", model}, {}, noEgl);
    EXPECT_EQ(plain.exitCode, 1) << plain.err;  // the findings
    EXPECT_NE(plain.out.find("eyeBlinkLeft"), std::string::npos) << plain.out;
    EXPECT_TRUE(plain.err.empty()) << plain.err;
    const fixtures::RunOutcome page =
        fixtures::runMorphview({"audit", model, "--html", dir + "/page"}, {}, noEgl);
    EXPECT_EQ(page.exitCode, 1);
    EXPECT_NE(page.err.find("EGL"), std::string::npos) << page.err;
    EXPECT_EQ(std::count(page.err.begin(), page.err.end(), '\n'), 1) << page.err;
}

TEST(AuditPage, RowsOrderBySeverityAndNamesAreEscaped) {
    app::audit::AuditRun run;
    run.model = "m.glb";
    run.targetNames = {"a", "b <&> \"c\"", "d", "e"};
    morph::Finding warning{"leak", morph::Severity::Warning, {"d"}, "face", "moves far"};
    morph::Finding error{"side", morph::Severity::Error, {"e"}, "face", "other side"};
    run.findings = {error, warning};
    const std::vector<app::audit::PageRow> rows = app::audit::pageRows(run);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0].target, "e");
    EXPECT_EQ(rows[1].target, "d");
    EXPECT_EQ(rows[2].target, "a");
    EXPECT_EQ(rows[3].target, "b <&> \"c\"");
    EXPECT_EQ(rows[0].pictures, "row-000");
    const std::string page = app::audit::auditPage(run, rows, {"llvmpipe", 256});
    EXPECT_EQ(page.find("b <&>"), std::string::npos);
    EXPECT_NE(page.find("b &lt;&amp;&gt; &quot;c&quot;"), std::string::npos);
}

TEST(AuditPage, ChromiumLoadsEveryImage) {
    ASSERT_FALSE(fixtures::findChromium().empty())
        << "chromium not on PATH (bash third_party/setup.sh)";
    const std::string dir = fixtures::caseScratchDir();
    Rig rig = defectiveRig();
    // A name the page must escape in HTML.
    fixtures::rigTarget(rig, 0, "browInnerUp").name = "brow <&> \"up\"";
    fixtures::rigTarget(rig, 1, "browInnerUp").name = "brow <&> \"up\"";
    const std::string model = writeRig(rig, dir + "/rig.glb");
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"audit", model, "--html", dir + "/page"});
    ASSERT_EQ(run.exitCode, 1) << run.err;

    const std::string dom = fixtures::dumpDom(dir + "/page/index.html", dir);
    ASSERT_FALSE(dom.empty());
    // 7 targets, the dead one without pictures: 6 rows of three.
    EXPECT_EQ(fixtures::domAttribute(dom, "data-targets"), "7") << dom;
    EXPECT_EQ(fixtures::domAttribute(dom, "data-images-total"), "18") << dom;
    EXPECT_EQ(fixtures::domAttribute(dom, "data-images-loaded"), "18") << dom;
    EXPECT_EQ(fixtures::domAttribute(dom, "data-images-failed"), "0") << dom;
    EXPECT_NE(dom.find("brow &lt;&amp;&gt; \"up\""), std::string::npos) << dom;
    EXPECT_LT(dom.find("eyeBlinkLeft"), dom.find("jawOpen"));
}

}  // namespace

}  // namespace audit_page_test
