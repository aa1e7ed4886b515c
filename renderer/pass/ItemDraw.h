#pragma once
// One primitive of one node as every pass draws it: the item a frame sorts into its lists, what
// the passes draw items with (PassInput), and the draw itself: the material's textures and the
// tables some materials read besides their own, culling and winding, the program variant for the
// pass's output, the node's matrices, its morph and its skin.
#include <cstdint>

#include <glm/glm.hpp>

#include "morph/anim/FramePose.h"
#include "renderer/gl/Sampler.h"
#include "renderer/gl/Texture.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/pass/ShaderVariants.h"
#include "renderer/scene/Bounds.h"
#include "renderer/scene/DrawState.h"
#include "renderer/scene/GpuScene.h"

namespace renderer {

struct DrawItem {
    int node = -1;
    const GpuPrimitive* primitive = nullptr;
    const GpuMaterial* material = nullptr;
    float viewDepth = 0;  // BLEND only: distance of the node's bounds centre along the view
    MorphPath path = MorphPath::None;  // resolved by the morph stage
    uint8_t group = 0;  // deferred shading: its material's stencil value, 0 drawn forward
};

// KHR_materials_sheen's tables (its albedo E and the Sample Renderer's Charlie LUT, one RG32F
// texture), made on the first sheen drawn, for the sheen variants, the only programs that
// declare them.
class SheenTables {
public:
    // The tables on TextureUnit::SheenAlbedo and `environment` (the frame's Charlie cube; null
    // without an environment) on TextureUnit::SheenEnvironment.
    void bind(const gl::Texture* environment);

private:
    gl::Texture mTable;  // kSheenAlbedoSize^2
    gl::Sampler mSampler;
};

// What every pass draws its items with: the scene and the drawer's frame of it (DrawState), the
// program variants, the textures materials read besides their own, the frame's view-projection
// and how many copies of each node a crowd draws.
struct PassInput {
    const GpuScene& scene;
    DrawState& state;
    ShaderVariants& variants;
    SheenTables& sheen;
    const gl::Texture* sheenEnvironment = nullptr;  // the environment's Charlie cube, if any
    // The transmission pass's output, for the materials with transmission (TransmissionPass).
    const gl::Texture* transmission = nullptr;
    glm::mat4 viewProjection{1.0f};
    uint32_t instances = 1;
};

// The material's uniform block, textures and samplers on their units, and the sheen's tables and
// the transmission pass's output where its variant declares them.
void bindMaterial(const PassInput& input, const GpuMaterial& material);
// Draws `item` with the variant for `output`; into the G-buffer, with its group as the stencil
// reference.
void drawItem(const PassInput& input, const DrawItem& item, PassOutput output);
// The primitive's morphed (and skinned) bounds this frame, in its node's space.
Aabb drawnBounds(const GpuScene& scene, const DrawState& state, const morph::FramePose& frame,
                 int node, const GpuPrimitive& primitive);

}  // namespace renderer
