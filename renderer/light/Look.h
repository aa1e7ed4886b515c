#pragma once
// How light becomes a picture, beside the scene: the display transform (tone mapping) and what
// is drawn behind the model. The names are the command line's and the shot files'.
#include <string>

#include "morph/Result.h"

namespace renderer {

// Numbered as tonemap.glsl's toneMap() switches on them.
enum class ToneMapping {
    PbrNeutral = 0,  // "neutral": Khronos PBR Neutral, the default (keeps authored colours)
    Aces = 1,        // "aces": ACES filmic (Hill's RRT+ODT fit, with three.js's 1/0.6 boost)
    Agx = 2,         // "agx": AgX (Blender's, as Filament and three.js have it)
    None = 3,        // "none": clamped linear
};

// What fills the pixels the model does not cover.
enum class BackgroundMode {
    Color,        // the background colour (the default)
    Environment,  // the lighting environment, sharp
    Blurred,      // the lighting environment, as a rough surface would reflect it
};

// "neutral", "aces", "agx" or "none".
const char* toneMappingName(ToneMapping toneMapping);

}  // namespace renderer
