#include "renderer/scene/OverlayRenderer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "renderer/gl/Bindings.h"
#include "renderer/scene/SkinJoints.h"

namespace renderer {

const std::array<glm::vec3, kHeatStopCount> kHeatRamp = {
    glm::vec3(0.20f, 0.23f, 0.32f),  // unmoved: a dark slate
    glm::vec3(0.13f, 0.45f, 0.85f),  // blue
    glm::vec3(0.20f, 0.78f, 0.45f),  // green
    glm::vec3(0.98f, 0.82f, 0.20f),  // yellow
    glm::vec3(0.92f, 0.22f, 0.16f),  // red: the scale's top and beyond
};

namespace {

// The overlay programs' own uniforms, after the locations Bindings.h reserves for every pass.
enum class OverlayUniform : int32_t {
    Mode = location(UniformLocation::Material),
    Color,
    HeatScale,
    NormalLength,
    ViewDirection,
};
constexpr int32_t at(OverlayUniform u) {
    return static_cast<int32_t>(u);
}

std::string overlayDefines() {
    std::string out;
    const std::pair<const char*, OverlayUniform> uniforms[] = {
        {"MV_OVERLAY_MODE", OverlayUniform::Mode},
        {"MV_OVERLAY_COLOR", OverlayUniform::Color},
        {"MV_OVERLAY_HEAT_SCALE", OverlayUniform::HeatScale},
        {"MV_OVERLAY_NORMAL_LENGTH", OverlayUniform::NormalLength},
        {"MV_OVERLAY_VIEW_DIRECTION", OverlayUniform::ViewDirection},
    };
    for (const auto& [name, u] : uniforms)
        out += "#define " + std::string(name) + " " + std::to_string(at(u)) + "\n";
    out +=
        "#define MV_HEAT_STOP_COUNT " + std::to_string(kHeatStopCount) + "\n#define MV_HEAT_STOPS ";
    for (size_t i = 0; i < kHeatStopCount; ++i) {
        char stop[96];
        std::snprintf(stop, sizeof stop, "%svec3(%.9g, %.9g, %.9g)", i ? ", " : "", kHeatRamp[i].r,
                      kHeatRamp[i].g, kHeatRamp[i].b);
        out += stop;
    }
    return out + "\n";
}

}  // namespace

glm::vec3 heatColor(float t) {
    const float x = std::clamp(std::isfinite(t) ? t : 1.0f, 0.0f, 1.0f) * float(kHeatStopCount - 1);
    const size_t i = std::min(size_t(std::floor(x)), kHeatStopCount - 2);
    return glm::mix(kHeatRamp[i], kHeatRamp[i + 1], x - float(i));
}

morph::Result<OverlayRenderer> OverlayRenderer::create(const ShaderLibrary& library) {
    const std::string defines = overlayDefines() + morphPathDefines();
    auto surface = library.program({"overlay.vert", "overlay.frag"}, {}, defines);
    auto stage = MorphStage::create(library);
    if (!stage) return stage.error();
    if (!surface) return surface.error();
    auto normals = library.program({"overlay.vert", "overlay_normals.geom", "overlay.frag"}, {},
                                   defines + "#define MV_OVERLAY_FROM_GEOMETRY 1\n");
    if (!normals) return normals.error();
    OverlayRenderer out;
    out.mSurface = std::move(surface).value();
    out.mNormals = std::move(normals).value();
    out.mStage = std::move(stage).value();
    return out;
}

void OverlayRenderer::drawPass(Pass pass, const GpuScene& scene, int sceneIndex,
                               const OverlayOptions& options) {
    gl::Program& program = pass == Pass::Normals ? mNormals : mSurface;
    const morph::Scene& layout = scene.layout();
    for (int node : scene.nodes(sceneIndex)) {
        const GpuMesh& mesh = scene.meshes()[size_t(layout.nodes[size_t(node)].mesh)];
        // The ghost is the base mesh: no morph at all. The heat map may show weights of its own.
        MorphWeights* weights = pass == Pass::Ghost ? nullptr : mState.weights(node);
        if (weights && pass == Pass::Heat && size_t(node) < options.heatWeights.size() &&
            !options.heatWeights[size_t(node)].empty()) {
            MorphWeights& heat = mHeatWeights[size_t(node)];
            if (heat.targetCount() != weights->targetCount())
                heat = MorphWeights::create(weights->targetCount());
            heat.update(options.heatWeights[size_t(node)]);
            weights = &heat;
        }
        const glm::mat4& matrix = mState.model(node);
        program.use();
        program.set(location(UniformLocation::Model), matrix);
        program.set(location(UniformLocation::NormalMatrix),
                    glm::transpose(glm::inverse(glm::mat3(matrix))));
        for (const GpuPrimitive& primitive : mesh.primitives) {
            if (primitive.buffers.vertexCount() == 0) continue;
            PrimitiveMorph& morph = mState.morph(node, primitive);
            const MorphPath path = mStage.preparePrimitive(morph, weights, MorphPath::Cpu);
            program.use();  // the pre-pass may have bound another program
            if (weights) {
                morph.bind(program, path, *weights);
            } else {
                bindNoMorph(program);
            }
            // Skinned as SceneRenderer drew it this frame (the ghost too: the base shape, posed).
            bindSkin(program, mState.joints(node), primitive.buffers);
            if (pass == Pass::Normals) {
                // Each vertex once, in vertex order: gl_VertexID is the vertex index morph.glsl
                // reads its deltas with.
                primitive.buffers.vertexArray().bind();
                glDrawArrays(GL_POINTS, 0, GLsizei(primitive.buffers.vertexCount()));
            } else {
                primitive.buffers.draw();
            }
        }
    }
}

void OverlayRenderer::draw(const GpuScene& scene, const std::vector<morph::NodePose>& pose,
                           const Camera& camera, const RenderTarget& target,
                           const OverlayOptions& options) {
    draw(scene, morph::resolveFrame(scene.layout(), pose), camera, target, options);
}

void OverlayRenderer::draw(const GpuScene& scene, const morph::FramePose& frame,
                           const Camera& camera, const RenderTarget& target,
                           const OverlayOptions& options) {
    if (!options.normals && options.ghost == GhostMode::Off && !options.heat) return;
    if (frame.size() != scene.layout().nodes.size()) {
        draw(scene, morph::resolveFrame(scene.layout(), {}), camera, target, options);
        return;
    }
    mState.write(scene, frame);
    mHeatWeights.resize(frame.size());
    mStage.beginFrame(false);

    target.bind();
    glDisable(GL_FRAMEBUFFER_SRGB);
    glDisable(GL_CULL_FACE);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    const float aspect = target.height > 0 ? float(target.width) / float(target.height) : 1.0f;
    const glm::mat4 viewProjection = camera.projection(aspect) * camera.view();
    const glm::vec3 viewDirection = glm::normalize(camera.target - camera.eye);
    for (gl::Program* program : {&mSurface, &mNormals}) {
        program->set(location(UniformLocation::ViewProjection), viewProjection);
        program->set(at(OverlayUniform::ViewDirection), viewDirection);
        program->set(at(OverlayUniform::HeatScale), std::max(options.heatScale, 1e-6f));
    }
    mNormals.set(at(OverlayUniform::NormalLength), options.normalLength);

    if (options.heat) {
        // The heat shape replaces the shaded model: drawn alone on fresh depth, it cannot fight
        // the scene's surface, even when it shows one target's shape instead of the pose's.
        glClear(GL_DEPTH_BUFFER_BIT);
        glDepthMask(GL_TRUE);
        mSurface.set(at(OverlayUniform::Mode), 1);
        drawPass(Pass::Heat, scene, frame.scene, options);
    }
    if (options.ghost != GhostMode::Off) {
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
        glDepthMask(GL_FALSE);
        // Slightly towards the camera, so the ghost shows where it coincides with the morph.
        const bool wire = options.ghost == GhostMode::Wire;
        glEnable(wire ? GL_POLYGON_OFFSET_LINE : GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(-1.0f, -1.0f);
        if (wire) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        mSurface.set(at(OverlayUniform::Mode), 0);
        mSurface.set(at(OverlayUniform::Color), options.ghostColor);
        drawPass(Pass::Ghost, scene, frame.scene, options);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        glDisable(GL_POLYGON_OFFSET_LINE);
        glDisable(GL_POLYGON_OFFSET_FILL);
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }
    if (options.normals) {
        mNormals.set(at(OverlayUniform::Mode), 0);
        mNormals.set(at(OverlayUniform::Color), glm::vec4(options.normalColor, 1.0f));
        drawPass(Pass::Normals, scene, frame.scene, options);
    }
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace renderer
