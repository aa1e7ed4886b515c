#pragma once
// The GL-free model morphview works on: plain data decoded from glTF, every accessor already
// decoded to floats (normalized integers mapped, quantization decoded). Base attributes are
// expanded per vertex; morph targets from sparse accessors stay sparse (MorphTarget).
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "morph/Expression.h"
#include "morph/ImportReport.h"
#include "morph/MorphChannel.h"
#include "morph/Result.h"
#include "morph/RigRule.h"

namespace morph {

// A relative morph target (glTF 2.0 3.7.2.2): per morphed channel a delta for every vertex, or
// (sparse form) deltas for a few vertices only, the others' deltas being zero. Deltas are vec4
// whatever the channel's width (POSITION/NORMAL/TANGENT use xyz, TEXCOORD xy, COLOR rgba) so
// packing is a copy.
//
// Dense: entries(c) holds one delta per vertex (entry e is vertex e).
// Sparse: indices() lists ascending, unique vertex indices and entries(c) one delta per index,
// for every channel the target has; a channel lacking a vertex another channel moves stores a zero
// there. The importer keeps glTF sparse accessors (3.6.2.3) in this form, so a 50,000-vertex
// target that moves 2,500 vertices costs 2,500 entries, not 50,000.
//
// There is deliberately no per-vertex operator[]: code walks entries (forEach), looks one vertex
// up (delta) or asks for a per-vertex copy (dense) where it truly needs one.
class MorphTarget {
public:
    MorphTarget() = default;  // dense, no channel
    // A sparse target over `indices` (ascending and unique; not checked here, the importer and
    // makeSparse's callers guarantee it). Channels are then set with one delta per index.
    static MorphTarget makeSparse(std::vector<uint32_t> indices);

    bool isSparse() const { return mSparse; }
    bool has(MorphChannel c) const { return mHas[index(c)]; }
    // Sparse: the index count. Dense: the per-vertex length of the channels (0 with none).
    size_t entryCount() const;
    const std::vector<uint32_t>& indices() const { return mIndices; }  // empty when dense
    uint32_t vertexOf(size_t entry) const { return mSparse ? mIndices[entry] : uint32_t(entry); }
    // The stored deltas of channel c, one per entry (empty when the target lacks c).
    const std::vector<glm::vec4>& entries(MorphChannel c) const { return mEntries[index(c)]; }

    // Dense: sets the per-vertex deltas (an empty vector removes the channel). Sparse: one delta
    // per index; the size must be entryCount() (a mismatch is a programming error: the channel is
    // then dropped, so nothing ever reads past the indices).
    void set(MorphChannel c, std::vector<glm::vec4> deltas);
    void clear(MorphChannel c);

    // f(vertex, delta) for every stored entry of c, vertices ascending. Dense targets visit every
    // vertex (zeros included).
    template <typename F>
    void forEach(MorphChannel c, F&& f) const {
        const std::vector<glm::vec4>& e = mEntries[index(c)];
        if (mSparse) {
            for (size_t i = 0; i < e.size(); ++i) f(mIndices[i], e[i]);
        } else {
            for (size_t i = 0; i < e.size(); ++i) f(uint32_t(i), e[i]);
        }
    }
    // The delta of one vertex (a binary search when sparse); zero when not stored.
    glm::vec4 delta(MorphChannel c, uint32_t vertex) const;
    // Per-vertex deltas over `vertexCount` vertices (zeros where none is stored); empty when the
    // target lacks c. For code that needs whole arrays (tests, tools), never the hot paths.
    std::vector<glm::vec4> dense(MorphChannel c, uint32_t vertexCount) const;
    // The same target in dense form over `vertexCount` vertices.
    MorphTarget toDense(uint32_t vertexCount) const;
    // The same target in sparse form: the vertices where some channel's delta is not exactly zero
    // (all four components compared, so nothing stored is lost).
    MorphTarget toSparse(uint32_t vertexCount) const;

    // Whether `entries` sparse entries of a `vertexCount`-vertex target are cheaper stored sparse:
    // an entry costs an index plus its deltas, so past about half the vertices dense is smaller
    // and faster to walk. The importer and SyntheticMesh share this rule.
    static bool sparseIsSmaller(size_t entries, uint64_t vertexCount) {
        return entries * 2 <= vertexCount;
    }

    // Same form, same indices, same channels and deltas (a dense target never equals a sparse one).
    bool operator==(const MorphTarget& o) const {
        return mSparse == o.mSparse && mHas == o.mHas && mIndices == o.mIndices &&
               mEntries == o.mEntries;
    }
    bool operator!=(const MorphTarget& o) const { return !(*this == o); }

private:
    bool mSparse = false;
    std::array<bool, kMorphChannelCount> mHas{};
    std::vector<uint32_t> mIndices;
    std::array<std::vector<glm::vec4>, kMorphChannelCount> mEntries;
};

// Per target facts used by info, bounds and the sparse paths.
struct TargetStats {
    uint32_t movedVertices = 0;  // vertices whose POSITION delta is not zero
    float maxPositionDelta = 0;  // largest |POSITION delta| (the target's extent)
};

enum class PrimitiveMode : uint32_t {
    Points = 0,
    Lines = 1,
    LineLoop = 2,
    LineStrip = 3,
    Triangles = 4,
    TriangleStrip = 5,
    TriangleFan = 6
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
    // KHR_materials_variants: per variant of Scene::variants the material this primitive draws
    // with (-1: not mapped, the default `material`); empty when the primitive has no mappings.
    // Indices are valid (the importer drops bad ones). materialFor() reads it.
    std::vector<int> variantMaterials;

    std::vector<MorphTarget> targets;
    std::vector<TargetStats> targetStats;  // one per target, filled by computeTargetStats()

    uint32_t vertexCount() const { return static_cast<uint32_t>(positions.size()); }
    bool morphs(MorphChannel c) const;                  // any target has channel c
    std::vector<MorphChannel> morphedChannels() const;  // in MorphChannel order
};

struct Mesh {
    std::string name;
    std::vector<Primitive> primitives;
    std::vector<std::string> targetNames;  // extras.targetNames, else "0", "1", ...
    std::vector<float> defaultWeights;     // mesh.weights, else zeros; size == targetCount
    // Rig logic: the targets whose weights are derived from others', in evaluation order (the
    // names' rules and the file's extras.rigLogic, set by the importer; morph/rig/RigLogic.h).
    std::vector<RigRule> rigRules;
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
    int camera = -1;             // index into Scene::cameras (glTF 2.0 3.10)
    int light = -1;              // index into Scene::lights (KHR_lights_punctual)

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

// KHR_materials_specular: the dielectric Fresnel's strength (factor x texture A) and its F0
// colour (colorFactor x texture RGB, sRGB). present: the material has the extension.
struct MaterialSpecular {
    bool present = false;
    float factor = 1;
    TextureRef texture;  // A channel
    glm::vec3 colorFactor{1.0f};
    TextureRef colorTexture;  // RGB, sRGB
};

// KHR_materials_sheen: a Charlie-distribution sheen over the material (cloth, velvet). A colour
// of 0 (the default) means none.
struct MaterialSheen {
    bool present = false;
    glm::vec3 colorFactor{0.0f};
    TextureRef colorTexture;  // RGB, sRGB
    float roughnessFactor = 0;
    TextureRef roughnessTexture;  // A
};

// KHR_materials_clearcoat: a GGX layer (ior 1.5) over the material. factor 0 (the default)
// means none.
struct MaterialClearcoat {
    bool present = false;
    float factor = 0;
    TextureRef texture;  // R
    float roughnessFactor = 0;
    TextureRef roughnessTexture;  // G
    TextureRef normalTexture;     // scale in TextureRef::scale
};

// KHR_materials_iridescence: a thin dielectric film over the material whose interference tints
// its specular reflection (Belcour and Barla 2017). factor 0 (the default) means none.
struct MaterialIridescence {
    bool present = false;
    float factor = 0;
    TextureRef texture;            // R
    float ior = 1.3f;              // the film's; >= 1
    float thicknessMinimum = 100;  // nm, at the thickness texture's G of 0
    float thicknessMaximum = 400;  // nm, at G of 1 and without the texture
    TextureRef thicknessTexture;   // G
};

// KHR_materials_transmission: the share of light that passes through the surface (factor x
// texture R); 0 (the default) means none.
struct MaterialTransmission {
    bool present = false;
    float factor = 0;
    TextureRef texture;  // R
};

// KHR_materials_volume: the thickness of the volume under the surface, in the mesh's own units
// (factor x texture G; 0, the default, means thin-walled), and the Beer-Lambert attenuation: the
// colour white light becomes after travelling attenuationDistance (+inf, the default: none).
struct MaterialVolume {
    bool present = false;
    float thicknessFactor = 0;
    TextureRef thicknessTexture;  // G
    float attenuationDistance = std::numeric_limits<float>::infinity();
    glm::vec3 attenuationColor{1.0f};
};

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
    // KHR_materials_emissive_strength: already multiplied into emissiveFactor; kept to report it.
    float emissiveStrength = 1;
    float ior = 1.5f;  // KHR_materials_ior: 0 or >= 1; the default is glTF 2.0's implied 1.5
    MaterialSpecular specular;          // KHR_materials_specular
    MaterialClearcoat clearcoat;        // KHR_materials_clearcoat
    MaterialSheen sheen;                // KHR_materials_sheen
    MaterialIridescence iridescence;    // KHR_materials_iridescence
    MaterialTransmission transmission;  // KHR_materials_transmission
    MaterialVolume volume;              // KHR_materials_volume
    // The names under the material's "extensions", in file order (info --json lists them).
    std::vector<std::string> extensions;
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

// KHR_lights_punctual: a light at its node's origin, shining down the node's -Z (directional
// and spot). Units as the extension gives them: point and spot in candela (lm/sr), directional
// in lux (lm/m^2).
enum class LightType { Directional, Point, Spot };

struct Light {
    std::string name;
    LightType type = LightType::Point;
    glm::vec3 color{1.0f};  // linear RGB
    float intensity = 1;
    float range = 0;           // 0: unlimited (the extension's default: inverse square only)
    float innerConeAngle = 0;  // spot only, radians
    float outerConeAngle = 0.78539816339744830962f;  // spot only, radians (pi / 4)
};

// glTF 2.0 3.10: a camera looking down its node's -Z with +Y up.
enum class CameraType { Perspective, Orthographic };

struct Camera {
    std::string name;
    CameraType type = CameraType::Perspective;
    float yfov = 0;         // perspective: vertical field of view, radians
    float aspectRatio = 0;  // perspective: 0 when the file leaves it to the viewport
    float xmag = 0;         // orthographic: half the width of the view
    float ymag = 0;         // orthographic: half the height of the view
    float znear = 0;
    float zfar = 0;  // 0: infinite (a perspective camera without zfar)
};

// One of the file's scenes (glTF 2.0 3.5.2): its root nodes, in the file's order.
// KHR_materials_variants: one of the file's material variants. `name` is as the file gives it
// (possibly empty or shared with another variant); `displayName` is unique and not empty ("Variant
// 2" for a nameless one), what menus, `info` and --variant show.
struct MaterialVariant {
    std::string name;
    std::string displayName;
};

struct SceneRoots {
    std::string name;
    std::vector<int> roots;
};

struct Scene {
    std::string path;  // the file it came from, for messages
    std::vector<Mesh> meshes;
    std::vector<Node> nodes;
    std::vector<int> roots;  // root nodes of the default scene (or all parentless nodes)
    // Every scene of the file (empty when it has none) and which is the default one: `scene`, or
    // 0 when the file leaves it unset (-1 without scenes).
    std::vector<SceneRoots> scenes;
    int defaultScene = -1;
    std::vector<Camera> cameras;
    std::vector<Light> lights;  // KHR_lights_punctual
    std::vector<Skin> skins;
    std::vector<Material> materials;
    std::vector<MaterialVariant> variants;  // KHR_materials_variants, in the file's order
    std::vector<Texture> textures;
    std::vector<TextureSampler> samplers;
    std::vector<Image> images;
    std::vector<Animation> animations;
    // VRM 0.x / 1.0 expressions (morph/Expression.h; read by morph/gltf/VrmExpressions.cpp).
    std::vector<Expression> expressions;
    // The VRM humanoid's head and eye bones (node indices; -1 where the file names none), read
    // with the expressions: VRM 1.0 humanoid.humanBones.<bone>.node, VRM 0.x humanBones[].node.
    struct HumanoidBones {
        int head = -1;
        int leftEye = -1;
        int rightEye = -1;
        // A VRM 0.x model faces -Z (UniVRM 0.x mirrors Unity's Z); glTF's front, and VRM 1.0's,
        // is +Z.
        bool facesMinusZ = false;
    } humanoid;
    // The root extras.rigLogic as JSON text, "" when the file has none: rules between targets that
    // morph/rig/RigLogic.h reads.
    std::string rigLogic;
    std::vector<std::string> warnings;  // one line each, already prefixed with the file
    ImportReport report;                // the same lines by kind, and the extensions used
};

// The root nodes scene `index` draws: Scene::scenes[index].roots, or `roots` (the default
// scene, or every parentless node of a file without scenes) for -1 or an index out of range.
const std::vector<int>& sceneRoots(const Scene& scene, int index);
// Every node reachable from sceneRoots(scene, index), depth first in children order, each once
// (an invalid shared or cyclic hierarchy stays finite).
std::vector<int> sceneNodes(const Scene& scene, int index);

// The material `primitive` draws with in variant `variant` (an index into Scene::variants): its
// mapping for that variant, else its default `material` (also for -1, "the file's default
// materials", and for indices out of range).
int materialFor(const Primitive& primitive, int variant);
// The variant `text` names: a display name, else a name as the file gives it, else an index
// ("0", "1", ...). "" and "default" are -1 (the file's default materials). An unknown one is a
// usage error naming the file and listing its variants.
Result<int> findVariant(const Scene& scene, const std::string& text);

// Fills Primitive::targetStats for every primitive.
void computeTargetStats(Scene& scene);

// Every mesh's target names, each once, in the order they are first met: what the name sets,
// the audit and speech read of a model whose meshes share names.
std::vector<std::string> sceneTargetNames(const Scene& scene);
void computeTargetStats(Primitive& primitive);

}  // namespace morph
