#include "renderer/scene/PrimitiveBuffers.h"

#include <algorithm>

#include <meshoptimizer.h>

#include "renderer/gl/Bindings.h"

namespace renderer {

namespace {

// One buffer per attribute (no interleaving): the importer hands each attribute as its own
// array, and a separate buffer lets the binding index equal the attribute location.
template <typename T>
void addAttribute(gl::VertexArray& vao, std::vector<gl::Buffer>& buffers, uint32_t& mask,
                  Attribute attribute, const std::vector<T>& values, GLint components) {
    if (values.empty()) return;
    buffers.push_back(gl::Buffer::fromVector(values));
    const GLuint index = location(attribute);
    vao.attribute(index, index, components, GL_FLOAT);
    vao.vertexBuffer(index, buffers.back(), 0, sizeof(T));
    mask |= attributeBit(attribute);
}

}  // namespace

PrimitiveBuffers PrimitiveBuffers::upload(const morph::Primitive& primitive, TriangleOrder order) {
    PrimitiveBuffers out;
    out.mVertexArray = gl::VertexArray::create();
    out.mVertexCount = primitive.vertexCount();
    out.mMode = static_cast<GLenum>(primitive.mode);  // glTF mode numbers are the GL enums
    auto& vao = out.mVertexArray;
    auto& buffers = out.mBuffers;
    uint32_t& mask = out.mAttributeMask;
    buffers.reserve(11);
    addAttribute(vao, buffers, mask, Attribute::Position, primitive.positions, 3);
    // An attribute shorter than POSITION (not produced by the importer) would let GL read past
    // the buffer: leave it out rather than risk it.
    auto sized = [&](const auto& values) { return values.size() == primitive.positions.size(); };
    if (sized(primitive.normals)) {
        addAttribute(vao, buffers, mask, Attribute::Normal, primitive.normals, 3);
    }
    if (sized(primitive.tangents)) {
        addAttribute(vao, buffers, mask, Attribute::Tangent, primitive.tangents, 4);
    }
    if (sized(primitive.texcoords[0])) {
        addAttribute(vao, buffers, mask, Attribute::TexCoord0, primitive.texcoords[0], 2);
    }
    if (sized(primitive.texcoords[1])) {
        addAttribute(vao, buffers, mask, Attribute::TexCoord1, primitive.texcoords[1], 2);
    }
    if (sized(primitive.colors)) {
        addAttribute(vao, buffers, mask, Attribute::Color0, primitive.colors, 4);
    }
    // JOINTS_n as u16 integers (the importer widens u8), WEIGHTS_n as floats (normalized
    // integers already mapped); only complete pairs, as morph::influenceCount counts them.
    const Attribute jointSets[2] = {Attribute::Joints0, Attribute::Joints1};
    const Attribute weightSets[2] = {Attribute::Weights0, Attribute::Weights1};
    for (size_t set = 0; set < 2; ++set) {
        if (!sized(primitive.joints[set]) || !sized(primitive.weights[set])) break;
        addAttribute(vao, buffers, mask, weightSets[set], primitive.weights[set], 4);
        buffers.push_back(gl::Buffer::fromVector(primitive.joints[set]));
        const GLuint index = location(jointSets[set]);
        vao.attributeInteger(index, index, 4, GL_UNSIGNED_SHORT);
        vao.vertexBuffer(index, buffers.back(), 0, sizeof(glm::u16vec4));
        mask |= attributeBit(jointSets[set]);
    }
    if (!primitive.indices.empty()) {
        // meshoptimizer indexes its tables by vertex: an index past the vertices (which the
        // importer refuses, but a scene built in code could hold) keeps the file's order.
        const uint32_t vertices = primitive.vertexCount();
        const bool reorder = order == TriangleOrder::ForVertexReuse &&
                             primitive.mode == morph::PrimitiveMode::Triangles &&
                             primitive.indices.size() % 3 == 0 &&
                             std::all_of(primitive.indices.begin(), primitive.indices.end(),
                                         [&](uint32_t i) { return i < vertices; });
        if (reorder) {
            std::vector<uint32_t> reordered(primitive.indices.size());
            meshopt_optimizeVertexCache(reordered.data(), primitive.indices.data(),
                                        primitive.indices.size(), vertices);
            buffers.push_back(gl::Buffer::fromVector(reordered));
        } else {
            buffers.push_back(gl::Buffer::fromVector(primitive.indices));
        }
        vao.elementBuffer(buffers.back());
        out.mIndexCount = static_cast<uint32_t>(primitive.indices.size());
    }
    return out;
}

void PrimitiveBuffers::draw(uint32_t instances) const {
    mVertexArray.bind();
    if (indexed()) {
        glDrawElementsInstanced(mMode, GLsizei(mIndexCount), GL_UNSIGNED_INT, nullptr,
                                GLsizei(instances));
    } else {
        glDrawArraysInstanced(mMode, 0, GLsizei(mVertexCount), GLsizei(instances));
    }
}

}  // namespace renderer
