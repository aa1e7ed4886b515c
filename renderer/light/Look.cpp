#include "renderer/light/Look.h"

namespace renderer {

namespace {

constexpr const char* kToneMappingNames[] = {"neutral", "aces", "agx", "none"};

}  // namespace

morph::Result<ToneMapping> parseToneMapping(const std::string& text) {
    for (int i = 0; i < 4; ++i) {
        if (text == kToneMappingNames[i]) return ToneMapping(i);
    }
    return morph::Error{morph::ErrorCode::Usage,
                        "--tone-mapping: '" + text + "' is not neutral, aces, agx or none"};
}

const char* toneMappingName(ToneMapping toneMapping) {
    return kToneMappingNames[int(toneMapping)];
}

}  // namespace renderer
