// Crowds: N copies of a mesh in one instanced draw, instance k moved by offsets[k] in
// world space (after the node transform) and morphed with weight row k (morph.glsl reads the row
// through gl_InstanceID). Without instancing (uInstanceMode 0) the offset is zero and the
// buffer is never read, so a program that never binds it still works.
layout(std430, binding = MV_SSBO_INSTANCE_OFFSETS) readonly buffer InstanceOffsets {
    vec4 offsets[];
} uInstanceOffsets;

layout(location = MV_UNIFORM_INSTANCE_MODE) uniform int uInstanceMode;

vec3 instanceOffset() {
    return uInstanceMode != 0 ? uInstanceOffsets.offsets[gl_InstanceID].xyz : vec3(0.0);
}
