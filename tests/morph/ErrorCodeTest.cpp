// Error codes (morph/Result.h): their names are what test messages and scripts match, so each
// code has one, and no two share one.
#include <cctype>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "morph/ErrorText.h"
#include "morph/Result.h"

namespace error_code_test {

namespace {

// The enumerators are 0..N-1; errorCodeName's switch names each (-Wswitch warns of a new one
// without a case) and falls back to "unknown" past the last.
constexpr int kCodeCount = 14;

TEST(ErrorCode, EveryCodeHasADistinctLowercaseName) {
    std::set<std::string> names;
    for (int i = 0; i < kCodeCount; ++i) {
        const std::string name = morph::errorCodeName(morph::ErrorCode(i));
        ASSERT_FALSE(name.empty()) << "code " << i;
        EXPECT_NE(name, "unknown") << "code " << i;
        for (const char c : name) {
            EXPECT_TRUE(std::islower(static_cast<unsigned char>(c)) || c == '-')
                << "code " << i << ": " << name;
        }
        EXPECT_TRUE(names.insert(name).second) << "code " << i << " repeats " << name;
    }
    EXPECT_EQ(names.size(), size_t(kCodeCount));
    // One past the last is not a code: a new code must raise kCodeCount (and get a name).
    EXPECT_STREQ(morph::errorCodeName(morph::ErrorCode(kCodeCount)), "unknown");
}

TEST(ErrorCode, NamesAreStable) {
    // Tests and scripts match these names: renaming one breaks them.
    EXPECT_STREQ(morph::errorCodeName(morph::ErrorCode::Io), "io");
    EXPECT_STREQ(morph::errorCodeName(morph::ErrorCode::OutOfBounds), "out-of-bounds");
    EXPECT_STREQ(morph::errorCodeName(morph::ErrorCode::BadReference), "bad-reference");
    EXPECT_STREQ(morph::errorCodeName(morph::ErrorCode::UriDenied), "uri-denied");
    EXPECT_STREQ(morph::errorCodeName(morph::ErrorCode::Gpu), "gpu");
}

TEST(ErrorCode, ResultAndStatusKeepTheCode) {
    const morph::Result<int> failed =
        morph::Error{morph::ErrorCode::Limit, "m.glb: 9 bytes is past the memory limit"};
    ASSERT_FALSE(failed);
    EXPECT_EQ(failed.error().code, morph::ErrorCode::Limit);
    EXPECT_EQ(failed.error().message, "m.glb: 9 bytes is past the memory limit");
    const morph::Status status = failed.error();
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code, morph::ErrorCode::Limit);
}

}  // namespace

}  // namespace error_code_test
