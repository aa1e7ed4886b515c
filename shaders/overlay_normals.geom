#version 450 core
// One short line per morphed vertex along its morphed normal (drawn as GL_POINTS, so each vertex
// comes once whatever the index buffer says).
layout(points) in;
layout(line_strip, max_vertices = 2) out;

layout(location = MV_UNIFORM_VIEW_PROJECTION) uniform mat4 uViewProjection;
layout(location = MV_OVERLAY_NORMAL_LENGTH) uniform float uNormalLength;

in vec3 vWorld[];
in vec3 vWorldNormal[];
in float vDisplacement[];

out vec3 gWorldNormal;
out float gDisplacement;

void main() {
    const vec3 n = vWorldNormal[0];
    if (dot(n, n) == 0.0) return;  // no normal in the file: nothing to show
    const vec3 tip = vWorld[0] + normalize(n) * uNormalLength;
    gWorldNormal = n;
    gDisplacement = vDisplacement[0];
    gl_Position = uViewProjection * vec4(vWorld[0], 1.0);
    EmitVertex();
    gl_Position = uViewProjection * vec4(tip, 1.0);
    EmitVertex();
    EndPrimitive();
}
