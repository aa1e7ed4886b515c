// KHR_materials_variants drawn, through renderer::Capturer as `capture` draws
// it: a variant recolours exactly the primitives it maps, the default draws the file's default
// materials, and a variant by index draws as the same variant by name. Fixture:
// tests/fixtures/VariantFixtures.h (primitive 0, the left cube, is grey by default, red in "Red"
// and blue in "Blue"; primitive 1, the right cube, is green and never mapped).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "GlFixture.h"
#include "fixtures/VariantFixtures.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/scene/Capture.h"

namespace variants_gl_test {

namespace {

using testing::HasSubstr;

constexpr int kSize = 256;

glm::ivec3 pixel(const morph::RgbaImage& image, int x, int y) {
    const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
}

// Channel c exceeds both others by 40 levels: a lit cube of that colour.
bool dominant(const glm::ivec3& p, int c) {
    return p[c] > p[(c + 1) % 3] + 40 && p[c] > p[(c + 2) % 3] + 40;
}

struct Counts {
    int red = 0, green = 0, blue = 0;
    int redRight = 0, blueRight = 0;  // in the right half, where only the green cube is
    int greyLeft = 0;  // neither dominant nor the #2e3036 background, in the left half
};

Counts count(const morph::RgbaImage& image) {
    Counts c;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const glm::ivec3 p = pixel(image, x, y);
            const bool right = x >= image.width / 2;
            c.red += dominant(p, 0);
            c.green += dominant(p, 1);
            c.blue += dominant(p, 2);
            c.redRight += right && dominant(p, 0);
            c.blueRight += right && dominant(p, 2);
            const bool bg =
                std::abs(p.r - 46) <= 3 && std::abs(p.g - 48) <= 3 && std::abs(p.b - 54) <= 3;
            c.greyLeft += !right && !bg && !dominant(p, 0) && !dominant(p, 1) && !dominant(p, 2);
        }
    }
    return c;
}

// Pixels that differ between a and b, and how many of them lie in the right half.
std::pair<int, int> differences(const morph::RgbaImage& a, const morph::RgbaImage& b) {
    int all = 0, right = 0;
    for (int y = 0; y < a.height; ++y) {
        for (int x = 0; x < a.width; ++x) {
            if (pixel(a, x, y) == pixel(b, x, y)) continue;
            ++all;
            right += x >= a.width / 2;
        }
    }
    return {all, right};
}

class VariantsGLTest : public fixtures::GlTest {
protected:
    void SetUp() override {
        fixtures::GlTest::SetUp();
        auto scene = morph::importGltfMemory(fixtures::variantsFixture(), "variants.glb", "");
        ASSERT_TRUE(scene.ok()) << scene.error().message;
        auto gpu = renderer::GpuScene::upload(*scene);
        ASSERT_TRUE(gpu.ok()) << gpu.error().message;
        mGpu = std::move(gpu).value();
        auto capturer = renderer::Capturer::create();
        ASSERT_TRUE(capturer.ok()) << capturer.error().message;
        mCapturer = std::move(capturer).value();
    }

    morph::Result<morph::RgbaImage> shoot(const std::string& variant) {
        renderer::ShotSpec shot;
        shot.width = shot.height = kSize;
        shot.camera = renderer::CameraView{};  // front
        // The three-light rig: no environment to prefilter, and saturated colours stay apart.
        shot.environment = nullptr;
        // Resolved as the command line resolves --variant: by name, else by index.
        auto index = morph::findVariant(mGpu.layout(), variant);
        if (!index) return index.error();
        shot.variant = *index;
        return mCapturer.capture(mGpu, shot);
    }

    renderer::GpuScene mGpu;
    renderer::Capturer mCapturer;
};

TEST_F(VariantsGLTest, DefaultDrawsTheFileDefaultMaterials) {
    auto image = shoot("");
    ASSERT_TRUE(image.ok()) << image.error().message;
    const Counts c = count(*image);
    EXPECT_EQ(c.red, 0);
    EXPECT_EQ(c.blue, 0);
    EXPECT_GT(c.green, 1000);     // the unmapped cube
    EXPECT_GT(c.greyLeft, 1000);  // the mapped cube in its default grey
    auto named = shoot("default");
    ASSERT_TRUE(named.ok());
    EXPECT_EQ(named->pixels, image->pixels);
}

TEST_F(VariantsGLTest, VariantRecoloursExactlyTheMappedPrimitive) {
    auto base = shoot("");
    auto red = shoot("Red");
    auto blue = shoot("Blue");
    ASSERT_TRUE(base.ok() && red.ok() && blue.ok());
    const Counts r = count(*red);
    const Counts b = count(*blue);
    const Counts d = count(*base);
    EXPECT_GT(r.red, 1000);
    EXPECT_EQ(r.redRight, 0);  // only the left cube turned red
    EXPECT_EQ(r.blue, 0);
    EXPECT_LT(r.greyLeft, d.greyLeft / 10);  // ... all of it (edges may blend)
    EXPECT_GT(b.blue, 1000);
    EXPECT_EQ(b.blueRight, 0);
    EXPECT_EQ(b.red, 0);
    // The green cube is untouched: not one pixel of the right half changed.
    for (const morph::RgbaImage* image : {&*red, &*blue}) {
        const auto [all, right] = differences(*base, *image);
        EXPECT_GT(all, 1000);
        EXPECT_EQ(right, 0);
    }
    EXPECT_EQ(r.green, d.green);
    EXPECT_EQ(b.green, d.green);
}

TEST_F(VariantsGLTest, IndexDrawsAsTheName) {
    auto byName = shoot("Blue");
    auto byIndex = shoot("1");
    ASSERT_TRUE(byName.ok() && byIndex.ok());
    EXPECT_EQ(byName->pixels, byIndex->pixels);
    // Switching back and forth on one uploaded scene: the same pixels again.
    auto red = shoot("Red");
    auto again = shoot("Blue");
    ASSERT_TRUE(red.ok() && again.ok());
    EXPECT_NE(red->pixels, again->pixels);
    EXPECT_EQ(again->pixels, byName->pixels);
}

TEST_F(VariantsGLTest, UnknownVariantIsAnErrorListingTheVariants) {
    auto image = shoot("Gold");
    ASSERT_FALSE(image.ok());
    EXPECT_EQ(image.error().code, morph::ErrorCode::Usage);
    EXPECT_THAT(image.error().message,
                HasSubstr("--variant Gold: variants.glb has no such variant; its variants: "
                          "\"Red\", \"Blue\""));
}

}  // namespace

}  // namespace variants_gl_test
