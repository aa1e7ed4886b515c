// `morphview diff --html DIR` (headless EGL): index.html with a row per target, worst first, the
// rows that are not the same with their pictures beside the page (the target at weight 1 in A and
// in B, the drift's heat map), an added target with no picture of A; the exit code as without
// --html; and a page without pictures when nothing changed.
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/AuditFixtures.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"

namespace diff_page_test {

namespace {

namespace fs = std::filesystem;
using fixtures::Rig;
using fixtures::writeRig;

TEST(DiffPage, ChangedRowsComeFirstWithTheirPictures) {
    const std::string dir = fixtures::caseScratchDir();
    const Rig rig = fixtures::auditRig();
    Rig other = rig;
    for (glm::vec3& d : fixtures::rigTarget(other, 0, "jawOpen").positions) d *= 1.5f;
    fixtures::rigTarget(other, 0, "browInnerUp").name = "cheekPuff";
    fixtures::rigTarget(other, 1, "browInnerUp").name = "cheekPuff";
    for (glm::vec3& d : fixtures::rigTarget(other, 0, "cheekPuff").positions) d = {d.y, 0, 0};
    const std::string a = writeRig(rig, dir, "a.glb"), b = writeRig(other, dir, "b.glb");
    const std::string html = dir + "/page";
    const fixtures::RunOutcome run = fixtures::runMorphview({"diff", a, b, "--html", html});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    const std::string page = fixtures::readWholeFile(html + "/index.html");
    ASSERT_FALSE(page.empty());
    // Seven rows (jawOpen changed, browInnerUp removed, cheekPuff added, four the same): the
    // three that are not the same first, the largest drift first.
    size_t rows = 0;
    for (size_t at = page.find("class=\"target\""); at != std::string::npos;
         at = page.find("class=\"target\"", at + 1))
        ++rows;
    EXPECT_EQ(rows, 7u);
    const size_t firstSame = page.find("class=\"target\" data-status=\"same\"");
    for (const char* status : {"changed", "removed", "added"}) {
        const size_t at = page.find(std::string("class=\"target\" data-status=\"") + status);
        ASSERT_NE(at, std::string::npos) << status;
        EXPECT_LT(at, firstSame) << status;
    }
    int pictures = 0;
    for (const auto& entry : fs::directory_iterator(html)) {
        if (entry.path().extension() != ".png") continue;
        ++pictures;
        auto image = morph::readImageFile(entry.path().string());
        ASSERT_TRUE(image.ok()) << entry.path();
        EXPECT_EQ(image->width, 256);
        EXPECT_NE(page.find(entry.path().filename().string()), std::string::npos) << entry.path();
    }
    EXPECT_EQ(pictures, 3 + 2 + 2);  // changed: A, B, drift; removed: A, drift; added: B, drift
}

TEST(DiffPage, NothingChangedIsAPageWithoutPictures) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string a = writeRig(fixtures::auditRig(), dir, "a.glb");
    const std::string html = dir + "/page";
    const fixtures::RunOutcome run = fixtures::runMorphview({"diff", a, a, "--html", html});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    const std::string page = fixtures::readWholeFile(html + "/index.html");
    EXPECT_NE(page.find("6 targets, worst first"), std::string::npos);
    EXPECT_EQ(page.find("<img"), std::string::npos);
}

}  // namespace

}  // namespace diff_page_test
