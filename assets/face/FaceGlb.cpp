// The face model as glTF 2.0: one mesh with a primitive per material, every primitive carrying
// all 52 targets as sparse accessors, three weight animations, an embedded skin texture.
#include "Animations.h"
#include "FaceAssembly.h"
#include "SkinTexture.h"
#include "morph/glb/GltfBuilder.h"

namespace face {
namespace {

using morph::ComponentType;
using nlohmann::json;

std::vector<float> flatten(const std::vector<glm::vec3>& v) {
    std::vector<float> out;
    out.reserve(v.size() * 3);
    for (const glm::vec3& a : v) out.insert(out.end(), {a.x, a.y, a.z});
    return out;
}

json materials() {
    auto pbr = [](const char* name, std::initializer_list<double> color, double roughness) {
        return json{{"name", name},
                    {"pbrMetallicRoughness",
                     {{"baseColorFactor", color},
                      {"metallicFactor", 0.0},
                      {"roughnessFactor", roughness}}}};
    };
    json skin = pbr("skin", {1.0, 1.0, 1.0, 1.0}, 0.55);
    skin["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
    // Order matches MaterialId.
    return json::array(
        {skin, pbr("eyeWhite", {0.80, 0.77, 0.72, 1.0}, 0.2),
         pbr("iris", {0.06, 0.16, 0.30, 1.0}, 0.25), pbr("pupil", {0.01, 0.01, 0.01, 1.0}, 0.2),
         pbr("inside", {0.12, 0.02, 0.02, 1.0}, 0.8), pbr("teeth", {0.80, 0.76, 0.64, 1.0}, 0.3),
         pbr("tongue", {0.55, 0.16, 0.15, 1.0}, 0.5)});
}

// One target of one part: the vertices whose position or normal changes, as sparse accessors
// (glTF 2.0 3.6.2.3) over zeros. A target that leaves the part alone shares `zero`.
json targetAccessors(morph::GltfBuilder& b, const Part& part, size_t t, int& zero) {
    const auto& dp = part.positionDeltas[t];
    const auto& dn = part.normalDeltas[t];
    std::vector<uint32_t> indices;
    std::vector<float> pv, nv;
    for (uint32_t v = 0; v < part.vertexCount(); ++v) {
        if (dp[v] == glm::vec3(0.0f) && dn[v] == glm::vec3(0.0f)) continue;
        indices.push_back(v);
        pv.insert(pv.end(), {dp[v].x, dp[v].y, dp[v].z});
        nv.insert(nv.end(), {dn[v].x, dn[v].y, dn[v].z});
    }
    ComponentType indexType =
        part.vertexCount() <= 65536 ? ComponentType::UnsignedShort : ComponentType::UnsignedInt;
    if (indices.empty()) {
        // sparse.count must be at least 1: one explicit zero.
        if (zero < 0) {
            const float z[3] = {0, 0, 0};
            zero = b.addSparseAccessor(part.vertexCount(), ComponentType::Float, "VEC3", {0u}, z,
                                       indexType);
        }
        return {{"POSITION", zero}, {"NORMAL", zero}};
    }
    int p = b.addSparseAccessor(part.vertexCount(), ComponentType::Float, "VEC3", indices,
                                pv.data(), indexType);
    int n = b.addSparseAccessor(part.vertexCount(), ComponentType::Float, "VEC3", indices,
                                nv.data(), indexType);
    return {{"POSITION", p}, {"NORMAL", n}};
}

json primitive(morph::GltfBuilder& b, const Part& part) {
    std::vector<float> tangents;
    for (const glm::vec4& t : part.tangents) tangents.insert(tangents.end(), {t.x, t.y, t.z, t.w});
    std::vector<float> uvs;
    for (const glm::vec2& uv : part.uvs) uvs.insert(uvs.end(), {uv.x, uv.y});
    json prim;
    prim["attributes"] = {{"POSITION", b.addFloats(flatten(part.positions), "VEC3")},
                          {"NORMAL", b.addFloats(flatten(part.normals), "VEC3")},
                          {"TANGENT", b.addFloats(tangents, "VEC4")},
                          {"TEXCOORD_0", b.addFloats(uvs, "VEC2")}};
    if (part.vertexCount() <= 65535) {
        std::vector<uint16_t> idx(part.indices.begin(), part.indices.end());
        prim["indices"] =
            b.addAccessor(idx.data(), ComponentType::UnsignedShort, idx.size(), "SCALAR");
    } else {
        prim["indices"] = b.addAccessor(part.indices.data(), ComponentType::UnsignedInt,
                                        part.indices.size(), "SCALAR");
    }
    prim["material"] = static_cast<int>(part.material);
    prim["mode"] = 4;
    json targets = json::array();
    int zero = -1;
    for (size_t t = 0; t < part.positionDeltas.size(); ++t)
        targets.push_back(targetAccessors(b, part, t, zero));
    prim["targets"] = targets;
    return prim;
}

json animation(morph::GltfBuilder& b, const WeightClip& clip) {
    static const char* kInterp[] = {"STEP", "LINEAR", "CUBICSPLINE"};
    int input = b.addFloats(clip.times, "SCALAR");
    int output = b.addFloats(clip.output, "SCALAR");
    return {{"name", clip.name},
            {"samplers",
             {{{"input", input},
               {"output", output},
               {"interpolation", kInterp[static_cast<int>(clip.interpolation)]}}}},
            {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "weights"}}}}}}};
}

}  // namespace

std::vector<uint8_t> buildFaceGlb() {
    HeadSurface head;
    FaceModel model = buildFaceModel(head);
    morph::GltfBuilder b;
    json& doc = b.json();
    doc["asset"]["generator"] = "morphview assets/FaceGenerator";
    doc["asset"]["extras"] = {{"leftIs", "+X: the character's left; the face looks down +Z"}};

    std::vector<uint8_t> png =
        encodePng(paintSkin(head, kSkinTextureSize), kSkinTextureSize, kSkinTextureSize);
    int imageView = b.addBufferView(png.data(), png.size());
    doc["images"] = {{{"name", "skin"}, {"bufferView", imageView}, {"mimeType", "image/png"}}};
    doc["samplers"] = {
        {{"magFilter", 9729}, {"minFilter", 9987}, {"wrapS", 10497}, {"wrapT", 33071}}};
    doc["textures"] = {{{"sampler", 0}, {"source", 0}}};
    doc["materials"] = materials();

    json prims = json::array();
    for (const Part& part : model.parts) prims.push_back(primitive(b, part));
    json mesh = {{"name", "Face"}, {"primitives", prims}};
    mesh["weights"] = std::vector<double>(model.targetNames.size(), 0.0);
    mesh["extras"] = {{"targetNames", model.targetNames}};
    doc["meshes"] = {mesh};
    doc["nodes"] = {{{"name", "Face"}, {"mesh", 0}}};
    doc["scenes"] = {{{"name", "Face"}, {"nodes", {0}}}};
    doc["scene"] = 0;

    json animations = json::array();
    for (const WeightClip& clip : makeClips(model.targetNames))
        animations.push_back(animation(b, clip));
    doc["animations"] = animations;
    return b.glb();
}

}  // namespace face
