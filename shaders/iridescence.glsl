// KHR_materials_iridescence's thin-film Fresnel: Belcour and Barla (2017), "A Practical
// Extension to Microfacet Theory for the Modeling of Varying Iridescence", in the approximation
// the extension's implementation notes give and the Khronos Sample Renderer's iridescence.glsl
// evaluates: Schlick Fresnel at both interfaces (outside -> film, film -> base) in place of the
// polarised Fresnel equations, phase shifts of 0 or pi, and the spectral integral of the first
// two interference orders done analytically against Gaussian fits of the CIE XYZ sensitivities,
// then taken to linear Rec. 709. Needs layers.glsl's iorToF0 family and lighting.glsl's PI.
#ifdef MV_MATERIAL_IRIDESCENCE

// CIE XYZ to linear Rec. 709 (sRGB primaries, D65), column-major as GLSL reads it.
const mat3 kXyzToRec709 = mat3(3.2404542, -0.9692660, 0.0556434, -1.5371385, 1.8760108,
                               -0.2040259, -0.4985314, 0.0415560, 1.0572252);

float squared(float x) { return x * x; }
vec3 squared(vec3 x) { return x * x; }

// The index whose normal-incidence reflectance against air is f0.
vec3 f0ToIor(vec3 f0) {
    const vec3 s = sqrt(f0);
    return (1.0 + s) / (1.0 - s);
}

// Normal-incidence reflectance of the interface from `incident` into `transmitted`.
vec3 interfaceF0(vec3 transmitted, float incident) {
    return squared((transmitted - incident) / (transmitted + incident));
}
float interfaceF0(float transmitted, float incident) {
    return squared((transmitted - incident) / (transmitted + incident));
}

// The XYZ sensitivity's Fourier transform at optical path difference `opd` (nm) with phase
// `shift`, in Rec. 709: Belcour and Barla's Gaussian fit (three lobes, a second for X).
vec3 filmSensitivity(float opd, vec3 shift) {
    const float phase = 2.0 * PI * opd * 1.0e-9;
    const vec3 val = vec3(5.4856e-13, 4.4201e-13, 5.2481e-13);
    const vec3 pos = vec3(1.6810e+06, 1.7953e+06, 2.2084e+06);
    const vec3 var = vec3(4.3278e+09, 9.3046e+09, 6.6121e+09);
    vec3 xyz = val * sqrt(2.0 * PI * var) * cos(pos * phase + shift) * exp(-squared(phase) * var);
    xyz.x += 9.7470e-14 * sqrt(2.0 * PI * 4.5282e+09) * cos(2.2399e+06 * phase + shift.x) *
             exp(-4.5282e+09 * squared(phase));
    return kXyzToRec709 * (xyz / 1.0685e-7);
}

// The reflectance of a film of index `filmIor` and `thickness` nm over a base whose
// normal-incidence reflectance is `baseF0`, seen from a medium of `outsideIor` at cos(theta) =
// `cosTheta1`. The film's index fades to the outside's over its first 0.03 nm, so a film of
// thickness 0 is no interface at all (the Sample Renderer's smoothstep).
vec3 iridescenceFresnel(float outsideIor, float filmIor, float cosTheta1, float thickness,
                        vec3 baseF0) {
    const float eta2 = mix(outsideIor, filmIor, smoothstep(0.0, 0.03, thickness));
    // Snell's law into the film; past the critical angle everything is reflected.
    const float sinTheta2Sq = squared(outsideIor / eta2) * (1.0 - squared(cosTheta1));
    const float cosTheta2Sq = 1.0 - sinTheta2Sq;
    if (cosTheta2Sq < 0.0) return vec3(1.0);
    const float cosTheta2 = sqrt(cosTheta2Sq);

    // Outside -> film.
    const float r0 = interfaceF0(eta2, outsideIor);
    const float r12 = r0 + (1.0 - r0) * pow(1.0 - cosTheta1, 5.0);
    const float t121 = 1.0 - r12;
    const float phi12 = eta2 < outsideIor ? PI : 0.0;
    const float phi21 = PI - phi12;

    // Film -> base; the base's index from its F0 (kept below 1, whose index is infinite). For
    // a metal this drops the extinction coefficient, as the extension's notes accept.
    const vec3 baseIor = f0ToIor(clamp(baseF0, 0.0, 0.9999));
    const vec3 r1 = interfaceF0(baseIor, eta2);
    const vec3 r23 = r1 + (1.0 - r1) * pow(1.0 - cosTheta2, 5.0);
    const vec3 phi23 = mix(vec3(0.0), vec3(PI), lessThan(baseIor, vec3(eta2)));

    // The first order's optical path difference, and the series of interference orders.
    const float opd = 2.0 * eta2 * thickness * cosTheta2;
    const vec3 phi = phi21 + phi23;
    const vec3 r123 = clamp(r12 * r23, 1e-5, 0.9999);
    const vec3 rs = squared(t121) * r23 / (1.0 - r123);
    vec3 reflectance = r12 + rs;
    vec3 cm = rs - t121;
    for (int m = 1; m <= 2; ++m) {
        cm *= sqrt(r123);
        reflectance += cm * 2.0 * filmSensitivity(float(m) * opd, float(m) * phi);
    }
    return max(reflectance, vec3(0.0));
}

#endif
