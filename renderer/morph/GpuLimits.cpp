#include "renderer/morph/GpuLimits.h"

#include <algorithm>
#include <string>
#include <vector>

#include "morph/targets/Packing.h"
#include "renderer/gl/Bindings.h"
#include "renderer/gl/GlDebug.h"
#include "renderer/morph/MorphPath.h"

namespace renderer {

namespace {

std::string mib(uint64_t bytes) {
    const uint64_t tenths = (bytes * 10 + (1ull << 19)) >> 20;
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " MiB";
}

template <typename T>
uint64_t bytesOf(const std::vector<T>& values) {
    return uint64_t(values.size()) * sizeof(T);
}

}  // namespace

GpuLimits GpuLimits::query() {
    GpuLimits limits;
    GLint size = 0, layers = 0, attribs = 0, units = 0;
    GLint64 storage = 0, element = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
    glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
    glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &attribs);
    glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &units);
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &storage);
    glGetInteger64v(GL_MAX_ELEMENT_INDEX, &element);
    limits.maxTextureSize = uint32_t(std::max(size, 1));
    limits.maxArrayLayers = uint32_t(std::max(layers, 1));
    limits.maxVertexAttribs = uint32_t(std::max(attribs, 0));
    limits.maxFragmentTextureUnits = uint32_t(std::max(units, 16));  // GL 4.5's minimum
    limits.maxStorageBlockSize = uint64_t(std::max<GLint64>(storage, 0));
    // Some drivers report GL_MAX_ELEMENT_INDEX as a signed -1 meaning 2^32 - 1.
    limits.maxElementIndex = element <= 0 ? 0xffffffffull : uint64_t(element);
    const GLubyte* renderer = glGetString(GL_RENDERER);
    limits.softwareRenderer =
        renderer && isSoftwareRenderer(reinterpret_cast<const char*>(renderer));
    return limits;
}

morph::Status GpuBudget::charge(uint64_t bytes, const std::string& what) {
    if (bytes > left()) {
        return morph::Error{morph::ErrorCode::Limit,
                            what + " needs " + mib(bytes) + " of GPU memory; " + mib(left()) +
                                " of the --max-memory budget of " + mib(mMax) + " are left"};
    }
    mUsed += bytes;
    return {};
}

uint64_t vertexBufferBytes(const morph::Primitive& p) {
    return bytesOf(p.positions) + bytesOf(p.normals) + bytesOf(p.tangents) +
           bytesOf(p.texcoords[0]) + bytesOf(p.texcoords[1]) + bytesOf(p.colors) +
           bytesOf(p.weights[0]) + bytesOf(p.joints[0]) + bytesOf(p.indices);
}

uint64_t morphTextureBytes(const morph::Primitive& primitive, uint32_t maxTextureSize) {
    return morph::packLayout(primitive, maxTextureSize).bytes();
}

uint64_t weightBufferBytes(size_t targetCount) {
    return (1 + 2 * uint64_t(std::max<size_t>(targetCount, 1))) * sizeof(uint32_t);
}

morph::Status checkPrimitiveLimits(const morph::Primitive& primitive, size_t targetCount,
                                   const GpuLimits& limits) {
    const uint64_t vertices = primitive.vertexCount();
    if (vertices > limits.maxDrawCount) {
        return morph::Error{morph::ErrorCode::Gpu,
                            std::to_string(vertices) + " vertices, over the " +
                                std::to_string(limits.maxDrawCount) + " a draw call takes"};
    }
    if (primitive.indices.size() > limits.maxDrawCount) {
        return morph::Error{morph::ErrorCode::Gpu,
                            std::to_string(primitive.indices.size()) + " indices, over the " +
                                std::to_string(limits.maxDrawCount) + " a draw call takes"};
    }
    // The importer keeps every index below the vertex count (glTF 2.0 3.7.2.1), so the largest
    // index a draw can meet is vertices - 1.
    if (!primitive.indices.empty() && vertices > 0 && vertices - 1 > limits.maxElementIndex) {
        return morph::Error{morph::ErrorCode::Gpu,
                            std::to_string(vertices) + " vertices need indices up to " +
                                std::to_string(vertices - 1) + ", over GL_MAX_ELEMENT_INDEX " +
                                std::to_string(limits.maxElementIndex)};
    }
    if (kAttributeCount > limits.maxVertexAttribs) {
        return morph::Error{morph::ErrorCode::Gpu,
                            "the mesh shader needs " + std::to_string(kAttributeCount) +
                                " vertex attributes, over GL_MAX_VERTEX_ATTRIBS " +
                                std::to_string(limits.maxVertexAttribs)};
    }
    if (targetCount > 0 && weightBufferBytes(targetCount) > limits.maxStorageBlockSize) {
        return morph::Error{morph::ErrorCode::Gpu,
                            std::to_string(targetCount) + " targets need a weight buffer of " +
                                std::to_string(weightBufferBytes(targetCount)) +
                                " bytes, over GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                                std::to_string(limits.maxStorageBlockSize)};
    }
    return {};
}

morph::Status checkUpload(const std::string& what) {
    const std::vector<std::string> errors = glErrors();
    if (errors.empty()) return {};
    if (std::find(errors.begin(), errors.end(), "GL_OUT_OF_MEMORY") != errors.end()) {
        return morph::Error{morph::ErrorCode::Gpu, what + ": out of GPU memory (GL_OUT_OF_MEMORY)"};
    }
    std::string list;
    for (const std::string& e : errors) list += (list.empty() ? "" : ", ") + e;
    return morph::Error{morph::ErrorCode::Gpu, what + ": GL error " + list};
}

}  // namespace renderer
