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

// IEC 61966-2-1, the exact piecewise curve (the framebuffer is plain RGBA8).
vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    const vec3 low = c * 12.92;
    const vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(high, low, lessThanEqual(c, vec3(0.0031308)));
}
