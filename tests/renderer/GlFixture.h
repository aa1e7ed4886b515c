#pragma once
// One headless GL 4.5 context (EGL, surfaceless, debug output on) per test process, and a
// fixture that asserts "no GL error" at the end of every case. A missing context fails the
// tests: they are never skipped.
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "renderer/gl/DriverHeap.h"
#include "renderer/gl/EglContext.h"
#include "renderer/gl/GlDebug.h"

namespace fixtures {

inline const morph::Result<renderer::EglContext>& sharedGlContext() {
    static morph::Result<renderer::EglContext> context = [] {
        renderer::keepFreedMemoryForTheDriver();  // as morphview's main() does
        renderer::ContextOptions options;
        options.debug = true;  // errors arrive through KHR_debug too, named by the driver
        return renderer::EglContext::create(options);
    }();
    return context;
}

class GlTest : public ::testing::Test {
protected:
    void SetUp() override {
        const auto& context = sharedGlContext();
        ASSERT_TRUE(context.ok()) << context.error().message;
        ASSERT_TRUE(context->makeCurrent().ok());
        // Start each case clean, so an error is charged to the case that caused it.
        renderer::glErrors();
        renderer::takeDebugErrors();
    }
    void TearDown() override {
        if (!sharedGlContext().ok()) return;
        const morph::Status status =
            renderer::checkGl(::testing::UnitTest::GetInstance()->current_test_info()->name());
        EXPECT_TRUE(status.ok()) << status.error().message;
    }
};

}  // namespace fixtures
