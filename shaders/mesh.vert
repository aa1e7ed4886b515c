#version 450 core
// The one vertex shader of every mesh draw: morph (morph.glsl), skin (skin.glsl), then the node
// transform.
// GpuOracle captures its outputs with transform feedback (identity matrices), so the oracle
// tests check exactly the code that renders. Keep the output names in sync with GpuOracle.cpp.
#include "morph.glsl"
#include "skin.glsl"
#include "instances.glsl"

layout(location = MV_ATTRIB_POSITION) in vec3 aPosition;
layout(location = MV_ATTRIB_NORMAL) in vec3 aNormal;
layout(location = MV_ATTRIB_TANGENT) in vec4 aTangent;
layout(location = MV_ATTRIB_TEXCOORD_0) in vec2 aTexCoord0;
layout(location = MV_ATTRIB_TEXCOORD_1) in vec2 aTexCoord1;
layout(location = MV_ATTRIB_COLOR_0) in vec4 aColor0;

layout(location = MV_UNIFORM_MODEL) uniform mat4 uModel;
layout(location = MV_UNIFORM_NORMAL_MATRIX) uniform mat3 uNormalMatrix;
layout(location = MV_UNIFORM_VIEW_PROJECTION) uniform mat4 uViewProjection;
layout(location = MV_UNIFORM_ATTRIBUTE_MASK) uniform uint uAttributeMask;

out vec3 vPosition;  // world space
out vec3 vNormal;    // world space, not renormalized after the normal matrix
out vec4 vTangent;   // world space xyz, w handedness
out vec2 vTexCoord0;
out vec2 vTexCoord1;
out vec4 vColor;
out vec3 vNormalSum;  // mesh space, base + sum(w * delta) before renormalizing (GpuOracle only)

bool hasAttribute(uint location) { return (uAttributeMask & (1u << location)) != 0u; }

void main() {
    MorphedVertex v;
    v.position = aPosition;
    v.normal = aNormal;
    v.tangent = aTangent;
    v.texCoord0 = aTexCoord0;
    v.texCoord1 = aTexCoord1;
    // glTF 2.0 3.7.2.1: no COLOR_0 means white (a disabled attribute would read as black).
    v.color = hasAttribute(MV_ATTRIB_COLOR_0) ? aColor0 : vec4(1.0);
    morphVertex(v);
    skinVertex(v);

    const vec4 world = uModel * vec4(v.position, 1.0) + vec4(instanceOffset(), 0.0);
    vPosition = world.xyz;
    vNormal = uNormalMatrix * v.normal;
    vTangent = vec4(mat3(uModel) * v.tangent.xyz, v.tangent.w);
    vTexCoord0 = v.texCoord0;
    vTexCoord1 = v.texCoord1;
    vColor = v.color;
    vNormalSum = v.normalSum;
    gl_Position = uViewProjection * world;
}
