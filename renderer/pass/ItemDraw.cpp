#include "renderer/pass/ItemDraw.h"

#include <vector>

#include "renderer/gl/Bindings.h"
#include "renderer/light/SheenAlbedo.h"
#include "renderer/light/SheenLut.h"
#include "renderer/scene/SkinJoints.h"

namespace renderer {

void SheenTables::bind(const gl::Texture* environment) {
    if (mTable.id() == 0) {
        // Once per drawer, on the first sheen drawn (the tables: ~1.7 million BRDF
        // evaluations, once per process: renderer/light/SheenAlbedo.h and SheenLut.h).
        const std::vector<float>& albedo = sheenAlbedoTable();
        const std::vector<float>& lut = sheenLutTable();
        std::vector<float> table(2 * albedo.size());
        for (size_t i = 0; i < albedo.size(); ++i) {
            table[2 * i] = albedo[i];
            table[2 * i + 1] = lut[i];
        }
        mTable = gl::Texture::create(GL_TEXTURE_2D);
        mTable.storage2D(1, GL_RG32F, kSheenAlbedoSize, kSheenAlbedoSize);
        mTable.subImage2D(0, 0, 0, kSheenAlbedoSize, kSheenAlbedoSize, GL_RG, GL_FLOAT,
                          table.data());
        mSampler = gl::Sampler::create();
        mSampler.parameter(GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        mSampler.parameter(GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        mSampler.parameter(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        mSampler.parameter(GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    mTable.bindUnit(unit(TextureUnit::SheenAlbedo));
    mSampler.bindUnit(unit(TextureUnit::SheenAlbedo));
    if (environment) {
        environment->bindUnit(unit(TextureUnit::SheenEnvironment));
        glBindSampler(unit(TextureUnit::SheenEnvironment), 0);
    }
}

void bindMaterial(const PassInput& input, const GpuMaterial& material) {
    const GpuScene& scene = input.scene;
    material.block.bindBase(GL_UNIFORM_BUFFER, binding(UniformBlock::Material));
    for (size_t slot = 0; slot < kMaterialSlotCount; ++slot) {
        // The extensions' units only where the material's variant declares them.
        if (slot >= kCoreMaterialSlotCount && !(material.features & slotFeature(slot))) continue;
        const GLuint textureUnit = slotUnit(slot);
        const GpuTextureBinding& b = material.slots[slot];
        (b.texture >= 0 ? scene.textures()[size_t(b.texture)] : scene.whiteTexture())
            .bindUnit(textureUnit);
        (b.sampler >= 0 ? scene.samplers()[size_t(b.sampler)] : scene.defaultSampler())
            .bindUnit(textureUnit);
    }
    if (material.features & kFeatureSheen) input.sheen.bind(input.sheenEnvironment);
    if ((material.features & kFeatureTransmission) && input.transmission) {
        input.transmission->bindUnit(unit(TextureUnit::TransmissionFramebuffer));
        glBindSampler(unit(TextureUnit::TransmissionFramebuffer), 0);
    }
}

void drawItem(const PassInput& input, const DrawItem& item, PassOutput output) {
    DrawState& state = input.state;
    const glm::mat4& world = state.model(item.node);
    const GpuMaterial& material = *item.material;
    bindMaterial(input, material);
    // glTF 2.0 3.9.6: double-sided materials are not culled. glTF 2.0 3.7.4: a node transform
    // with a negative determinant mirrors the mesh, so its front faces wind clockwise.
    if (material.doubleSided) {
        glDisable(GL_CULL_FACE);
    } else {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
    }
    const glm::mat3 linear(world);
    glFrontFace(glm::determinant(linear) < 0.0f ? GL_CW : GL_CCW);

    const PrimitiveBuffers& buffers = item.primitive->buffers;
    const MorphWeights* weights = state.weights(item.node);
    const MorphPath path = weights ? item.path : MorphPath::None;
    const SkinJoints* joints = state.joints(item.node);
    gl::Program& program = input.variants.program(buffers.attributeMask(), material, output,
                                                  {path, skinInfluences(joints, buffers)});
    program.use();
    program.set(location(UniformLocation::Model), world);
    program.set(location(UniformLocation::NormalMatrix), glm::transpose(glm::inverse(linear)));
    program.set(location(UniformLocation::AttributeMask), buffers.attributeMask());
    if (output == PassOutput::GBuffer) glStencilFunc(GL_ALWAYS, GLint(item.group), 0xFF);
    if (path != MorphPath::None) {
        state.morph(item.node, *item.primitive).bind(program, path, *weights);
    } else {
        bindNoMorph(program);
    }
    bindSkin(program, joints, buffers);
    buffers.draw(input.instances);
}

Aabb drawnBounds(const GpuScene& scene, const DrawState& state, const morph::FramePose& frame,
                 int node, const GpuPrimitive& primitive) {
    // Skinned: the box in the node's skin space.
    const std::vector<float>& weights = frame.weights(node);
    return state.joints(node)
               ? scene.primitiveBounds(primitive, weights, frame.joints[size_t(node)])
               : scene.primitiveBounds(primitive, weights);
}

}  // namespace renderer
