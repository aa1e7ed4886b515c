#version 450 core
// One triangle over the whole target, at the far plane: the environment behind the model.
#include "lighting.glsl"

out vec3 vDirection;

void main() {
    const vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
    gl_Position = vec4(p, 1.0, 1.0);
    const vec4 nearPoint = uFrame.inverseViewProjection * vec4(p, -1.0, 1.0);
    const vec4 farPoint = uFrame.inverseViewProjection * vec4(p, 1.0, 1.0);
    vDirection = farPoint.xyz / farPoint.w - nearPoint.xyz / nearPoint.w;
}
