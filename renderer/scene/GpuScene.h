#pragma once
// A whole morph::Scene on the GPU, uploaded once at load and never changed after: per primitive
// its vertex buffers (PrimitiveBuffers) and what its morph is made from (MorphSource), per
// material a uniform block and its textures (sRGB for colour, linear for data) with sampler
// objects, and a 1x1 white fallback. What changes per frame (weights, joint matrices, the morph
// paths' data and outputs) belongs to whoever draws it (DrawState), so one GpuScene can be drawn
// by several drawers at once.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"
#include "renderer/gl/Bindings.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Sampler.h"
#include "renderer/gl/Texture.h"
#include "renderer/morph/GpuLimits.h"
#include "renderer/morph/MorphTargets.h"
#include "renderer/morph/PrimitiveMorph.h"
#include "renderer/scene/Bounds.h"
#include "renderer/scene/PrimitiveBuffers.h"
#include "renderer/scene/SkinJoints.h"

namespace renderer {

// The nodes scene `sceneIndex` draws (-1: the default scene, Scene::roots): every node with a
// mesh reachable from its roots, in a fixed depth-first order (so draws, and therefore images,
// are deterministic).
std::vector<int> drawnNodes(const morph::Scene& scene, int sceneIndex = -1);

// The material texture slots: the core's five (units BaseColor..Emissive), then the
// KHR_materials_* ones (units Specular..SheenRoughness, then Iridescence.. and Transmission.. in
// Bindings.h, past the sheen's tables and Charlie cube; slotUnit() maps).
enum class MaterialSlot : uint32_t {
    BaseColor,
    MetallicRoughness,
    Normal,
    Occlusion,
    Emissive,
    Specular,  // the first of the extensions' slots
    SpecularColor,
    Clearcoat,
    ClearcoatRoughness,
    ClearcoatNormal,
    SheenColor,
    SheenRoughness,
    Iridescence,
    IridescenceThickness,
    Transmission,
    Thickness,
};
inline constexpr size_t kMaterialSlotCount = 16;
inline constexpr size_t kCoreMaterialSlotCount = 5;
// Each slot's unit: the extensions' units are not one run (SheenAlbedo and SheenEnvironment sit
// between the sheen's slots and the iridescence's), so a table, not an offset.
inline constexpr TextureUnit kSlotUnits[kMaterialSlotCount] = {
    TextureUnit::BaseColor,          TextureUnit::MetallicRoughness,
    TextureUnit::NormalMap,          TextureUnit::Occlusion,
    TextureUnit::Emissive,           TextureUnit::Specular,
    TextureUnit::SpecularColor,      TextureUnit::Clearcoat,
    TextureUnit::ClearcoatRoughness, TextureUnit::ClearcoatNormal,
    TextureUnit::SheenColor,         TextureUnit::SheenRoughness,
    TextureUnit::Iridescence,        TextureUnit::IridescenceThickness,
    TextureUnit::Transmission,       TextureUnit::Thickness,
};
constexpr uint32_t slotUnit(size_t slot) {
    return unit(kSlotUnits[slot]);
}

// A material's shading features beyond glTF 2.0's core, each a bit of the shader variant
// (renderer/pass/ShaderVariants.cpp, MV_MATERIAL_*): a material without any draws with the core
// program, bit for bit as before the extensions existed.
enum MaterialFeature : uint32_t {
    kFeatureSpecular = 1u << 0,     // KHR_materials_ior and/or KHR_materials_specular
    kFeatureClearcoat = 1u << 1,    // KHR_materials_clearcoat with a factor above 0
    kFeatureSheen = 1u << 2,        // KHR_materials_sheen with a colour above 0
    kFeatureIridescence = 1u << 3,  // KHR_materials_iridescence with a factor above 0
    // KHR_materials_transmission with a factor above 0: the frame draws the transmission pass.
    kFeatureTransmission = 1u << 4,
    // KHR_materials_volume with a thickness above 0, on a transmissive material (the extension
    // means nothing without transmission; thickness 0 is the thin-walled surface).
    kFeatureVolume = 1u << 5,
};
inline constexpr uint32_t kMaterialFeatureBits = 6;
// The fragment units a feature samples (its variant declares them all; white stands in for
// absent textures): its slots, for sheen its tables and the environment's Charlie cube, for
// transmission the frame's transmission pass (TextureUnit::TransmissionFramebuffer). The first
// three together take 7 + 2 + 3 + 4 = 16 units, GL 4.5's guaranteed GL_MAX_TEXTURE_IMAGE_UNITS
// (hence the sheen's albedo and its Charlie LUT share one RG texture); every feature together
// takes 7 + 2 + 3 + 4 + 2 + 2 + 1 = 21 (llvmpipe and desktop GPUs have 32).
inline constexpr uint32_t kUnitsOfFeature[kMaterialFeatureBits] = {2, 3, 4, 2, 2, 1};
// Past GL_MAX_TEXTURE_IMAGE_UNITS features are dropped in this order (bit numbers), with their
// textures, until the variant fits (GpuScene::uploadMaterial): iridescence first (the film only
// tints a reflection the other layers still draw), then the volume (the surface stays
// transmissive, drawn thin-walled; and it never stays without its transmission), the sheen (a
// rim on cloth), the transmission (without it glass draws opaque, the largest change), the
// clearcoat, and the specular last. Where the limit is 16, everything together keeps specular,
// clearcoat and transmission (7 + 2 + 3 + 2 = 14).
inline constexpr uint32_t kFeatureDropOrder[kMaterialFeatureBits] = {3, 5, 2, 4, 1, 0};
static_assert(kFeatureDropOrder[1] == 5 && kFeatureDropOrder[3] == 4,
              "the volume is dropped before its transmission, never kept without it");
// The feature whose variant samples `slot` (0 for the core's slots).
constexpr uint32_t slotFeature(size_t slot) {
    return slot < size_t(MaterialSlot::Specular)       ? 0u
           : slot < size_t(MaterialSlot::Clearcoat)    ? kFeatureSpecular
           : slot < size_t(MaterialSlot::SheenColor)   ? kFeatureClearcoat
           : slot < size_t(MaterialSlot::Iridescence)  ? kFeatureSheen
           : slot < size_t(MaterialSlot::Transmission) ? kFeatureIridescence
           : slot < size_t(MaterialSlot::Thickness)    ? kFeatureTransmission
                                                       : kFeatureVolume;
}
// Fragment texture units of the core program: five material slots and the environment's two.
inline constexpr uint32_t kCoreFragmentUnits = 7;
// The fragment texture units a program with `features` samples.
constexpr uint32_t fragmentUnits(uint32_t features) {
    uint32_t units = kCoreFragmentUnits;
    for (uint32_t f = 0; f < kMaterialFeatureBits; ++f) {
        if (features & (1u << f)) units += kUnitsOfFeature[f];
    }
    return units;
}

struct GpuTextureBinding {
    int texture = -1;  // index into GpuScene::textures(), -1: the white fallback
    int sampler = -1;  // index into GpuScene::samplers(), -1: the default sampler
    int texCoord = 0;  // the TEXCOORD_n set it reads (KHR_texture_transform's override applied)
};

struct GpuMaterial {
    gl::Buffer block;  // the MaterialBlock of pbr.frag (std140), written once
    GpuTextureBinding slots[kMaterialSlotCount];
    morph::AlphaMode alphaMode = morph::AlphaMode::Opaque;
    bool doubleSided = false;
    uint32_t features = 0;  // MaterialFeature bits
};

struct GpuPrimitive {
    PrimitiveBuffers buffers;
    // What the morph paths are built from (null: no targets). Each drawer builds its own
    // PrimitiveMorph from it, indexed by `index`.
    std::shared_ptr<const MorphSource> morph;
    uint32_t index = 0;  // this primitive's place among all of the scene's, mesh by mesh
    int material = -1;   // index into GpuScene::materials(); -1: the default material
    // KHR_materials_variants: per variant the material index (-1: `material`); empty: unmapped.
    std::vector<int> variantMaterials;
    // The material index variant `variant` draws with (-1 or unmapped: `material`).
    int materialFor(int variant) const {
        const bool mapped = variant >= 0 && size_t(variant) < variantMaterials.size() &&
                            variantMaterials[size_t(variant)] >= 0;
        return mapped ? variantMaterials[size_t(variant)] : material;
    }
    Aabb baseBounds;
    // Per target the box of its POSITION deltas (signed, per axis; {0, 0} without any).
    std::vector<std::pair<glm::vec3, glm::vec3>> targetDeltaBoxes;
    std::vector<JointBox> jointBoxes;  // skinned primitives: per joint, the vertices it moves
};

struct GpuMesh {
    std::vector<GpuPrimitive> primitives;
    size_t targetCount = 0;
};

class GpuScene {
public:
    GpuScene() = default;
    // Needs a current 4.5 context. Everything is checked against `options.limits` and its GPU
    // memory budget before it is uploaded: a primitive past a limit, over the budget, or whose
    // upload fails (GL_OUT_OF_MEMORY) is an error naming the file, mesh and primitive. Images
    // that could not be decoded, or do not fit the budget, fall back to white with a note;
    // images larger than GL_MAX_TEXTURE_SIZE are downscaled on the CPU with a note.
    // The morphed primitives' CPU data is kept (copied) for the morph paths' lazily built
    // resources; the shared_ptr form keeps `scene` alive instead of copying (large meshes).
    static morph::Result<GpuScene> upload(const morph::Scene& scene,
                                          const UploadOptions& options = {});
    static morph::Result<GpuScene> upload(std::shared_ptr<const morph::Scene> scene,
                                          const UploadOptions& options = {});

    // The scene's node structure (nodes, roots, mesh target names and default weights) without
    // vertex data: enough for morph::worldMatrices and morph::restPose.
    const morph::Scene& layout() const { return mLayout; }
    // The nodes the default scene draws (drawnNodes), or those of scene `sceneIndex` (an index
    // out of range: the default scene's). A frame draws nodes(frame.scene).
    const std::vector<int>& nodes() const { return mDrawnNodes; }
    const std::vector<int>& nodes(int sceneIndex) const;
    // The nodes any scene draws, ascending: what a drawer keeps per-node state for.
    const std::vector<int>& anyNodes() const { return mAnyNodes; }
    const std::vector<GpuMesh>& meshes() const { return mMeshes; }
    const std::vector<GpuMaterial>& materials() const { return mMaterials; }
    const GpuMaterial& defaultMaterial() const { return mDefaultMaterial; }
    const std::vector<gl::Texture>& textures() const { return mTextures; }
    const std::vector<gl::Sampler>& samplers() const { return mSamplers; }
    const gl::Texture& whiteTexture() const { return mWhite; }
    const gl::Sampler& defaultSampler() const { return mDefaultSampler; }

    // A number no other GpuScene of this process has: drawers key their state by it.
    uint64_t id() const { return mId; }
    uint32_t primitiveCount() const { return mPrimitiveCount; }
    // The limits the scene was checked against, as the morph paths read them.
    const MorphLimits& morphLimits() const { return mMorphLimits; }
    // The --max-memory budget as the upload left it: the morph paths' data, built later by a
    // drawer, is charged to a copy of it (DrawState).
    const GpuBudget& budget() const { return mBudget; }
    // What the upload changed so the file could be drawn, one line each and also logged: an
    // image downscaled to GL_MAX_TEXTURE_SIZE, one drawn as white because it did not fit the
    // budget or its upload failed. (Images the importer could not decode are the import
    // report's, morph::ImportReport::textures.) The viewer's File report lists them.
    const std::vector<std::string>& notes() const { return mNotes; }
    // Joints of `node`'s skin when it draws a skinned mesh with a valid skin, else 0.
    size_t nodeJointCount(int node) const;

    // World-space bounds of the drawn nodes (the default scene's) for `pose`: each primitive's base
    // box grown for the weights, then transformed by its node. The growth is
    // renderer::morphedBounds' idea (base + sum of w_i times target i's extent) taken per axis and
    // with sign: target i moves no vertex outside w_i * [min delta, max delta] of its deltas, so
    // the Minkowski sum of the base box with those boxes holds every morphed position. A target
    // that lifts a bar grows the box upwards only, instead of by |delta| in all six directions,
    // which keeps captures of such models framed tightly.
    Aabb bounds(const std::vector<morph::NodePose>& pose) const;
    // The nodes frame.scene draws, at the frame's matrices, none recomputed; `onlyMesh` >= 0:
    // only the nodes that draw that mesh.
    Aabb bounds(const morph::FramePose& frame, int onlyMesh = -1) const;
    // Where the morph targets act in `frame` (morph::morphedRegion over the drawn nodes: the
    // vertices each target moves, morphed, skinned and placed as drawn, body-shape outliers left
    // out): the face of an avatar. Invalid when no target moves a vertex.
    Aabb morphedRegion(const morph::FramePose& frame) const;
    // Where target `target` of mesh `mesh` acts in `frame`: the vertices it moves, placed as
    // drawn, over the drawn nodes of that mesh (the viewer frames an audit finding's target).
    // Invalid when it moves no vertex there.
    Aabb targetRegion(const morph::FramePose& frame, int mesh, size_t target) const;

    // What `path` costs over the drawn nodes for `pose` (or, with `instanceWeights`, one row per
    // instance as SceneRenderer's Crowd gives them), Auto resolved per primitive. Nothing is
    // built. `passes` as in DrawOptions.
    MorphCost morphCost(MorphPath path, const std::vector<morph::NodePose>& pose,
                        uint32_t passes = 1,
                        const std::vector<std::vector<float>>& instanceWeights = {},
                        SparseMethod method = kDefaultSparseMethod) const;
    Aabb primitiveBounds(const GpuPrimitive& primitive, const std::vector<float>& weights) const;
    // The same for a skinned primitive under `joints` (node-space joint matrices), see
    // renderer::skinnedBounds; `joints` empty: primitiveBounds.
    Aabb primitiveBounds(const GpuPrimitive& primitive, const std::vector<float>& weights,
                         const std::vector<glm::mat4>& joints) const;

private:
    // Where `frame` puts node `node`'s vertices, as mesh.vert does: its model matrix (a skinned
    // node's skinnedModel) and its joint matrices (empty: not skinned).
    struct NodePlacement {
        glm::mat4 model;
        const std::vector<glm::mat4>& joints;
    };
    NodePlacement placement(int node, const morph::FramePose& frame) const;

    static morph::Result<GpuScene> upload(const morph::Scene& scene,
                                          const std::shared_ptr<const morph::Scene>& owner,
                                          const UploadOptions& options);
    // The upload's steps, in order: the white texture and the samplers; every material (and
    // the images they use, uploadImage); every primitive's buffers and immutable morph source;
    // the layout without vertex data; the nodes each scene draws (and their weights' charge).
    void uploadTextures(const morph::Scene& scene);
    void uploadMaterials(const morph::Scene& scene);
    morph::Status uploadGeometry(const morph::Scene& scene,
                                 const std::shared_ptr<const morph::Scene>& owner);
    morph::Result<GpuPrimitive> uploadPrimitive(const morph::Scene& scene,
                                                const std::shared_ptr<const morph::Scene>& owner,
                                                const morph::Primitive& primitive,
                                                size_t meshTargets, const std::string& where);
    void keepLayout(const morph::Scene& scene);
    morph::Status findDrawnNodes(const morph::Scene& scene);
    void countNodeJoints(const morph::Scene& scene);
    GpuMaterial uploadMaterial(const morph::Scene& scene, const morph::Material& material);
    // `features` without those whose textures would pass the fragment texture units (noted).
    uint32_t fitToUnits(const morph::Scene& scene, const morph::Material& material,
                        uint32_t features);
    GpuTextureBinding bindTexture(const morph::Scene& scene, const morph::TextureRef& ref,
                                  bool srgb);
    int uploadImage(const morph::Scene& scene, int imageIndex, bool srgb);
    // On a CPU driver, the mipmaps of the materials' images, made in parallel (mMipLevels).
    void prepareMipmaps(const morph::Scene& scene);
    void note(const std::string& line);  // logs it and keeps it in notes()

    morph::Scene mLayout;
    std::vector<int> mDrawnNodes;
    std::vector<std::vector<int>> mSceneNodes;  // per Scene::scenes entry
    std::vector<int> mAnyNodes;
    std::vector<GpuMesh> mMeshes;
    std::vector<GpuMaterial> mMaterials;
    GpuMaterial mDefaultMaterial;
    std::vector<gl::Texture> mTextures;
    std::vector<gl::Sampler> mSamplers;
    gl::Texture mWhite;
    gl::Sampler mDefaultSampler;
    std::vector<size_t> mNodeJointCounts;  // per node; 0 for unskinned nodes
    uint64_t mId = 0;
    uint32_t mPrimitiveCount = 0;
    MorphLimits mMorphLimits;
    GpuBudget mBudget{0};
    std::vector<std::string> mNotes;
    // While uploading: textures index of each (image, sRGB) pair, image * 2 + sRGB; -1 not made.
    std::vector<int> mImageTextures;
    GpuLimits mUploadLimits;  // while uploading: the limits images are checked against
    // While uploading on a CPU driver: levels 1, 2, ... of each (image, sRGB) pair, keyed as
    // mImageTextures; empty where prepareMipmaps left them to uploadImage.
    std::vector<std::vector<morph::Image>> mMipLevels;
};

}  // namespace renderer
