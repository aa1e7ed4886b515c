#include "renderer/scene/GpuScene.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>

#include "morph/anim/Animate.h"
#include "morph/anim/Skin.h"
#include "morph/edit/MorphedRegion.h"
#include "morph/image/ImageResize.h"
#include "renderer/gl/Log.h"

namespace renderer {

namespace {

// The C++ mirror of MaterialBlock in shaders/material.glsl (std140: only vec4-sized members,
// so the layout is the declaration order with no padding rules to get wrong).
struct MaterialBlock {
    glm::vec4 baseColorFactor{1.0f};
    glm::vec4 emissive{0.0f};  // xyz: emissiveFactor, w: alphaCutoff
    glm::vec4 params{1.0f};    // metallic, roughness, normal scale, occlusion strength
    glm::ivec4 modes{0};  // alpha mode (0 opaque, 1 mask, 2 blend), double-sided, unlit, normal map
    glm::ivec4 texCoords{0};   // TEXCOORD set of base colour, metallic-roughness, normal, occlusion
    glm::ivec4 texCoords2{0};  // x: emissive
    // The KHR_materials_* values; read only by the variants with their MaterialFeature.
    glm::vec4 specular{1.0f};         // xyz: specularColorFactor, w: specularFactor
    glm::vec4 layers{1.5f, 0, 0, 1};  // x: ior, y: clearcoat, z: its roughness, w: its normal scale
    glm::ivec4 texCoords3{0};         // specular, specular colour, clearcoat, clearcoat roughness
    glm::ivec4 texCoords4{
        0};  // x: clearcoat normal, y: its map present, z: sheen colour, w: roughness
    glm::vec4 sheen{0.0f};  // rgb: sheenColorFactor, a: sheenRoughnessFactor
    // x: iridescenceFactor, y: the film's ior, z: thickness minimum, w: maximum (nm)
    glm::vec4 iridescence{0.0f, 1.3f, 100.0f, 400.0f};
    glm::ivec4 texCoords5{0};  // x: iridescence, y: iridescence thickness
    // x: transmissionFactor, y: thicknessFactor, z: attenuationDistance (0: none)
    glm::vec4 transmission{0.0f};
    glm::vec4 attenuationColor{1.0f};
    glm::ivec4 transmissionTexCoords{0};            // TEXCOORD set of: x transmission, y thickness
    glm::vec4 uvTransform[2 * kMaterialSlotCount];  // per slot: the two rows of a 2x3 affine map
};
static_assert(sizeof(MaterialBlock) == 16 * (16 + 2 * kMaterialSlotCount), "std140 mismatch");
static_assert(offsetof(MaterialBlock, sheen) == 16 * 10 &&
                  offsetof(MaterialBlock, iridescence) == 16 * 11 &&
                  offsetof(MaterialBlock, transmission) == 16 * 13 &&
                  offsetof(MaterialBlock, uvTransform) == 16 * 16,
              "material.glsl's member order");

constexpr const char* kFeatureNames[kMaterialFeatureBits] = {
    "KHR_materials_specular",    "KHR_materials_clearcoat",    "KHR_materials_sheen",
    "KHR_materials_iridescence", "KHR_materials_transmission", "KHR_materials_volume"};

GLint filterOr(int value, GLint fallback) {
    return value != 0 ? GLint(value) : fallback;
}

gl::Sampler makeSampler(const morph::TextureSampler& s) {
    gl::Sampler sampler = gl::Sampler::create();
    // glTF 2.0 5.26: filters left undefined are up to the viewer; trilinear is the usual choice.
    sampler.parameter(GL_TEXTURE_MAG_FILTER, filterOr(s.magFilter, GL_LINEAR));
    sampler.parameter(GL_TEXTURE_MIN_FILTER, filterOr(s.minFilter, GL_LINEAR_MIPMAP_LINEAR));
    sampler.parameter(GL_TEXTURE_WRAP_S, GLint(s.wrapS));
    sampler.parameter(GL_TEXTURE_WRAP_T, GLint(s.wrapT));
    return sampler;
}

// The texture with its whole mipmap chain: `below` (levels 1, 2, ...) where the caller made them,
// else the driver makes them.
gl::Texture makeTexture(const morph::Image& image, bool srgb,
                        const std::vector<morph::Image>* below) {
    const int largest = std::max(image.width, image.height);
    const GLsizei levels = GLsizei(std::floor(std::log2(double(largest)))) + 1;
    gl::Texture texture = gl::Texture::create(GL_TEXTURE_2D);
    texture.storage2D(levels, srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8, image.width, image.height);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    texture.subImage2D(0, 0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE,
                       image.rgba.data());
    if (below == nullptr) {
        texture.generateMipmap();
        return texture;
    }
    for (size_t i = 0; i < below->size(); ++i) {
        const morph::Image& level = (*below)[i];
        texture.subImage2D(GLint(i + 1), 0, 0, level.width, level.height, GL_RGBA, GL_UNSIGNED_BYTE,
                           level.rgba.data());
    }
    return texture;
}

bool imageUsable(const morph::Image& image) {
    return image.width > 0 && image.height > 0 &&
           image.rgba.size() == size_t(image.width) * size_t(image.height) * 4;
}

// Reordered for vertex reuse unless a material the primitive may draw with (its own or a
// variant's) blends: blending depends on the order the file gives.
TriangleOrder triangleOrder(const morph::Scene& scene, const morph::Primitive& primitive) {
    auto blends = [&](int material) {
        return material >= 0 && size_t(material) < scene.materials.size() &&
               scene.materials[size_t(material)].alphaMode == morph::AlphaMode::Blend;
    };
    if (blends(primitive.material)) return TriangleOrder::AsInFile;
    for (int material : primitive.variantMaterials) {
        if (blends(material)) return TriangleOrder::AsInFile;
    }
    return TriangleOrder::ForVertexReuse;
}

int slotTexCoord(const morph::TextureRef& ref) {
    // KHR_texture_transform: its texCoord, when present, overrides the textureInfo's.
    const int set = ref.transform.texCoord >= 0 ? ref.transform.texCoord : ref.texCoord;
    return std::clamp(set, 0, 1);  // the renderer carries TEXCOORD_0 and TEXCOORD_1
}

void writeTransform(const morph::TextureRef& ref, glm::vec4* rows) {
    const glm::mat3 m = ref.transform.present ? ref.transform.matrix() : glm::mat3(1.0f);
    rows[0] = glm::vec4(m[0][0], m[1][0], m[2][0], 0.0f);
    rows[1] = glm::vec4(m[0][1], m[1][1], m[2][1], 0.0f);
}

// Each slot's texture reference (MaterialSlot order) and whether it is sRGB. glTF 2.0 3.9.2:
// base colour and emissive textures are sRGB, the others linear data. KHR_materials_specular:
// specularColorTexture is sRGB, the other extensions' textures data.
std::array<std::pair<const morph::TextureRef*, bool>, kMaterialSlotCount> textureRefs(
    const morph::Material& m) {
    return {{{&m.baseColorTexture, true},
             {&m.metallicRoughnessTexture, false},
             {&m.normalTexture, false},
             {&m.occlusionTexture, false},
             {&m.emissiveTexture, true},
             {&m.specular.texture, false},
             {&m.specular.colorTexture, true},
             {&m.clearcoat.texture, false},
             {&m.clearcoat.roughnessTexture, false},
             {&m.clearcoat.normalTexture, false},
             {&m.sheen.colorTexture, true},
             {&m.sheen.roughnessTexture, false},
             {&m.iridescence.texture, false},
             {&m.iridescence.thicknessTexture, false},
             {&m.transmission.texture, false},
             {&m.volume.thicknessTexture, false}}};
}

// The MaterialFeature bits `m` draws with, before the texture units are counted.
uint32_t materialFeatures(const morph::Material& m) {
    uint32_t features = 0;
    // A material with the core's defaults draws with the core program: the ior 1.5 that
    // KHR_materials_ior makes explicit is the core's 0.04, and a clearcoat of 0 adds nothing.
    if (m.specular.present || m.ior != 1.5f) features |= kFeatureSpecular;
    if (m.clearcoat.present && m.clearcoat.factor > 0.0f) features |= kFeatureClearcoat;
    if (m.sheen.present && glm::any(glm::greaterThan(m.sheen.colorFactor, glm::vec3(0.0f)))) {
        features |= kFeatureSheen;
    }
    if (m.iridescence.present && m.iridescence.factor > 0.0f) features |= kFeatureIridescence;
    // A transmission of 0 lets nothing through: the material keeps its program (and the frame
    // has no transmission pass). A volume is only drawn through a transmissive surface, and a
    // thickness of 0 is the thin-walled surface the transmission variant draws without it.
    if (m.transmission.present && m.transmission.factor > 0.0f) {
        features |= kFeatureTransmission;
        if (m.volume.present && m.volume.thicknessFactor > 0.0f) features |= kFeatureVolume;
    }
    return features;
}

// `m`'s factors and texture coordinate sets as material.glsl reads them; the UV transforms and
// whether the normal maps are bound come from the slots (GpuScene::uploadMaterial).
MaterialBlock materialBlock(const morph::Material& m) {
    MaterialBlock block;
    block.baseColorFactor = m.baseColorFactor;
    block.emissive = glm::vec4(m.emissiveFactor, m.alphaCutoff);
    block.params = glm::vec4(m.metallicFactor, m.roughnessFactor, m.normalTexture.scale,
                             m.occlusionTexture.scale);
    const int alphaMode = m.alphaMode == morph::AlphaMode::Mask    ? 1
                          : m.alphaMode == morph::AlphaMode::Blend ? 2
                                                                   : 0;
    block.modes = glm::ivec4(alphaMode, m.doubleSided ? 1 : 0, m.unlit ? 1 : 0, 0);
    block.texCoords =
        glm::ivec4(slotTexCoord(m.baseColorTexture), slotTexCoord(m.metallicRoughnessTexture),
                   slotTexCoord(m.normalTexture), slotTexCoord(m.occlusionTexture));
    block.texCoords2 = glm::ivec4(slotTexCoord(m.emissiveTexture), 0, 0, 0);
    // KHR_materials_ior: f0 = ((ior - 1) / (ior + 1))^2, in the shader.
    block.specular = glm::vec4(m.specular.colorFactor, m.specular.factor);
    block.layers = glm::vec4(m.ior, m.clearcoat.factor, m.clearcoat.roughnessFactor,
                             m.clearcoat.normalTexture.scale);
    block.texCoords3 =
        glm::ivec4(slotTexCoord(m.specular.texture), slotTexCoord(m.specular.colorTexture),
                   slotTexCoord(m.clearcoat.texture), slotTexCoord(m.clearcoat.roughnessTexture));
    block.texCoords4 =
        glm::ivec4(slotTexCoord(m.clearcoat.normalTexture), 0, slotTexCoord(m.sheen.colorTexture),
                   slotTexCoord(m.sheen.roughnessTexture));
    block.sheen = glm::vec4(m.sheen.colorFactor, m.sheen.roughnessFactor);
    block.iridescence = glm::vec4(m.iridescence.factor, m.iridescence.ior,
                                  m.iridescence.thicknessMinimum, m.iridescence.thicknessMaximum);
    block.texCoords5 = glm::ivec4(slotTexCoord(m.iridescence.texture),
                                  slotTexCoord(m.iridescence.thicknessTexture), 0, 0);
    // The Sample Renderer's convention: an attenuation distance of 0 means none (the
    // extension's +inf would make pow(0, d / inf) undefined in GLSL).
    const float attenuationDistance =
        std::isfinite(m.volume.attenuationDistance) ? m.volume.attenuationDistance : 0.0f;
    block.transmission =
        glm::vec4(m.transmission.factor, m.volume.thicknessFactor, attenuationDistance, 0.0f);
    block.attenuationColor = glm::vec4(m.volume.attenuationColor, 1.0f);
    block.transmissionTexCoords = glm::ivec4(slotTexCoord(m.transmission.texture),
                                             slotTexCoord(m.volume.thicknessTexture), 0, 0);
    return block;
}

// Unique across every GpuScene of the process, whichever thread uploads it.
std::atomic<uint64_t> gNextSceneId{0};

// The box (min, max) of `target`'s position deltas; the vertices a sparse target does not store
// have zero deltas, so then the box holds 0.
std::pair<glm::vec3, glm::vec3> targetDeltaBox(const morph::MorphTarget& target,
                                               uint32_t vertexCount) {
    glm::vec3 lo(0.0f), hi(0.0f);
    bool first = !target.isSparse() || target.entryCount() >= vertexCount;
    target.forEach(morph::MorphChannel::Position, [&](uint32_t, const glm::vec4& delta) {
        const glm::vec3 d(delta);
        if (!std::isfinite(d.x) || !std::isfinite(d.y) || !std::isfinite(d.z)) return;
        lo = first ? d : glm::min(lo, d);
        hi = first ? d : glm::max(hi, d);
        first = false;
    });
    return {lo, hi};
}

// The immutable morph source of `primitive`; aliasing the owner keeps its primitive without a
// copy.
std::shared_ptr<const MorphSource> morphSource(const std::shared_ptr<const morph::Scene>& owner,
                                               const morph::Primitive& primitive,
                                               const std::string& where) {
    std::shared_ptr<const morph::Primitive> source =
        owner ? std::shared_ptr<const morph::Primitive>(owner, &primitive)
              : std::make_shared<const morph::Primitive>(primitive);
    return MorphSource::measure(std::move(source), where);
}

}  // namespace

std::vector<int> drawnNodes(const morph::Scene& scene, int sceneIndex) {
    std::vector<int> out;
    for (int node : morph::sceneNodes(scene, sceneIndex)) {
        const int mesh = scene.nodes[size_t(node)].mesh;
        if (mesh >= 0 && size_t(mesh) < scene.meshes.size()) out.push_back(node);
    }
    return out;
}

GpuTextureBinding GpuScene::bindTexture(const morph::Scene& scene, const morph::TextureRef& ref,
                                        bool srgb) {
    GpuTextureBinding binding;
    if (ref.texture < 0 || size_t(ref.texture) >= scene.textures.size()) return binding;
    const morph::Texture& texture = scene.textures[size_t(ref.texture)];
    if (texture.sampler >= 0 && size_t(texture.sampler) < mSamplers.size()) {
        binding.sampler = texture.sampler;
    }
    if (texture.image < 0 || size_t(texture.image) >= scene.images.size()) return binding;
    const size_t key = size_t(texture.image) * 2 + (srgb ? 1 : 0);
    if (mImageTextures[key] == -1) {
        const morph::Image& image = scene.images[size_t(texture.image)];
        if (!imageUsable(image)) {
            // An image that did not decode (corrupt, a format we do not read, past the memory
            // budget): white keeps the material's factors visible instead of failing the model.
            if (mImageTextures[key ^ 1] != -2) {
                logNote(scene.path + ": images[" + std::to_string(texture.image) + "] (" +
                        (image.mimeType.empty() ? std::string("unknown type") : image.mimeType) +
                        ") was not decoded; drawn as white");
            }
            mImageTextures[key] = -2;
        } else {
            mImageTextures[key] = uploadImage(scene, texture.image, srgb);
        }
    }
    binding.texture = mImageTextures[key] >= 0 ? mImageTextures[key] : -1;
    return binding;
}

int GpuScene::uploadImage(const morph::Scene& scene, int imageIndex, bool srgb) {
    const morph::Image& image = scene.images[size_t(imageIndex)];
    const std::string where = scene.path + ": images[" + std::to_string(imageIndex) + "]";
    // The note is written once per image, not again for its other colour space.
    const bool first = mImageTextures[size_t(imageIndex) * 2 + (srgb ? 0 : 1)] == -1;
    const uint32_t maxSize = mUploadLimits.maxTextureSize;
    morph::Image shrunk;
    if (morph::downscaleFactor(image.width, image.height, maxSize) > 1) {
        shrunk = morph::downscaleToFit(image, maxSize);
        if (first) {
            note(where + " is " + std::to_string(image.width) + " x " +
                 std::to_string(image.height) + ", over GL_MAX_TEXTURE_SIZE " +
                 std::to_string(maxSize) + "; downscaled to " + std::to_string(shrunk.width) +
                 " x " + std::to_string(shrunk.height));
        }
    }
    const morph::Image& use = shrunk.rgba.empty() ? image : shrunk;
    // RGBA8 plus its mipmaps (a third more).
    const uint64_t bytes = uint64_t(use.width) * uint64_t(use.height) * 4 * 4 / 3;
    if (auto charged = mBudget.charge(bytes, where); !charged) {
        if (first) note(charged.error().message + "; drawn as white");
        return -2;
    }
    // A driver that rasterizes on the CPU gets levels made on the CPU (morph::mipLevels says
    // why): made beforehand by prepareMipmaps, or here for an image it left out.
    std::vector<morph::Image> levels;
    const std::vector<morph::Image>* below = nullptr;
    if (mUploadLimits.softwareRenderer) {
        const size_t key = size_t(imageIndex) * 2 + (srgb ? 1 : 0);
        if (shrunk.rgba.empty() && key < mMipLevels.size() && !mMipLevels[key].empty()) {
            levels = std::move(mMipLevels[key]);
        } else {
            levels = morph::mipLevels(use, srgb);
        }
        below = &levels;
    }
    gl::Texture texture = makeTexture(use, srgb, below);
    if (auto uploaded = checkUpload(where); !uploaded) {
        if (first) note(uploaded.error().message + "; drawn as white");
        return -2;
    }
    mTextures.push_back(std::move(texture));
    return int(mTextures.size()) - 1;
}

void GpuScene::note(const std::string& line) {
    logNote(line);
    mNotes.push_back(line);
}

GpuMaterial GpuScene::uploadMaterial(const morph::Scene& scene, const morph::Material& m) {
    GpuMaterial out;
    out.alphaMode = m.alphaMode;
    out.doubleSided = m.doubleSided;
    out.features = fitToUnits(scene, m, materialFeatures(m));
    MaterialBlock block = materialBlock(m);
    const auto refs = textureRefs(m);
    for (size_t slot = 0; slot < kMaterialSlotCount; ++slot) {
        const bool used = slot < kCoreMaterialSlotCount || (out.features & slotFeature(slot));
        if (used) out.slots[slot] = bindTexture(scene, *refs[slot].first, refs[slot].second);
        out.slots[slot].texCoord = slotTexCoord(*refs[slot].first);
        writeTransform(*refs[slot].first, &block.uvTransform[2 * slot]);
    }
    // What the shader reads as "the map is there": a texture that was bound, not only named.
    block.modes.w = out.slots[size_t(MaterialSlot::Normal)].texture >= 0 ? 1 : 0;
    block.texCoords4.y = out.slots[size_t(MaterialSlot::ClearcoatNormal)].texture >= 0 ? 1 : 0;
    out.block = gl::Buffer::create(sizeof block, &block);
    return out;
}

uint32_t GpuScene::fitToUnits(const morph::Scene& scene, const morph::Material& m,
                              uint32_t features) {
    // A variant samples every slot of its features; past GL_MAX_TEXTURE_IMAGE_UNITS features go,
    // with their textures, in kFeatureDropOrder (GpuScene.h says why): iridescence first, and
    // the volume before its transmission so it never stays without it. All six take 21 units,
    // five past GL 4.5's minimum of 16.
    for (const uint32_t f : kFeatureDropOrder) {
        if (fragmentUnits(features) <= mUploadLimits.maxFragmentTextureUnits) break;
        if (!(features & (1u << f))) continue;
        features &= ~(1u << f);
        note(scene.path + ": material \"" + m.name + "\": " + kFeatureNames[f] +
             " dropped, its textures would pass GL_MAX_TEXTURE_IMAGE_UNITS " +
             std::to_string(mUploadLimits.maxFragmentTextureUnits));
    }
    return features;
}

morph::Result<GpuScene> GpuScene::upload(const morph::Scene& scene, const UploadOptions& options) {
    return upload(scene, nullptr, options);
}

morph::Result<GpuScene> GpuScene::upload(std::shared_ptr<const morph::Scene> scene,
                                         const UploadOptions& options) {
    if (!scene) return morph::Error{morph::ErrorCode::BadValue, "GpuScene::upload: no scene"};
    const morph::Scene& ref = *scene;
    return upload(ref, scene, options);
}

morph::Result<GpuScene> GpuScene::upload(const morph::Scene& scene,
                                         const std::shared_ptr<const morph::Scene>& owner,
                                         const UploadOptions& options) {
    GpuScene out;
    const GpuLimits gpuLimits = options.limits ? *options.limits : GpuLimits::query();
    out.mId = ++gNextSceneId;
    out.mMorphLimits = gpuLimits.morph();
    out.mUploadLimits = gpuLimits;
    out.mBudget = GpuBudget(options.maxBytes);
    out.uploadTextures(scene);
    out.uploadMaterials(scene);
    if (auto geometry = out.uploadGeometry(scene, owner); !geometry) return geometry.error();
    out.keepLayout(scene);
    if (auto nodes = out.findDrawnNodes(scene); !nodes) return nodes.error();
    if (auto uploaded = checkUpload(scene.path); !uploaded) return uploaded.error();
    return out;
}

void GpuScene::uploadTextures(const morph::Scene& scene) {
    // White is the neutral value of every slot but the normal map (which the shader skips when
    // absent): base colour x 1, metallic/roughness factors x 1, no occlusion, emissive x 1.
    const uint8_t white[4] = {255, 255, 255, 255};
    mWhite = gl::Texture::create(GL_TEXTURE_2D);
    mWhite.storage2D(1, GL_RGBA8, 1, 1);
    mWhite.subImage2D(0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
    mDefaultSampler = makeSampler(morph::TextureSampler{});
    for (const morph::TextureSampler& s : scene.samplers) mSamplers.push_back(makeSampler(s));
}

void GpuScene::uploadMaterials(const morph::Scene& scene) {
    // The images are uploaded as the materials first use them (uploadImage), once per colour
    // space.
    mImageTextures.assign(scene.images.size() * 2, -1);
    if (mUploadLimits.softwareRenderer) prepareMipmaps(scene);
    for (const morph::Material& m : scene.materials) mMaterials.push_back(uploadMaterial(scene, m));
    // glTF 2.0 3.9.1: a primitive without a material uses the default material (factors 1,
    // metallic 1, roughness 1, no textures).
    mDefaultMaterial = uploadMaterial(scene, morph::Material{});
    mImageTextures.clear();
    mMipLevels.clear();
}

void GpuScene::prepareMipmaps(const morph::Scene& scene) {
    // Every (image, colour space) a material's slot names, once, in parallel: an avatar's dozen
    // 1024 x 1024 textures take 4 ms each. One that must be downscaled first is left to
    // uploadImage, as is one a material's features leave unbound (made and not used).
    std::vector<size_t> keys;
    std::vector<morph::MipRequest> requests;
    std::vector<bool> seen(scene.images.size() * 2, false);
    for (const morph::Material& m : scene.materials) {
        for (const auto& [ref, srgb] : textureRefs(m)) {
            if (ref->texture < 0 || size_t(ref->texture) >= scene.textures.size()) continue;
            const int image = scene.textures[size_t(ref->texture)].image;
            if (image < 0 || size_t(image) >= scene.images.size()) continue;
            const morph::Image& pixels = scene.images[size_t(image)];
            const size_t key = size_t(image) * 2 + (srgb ? 1 : 0);
            if (seen[key] || !imageUsable(pixels) ||
                morph::downscaleFactor(pixels.width, pixels.height, mUploadLimits.maxTextureSize) >
                    1)
                continue;
            seen[key] = true;
            keys.push_back(key);
            requests.push_back({&pixels, srgb});
        }
    }
    std::vector<std::vector<morph::Image>> made = morph::mipLevelsOfAll(requests);
    mMipLevels.assign(scene.images.size() * 2, {});
    for (size_t i = 0; i < keys.size(); ++i) mMipLevels[keys[i]] = std::move(made[i]);
}

morph::Status GpuScene::uploadGeometry(const morph::Scene& scene,
                                       const std::shared_ptr<const morph::Scene>& owner) {
    for (size_t meshIndex = 0; meshIndex < scene.meshes.size(); ++meshIndex) {
        const morph::Mesh& mesh = scene.meshes[meshIndex];
        GpuMesh gpuMesh;
        gpuMesh.targetCount = mesh.targetCount();
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            const std::string where = scene.path + ": meshes[" + std::to_string(meshIndex) +
                                      "].primitives[" + std::to_string(p) + "]";
            auto primitive =
                uploadPrimitive(scene, owner, mesh.primitives[p], gpuMesh.targetCount, where);
            if (!primitive) return primitive.error();
            gpuMesh.primitives.push_back(std::move(primitive).value());
        }
        mMeshes.push_back(std::move(gpuMesh));
    }
    return {};
}

morph::Result<GpuPrimitive> GpuScene::uploadPrimitive(
    const morph::Scene& scene, const std::shared_ptr<const morph::Scene>& owner,
    const morph::Primitive& primitive, size_t meshTargets, const std::string& where) {
    // Limits and budget first, so a primitive that cannot fit never reaches GL.
    if (auto fits = checkPrimitiveLimits(primitive, meshTargets, mUploadLimits); !fits) {
        return morph::Error{fits.error().code, where + ": " + fits.error().message};
    }
    // The morph paths' data is charged when a drawer builds it (PrimitiveMorph::prepare).
    if (auto charged = mBudget.charge(vertexBufferBytes(primitive), where); !charged) {
        return charged.error();
    }
    GpuPrimitive gpu;
    gpu.index = mPrimitiveCount++;
    gpu.buffers = PrimitiveBuffers::upload(primitive, triangleOrder(scene, primitive));
    if (auto uploaded = checkUpload(where); !uploaded) return uploaded.error();
    if (!primitive.targets.empty()) gpu.morph = morphSource(owner, primitive, where);
    const auto validMaterial = [&](int m) {
        return m >= 0 && size_t(m) < scene.materials.size() ? m : -1;
    };
    gpu.material = validMaterial(primitive.material);
    // KHR_materials_variants: every material is uploaded above, so a variant only changes
    // which block and textures a draw binds (SceneRenderer::draw), never the buffers.
    for (const int m : primitive.variantMaterials) gpu.variantMaterials.push_back(validMaterial(m));
    gpu.baseBounds = baseBounds(primitive);
    for (const morph::MorphTarget& target : primitive.targets)
        gpu.targetDeltaBoxes.push_back(targetDeltaBox(target, primitive.vertexCount()));
    gpu.jointBoxes = jointBoxes(primitive);
    return gpu;
}

void GpuScene::keepLayout(const morph::Scene& scene) {
    // The layout: the same scene without vertex data or images.
    mLayout.path = scene.path;
    mLayout.nodes = scene.nodes;
    mLayout.roots = scene.roots;
    mLayout.scenes = scene.scenes;
    mLayout.defaultScene = scene.defaultScene;
    mLayout.cameras = scene.cameras;
    mLayout.lights = scene.lights;
    mLayout.animations = scene.animations;
    mLayout.skins = scene.skins;
    mLayout.expressions = scene.expressions;  // capture's --weights vrm:NAME=V
    mLayout.variants = scene.variants;        // --variant, View > Variant
    for (const morph::Mesh& mesh : scene.meshes) {
        morph::Mesh stripped;
        stripped.name = mesh.name;
        stripped.targetNames = mesh.targetNames;
        stripped.defaultWeights = mesh.defaultWeights;
        stripped.rigRules = mesh.rigRules;  // the pose's last layer derives weights by them
        mLayout.meshes.push_back(std::move(stripped));
    }
}

morph::Status GpuScene::findDrawnNodes(const morph::Scene& scene) {
    mDrawnNodes = drawnNodes(scene);
    // Every scene's drawn nodes; the drawers' per-node state is made for all of them (anyNodes),
    // so choosing another scene in the viewer needs no new upload.
    std::vector<uint8_t> drawnByAny(scene.nodes.size(), 0);
    for (int node : mDrawnNodes) drawnByAny[size_t(node)] = 1;
    for (size_t s = 0; s < scene.scenes.size(); ++s) {
        mSceneNodes.push_back(drawnNodes(scene, int(s)));
        for (int node : mSceneNodes.back()) drawnByAny[size_t(node)] = 1;
    }
    for (size_t n = 0; n < drawnByAny.size(); ++n) {
        if (drawnByAny[n]) mAnyNodes.push_back(int(n));
    }
    // The drawers' weight buffers are charged here, once: they are small, and every drawer
    // has them.
    for (int node : mAnyNodes) {
        const size_t targets = mMeshes[size_t(scene.nodes[size_t(node)].mesh)].targetCount;
        if (targets == 0) continue;
        const std::string where = scene.path + ": nodes[" + std::to_string(node) + "] weights";
        if (auto charged = mBudget.charge(weightBufferBytes(targets), where); !charged) {
            return charged.error();
        }
    }
    countNodeJoints(scene);
    return {};
}

void GpuScene::countNodeJoints(const morph::Scene& scene) {
    mNodeJointCounts.assign(scene.nodes.size(), 0);
    for (int node : mAnyNodes) {
        const morph::Node& n = scene.nodes[size_t(node)];
        const auto& primitives = scene.meshes[size_t(n.mesh)].primitives;
        const bool skinned =
            std::any_of(primitives.begin(), primitives.end(),
                        [](const morph::Primitive& p) { return morph::influenceCount(p) > 0; });
        const int skin = n.skin;
        if (skinned && skin >= 0 && size_t(skin) < scene.skins.size()) {
            mNodeJointCounts[size_t(node)] = scene.skins[size_t(skin)].joints.size();
        }
    }
}

const std::vector<int>& GpuScene::nodes(int sceneIndex) const {
    if (sceneIndex >= 0 && size_t(sceneIndex) < mSceneNodes.size())
        return mSceneNodes[size_t(sceneIndex)];
    return mDrawnNodes;
}

size_t GpuScene::nodeJointCount(int node) const {
    if (node < 0 || size_t(node) >= mNodeJointCounts.size()) return 0;
    return mNodeJointCounts[size_t(node)];
}

Aabb GpuScene::primitiveBounds(const GpuPrimitive& primitive, const std::vector<float>& weights,
                               const std::vector<glm::mat4>& joints) const {
    const Aabb morphed = primitiveBounds(primitive, weights);
    if (joints.empty() || primitive.jointBoxes.empty() || !morphed.valid) return morphed;
    return skinnedBounds(primitive.jointBoxes, morphed.min - primitive.baseBounds.min,
                         morphed.max - primitive.baseBounds.max, joints);
}

Aabb GpuScene::primitiveBounds(const GpuPrimitive& primitive,
                               const std::vector<float>& weights) const {
    Aabb box = primitive.baseBounds;
    if (!box.valid) return box;
    const size_t count = std::min(weights.size(), primitive.targetDeltaBoxes.size());
    for (size_t t = 0; t < count; ++t) {
        const float w = weights[t];
        if (w == 0.0f || !std::isfinite(w)) continue;
        const auto& [lo, hi] = primitive.targetDeltaBoxes[t];
        box.min += w > 0.0f ? w * lo : w * hi;
        box.max += w > 0.0f ? w * hi : w * lo;
    }
    return box;
}

Aabb GpuScene::bounds(const std::vector<morph::NodePose>& pose) const {
    return bounds(morph::resolveFrame(mLayout, pose));
}

GpuScene::NodePlacement GpuScene::placement(int node, const morph::FramePose& frame) const {
    static const std::vector<glm::mat4> kNoJoints;
    const bool skinned = nodeJointCount(node) > 0 && !frame.joints[size_t(node)].empty();
    if (!skinned) return {frame.world[size_t(node)], kNoJoints};
    return {morph::skinnedModel(frame.world[size_t(node)]), frame.joints[size_t(node)]};
}

Aabb GpuScene::bounds(const morph::FramePose& frame, int onlyMesh) const {
    Aabb box;
    if (frame.size() != mLayout.nodes.size()) {
        morph::FramePose rest = morph::resolveFrame(mLayout, {});
        rest.scene = frame.scene;
        return bounds(rest, onlyMesh);
    }
    for (int node : nodes(frame.scene)) {
        const int meshIndex = mLayout.nodes[size_t(node)].mesh;
        if (onlyMesh >= 0 && meshIndex != onlyMesh) continue;
        const GpuMesh& mesh = mMeshes[size_t(meshIndex)];
        const std::vector<float>& weights = frame.weights(node);
        const NodePlacement placed = placement(node, frame);
        for (const GpuPrimitive& primitive : mesh.primitives) {
            box.extend(
                primitiveBounds(primitive, weights, placed.joints).transformed(placed.model));
        }
    }
    return box;
}

Aabb GpuScene::morphedRegion(const morph::FramePose& frame) const {
    if (frame.size() != mLayout.nodes.size()) {
        morph::FramePose rest = morph::resolveFrame(mLayout, {});
        rest.scene = frame.scene;
        return morphedRegion(rest);
    }
    std::vector<morph::TargetRegion> regions;
    for (int node : nodes(frame.scene)) {
        const GpuMesh& mesh = mMeshes[size_t(mLayout.nodes[size_t(node)].mesh)];
        if (mesh.targetCount == 0) continue;
        const NodePlacement placed = placement(node, frame);
        for (const GpuPrimitive& primitive : mesh.primitives) {
            if (!primitive.morph || !primitive.morph->primitive) continue;
            morph::appendTargetRegions(*primitive.morph->primitive, frame.weights(node),
                                       placed.model, placed.joints, regions);
        }
    }
    Aabb box;
    if (const std::optional<morph::Box> region = morph::morphedRegion(regions)) {
        box.extend(region->min);
        box.extend(region->max);
    }
    return box;
}

Aabb GpuScene::targetRegion(const morph::FramePose& frame, int mesh, size_t target) const {
    Aabb box;
    if (frame.size() != mLayout.nodes.size() || mesh < 0 || size_t(mesh) >= mMeshes.size())
        return box;
    std::vector<morph::TargetRegion> regions;
    for (int node : nodes(frame.scene)) {
        if (mLayout.nodes[size_t(node)].mesh != mesh) continue;
        const NodePlacement placed = placement(node, frame);
        for (const GpuPrimitive& primitive : mMeshes[size_t(mesh)].primitives) {
            if (!primitive.morph || !primitive.morph->primitive) continue;
            morph::appendTargetRegions(*primitive.morph->primitive, frame.weights(node),
                                       placed.model, placed.joints, regions, int(target));
        }
    }
    for (const morph::TargetRegion& region : regions) {
        box.extend(region.box.min);
        box.extend(region.box.max);
    }
    return box;
}

MorphCost GpuScene::morphCost(MorphPath path, const std::vector<morph::NodePose>& pose,
                              uint32_t passes,
                              const std::vector<std::vector<float>>& instanceWeights,
                              SparseMethod method) const {
    MorphCost cost;
    for (int node : mDrawnNodes) {
        const GpuMesh& mesh = mMeshes[size_t(mLayout.nodes[size_t(node)].mesh)];
        if (mesh.targetCount == 0) continue;
        static const std::vector<float> kNone;
        const std::vector<float>& weights =
            size_t(node) < pose.size() ? pose[size_t(node)].weights : kNone;
        const size_t instances = std::max<size_t>(instanceWeights.size(), 1);
        std::vector<morph::ActiveWeights> active(instances);
        uint32_t longest = 0;
        for (size_t k = 0; k < instances; ++k) {
            const std::vector<float>& row =
                k < instanceWeights.size() && !instanceWeights[k].empty() ? instanceWeights[k]
                                                                          : weights;
            morph::collectActive(row.data(), std::min(row.size(), mesh.targetCount),
                                 active[k].targets, active[k].values);
            longest = std::max(longest, uint32_t(active[k].size()));
        }
        for (const GpuPrimitive& primitive : mesh.primitives) {
            if (!primitive.morph) continue;
            const MorphShape& shape = primitive.morph->shape;
            const MorphPath resolved = resolveMorphPath(path, shape, longest, passes, method,
                                                        mMorphLimits.softwareRenderer);
            cost += renderer::morphCost(resolved, shape, active, passes, method);
        }
    }
    return cost;
}

}  // namespace renderer
