// Display transform: tone mapping, then the sRGB transfer function.

// Khronos PBR Neutral (https://github.com/KhronosGroup/ToneMapping): linear below 0.76, then a
// soft shoulder. Chosen over ACES because it keeps base colours as authored (ACES shifts hues
// and darkens mid-tones, so a glTF "red 0.8" would not read as the artist's red).
vec3 toneMapPbrNeutral(vec3 color) {
    const float startCompression = 0.8 - 0.04;
    const float desaturation = 0.15;
    const float x = min(color.r, min(color.g, color.b));
    const float offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
    color -= offset;
    const float peak = max(color.r, max(color.g, color.b));
    if (peak < startCompression) return color;
    const float d = 1.0 - startCompression;
    const float newPeak = 1.0 - d * d / (peak + d - startCompression);
    color *= newPeak / peak;
    const float g = 1.0 - 1.0 / (desaturation * (peak - newPeak) + 1.0);
    return mix(color, vec3(newPeak), g);
}

// ACES filmic: Stephen Hill's fit of the RRT and ODT, between sRGB and the fit's space (the
// matrices fold in the RRT's saturation), after the 1/0.6 exposure boost three.js and the Khronos
// sample viewer apply so that mid-grey stays mid-grey.
vec3 toneMapAces(vec3 color) {
    const mat3 toFit = mat3(0.59719, 0.07600, 0.02840, 0.35458, 0.90834, 0.13383,
                            0.04823, 0.01566, 0.83777);
    const mat3 fromFit = mat3(1.60475, -0.10208, -0.00327, -0.53108, 1.10813, -0.07276,
                              -0.07367, -0.00605, 1.07602);
    const vec3 v = toFit * (color / 0.6);
    const vec3 a = v * (v + 0.0245786) - 0.000090537;
    const vec3 b = v * (0.983729 * v + 0.4329510) + 0.238081;
    return clamp(fromFit * (a / b), 0.0, 1.0);
}

// AgX (Troy Sobotka's, as Blender ships it; the constants are Filament's and three.js's): into
// Rec. 2020, the inset, a log2 encoding over -12.47 to +4.03 EV around mid-grey, the default
// contrast curve (a polynomial fit), the outset, back to linear sRGB.
vec3 toneMapAgx(vec3 color) {
    const mat3 srgbToRec2020 = mat3(0.6274, 0.0691, 0.0164, 0.3293, 0.9195, 0.0880,
                                    0.0433, 0.0113, 0.8956);
    const mat3 rec2020ToSrgb = mat3(1.6605, -0.1246, -0.0182, -0.5876, 1.1329, -0.1006,
                                    -0.0728, -0.0083, 1.1187);
    const mat3 inset = mat3(0.856627153315983, 0.137318972929847, 0.11189821299995,
                            0.0951212405381588, 0.761241990602591, 0.0767994186031903,
                            0.0482516061458583, 0.101439036467562, 0.811302368396859);
    const mat3 outset = mat3(1.1271005818144368, -0.1413297634984383, -0.14132976349843826,
                             -0.11060664309660323, 1.157823702216272, -0.11060664309660294,
                             -0.016493938717834573, -0.016493938717834257, 1.2519364065950405);
    const float minEv = -12.47393;
    const float maxEv = 4.026069;
    vec3 x = inset * (srgbToRec2020 * color);
    x = clamp((log2(max(x, vec3(1e-10))) - minEv) / (maxEv - minEv), 0.0, 1.0);
    const vec3 x2 = x * x;
    const vec3 x4 = x2 * x2;
    x = 15.5 * x4 * x2 - 40.14 * x4 * x + 31.96 * x4 - 6.868 * x2 * x + 0.4298 * x2 +
        0.1191 * x - 0.00232;
    x = pow(max(outset * x, vec3(0.0)), vec3(2.2));
    return clamp(rec2020ToSrgb * x, 0.0, 1.0);
}

// renderer::ToneMapping's numbering (renderer/light/Look.h).
vec3 toneMap(vec3 color, int mode) {
    if (mode == 1) return toneMapAces(color);
    if (mode == 2) return toneMapAgx(color);
    if (mode == 3) return clamp(color, 0.0, 1.0);
    return toneMapPbrNeutral(color);
}

// IEC 61966-2-1, the exact piecewise curve (the framebuffer is plain RGBA8).
vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    const vec3 low = c * 12.92;
    const vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(high, low, lessThanEqual(c, vec3(0.0031308)));
}
