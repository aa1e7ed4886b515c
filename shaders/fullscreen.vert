#version 450 core
// One triangle over the whole target at the far plane, no attributes: the deferred resolve
// (pbr.frag's MV_RESOLVE), which the scissor and the stencil test limit to one material's
// pixels.
void main() {
    const vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
    gl_Position = vec4(p, 1.0, 1.0);
}
