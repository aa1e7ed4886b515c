#pragma once
// The GL-free model morphview works on: plain data decoded from glTF, every accessor already
// expanded to floats (sparse applied, normalized integers mapped, quantization decoded).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "MorphChannel.h"

namespace morph {

// A relative morph target (glTF 2.0 3.7.2.2): per channel one delta per vertex, or empty when
// the target does not morph that channel. Deltas are vec4 whatever the channel's width
// (POSITION/NORMAL/TANGENT use xyz, TEXCOORD xy, COLOR rgba) so packing is a copy.
struct MorphTarget {
    std::array<std::vector<glm::vec4>, kMorphChannelCount> deltas;

    bool has(MorphChannel c) const { return !deltas[index(c)].empty(); }
    const std::vector<glm::vec4>& operator[](MorphChannel c) const { return deltas[index(c)]; }
    std::vector<glm::vec4>& operator[](MorphChannel c) { return deltas[index(c)]; }
};

// Per target facts used by info, bounds and the sparse paths.
struct TargetStats {
    uint32_t movedVertices = 0;  // vertices whose POSITION delta is not zero
    float maxPositionDelta = 0;  // largest |POSITION delta| (the target's extent)
};

enum class PrimitiveMode : uint32_t {
    Points = 0, Lines = 1, LineLoop = 2, LineStrip = 3,
    Triangles = 4, TriangleStrip = 5, TriangleFan = 6
};

struct Primitive {
    PrimitiveMode mode = PrimitiveMode::Triangles;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;                   // empty: none in the file
    std::vector<glm::vec4> tangents;                  // w = handedness
    std::array<std::vector<glm::vec2>, 2> texcoords;  // TEXCOORD_0, TEXCOORD_1
    std::vector<glm::vec4> colors;                    // COLOR_0 (RGB gets a = 1)
    std::array<std::vector<glm::u16vec4>, 2> joints;  // JOINTS_0/1, kept for skins
    std::array<std::vector<glm::vec4>, 2> weights;    // WEIGHTS_0/1
    std::vector<uint32_t> indices;                    // empty: not indexed
    int material = -1;

    std::vector<MorphTarget> targets;
    std::vector<TargetStats> targetStats;  // one per target, filled by computeTargetStats()

    uint32_t vertexCount() const { return static_cast<uint32_t>(positions.size()); }
    bool morphs(MorphChannel c) const;                // any target has channel c
    std::vector<MorphChannel> morphedChannels() const;  // in MorphChannel order
};

struct Mesh {
    std::string name;
    std::vector<Primitive> primitives;
    std::vector<std::string> targetNames;  // extras.targetNames, else "0", "1", ...
    std::vector<float> defaultWeights;     // mesh.weights, else zeros; size == targetCount
    size_t targetCount() const { return targetNames.size(); }
};

struct Node {
    std::string name;
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // w, x, y, z
    glm::vec3 scale{1.0f};
    glm::mat4 matrix{1.0f};
    bool hasMatrix = false;  // glTF 2.0 5.25: matrix and TRS are exclusive
    int mesh = -1;
    int skin = -1;
    int parent = -1;
    std::vector<int> children;
    std::vector<float> weights;  // node.weights as in the file (may be empty)

    glm::mat4 localMatrix() const;
};

struct Skin {
    std::string name;
    std::vector<int> joints;
    std::vector<glm::mat4> inverseBindMatrices;  // identity when absent
    int skeleton = -1;
};

enum class Interpolation { Step, Linear, CubicSpline };
enum class AnimationPath { Translation, Rotation, Scale, Weights };

struct AnimationSampler {
    std::vector<float> input;   // seconds, strictly increasing
    std::vector<float> output;  // flat; per key `width` floats (x3 for CUBICSPLINE: in, value, out)
    Interpolation interpolation = Interpolation::Linear;
    uint32_t width = 0;  // 3 (T/S), 4 (R), or the mesh's target count (weights)
};

struct AnimationChannel {
    int sampler = -1;
    int node = -1;
    AnimationPath path = AnimationPath::Weights;
};

struct Animation {
    std::string name;
    std::vector<AnimationSampler> samplers;
    std::vector<AnimationChannel> channels;
    float start = 0;  // first key over all samplers
    float end = 0;    // last key over all samplers; duration = end (glTF time starts at 0)
};

struct TextureTransform {  // KHR_texture_transform
    glm::vec2 offset{0.0f};
    float rotation = 0;
    glm::vec2 scale{1.0f};
    int texCoord = -1;  // overrides TextureRef::texCoord when >= 0
    bool present = false;
    glm::mat3 matrix() const;
};

struct TextureRef {
    int texture = -1;
    int texCoord = 0;
    float scale = 1;  // normalTexture.scale or occlusionTexture.strength
    TextureTransform transform;
};

enum class AlphaMode { Opaque, Mask, Blend };

struct Material {
    std::string name;
    glm::vec4 baseColorFactor{1.0f};
    TextureRef baseColorTexture;
    float metallicFactor = 1;
    float roughnessFactor = 1;
    TextureRef metallicRoughnessTexture;
    TextureRef normalTexture;
    TextureRef occlusionTexture;
    TextureRef emissiveTexture;
    glm::vec3 emissiveFactor{0.0f};
    AlphaMode alphaMode = AlphaMode::Opaque;
    float alphaCutoff = 0.5f;
    bool doubleSided = false;
    bool unlit = false;  // KHR_materials_unlit
};

struct Image {
    std::string name;
    std::string mimeType;
    int width = 0;
    int height = 0;
    std::vector<uint8_t> rgba;  // decoded RGBA8; empty when it could not be decoded
};

struct TextureSampler {
    int magFilter = 0;  // 0: unset (glTF default), else the GL enum value
    int minFilter = 0;
    int wrapS = 10497;  // GL_REPEAT
    int wrapT = 10497;
};

struct Texture {
    int image = -1;
    int sampler = -1;
};

struct Scene {
    std::string path;  // the file it came from, for messages
    std::vector<Mesh> meshes;
    std::vector<Node> nodes;
    std::vector<int> roots;  // root nodes of the default scene (or all parentless nodes)
    std::vector<Skin> skins;
    std::vector<Material> materials;
    std::vector<Texture> textures;
    std::vector<TextureSampler> samplers;
    std::vector<Image> images;
    std::vector<Animation> animations;
    std::vector<std::string> warnings;  // one line each, already prefixed with the file
};

// Fills Primitive::targetStats for every primitive.
void computeTargetStats(Scene& scene);
void computeTargetStats(Primitive& primitive);

}  // namespace morph
