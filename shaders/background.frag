#version 450 core
// The environment as a background (renderer::BackgroundMode Environment or Blurred): the cube
// at uEnvironment.params.z's level, through the same exposure and display transform as pbr.frag.
#include "lighting.glsl"
#include "environment.glsl"
#include "tonemap.glsl"

in vec3 vDirection;
layout(location = 0) out vec4 fragColor;

void main() {
    const vec3 d = toEnvironment(normalize(vDirection));
    const vec3 radiance =
        textureLod(uEnvironmentCube, d, uEnvironment.params.z).rgb * uEnvironment.params.y;
#ifdef MV_LINEAR_OUTPUT
    // The transmission pass's background (renderer/pass/TransmissionPass): radiance before
    // exposure.
    fragColor = vec4(radiance, 1.0);
    return;
#endif
    fragColor = vec4(linearToSrgb(toneMap(radiance * uFrame.display.x, int(uFrame.display.y))), 1.0);
}
