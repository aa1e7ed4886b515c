// Skinning (glTF 2.0 3.7.3): after morphVertex(), before the node transform, as the spec orders
// it (morph targets are applied to the mesh in bind space, then the skin moves the result).
// The joint matrices of the drawn node arrive per frame in a storage buffer (no fixed UBO size:
// rigs with hundreds of joints fit), already multiplied by the inverse bind matrices and
// expressed in the node's space, so uModel stays the node's world matrix for every caller (see
// morph/anim/Skin.h). Normals and tangents use the upper 3x3 of the blended matrix, as three.js and
// Babylon.js do; morph::toWorldSpace is the CPU mirror of this file.

layout(std430, binding = MV_SSBO_SKIN_JOINTS) readonly buffer SkinJoints {
    mat4 joints[];
} uSkinJoints;

// 0: the draw is not skinned (no skin, or no JOINTS_0/WEIGHTS_0), 4 or 8 influences.
layout(location = MV_UNIFORM_SKIN_INFLUENCES) uniform int uSkinInfluences;

layout(location = MV_ATTRIB_JOINTS_0) in uvec4 aJoints0;
layout(location = MV_ATTRIB_WEIGHTS_0) in vec4 aWeights0;
layout(location = MV_ATTRIB_JOINTS_1) in uvec4 aJoints1;
layout(location = MV_ATTRIB_WEIGHTS_1) in vec4 aWeights1;

void skinAccumulate(inout mat4 sum, uvec4 joints, vec4 weights) {
    const uint count = uint(uSkinJoints.joints.length());
    for (int c = 0; c < 4; ++c) {
        // Zero weights are skipped (their joint may be anything); an index past the buffer
        // (refused at import) is too, rather than reading out of bounds.
        if (weights[c] != 0.0 && joints[c] < count) sum += weights[c] * uSkinJoints.joints[joints[c]];
    }
}

// MV_SKIN_INFLUENCES (0, 4 or 8), where a program is built for one kind of draw
// (ShaderVariants), fixes the count at compile time; without it uSkinInfluences decides.
#ifdef MV_SKIN_INFLUENCES
const int kSkinInfluences = MV_SKIN_INFLUENCES;
#else
const int kSkinInfluences = 8;
#endif

// Skins `v` in place: position, normal and tangent; normalSum (the unskinned morph sum that
// `eval --gpu` prints in mesh space) is left as it is.
void skinVertex(inout MorphedVertex v) {
    if (kSkinInfluences <= 0 || uSkinInfluences <= 0) return;
    mat4 skin = mat4(0.0);
    skinAccumulate(skin, aJoints0, aWeights0);
    if (kSkinInfluences > 4 && uSkinInfluences > 4) skinAccumulate(skin, aJoints1, aWeights1);
    v.position = (skin * vec4(v.position, 1.0)).xyz;
    const mat3 linear = mat3(skin);
    v.normal = linear * v.normal;
    v.tangent.xyz = linear * v.tangent.xyz;
}
