// glTF URIs (morph/gltf/Uri.h): what the validator, the importer and File > Export share.
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "morph/gltf/Uri.h"

namespace uri_test {

namespace {

TEST(Uri, PercentDecodingKeepsWhatIsNotAnEscape) {
    EXPECT_EQ(morph::percentDecode("my%20file.bin"), "my file.bin");
    EXPECT_EQ(morph::percentDecode("%2e%2E/a"), "../a");
    EXPECT_EQ(morph::percentDecode("100%"), "100%");
    EXPECT_EQ(morph::percentDecode("a%2"), "a%2");
    EXPECT_EQ(morph::percentDecode("a%zz"), "a%zz");
}

TEST(Uri, FilesOutsideTheModelsFolderAreRecognisedAfterDecoding) {
    for (const char* inside : {"a.bin", "textures/skin.png", "my%20file.bin", "a..b/c", "./a"}) {
        EXPECT_FALSE(morph::uriLeavesFolder(inside)) << inside;
    }
    for (const char* outside :
         {"", "../a.bin", "a/../../b", "%2e%2e/a.bin", "/etc/passwd", "\\\\server\\share",
          "c:/a.bin", "file:///a.bin", "https://example.com/a.bin", "textures\\..\\..\\x"}) {
        EXPECT_TRUE(morph::uriLeavesFolder(outside)) << outside;
    }
}

TEST(Uri, DataUrisDecodeOrSayWhyNot) {
    morph::Result<std::vector<uint8_t>> hi =
        morph::dataUriBytes("data:application/octet-stream;base64,aGk=");
    ASSERT_TRUE(hi) << hi.error().message;
    EXPECT_EQ(*hi, (std::vector<uint8_t>{'h', 'i'}));
    morph::Result<std::vector<uint8_t>> empty = morph::dataUriBytes("data:;base64,");
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty->empty());

    morph::Result<std::vector<uint8_t>> plain = morph::dataUriBytes("data:text/plain,hi");
    ASSERT_FALSE(plain);
    EXPECT_EQ(plain.error().code, morph::ErrorCode::BadValue);  // a data: URI of another form
    EXPECT_EQ(plain.error().message, "data: URI is not base64");
    morph::Result<std::vector<uint8_t>> bad = morph::dataUriBytes("data:;base64,a-b_");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, morph::ErrorCode::Decode);
    EXPECT_EQ(bad.error().message, "data: URI holds characters outside base64");
}

}  // namespace

}  // namespace uri_test
