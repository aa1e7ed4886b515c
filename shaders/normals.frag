#version 450 core
// A placeholder surface: the world normal as a colour, lit by nothing. Enough to see a morph;
// the glTF shading (pbr.frag) replaces it.
in vec3 vPosition;
in vec3 vNormal;
in vec4 vTangent;
in vec2 vTexCoord0;
in vec2 vTexCoord1;
in vec4 vColor;

layout(location = 0) out vec4 fragColor;

void main() {
    const vec3 n = normalize(gl_FrontFacing ? vNormal : -vNormal);
    fragColor = vec4((n * 0.5 + 0.5) * vColor.rgb, 1.0);
}
