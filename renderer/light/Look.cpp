#include "renderer/light/Look.h"

namespace renderer {

namespace {

constexpr const char* kToneMappingNames[] = {"neutral", "aces", "agx", "none"};

}  // namespace

const char* toneMappingName(ToneMapping toneMapping) {
    return kToneMappingNames[int(toneMapping)];
}

}  // namespace renderer
