// The core metallic-roughness surface (no KHR_materials_* layer) under the frame's light, in
// linear radiance before exposure: the environment (or the rig's sky) and the punctual lights.
// pbr.frag's forward variants and its deferred resolve (MV_RESOLVE) both call it. Needs
// lighting.glsl, environment.glsl and punctual.glsl.
vec3 surfaceRadiance(vec3 baseColor, float metallic, float roughness, float occlusion, vec3 n,
                     vec3 position) {
    SurfaceBrdf s;
    s.diffuseColor = baseColor * (1.0 - metallic);
    s.f0 = mix(vec3(0.04), baseColor, metallic);
    s.alpha = roughness * roughness;
    const vec3 v = normalize(uFrame.cameraPosition.xyz - position);
    vec3 color = imageBasedLighting()
                     ? imageBasedLight(baseColor, metallic, roughness, n, v, occlusion)
                     : ambientLight(s, roughness, n, v, occlusion);
    for (int i = 0; i < punctualLightCount(); ++i) {
        vec3 l;
        const vec3 radiance = punctualRadiance(uLights.punctual[i], position, l);
        color += directLight(s, n, v, l, radiance);
    }
    return color;
}

// The frame's tone mapping: fixed in a variant that fixes the light (MV_FIXED_LIGHT), so only that
// curve is compiled.
int toneMappingMode() {
#ifdef MV_FIXED_LIGHT
    return MV_FIXED_TONE_MAPPING;
#else
    return int(uFrame.display.y);
#endif
}

// What the target shows of linear radiance: exposure (which scales everything the camera sees,
// emission included, as in the reference viewers), tone mapping, the sRGB encoding.
vec3 displayValue(vec3 radiance) {
    return linearToSrgb(toneMap(radiance * uFrame.display.x, toneMappingMode()));
}
