// The viewer's material variant across a reload (F5): remapState keeps it by
// display name, whatever index the variant has in the reloaded file, and falls back to the
// default materials when the reloaded file lacks it. No window: app/document only.
#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "fixtures/VariantFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace viewer_state_variants_test {

namespace {

using Json = nlohmann::json;

morph::Scene load(const Json& variants) {
    auto scene = morph::importGltfMemory(fixtures::variantsFixture(variants), "v.glb", "");
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    return scene.ok() ? std::move(scene).value() : morph::Scene{};
}

TEST(ViewerStateVariantsTest, ReloadKeepsTheVariantByName) {
    const morph::Scene before = load({{{"name", "Red"}}, {{"name", "Blue"}}});
    const morph::Scene swapped = load({{{"name", "Blue"}}, {{"name", "Red"}}});
    const morph::Scene renamed = load({{{"name", "Crimson"}}, {{"name", "Navy"}}});
    app::ViewerState state = app::makeViewerState(before);
    EXPECT_EQ(state.variant, -1);  // the file's default materials
    state.variant = 1;             // Blue
    EXPECT_EQ(app::remapState(state, before, swapped).variant, 0);
    EXPECT_EQ(app::remapState(state, before, before).variant, 1);
    EXPECT_EQ(app::remapState(state, before, renamed).variant, -1);
    state.variant = -1;
    EXPECT_EQ(app::remapState(state, before, swapped).variant, -1);
}

}  // namespace

}  // namespace viewer_state_variants_test
