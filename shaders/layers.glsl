// KHR_materials_ior, _specular, _clearcoat, _sheen, _iridescence and _transmission, combined as
// the Khronos glTF Sample Renderer's pbr.frag does (its material_info.glsl, brdf.glsl and
// ibl.glsl):
//   f0_dielectric = min(((ior - 1) / (ior + 1))^2 * specularColor, 1), specularWeight scales the
//   dielectric Fresnel (its F0 and F90); the dielectric and the metal are mixed by metallic,
//   then the clearcoat layer (GGX, F0 from the material's ior, F90 1, its own normal and
//   roughness) is mixed over the whole by clearcoat * Fresnel(clearcoat normal, view), emission
//   included. Sheen (Charlie, Estevez and Kulla 2017, as brdf.glsl there) is added over the
//   dielectric/metal mix, which it dims by 1 - max(sheen colour) * E (its directional albedo,
//   renderer/light/SheenAlbedo.h), before the coat. Under the environment the sheen is the
//   Sample Renderer's getIBLRadianceCharlie: the environment's Charlie-filtered cube
//   (GpuEnvironment::sheen()) along the reflection, at level sheen roughness x (levels - 1),
//   times the sheen colour and its Charlie LUT (renderer/light/SheenLut.h); under the rig's
//   analytic sky, which has no such cube, its irradiance around n times E. Iridescence
//   (iridescence.glsl's thin-film Fresnel, evaluated once at n . v for the dielectric's F0 and
//   for the base colour as the metal's) replaces the dielectric's Fresnel mix by
//   rgbMix(diffuse, specular, film Fresnel) and the metal's Fresnel by the film's, each mixed in
//   by the iridescence factor x texture R, under the environment and the punctual lights alike.
//   Transmission (transmission.glsl) replaces the diffuse lobe, by the transmission factor x
//   texture R, with the light through the surface, before the Fresnel mixes (the film's too)
//   take that diffuse, as the Sample Renderer's f_diffuse does. Only the variants with an
//   MV_MATERIAL_* compile this; the core program is the one of glTF 2.0 alone (pbr.frag's core
//   path), unchanged.
// Needs material.glsl, lighting.glsl and environment.glsl.
#if defined(MV_MATERIAL_SPECULAR) || defined(MV_MATERIAL_CLEARCOAT) || \
    defined(MV_MATERIAL_SHEEN) || defined(MV_MATERIAL_IRIDESCENCE) || \
    defined(MV_MATERIAL_TRANSMISSION)
#define MV_MATERIAL_LAYERED

struct Layers {
    vec3 f0Dielectric;
    float specularWeight;
    float clearcoat;           // 0: none
    float clearcoatRoughness;  // perceptual
    vec3 clearcoatNormal;
    vec3 clearcoatFresnel;  // F_Schlick(clearcoat F0, 1, clearcoat normal . v)
    vec3 sheenColor;        // 0: none
    float sheenRoughness;
    float iridescence;                  // 0: none
    vec3 iridescenceFresnelDielectric;  // the film over the dielectric's F0, at n . v
    vec3 iridescenceFresnelMetal;       // the film over the base colour as a metal's F0
    // KHR_materials_transmission (transmission.glsl): the share of the diffuse lobe replaced by
    // light through the surface, that light as the frame's transmission pass gives it (volume
    // attenuation applied), and per punctual light the light it sends through.
    float transmission;  // 0: none
    vec3 transmitted;
    vec3 lightTransmitted;
};

float maxOf(vec3 c) { return max(max(c.r, c.g), c.b); }

#ifdef MV_MATERIAL_SHEEN
float charlieDistribution(float sheenRoughness, float nDotH) {
    const float r = max(sheenRoughness, 0.000001);
    const float invR = 1.0 / (r * r);
    const float sin2h = max(1.0 - nDotH * nDotH, 0.0);
    return (2.0 + invR) * pow(sin2h, invR * 0.5) / (2.0 * PI);
}

float lambdaSheenFit(float x, float alphaG) {
    const float t = (1.0 - alphaG) * (1.0 - alphaG);
    const float a = mix(21.5473, 25.3245, t);
    const float b = mix(3.82987, 3.32435, t);
    const float c = mix(0.19823, 0.16801, t);
    const float d = mix(-1.97760, -1.27393, t);
    const float e = mix(-4.32054, -4.85967, t);
    return a / (1.0 + b * pow(x, c)) + d * x + e;
}

float lambdaSheen(float cosTheta, float alphaG) {
    return abs(cosTheta) < 0.5
               ? exp(lambdaSheenFit(cosTheta, alphaG))
               : exp(2.0 * lambdaSheenFit(0.5, alphaG) - lambdaSheenFit(1.0 - cosTheta, alphaG));
}

float sheenVisibility(float nDotL, float nDotV, float sheenRoughness) {
    const float r = max(sheenRoughness, 0.000001);
    const float alphaG = r * r;
    return clamp(1.0 / ((1.0 + lambdaSheen(nDotV, alphaG) + lambdaSheen(nDotL, alphaG)) *
                        (4.0 * nDotV * nDotL)),
                 0.0, 1.0);
}

// E(nDotV, roughness): the table's texel centres are at (i + 0.5) / size.
float sheenAlbedo(float nDotV, float sheenRoughness) {
    return texture(uSheenAlbedo, vec2(nDotV, sheenRoughness)).r;
}

// getIBLRadianceCharlie of the Sample Renderer's ibl.glsl.
vec3 environmentSheen(vec3 n, vec3 v, float nDotV, Layers layers) {
    const vec3 r = normalize(reflect(-v, n));
    const vec3 light = textureLod(uSheenEnvironment, toEnvironment(r),
                                  layers.sheenRoughness * uEnvironment.params.x).rgb *
                       uEnvironment.params.y;
    const float lut =
        texture(uSheenAlbedo, clamp(vec2(nDotV, layers.sheenRoughness), 0.0, 1.0)).g;
    return light * layers.sheenColor * lut;
}
#endif

float iorToF0(float ior) {
    const float r = (ior - 1.0) / (ior + 1.0);
    return r * r;
}

#ifdef MV_MATERIAL_IRIDESCENCE
// KHR_materials_iridescence's rgb_mix: the base dimmed by the largest of the layer's RGB
// weights, not by each (1 - weight per channel would tint it the complementary colour).
vec3 rgbMix(vec3 base, vec3 layer, vec3 weight) {
    return (1.0 - maxOf(weight)) * base + weight * layer;
}
#endif

// The Sample Renderer's getIBLGGXFresnel: environment.glsl's iblFresnel with the specular
// weight applied to the single and the multiple scattering.
vec3 iblFresnelWeighted(vec3 f0, float specularWeight, float roughness, float nDotV, vec2 fab) {
    const vec3 fr = max(vec3(1.0 - roughness), f0) - f0;
    const vec3 kS = f0 + fr * pow(1.0 - nDotV, 5.0);
    const vec3 fssEss = specularWeight * (kS * fab.x + fab.y);
    const float ems = 1.0 - (fab.x + fab.y);
    const vec3 fAverage = specularWeight * (f0 + (1.0 - f0) / 21.0);
    return fssEss + ems * fssEss * fAverage / (1.0 - fAverage * ems);
}

// imageBasedLight() of environment.glsl with the layers.
vec3 imageBasedLightLayered(vec3 baseColor, float metallic, float roughness, vec3 n, vec3 v,
                            float occlusion, Layers layers) {
    const float nDotV = clamp(dot(n, v), 0.0, 1.0);
    const vec2 fab = texture(uBrdfLut, clamp(vec2(nDotV, roughness), 0.0, 1.0)).rg;
    const vec3 specular = environmentSpecular(reflect(-v, n), roughness);
    vec3 diffuse = environmentIrradianceSh(n) * baseColor;
#ifdef MV_MATERIAL_TRANSMISSION
    // The Sample Renderer's getIBLVolumeRefraction: what comes through, less what the
    // dielectric's split-sum reflects, tinted by the base colour.
    const vec3 specularColor = layers.f0Dielectric * fab.x + fab.y;
    diffuse = mix(diffuse, (1.0 - specularColor) * layers.transmitted * baseColor,
                  layers.transmission);
#endif
    const vec3 dielectric =
        mix(diffuse, specular,
            iblFresnelWeighted(layers.f0Dielectric, layers.specularWeight, roughness, nDotV, fab));
    const vec3 metal = iblFresnel(baseColor, roughness, nDotV, fab) * specular;
#ifdef MV_MATERIAL_IRIDESCENCE
    vec3 color = mix(
        mix(dielectric, rgbMix(diffuse, specular, layers.iridescenceFresnelDielectric),
            layers.iridescence),
        mix(metal, specular * layers.iridescenceFresnelMetal, layers.iridescence), metallic);
#else
    vec3 color = mix(dielectric, metal, metallic);
#endif
#ifdef MV_MATERIAL_SHEEN
    color = environmentSheen(n, v, nDotV, layers) +
            color * (1.0 - maxOf(layers.sheenColor) * sheenAlbedo(nDotV, layers.sheenRoughness));
#endif
    const vec3 coat = environmentSpecular(reflect(-v, layers.clearcoatNormal),
                                          layers.clearcoatRoughness);
    color = mix(color, coat, layers.clearcoat * layers.clearcoatFresnel);
    return color * occlusion;
}

// ambientLight() of lighting.glsl (the rig's analytic sky) with the layers.
vec3 ambientLightLayered(vec3 baseColor, float metallic, float roughness, vec3 n, vec3 v,
                         float occlusion, Layers layers) {
    const float nDotV = clamp(abs(dot(n, v)), 1e-4, 1.0);
    vec3 diffuse = baseColor * (1.0 - metallic) * environmentIrradiance(n);
#ifdef MV_MATERIAL_TRANSMISSION
    const vec3 through = (1.0 - environmentBrdf(layers.f0Dielectric, roughness, nDotV)) *
                         layers.transmitted * baseColor;
    diffuse = mix(diffuse, through * (1.0 - metallic), layers.transmission);
#endif
    const vec3 f0 = mix(layers.f0Dielectric * layers.specularWeight, baseColor, metallic);
    const vec3 specular = environmentRadiance(reflect(-v, n), roughness) *
                          environmentBrdf(f0, roughness, nDotV) *
                          mix(layers.specularWeight, 1.0, metallic);
    vec3 color = diffuse + specular;
#ifdef MV_MATERIAL_IRIDESCENCE
    // The film's Fresnel in place of the analytic split sum's, as under the environment.
    const vec3 radiance = environmentRadiance(reflect(-v, n), roughness);
    vec3 filmDiffuse = baseColor * environmentIrradiance(n);
#ifdef MV_MATERIAL_TRANSMISSION
    filmDiffuse = mix(filmDiffuse, through, layers.transmission);
#endif
    const vec3 film = mix(rgbMix(filmDiffuse, radiance, layers.iridescenceFresnelDielectric),
                          radiance * layers.iridescenceFresnelMetal, metallic);
    color = mix(color, film, layers.iridescence);
#endif
#ifdef MV_MATERIAL_SHEEN
    const float e = sheenAlbedo(nDotV, layers.sheenRoughness);
    color = environmentIrradiance(n) * layers.sheenColor * e +
            color * (1.0 - maxOf(layers.sheenColor) * e);
#endif
    const vec3 coat =
        environmentRadiance(reflect(-v, layers.clearcoatNormal), layers.clearcoatRoughness);
    return mix(color, coat, layers.clearcoat * layers.clearcoatFresnel) * occlusion;
}

// One punctual light as the Sample Renderer's pbr.frag lights it.
vec3 directLightLayered(vec3 baseColor, float metallic, float alpha, vec3 n, vec3 v, vec3 l,
                        vec3 radiance, Layers layers) {
    const vec3 h = normalize(l + v);
    const float vDotH = clamp(dot(v, h), 0.0, 1.0);
    vec3 color = vec3(0.0);
    const float nDotL = clamp(dot(n, l), 0.0, 1.0);
#ifdef MV_MATERIAL_TRANSMISSION
    // Light from behind still comes through (the Sample Renderer's NdotL > 0 || NdotV > 0).
    const bool lit = nDotL > 0.0 || layers.transmission > 0.0;
#else
    const bool lit = nDotL > 0.0;
#endif
    if (lit) {
        const float nDotV = clamp(abs(dot(n, v)), 1e-4, 1.0);
        const float nDotH = clamp(dot(n, h), 0.0, 1.0);
        const vec3 f0 = layers.f0Dielectric * layers.specularWeight;
        const vec3 dielectricF =
            f0 + (vec3(layers.specularWeight) - f0) * pow(1.0 - vDotH, 5.0);
        const vec3 metalF = fresnelSchlick(baseColor, vDotH);
        vec3 diffuse = radiance * nDotL * baseColor / PI;
#ifdef MV_MATERIAL_TRANSMISSION
        diffuse = mix(diffuse, layers.lightTransmitted, layers.transmission);
#endif
        const vec3 specular = radiance * nDotL * distributionGgx(nDotH, alpha) *
                              visibilitySmithGgxCorrelated(nDotL, nDotV, alpha);
#ifdef MV_MATERIAL_IRIDESCENCE
        color = mix(mix(mix(diffuse, specular, dielectricF),
                        rgbMix(diffuse, specular, layers.iridescenceFresnelDielectric),
                        layers.iridescence),
                    mix(metalF * specular, specular * layers.iridescenceFresnelMetal,
                        layers.iridescence),
                    metallic);
#else
        color = mix(mix(diffuse, specular, dielectricF), metalF * specular, metallic);
#endif
#ifdef MV_MATERIAL_SHEEN
        const float sheenMax = maxOf(layers.sheenColor);
        const float scaling =
            min(1.0 - sheenMax * sheenAlbedo(nDotV, layers.sheenRoughness),
                1.0 - sheenMax * sheenAlbedo(nDotL, layers.sheenRoughness));
        const vec3 sheen = radiance * nDotL * layers.sheenColor *
                           charlieDistribution(layers.sheenRoughness, nDotH) *
                           sheenVisibility(nDotL, nDotV, layers.sheenRoughness);
        color = sheen + color * scaling;
#endif
    }
    if (layers.clearcoat > 0.0) {
        const vec3 cn = layers.clearcoatNormal;
        const float cDotL = clamp(dot(cn, l), 0.0, 1.0);
        const float cDotV = clamp(abs(dot(cn, v)), 1e-4, 1.0);
        const float cDotH = clamp(dot(cn, h), 0.0, 1.0);
        // The base's floor (pbr.frag): a mirror-smooth coat's lobe would collapse to a point.
        const float r = max(layers.clearcoatRoughness, 0.03);
        const float ca = r * r;
        const vec3 coat = radiance * cDotL * distributionGgx(cDotH, ca) *
                          visibilitySmithGgxCorrelated(cDotL, cDotV, ca);
        color = mix(color, coat, layers.clearcoat * layers.clearcoatFresnel);
    }
    return color;
}

#endif
