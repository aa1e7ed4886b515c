#version 450 core
// The overlay passes' colour: a flat colour (ghost, normals) or the heat ramp of the
// displacement, lit just enough (by how squarely the surface faces the camera) to keep its shape
// readable. Writes display values, like pbr.frag.
#ifdef MV_OVERLAY_FROM_GEOMETRY
in vec3 gWorldNormal;
in float gDisplacement;
#define NORMAL gWorldNormal
#define DISPLACEMENT gDisplacement
#else
in vec3 vWorld;
in vec3 vWorldNormal;
in float vDisplacement;
#define NORMAL vWorldNormal
#define DISPLACEMENT vDisplacement
#endif

layout(location = MV_OVERLAY_MODE) uniform int uMode;  // 0 flat colour, 1 heat
layout(location = MV_OVERLAY_COLOR) uniform vec4 uColor;
layout(location = MV_OVERLAY_HEAT_SCALE) uniform float uHeatScale;
layout(location = MV_OVERLAY_VIEW_DIRECTION) uniform vec3 uViewDirection;  // world, unit

out vec4 fragColor;

const vec3 kRamp[MV_HEAT_STOP_COUNT] = vec3[](MV_HEAT_STOPS);

vec3 heat(float t) {
    const float x = clamp(t, 0.0, 1.0) * float(MV_HEAT_STOP_COUNT - 1);
    const int i = min(int(floor(x)), MV_HEAT_STOP_COUNT - 2);
    return mix(kRamp[i], kRamp[i + 1], x - float(i));
}

void main() {
    if (uMode == 0) {
        fragColor = uColor;
        return;
    }
    const vec3 n = NORMAL;
    const float facing = dot(n, n) > 0.0 ? abs(dot(normalize(n), uViewDirection)) : 1.0;
    fragColor = vec4(heat(DISPLACEMENT / uHeatScale) * (0.45 + 0.55 * facing), 1.0);
}
