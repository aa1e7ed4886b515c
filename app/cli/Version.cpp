#include "app/cli/Version.h"

#include <algorithm>
#include <cstdio>

#include "app/cli/Commands.h"
#include "app/cli/JsonOut.h"
#include "renderer/gl/EglContext.h"

#ifndef MORPHVIEW_VERSION
#define MORPHVIEW_VERSION "unknown"
#endif
#ifndef MORPHVIEW_BUILD_TYPE
#define MORPHVIEW_BUILD_TYPE "unknown"
#endif

namespace app {

CommandResult printVersion(bool json) {
    if (!json) {
        return succeeded(
            std::printf("morphview %s (%s)\n", MORPHVIEW_VERSION, MORPHVIEW_BUILD_TYPE) > 0);
    }
    Json out;
    out["version"] = MORPHVIEW_VERSION;
    out["buildType"] = MORPHVIEW_BUILD_TYPE;
    auto context = renderer::EglContext::create();
    if (context) {
        const std::string description = context->description();  // "RENDERER / VERSION"
        out["renderer"] = description.substr(0, description.find(" / "));
        out["glVersion"] =
            description.substr(std::min(description.size(), description.find(" / ") + 3));
    } else {
        out["renderer"] = nullptr;
        out["rendererError"] = context.error().message;
    }
    return succeeded(std::printf("%s\n", out.dump().c_str()) > 0);
}

}  // namespace app
