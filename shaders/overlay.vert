#version 450 core
// The overlay passes' vertex shader (renderer/OverlayRenderer): the same morph as mesh.vert
// (morph.glsl's morphVertex), then the node transform; it also hands on the displacement
// |morphed - base| in world units for the heat map.
#include "morph.glsl"

layout(location = MV_ATTRIB_POSITION) in vec3 aPosition;
layout(location = MV_ATTRIB_NORMAL) in vec3 aNormal;
layout(location = MV_ATTRIB_TANGENT) in vec4 aTangent;
layout(location = MV_ATTRIB_TEXCOORD_0) in vec2 aTexCoord0;
layout(location = MV_ATTRIB_TEXCOORD_1) in vec2 aTexCoord1;
layout(location = MV_ATTRIB_COLOR_0) in vec4 aColor0;

layout(location = MV_UNIFORM_MODEL) uniform mat4 uModel;
layout(location = MV_UNIFORM_NORMAL_MATRIX) uniform mat3 uNormalMatrix;
layout(location = MV_UNIFORM_VIEW_PROJECTION) uniform mat4 uViewProjection;

out vec3 vWorld;
out vec3 vWorldNormal;
out float vDisplacement;

void main() {
    MorphedVertex v;
    v.position = aPosition;
    v.normal = aNormal;
    v.tangent = aTangent;
    v.texCoord0 = aTexCoord0;
    v.texCoord1 = aTexCoord1;
    v.color = aColor0;
    morphVertex(v);

    const vec4 world = uModel * vec4(v.position, 1.0);
    vWorld = world.xyz;
    vWorldNormal = uNormalMatrix * v.normal;
    vDisplacement = length(mat3(uModel) * (v.position - aPosition));
    gl_Position = uViewProjection * world;
}
