#pragma once
// The base (unmorphed) vertex data of one morph::Primitive in GL buffers, with a vertex array
// whose attribute locations come from Bindings.h. Uploaded once at load.
#include <cstdint>
#include <vector>

#include "morph/Scene.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/VertexArray.h"

namespace renderer {

// The order the index buffer draws a primitive's triangles in.
enum class TriangleOrder {
    AsInFile,
    // Reordered so that triangles sharing vertices come close together
    // (meshopt_optimizeVertexCache). A GPU's post-transform cache and llvmpipe's vertex split
    // alike shade a vertex once per run of nearby triangles, not once per triangle that uses it:
    // the bundled face's 30k-vertex skin ran its vertex shader 60k times a frame in the file's
    // order (llvmpipe's 1024-index segments, 256-entry direct-mapped cache), 38k times after.
    // The same triangles, so an opaque surface draws the same picture; only where two triangles
    // of one primitive tie in depth could another win, and blending depends on the order, so
    // BLEND primitives keep the file's.
    ForVertexReuse,
};

class PrimitiveBuffers {
public:
    PrimitiveBuffers() = default;
    static PrimitiveBuffers upload(const morph::Primitive& primitive,
                                   TriangleOrder order = TriangleOrder::AsInFile);

    const gl::VertexArray& vertexArray() const { return mVertexArray; }
    bool indexed() const { return mIndexCount > 0; }
    uint32_t indexCount() const { return mIndexCount; }
    uint32_t vertexCount() const { return mVertexCount; }
    GLenum mode() const { return mMode; }
    // Bits attributeBit(Attribute::x) of the attributes the primitive has
    // (MV_UNIFORM_ATTRIBUTE_MASK).
    uint32_t attributeMask() const { return mAttributeMask; }

    // glDrawElements / glDrawArrays of the whole primitive with its own mode, `instances` times
    // (instanced: gl_InstanceID 0 .. instances - 1).
    void draw(uint32_t instances = 1) const;

private:
    gl::VertexArray mVertexArray;
    std::vector<gl::Buffer> mBuffers;  // one per attribute, plus the indices
    uint32_t mIndexCount = 0;
    uint32_t mVertexCount = 0;
    uint32_t mAttributeMask = 0;
    GLenum mMode = GL_TRIANGLES;
};

}  // namespace renderer
