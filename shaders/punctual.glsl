// KHR_lights_punctual for one light of LightBlock: the radiance reaching a point and the
// direction towards the light, with the extension's attenuation (its implementation notes, as
// the Khronos glTF Sample Viewer implements them). Needs lighting.glsl's LightBlock.

// Range attenuation: inverse square, windowed to zero at `range` (0: unlimited) so a light's
// influence ends smoothly there: clamp(1 - (d / range)^4, 0, 1) / d^2.
float rangeAttenuation(float range, float distance) {
    const float d2 = max(distance * distance, 1e-8);
    if (range <= 0.0) return 1.0 / d2;
    const float ratio = distance / range;
    return clamp(1.0 - ratio * ratio * ratio * ratio, 0.0, 1.0) / d2;
}

// Spot attenuation: the extension's notes, no smoothstep: saturate(cd * scale + offset)^2,
// cd the cosine between the spot's axis and the direction from the light to the point; scale
// and offset come from the cone angles (renderer/scene/Lights.cpp).
float spotAttenuation(PunctualLight light, vec3 towardsLight) {
    const float cd = dot(light.directionRange.xyz, -towardsLight);
    const float a = clamp(cd * light.cone.x + light.cone.y, 0.0, 1.0);
    return a * a;
}

// The radiance `light` sends to `position`, and in `l` the unit direction towards it.
vec3 punctualRadiance(PunctualLight light, vec3 position, out vec3 l) {
    const int type = int(light.positionType.w);
    if (type == MV_LIGHT_DIRECTIONAL) {
        l = -light.directionRange.xyz;
        return light.color.rgb;
    }
    const vec3 toLight = light.positionType.xyz - position;
    const float distance = length(toLight);
    l = distance > 0.0 ? toLight / distance : vec3(0.0, 0.0, 1.0);
    float attenuation = rangeAttenuation(light.directionRange.w, distance);
    if (type == MV_LIGHT_SPOT) attenuation *= spotAttenuation(light, l);
    return light.color.rgb * attenuation;
}
