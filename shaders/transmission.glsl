// KHR_materials_transmission and KHR_materials_volume as the Khronos glTF Sample Renderer draws
// them (its ibl.glsl getIBLVolumeRefraction, punctual.glsl getPunctualRadianceTransmission and
// functions.glsl): the light behind a surface is what the frame's transmission pass drew there
// (the opaque primitives, in linear radiance, with mipmaps; renderer/pass/TransmissionPass), read where the
// refracted view ray leaves the volume, projected to the screen, at a level that grows with the
// roughness. Thin-walled (no volume, thickness 0): the ray leaves where it entered. Through a
// volume the ray runs `thickness` (in the mesh's units, so scaled by the node's scale) and is
// attenuated by Beer-Lambert: attenuationColor ^ (distance / attenuationDistance).
// Needs material.glsl, lighting.glsl, punctual.glsl and layers.glsl's iorToF0.
#ifdef MV_MATERIAL_TRANSMISSION

layout(location = MV_UNIFORM_MODEL) uniform mat4 uModel;
layout(location = MV_UNIFORM_VIEW_PROJECTION) uniform mat4 uViewProjection;

// The Sample Renderer's applyIorToRoughness: an ior of 1 bends nothing, so nothing blurs;
// from 1.5 on the full roughness.
float applyIorToRoughness(float roughness, float ior) {
    return roughness * clamp(ior * 2.0 - 2.0, 0.0, 1.0);
}

// The path through the volume, in world space. KHR_materials_ior allows an ior of 0, which
// refract() cannot take: it bends like 1 (no bending) here.
vec3 volumeTransmissionRay(vec3 n, vec3 v, float thickness, float ior) {
    const vec3 refracted = refract(-v, normalize(n), 1.0 / max(ior, 1.0));
    const vec3 scale =
        vec3(length(uModel[0].xyz), length(uModel[1].xyz), length(uModel[2].xyz));
    return normalize(refracted) * thickness * scale;
}

// Beer-Lambert. A distance of 0 in the block means none (+inf in the file); a path of 0 (thin
// walls, or a thickness texture of 0) attenuates nothing, without GLSL's undefined pow(0, 0).
vec3 volumeAttenuation(vec3 radiance, float distance) {
    const float attenuationDistance = uMaterial.transmission.z;
    if (attenuationDistance == 0.0 || distance <= 0.0) return radiance;
    return pow(uMaterial.attenuationColor.rgb, vec3(distance / attenuationDistance)) * radiance;
}

// The light that comes through the surface at `position` towards the eye, attenuated.
vec3 transmittedLight(vec3 n, vec3 v, float perceptualRoughness, float ior, float thickness,
                      vec3 position) {
    const vec3 ray = volumeTransmissionRay(n, v, thickness, ior);
    const vec4 clip = uViewProjection * vec4(position + ray, 1.0);
    const vec2 uv = clip.xy / clip.w * 0.5 + 0.5;
    const float lod = log2(float(textureSize(uTransmissionFramebuffer, 0).x)) *
                      applyIorToRoughness(perceptualRoughness, ior);
    return volumeAttenuation(textureLod(uTransmissionFramebuffer, uv, lod).rgb, length(ray));
}

// One punctual light through the surface: the GGX lobe around l mirrored to the far side, with
// the light's direction taken from where the ray leaves the volume. `radiance` is what reaches
// the surface (punctualRadiance).
vec3 punctualTransmitted(PunctualLight light, vec3 radiance, vec3 n, vec3 v, float alpha,
                         vec3 f0, vec3 baseColor, float ior, float thickness, vec3 position) {
    const vec3 ray = volumeTransmissionRay(n, v, thickness, ior);
    const vec3 pointToLight = (int(light.positionType.w) == MV_LIGHT_DIRECTIONAL
                                   ? -light.directionRange.xyz
                                   : light.positionType.xyz - position) -
                              ray;
    const vec3 l = normalize(pointToLight);
    // The floor of pbr.frag's roughness: an ior of 1 would make the lobe a point (0 / 0).
    const float a = max(applyIorToRoughness(alpha, ior), 0.03 * 0.03);
    const vec3 mirrored = normalize(l + 2.0 * n * dot(-l, n));
    const vec3 h = normalize(mirrored + v);
    const float d = distributionGgx(clamp(dot(n, h), 0.0, 1.0), a);
    const vec3 f = fresnelSchlick(f0, clamp(dot(v, h), 0.0, 1.0));
    const float vis = visibilitySmithGgxCorrelated(clamp(dot(n, mirrored), 0.0, 1.0),
                                                   clamp(dot(n, v), 0.0, 1.0), a);
    return volumeAttenuation(radiance * (1.0 - f) * baseColor * d * vis, length(ray));
}

#endif
