// morph/io/Files: whole files read back as written, and the atomic write's promises (no temporary
// left behind, an old file intact after a failure, one-line errors naming the path).
#include <filesystem>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "fixtures/TestPaths.h"
#include "morph/io/Files.h"

namespace files_test {

namespace {

using testing::HasSubstr;
using testing::Not;

TEST(ReadFileBytes, ReadsEveryByteBack) {
    std::string dir = fixtures::scratchDir("ReadFileBytes.ReadsEveryByteBack");
    const std::vector<uint8_t> written = {0, 1, 2, 255, 0, 13, 10};
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/bytes", written.data(), written.size()));
    morph::Result<std::vector<uint8_t>> read = morph::readFileBytes(dir + "/bytes");
    ASSERT_TRUE(read.ok());
    EXPECT_EQ(*read, written);
}

TEST(ReadFileBytes, MissingFileNamesThePath) {
    std::string dir = fixtures::scratchDir("ReadFileBytes.MissingFile");
    morph::Result<std::vector<uint8_t>> read = morph::readFileBytes(dir + "/none");
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().code, morph::ErrorCode::Io);
    EXPECT_EQ(read.error().message, dir + "/none: cannot read (no such file or no permission)");
}

TEST(WriteFileAtomic, WritesAndReplaces) {
    std::string dir = fixtures::scratchDir("WriteFileAtomic.WritesAndReplaces");
    std::string path = dir + "/out.glb";
    ASSERT_TRUE(morph::writeFileAtomic(path, "old", 3));
    ASSERT_TRUE(morph::writeFileAtomic(path, "newer", 5));
    morph::Result<std::vector<uint8_t>> bytes = morph::readFileBytes(path);
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "newer");
    // Only the file itself: no temporary left behind.
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                            std::filesystem::directory_iterator()),
              1);
}

// The file gets the usual permissions under the process's umask (mkstemp makes it 0600), and
// the umask itself is left as it was.
TEST(WriteFileAtomic, PermissionsFollowTheUmask) {
    std::string dir = fixtures::scratchDir("WriteFileAtomic.PermissionsFollowTheUmask");
    const mode_t before = umask(027);
    const morph::Status s = morph::writeFileAtomic(dir + "/out.txt", "x", 1);
    const mode_t during = umask(before);
    ASSERT_TRUE(s);
    EXPECT_EQ(during, mode_t(027));
    const auto perms = std::filesystem::status(dir + "/out.txt").permissions();
    EXPECT_EQ(perms, std::filesystem::perms(0640));
}

TEST(WriteFileAtomic, MissingFolderFailsWithOneLine) {
    std::string dir = fixtures::scratchDir("WriteFileAtomic.MissingFolder");
    std::string path = dir + "/no/such/folder/out.glb";
    morph::Status s = morph::writeFileAtomic(path, "x", 1);
    ASSERT_FALSE(s);
    EXPECT_THAT(s.error().message, HasSubstr(path));
    EXPECT_THAT(s.error().message, HasSubstr("No such file"));
    EXPECT_THAT(s.error().message, Not(HasSubstr("\n")));
}

TEST(WriteFileAtomic, FailedRenameLeavesTheOldEntryAndNoTemporary) {
    // A directory in the way makes rename() fail even for root; what was there must survive.
    std::string dir = fixtures::scratchDir("WriteFileAtomic.FailedRename");
    std::string path = dir + "/taken";
    std::filesystem::create_directories(path + "/inside");
    morph::Status s = morph::writeFileAtomic(path, "x", 1);
    ASSERT_FALSE(s);
    EXPECT_THAT(s.error().message, HasSubstr("rename failed"));
    EXPECT_TRUE(std::filesystem::is_directory(path + "/inside"));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                            std::filesystem::directory_iterator()),
              1);
}

TEST(WriteFileAtomic, FolderThatIsAFileFails) {
    std::string dir = fixtures::scratchDir("WriteFileAtomic.FolderIsFile");
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/file", "x", 1));
    morph::Status s = morph::writeFileAtomic(dir + "/file/out.glb", "x", 1);
    ASSERT_FALSE(s);
    EXPECT_THAT(s.error().message, HasSubstr("Not a directory"));
}

TEST(MakeFolders, MakesTheParentsAndTakesAFolderThatIsThere) {
    std::string dir = fixtures::scratchDir("MakeFolders.Parents");
    ASSERT_TRUE(morph::makeFolders(dir + "/a/b/c"));
    EXPECT_TRUE(std::filesystem::is_directory(dir + "/a/b/c"));
    EXPECT_TRUE(morph::makeFolders(dir + "/a/b/c"));
}

TEST(MakeFolders, AFileInTheWayIsOneLineNamingTheFolder) {
    std::string dir = fixtures::scratchDir("MakeFolders.FileInTheWay");
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/file", "x", 1));
    morph::Status s = morph::makeFolders(dir + "/file/out");
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().code, morph::ErrorCode::Io);
    EXPECT_THAT(s.error().message, HasSubstr(dir + "/file/out: cannot create the folder ("));
    EXPECT_THAT(s.error().message, Not(HasSubstr("\n")));
}

}  // namespace

}  // namespace files_test
