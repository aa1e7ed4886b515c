#include "GpuMorph.h"

#include <glm/gtc/type_ptr.hpp>

#include "Bindings.h"
#include "GlDebug.h"
#include "gl/Query.h"

namespace renderer {

namespace {

// mesh.vert's outputs in capture order, interleaved: 3 + 3 + 4 + 2 + 2 + 4 + 3 floats per vertex.
const std::vector<std::string> kVaryings = {"vPosition",  "vNormal", "vTangent",  "vTexCoord0",
                                            "vTexCoord1", "vColor",  "vNormalSum"};
constexpr size_t kFloatsPerVertex = 21;

}  // namespace

morph::Result<GpuMorph> GpuMorph::create(const ShaderLibrary& library) {
    gl::LinkOptions options;
    options.feedbackVaryings = kVaryings;
    options.feedbackMode = GL_INTERLEAVED_ATTRIBS;
    // A vertex shader alone is a complete program when nothing is rasterized.
    auto program = library.program({"mesh.vert"}, options);
    if (!program) return program.error();
    GLint storageBlocks = 0;
    glGetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &storageBlocks);
    if (storageBlocks < 1) {
        return morph::Error{"mesh.vert: the driver allows no shader storage blocks in vertex "
                            "shaders (GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS = 0)"};
    }
    auto programs = MorphPrograms::create(library);
    if (!programs) return programs.error();
    GpuMorph out;
    out.mProgram = std::move(program).value();
    out.mPrograms = std::move(programs).value();
    out.mFeedback = gl::TransformFeedback::create();
    out.mFramebuffer = gl::Framebuffer::create();
    out.mFramebuffer.defaultSize(1, 1);
    if (auto complete = out.mFramebuffer.checkComplete("gpu morph"); !complete) {
        return complete.error();
    }
    return out;
}

morph::Result<morph::MorphedPrimitive> GpuMorph::run(const PrimitiveBuffers& buffers,
                                                     const MorphTargets& targets,
                                                     const MorphWeights& weights,
                                                     NormalOutput normalOutput) {
    if (buffers.vertexCount() == 0) return morph::MorphedPrimitive{};
    bindMorph(mProgram, &targets, &weights);
    mLastPath = MorphPath::VsActive;
    auto captured = capture(buffers, 1, normalOutput);
    if (!captured) return captured.error();
    return std::move(captured->front());
}

morph::Result<std::vector<morph::MorphedPrimitive>> GpuMorph::run(const PrimitiveBuffers& buffers,
                                                                  PrimitiveMorph& morph,
                                                                  MorphPath path,
                                                                  const MorphWeights& weights,
                                                                  NormalOutput normalOutput) {
    mLastPath = morph.resolve(path, weights.activeCount());
    if (!morph.empty()) {
        if (auto ready = morph.prepare(mLastPath); !ready) return ready.error();
        morph.run(mLastPath, weights, mPrograms);
        morph.bind(mProgram, mLastPath, weights);
    } else {
        bindMorph(mProgram, nullptr, nullptr);
    }
    return capture(buffers, weights.instanceCount(), normalOutput);
}

morph::Result<std::vector<morph::MorphedPrimitive>> GpuMorph::capture(const PrimitiveBuffers& buffers,
                                                                      uint32_t instances,
                                                                      NormalOutput normalOutput) {
    std::vector<morph::MorphedPrimitive> out(std::max(instances, 1u));
    const uint32_t vertexCount = buffers.vertexCount();
    if (vertexCount == 0) return out;
    const uint64_t captured = uint64_t(vertexCount) * out.size();

    const glm::mat4 identity(1.0f);
    mProgram.set(location(UniformLocation::Model), identity);
    mProgram.set(location(UniformLocation::NormalMatrix), glm::mat3(1.0f));
    mProgram.set(location(UniformLocation::ViewProjection), identity);
    mProgram.set(location(UniformLocation::AttributeMask), buffers.attributeMask());
    mProgram.set(location(UniformLocation::InstanceMode), 0);

    gl::Buffer capture = gl::Buffer::create(
        GLsizeiptr(captured * kFloatsPerVertex * sizeof(float)), nullptr, 0);
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
        return morph::Error{"gpu morph: transform feedback wrote " +
                            std::to_string(written.result()) + " of " + std::to_string(captured) +
                            " vertices"};
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
                m.normals[v] = glm::make_vec3(normalOutput == NormalOutput::RawSum ? f + 18 : f + 3);
            }
            if (!m.tangents.empty()) m.tangents[v] = glm::make_vec4(f + 6);
            if (!m.texcoords[0].empty()) m.texcoords[0][v] = glm::make_vec2(f + 10);
            if (!m.texcoords[1].empty()) m.texcoords[1][v] = glm::make_vec2(f + 12);
            if (!m.colors.empty()) m.colors[v] = glm::make_vec4(f + 14);
        }
    }
    return out;
}

morph::Result<morph::MorphedPrimitive> GpuMorph::eval(const morph::Primitive& primitive,
                                                      const std::vector<float>& weights,
                                                      const MorphLimits& limits,
                                                      NormalOutput normalOutput, MorphPath path) {
    // A non-owning pointer: `primitive` outlives this call, and nothing keeps `morph`.
    PrimitiveMorph morph = PrimitiveMorph::create(
        std::shared_ptr<const morph::Primitive>(std::shared_ptr<const morph::Primitive>(), &primitive),
        limits);
    PrimitiveBuffers buffers = PrimitiveBuffers::upload(primitive);
    MorphWeights morphWeights = MorphWeights::create(primitive.targets.size());
    morphWeights.update(weights);
    auto result = run(buffers, morph, path, morphWeights, normalOutput);
    if (!result) return result.error();
    return std::move(result->front());
}

}  // namespace renderer
