#include "renderer/morph/GpuOracle.h"

#include <cmath>

#include <glm/gtc/type_ptr.hpp>

#include "renderer/gl/Bindings.h"
#include "renderer/gl/GlDebug.h"
#include "renderer/gl/Query.h"

namespace renderer {

namespace {

// mesh.vert's outputs in capture order, interleaved: 3 + 3 + 4 + 2 + 2 + 4 + 3 floats per vertex.
const std::vector<std::string> kVaryings = {"vPosition",  "vNormal", "vTangent",  "vTexCoord0",
                                            "vTexCoord1", "vColor",  "vNormalSum"};
constexpr size_t kFloatsPerVertex = 21;

// What one eval() or evalWorld() call uploads: the primitive's morph (a non-owning pointer:
// `primitive` outlives the call, and nothing keeps the morph), its base buffers and its weights.
struct OneShot {
    PrimitiveMorph morph;
    PrimitiveBuffers buffers;
    MorphWeights weights;

    static OneShot upload(const morph::Primitive& primitive, const std::vector<float>& weights,
                          const MorphLimits& limits) {
        MorphWeights morphWeights = MorphWeights::create(primitive.targets.size());
        morphWeights.update(weights);
        return OneShot{
            PrimitiveMorph::create(std::shared_ptr<const morph::Primitive>(
                                       std::shared_ptr<const morph::Primitive>(), &primitive),
                                   limits),
            PrimitiveBuffers::upload(primitive), std::move(morphWeights)};
    }
};

}  // namespace

morph::Result<GpuOracle> GpuOracle::create(const ShaderLibrary& library) {
    gl::LinkOptions options;
    options.feedbackVaryings = kVaryings;
    options.feedbackMode = GL_INTERLEAVED_ATTRIBS;
    // A vertex shader alone is a complete program when nothing is rasterized.
    auto program = library.program({"mesh.vert"}, options, morphPathDefines());
    if (!program) return program.error();
    GLint storageBlocks = 0;
    glGetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &storageBlocks);
    if (storageBlocks < 1) {
        return morph::Error{morph::ErrorCode::Gpu,
                            "mesh.vert: the driver allows no shader storage blocks in vertex "
                            "shaders (GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS = 0)"};
    }
    auto stage = MorphStage::create(library);
    if (!stage) return stage.error();
    GpuOracle out;
    out.mProgram = std::move(program).value();
    out.mStage = std::move(stage).value();
    out.mFeedback = gl::TransformFeedback::create();
    out.mFramebuffer = gl::Framebuffer::create();
    out.mFramebuffer.defaultSize(1, 1);
    if (auto complete = out.mFramebuffer.checkComplete("gpu morph"); !complete) {
        return complete.error();
    }
    return out;
}

morph::Result<morph::MorphedPrimitive> GpuOracle::run(const PrimitiveBuffers& buffers,
                                                      const MorphTargets& targets,
                                                      MorphWeights& weights,
                                                      NormalOutput normalOutput,
                                                      const VertexTransform& transform) {
    if (buffers.vertexCount() == 0) return morph::MorphedPrimitive{};
    weights.upload(vertexWeightBuffers(MorphPath::VsActive));
    bindMorph(mProgram, &targets, &weights);
    mLastPath = MorphPath::VsActive;
    auto captured = capture(buffers, 1, normalOutput, transform);
    if (!captured) return captured.error();
    return std::move(captured->front());
}

morph::Result<std::vector<morph::MorphedPrimitive>> GpuOracle::run(
    const PrimitiveBuffers& buffers, PrimitiveMorph& morph, MorphPath path, MorphWeights& weights,
    NormalOutput normalOutput, const VertexTransform& transform) {
    mStage.beginFrame(false);
    mLastPath = mStage.preparePrimitive(morph, &weights, path);
    morph.bind(mProgram, mLastPath, weights);
    return capture(buffers, weights.instanceCount(), normalOutput, transform);
}

morph::Result<std::vector<morph::MorphedPrimitive>> GpuOracle::captureDrawn(
    const PrimitiveBuffers& buffers, const PrimitiveMorph& morph, MorphPath path,
    const MorphWeights& weights, NormalOutput normalOutput) {
    morph.bind(mProgram, path, weights);
    mLastPath = path;
    return capture(buffers, weights.instanceCount(), normalOutput, {});
}

morph::Result<std::vector<morph::MorphedPrimitive>> GpuOracle::capture(
    const PrimitiveBuffers& buffers, uint32_t instances, NormalOutput normalOutput,
    const VertexTransform& transform) {
    std::vector<morph::MorphedPrimitive> out(std::max(instances, 1u));
    const uint32_t vertexCount = buffers.vertexCount();
    if (vertexCount == 0) return out;
    const uint64_t captured = uint64_t(vertexCount) * out.size();

    const glm::mat4 identity(1.0f);
    mProgram.set(location(UniformLocation::Model), transform.model);
    // As SceneRenderer::drawItem computes it.
    mProgram.set(location(UniformLocation::NormalMatrix),
                 glm::transpose(glm::inverse(glm::mat3(transform.model))));
    mProgram.set(location(UniformLocation::ViewProjection), identity);
    mProgram.set(location(UniformLocation::AttributeMask), buffers.attributeMask());
    bindSkin(mProgram, transform.joints, buffers);
    mProgram.set(location(UniformLocation::InstanceMode), 0);

    gl::Buffer capture =
        gl::Buffer::create(GLsizeiptr(captured * kFloatsPerVertex * sizeof(float)), nullptr, 0);
    mFeedback.bufferBase(0, capture);
    gl::Query written = gl::Query::create(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);

    GLint previousFramebuffer = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previousFramebuffer);
    mFramebuffer.bind(GL_DRAW_FRAMEBUFFER);
    mProgram.use();
    buffers.vertexArray().bind();
    mFeedback.bind();
    glEnable(GL_RASTERIZER_DISCARD);
    written.begin();
    glBeginTransformFeedback(GL_POINTS);
    // Points over the vertex range, not the primitive's indexed draw: every vertex exactly
    // once, in order, with gl_VertexID equal to its index as in an indexed draw; instances
    // follow one another.
    glDrawArraysInstanced(GL_POINTS, 0, GLsizei(vertexCount), GLsizei(out.size()));
    glEndTransformFeedback();
    written.end();
    glDisable(GL_RASTERIZER_DISCARD);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    glBindVertexArray(0);
    glUseProgram(0);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(previousFramebuffer));

    if (written.result() != captured) {
        return morph::Error{morph::ErrorCode::Gpu, "gpu morph: transform feedback wrote " +
                                                       std::to_string(written.result()) + " of " +
                                                       std::to_string(captured) + " vertices"};
    }
    std::vector<float> data(captured * kFloatsPerVertex);
    capture.read(0, GLsizeiptr(data.size() * sizeof(float)), data.data());
    if (auto status = checkGl("gpu morph"); !status) return status.error();

    const uint32_t mask = buffers.attributeMask();
    auto has = [mask](Attribute a) { return (mask & attributeBit(a)) != 0; };
    for (size_t k = 0; k < out.size(); ++k) {
        morph::MorphedPrimitive& m = out[k];
        m.positions.resize(vertexCount);
        if (has(Attribute::Normal)) m.normals.resize(vertexCount);
        if (has(Attribute::Tangent)) m.tangents.resize(vertexCount);
        if (has(Attribute::TexCoord0)) m.texcoords[0].resize(vertexCount);
        if (has(Attribute::TexCoord1)) m.texcoords[1].resize(vertexCount);
        if (has(Attribute::Color0)) m.colors.resize(vertexCount);
        for (uint32_t v = 0; v < vertexCount; ++v) {
            const float* f = data.data() + (k * vertexCount + v) * kFloatsPerVertex;
            m.positions[v] = glm::make_vec3(f);
            if (!m.normals.empty()) {
                m.normals[v] =
                    glm::make_vec3(normalOutput == NormalOutput::RawSum ? f + 18 : f + 3);
            }
            if (!m.tangents.empty()) m.tangents[v] = glm::make_vec4(f + 6);
            if (!m.texcoords[0].empty()) m.texcoords[0][v] = glm::make_vec2(f + 10);
            if (!m.texcoords[1].empty()) m.texcoords[1][v] = glm::make_vec2(f + 12);
            if (!m.colors.empty()) m.colors[v] = glm::make_vec4(f + 14);
        }
    }
    return out;
}

morph::Result<morph::MorphedPrimitive> GpuOracle::eval(const morph::Primitive& primitive,
                                                       const std::vector<float>& weights,
                                                       const MorphLimits& limits,
                                                       NormalOutput normalOutput, MorphPath path) {
    OneShot gpu = OneShot::upload(primitive, weights, limits);
    auto result = run(gpu.buffers, gpu.morph, path, gpu.weights, normalOutput);
    if (!result) return result.error();
    return std::move(result->front());
}

morph::Result<morph::MorphedPrimitive> GpuOracle::evalWorld(
    const morph::Primitive& primitive, const std::vector<float>& weights, const glm::mat4& model,
    const std::vector<glm::mat4>& joints, const MorphLimits& limits, MorphPath path) {
    OneShot gpu = OneShot::upload(primitive, weights, limits);
    SkinJoints skinJoints;
    VertexTransform transform;
    transform.model = model;
    if (!joints.empty()) {
        skinJoints = SkinJoints::create(joints.size());
        skinJoints.update(joints);
        transform.joints = &skinJoints;
    }
    auto result =
        run(gpu.buffers, gpu.morph, path, gpu.weights, NormalOutput::Renormalized, transform);
    if (!result) return result.error();
    morph::MorphedPrimitive out = std::move(result->front());
    auto unit = [](glm::vec3 v) {
        const float len2 = glm::dot(v, v);
        return len2 > 0.0f ? v * (1.0f / std::sqrt(len2)) : v;
    };
    for (glm::vec3& n : out.normals) n = unit(n);
    for (glm::vec4& t : out.tangents) t = glm::vec4(unit(glm::vec3(t)), t.w);
    return out;
}

}  // namespace renderer
