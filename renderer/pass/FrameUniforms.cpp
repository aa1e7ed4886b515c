#include "renderer/pass/FrameUniforms.h"

#include <cmath>
#include <string>

#include "renderer/gl/Bindings.h"
#include "renderer/gl/Log.h"
#include "renderer/pass/ShaderVariants.h"
#include "renderer/scene/Lights.h"

namespace renderer {

namespace {

// The C++ mirrors of FrameBlock and LightBlock in shaders/lighting.glsl (std140, vec4 members).
struct FrameBlock {
    glm::vec4 cameraPosition{0.0f};
    glm::vec4 display{1.0f};  // x: exposure, y: tone mapping
    glm::mat4 inverseViewProjection{1.0f};
    glm::vec4 viewport{1.0f};  // xy: the target's size in pixels
};

// The C++ mirror of EnvironmentBlock in shaders/environment.glsl.
struct EnvironmentBlock {
    glm::vec4 sh[9];
    glm::vec4 rotation[3];
    glm::vec4 params;  // x: last level, y: intensity, z: background level, w: on
};

// The level a Blurred background reads: what a surface of roughness 0.5 reflects, soft enough
// that the model stands out, sharp enough that the light's direction still reads.
constexpr float kBlurredBackgroundRoughness = 0.5f;

// PunctualLight of lighting.glsl: four vec4s.
struct LightSlot {
    glm::vec4 positionType{0.0f};
    glm::vec4 directionRange{0.0f};
    glm::vec4 color{0.0f};
    glm::vec4 cone{0.0f};
};

struct LightBlock {
    LightSlot punctual[kMaxPunctualLights];
    glm::ivec4 punctualCount{0};
    glm::vec4 sky;
    glm::vec4 horizon;
    glm::vec4 ground;
};
static_assert(sizeof(LightBlock) == (kMaxPunctualLights * 4 + 4) * 16,
              "LightBlock must match lighting.glsl's std140 layout");

// The analytic environment is in world space (glTF +Y up): a cool sky, a neutral horizon and a
// darker warm floor, bright enough that faces turned away from every rig light keep their
// colour (a studio's bounce light), dim enough not to flatten the key's modelling.
const glm::vec3 kSky = glm::vec3(0.60f, 0.66f, 0.78f) * 0.55f;
const glm::vec3 kHorizon = glm::vec3(0.55f) * 0.50f;
const glm::vec3 kGround = glm::vec3(0.34f, 0.31f, 0.28f) * 0.45f;

}  // namespace

FrameUniforms FrameUniforms::create() {
    FrameUniforms out;
    out.mFrameBlock = gl::Buffer::create(sizeof(FrameBlock), nullptr, GL_DYNAMIC_STORAGE_BIT);
    out.mLightBlock = gl::Buffer::create(sizeof(LightBlock), nullptr, GL_DYNAMIC_STORAGE_BIT);
    out.mEnvironmentBlock =
        gl::Buffer::create(sizeof(EnvironmentBlock), nullptr, GL_DYNAMIC_STORAGE_BIT);
    return out;
}

uint64_t FrameUniforms::write(const GpuScene& scene, const morph::FramePose& frame,
                              const Camera& camera, const glm::mat4& viewProjection,
                              const glm::ivec2& targetSize, const DrawOptions& options) {
    FrameBlock frameBlock;
    frameBlock.cameraPosition = glm::vec4(camera.eye, 1.0f);
    frameBlock.display = glm::vec4(options.exposure, float(options.toneMapping), 0.0f, 0.0f);
    // In double: the deferred resolve gets its positions back from depth through this.
    frameBlock.inverseViewProjection = glm::mat4(glm::inverse(glm::dmat4(viewProjection)));
    frameBlock.viewport = glm::vec4(float(targetSize.x), float(targetSize.y), 0.0f, 0.0f);
    mFrameBlock.subData(0, sizeof frameBlock, &frameBlock);
    writeEnvironment(options);
    const bool punctual = writeLights(scene, frame, camera, options);
    mFrameBlock.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Frame));
    mLightBlock.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Lights));
    mEnvironmentBlock.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Environment));
    // llvmpipe runs both sides of a branch on a uniform (per lane, masked), so a shader that
    // reads the light from the blocks pays for the environment, the rig, every punctual light's
    // loop and all four tone mappings on every pixel; a variant with the frame's light fixed
    // compiles only that light (the synthetic face at 800x800: 12.6 to 8.1 ms a frame).
    return lightKey(options.environment != nullptr, punctual, options.toneMapping);
}

void FrameUniforms::writeEnvironment(const DrawOptions& options) {
    EnvironmentBlock environment{};
    if (const GpuEnvironment* e = options.environment) {
        for (size_t i = 0; i < 9; ++i) environment.sh[i] = glm::vec4(e->irradiance()[i], 0.0f);
        // World to environment: the environment turned by +angle about +Y means a world
        // direction reads the environment turned back by the same angle.
        const float c = std::cos(options.environmentRotation);
        const float s = std::sin(options.environmentRotation);
        environment.rotation[0] = glm::vec4(c, 0.0f, s, 0.0f);
        environment.rotation[1] = glm::vec4(0.0f, 1.0f, 0.0f, 0.0f);
        environment.rotation[2] = glm::vec4(-s, 0.0f, c, 0.0f);
        const float lastLevel = float(e->levels() - 1);
        const float background = options.backgroundMode == BackgroundMode::Blurred
                                     ? kBlurredBackgroundRoughness * lastLevel
                                     : 0.0f;
        environment.params = glm::vec4(lastLevel, 1.0f, background, 1.0f);
        e->specular().bindUnit(unit(TextureUnit::Environment));
        e->brdfLut().bindUnit(unit(TextureUnit::BrdfLut));
        glBindSampler(unit(TextureUnit::Environment), 0);
        glBindSampler(unit(TextureUnit::BrdfLut), 0);
        glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    }
    mEnvironmentBlock.subData(0, sizeof environment, &environment);
}

bool FrameUniforms::writeLights(const GpuScene& scene, const morph::FramePose& frame,
                                const Camera& camera, const DrawOptions& options) {
    // Under an environment the environment is the light: auto adds the file's lights only.
    const DirectLights choice = options.environment && options.lights == DirectLights::Auto
                                    ? DirectLights::File
                                    : options.lights;
    const FrameLights direct = frameLights(choice, scene.layout(), frame, camera);
    if (direct.dropped > 0 && mLightsNoted != scene.id()) {
        mLightsNoted = scene.id();  // once per scene, not every frame
        logNote(scene.layout().path + ": " + std::to_string(direct.lights.size() + direct.dropped) +
                " direct lights; the first " + std::to_string(kMaxPunctualLights) +
                " are drawn (MV_MAX_PUNCTUAL_LIGHTS)");
    }
    LightBlock lights;
    for (size_t i = 0; i < direct.lights.size(); ++i) {
        const PunctualLight& light = direct.lights[i];
        LightSlot& slot = lights.punctual[i];
        slot.positionType = glm::vec4(light.position, float(uint32_t(light.type)));
        slot.directionRange = glm::vec4(light.direction, light.range);
        slot.color = glm::vec4(light.color, 0.0f);
        slot.cone = glm::vec4(light.coneScale, light.coneOffset, 0.0f, 0.0f);
    }
    lights.punctualCount = glm::ivec4(int(direct.lights.size()), 0, 0, 0);
    lights.sky = glm::vec4(kSky, 0.0f);
    lights.horizon = glm::vec4(kHorizon, 0.0f);
    lights.ground = glm::vec4(kGround, 0.0f);
    mLightBlock.subData(0, sizeof lights, &lights);
    return !direct.lights.empty();
}

}  // namespace renderer
