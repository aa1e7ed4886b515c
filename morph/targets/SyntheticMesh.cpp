#include "morph/targets/SyntheticMesh.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace morph {
namespace {

constexpr float kPi = 3.14159265358979f;

}  // namespace

glm::vec3 SplitMix64::direction() {
    // Rejection sampling in the unit ball, then normalised: uniform on the sphere.
    for (;;) {
        const glm::vec3 v(signedUnit(), signedUnit(), signedUnit());
        const float len2 = glm::dot(v, v);
        if (len2 > 1e-4f && len2 <= 1.0f) return v / std::sqrt(len2);
    }
}

namespace {

// The grid: `columns` vertices per ring, rings from 75 degrees south to 75 north (no poles, so
// every triangle has a real area); the last ring may be partial so the count is exactly V.
uint32_t columnsFor(uint32_t vertices) {
    return std::max<uint32_t>(3, uint32_t(std::ceil(std::sqrt(2.0 * double(vertices)))));
}

void buildGrid(uint32_t vertices, SyntheticMesh& mesh) {
    const uint32_t columns = columnsFor(vertices);
    const uint32_t rings = (vertices + columns - 1) / columns;
    mesh.positions.resize(vertices);
    mesh.normals.resize(vertices);
    mesh.uvs.resize(vertices);
    for (uint32_t k = 0; k < vertices; ++k) {
        const float across = (float(k / columns) + 0.5f) / float(rings);
        const float lat = (-75.0f + 150.0f * across) * kPi / 180.0f;
        const float around = float(k % columns) / float(columns);
        const float lon = 2.0f * kPi * around;
        const glm::vec3 p(std::cos(lat) * std::sin(lon), std::sin(lat),
                          std::cos(lat) * std::cos(lon));
        mesh.positions[k] = p;
        mesh.normals[k] = p;  // a unit sphere: the normal is the position
        mesh.uvs[k] = glm::vec2(1.0f - std::abs(2.0f * around - 1.0f), 1.0f - across);
    }
    for (uint32_t r = 0; r + 1 < rings; ++r) {
        for (uint32_t c = 0; c < columns; ++c) {
            const uint32_t a = r * columns + c;
            const uint32_t b = r * columns + (c + 1) % columns;
            const uint32_t up = a + columns;
            const uint32_t upRight = b + columns;
            if (up >= vertices || upRight >= vertices) continue;  // the partial last ring
            // Counter-clockwise seen from outside (glTF 2.0 3.7.2.1: front faces are CCW).
            mesh.indices.insert(mesh.indices.end(), {a, b, upRight, a, upRight, up});
        }
    }
}

// One target: the `entries` vertices nearest a random centre (by angle; ties broken by index, so
// the set does not depend on the sort implementation), deltas fading from the centre to a quarter
// at the patch's edge so that every chosen vertex really moves.
SyntheticTarget buildTarget(const SyntheticMesh& mesh, uint32_t entries, SplitMix64& rng) {
    const uint32_t vertices = mesh.vertexCount();
    const glm::vec3 centre = mesh.normals[uint32_t(rng.next() % vertices)];
    const glm::vec3 push = rng.direction();
    const glm::vec3 tilt = rng.direction();
    const float amplitude = 0.002f + 0.028f * rng.unit();  // 2 mm .. 3 cm on a unit sphere
    const glm::vec3 along = glm::normalize(centre + 0.5f * push);

    std::vector<std::pair<float, uint32_t>> nearest(vertices);
    for (uint32_t v = 0; v < vertices; ++v) nearest[v] = {-glm::dot(mesh.normals[v], centre), v};
    std::nth_element(nearest.begin(), nearest.begin() + (entries - 1), nearest.end());
    nearest.resize(entries);
    const float edge = -std::max_element(nearest.begin(), nearest.end())->first;
    std::sort(nearest.begin(), nearest.end(),
              [](const auto& x, const auto& y) { return x.second < y.second; });

    SyntheticTarget target;
    target.indices.reserve(entries);
    target.positions.reserve(entries);
    target.normals.reserve(entries);
    for (const auto& [negDot, v] : nearest) {
        const float s =
            edge < 1.0f ? glm::clamp((-negDot - edge) / (1.0f - edge), 0.0f, 1.0f) : 1.0f;
        const float falloff = 0.25f + 0.75f * s * s * (3.0f - 2.0f * s);
        const glm::vec3 n = mesh.normals[v];
        target.indices.push_back(v);
        target.positions.push_back(amplitude * falloff * along);
        // The normal turns towards `tilt` (its part across the surface), by up to about 0.1 rad.
        target.normals.push_back(0.1f * falloff * (tilt - glm::dot(tilt, n) * n + 0.01f * n));
    }
    return target;
}

}  // namespace

uint64_t SyntheticMesh::entryCount() const {
    uint64_t sum = 0;
    for (const SyntheticTarget& t : targets) sum += t.indices.size();
    return sum;
}

Status validate(const SyntheticSpec& spec) {
    if (spec.vertices < 3)
        return Error{ErrorCode::Usage, "synthetic mesh: --vertices must be at least 3"};
    if (spec.targets < 1)
        return Error{ErrorCode::Usage, "synthetic mesh: --targets must be at least 1"};
    if (!(spec.density > 0.0f && spec.density <= 1.0f)) {
        return Error{ErrorCode::Usage, "synthetic mesh: --density must be in (0, 1]"};
    }
    return {};
}

uint32_t syntheticEntriesPerTarget(const SyntheticSpec& spec) {
    const double wanted = std::round(double(spec.density) * double(spec.vertices));
    return uint32_t(std::clamp(wanted, 1.0, double(spec.vertices)));
}

SyntheticMesh makeSyntheticMesh(const SyntheticSpec& spec) {
    SyntheticMesh mesh;
    buildGrid(spec.vertices, mesh);
    const uint32_t entries = syntheticEntriesPerTarget(spec);
    mesh.targets.reserve(spec.targets);
    for (uint32_t t = 0; t < spec.targets; ++t) {
        // A stream per target: target t is the same whatever the target count.
        SplitMix64 rng(spec.seed * 0x2545F4914F6CDD1Dull + t);
        mesh.targets.push_back(buildTarget(mesh, entries, rng));
    }
    return mesh;
}

Scene toScene(const SyntheticMesh& mesh) {
    const uint32_t vertices = mesh.vertexCount();
    Primitive primitive;
    primitive.positions = mesh.positions;
    primitive.normals = mesh.normals;
    primitive.indices = mesh.indices;
    primitive.targets.resize(mesh.targets.size());
    for (size_t t = 0; t < mesh.targets.size(); ++t) {
        const SyntheticTarget& source = mesh.targets[t];
        // The form the importer gives the .glb toGltf() writes (sparse accessors, no bufferView).
        const bool sparse = MorphTarget::sparseIsSmaller(source.indices.size(), vertices);
        std::vector<glm::vec4> position(sparse ? source.indices.size() : vertices, glm::vec4(0.0f));
        std::vector<glm::vec4> normal(position.size(), glm::vec4(0.0f));
        for (size_t e = 0; e < source.indices.size(); ++e) {
            const size_t at = sparse ? e : source.indices[e];
            position[at] = glm::vec4(source.positions[e], 0.0f);
            normal[at] = glm::vec4(source.normals[e], 0.0f);
        }
        MorphTarget& target = primitive.targets[t];
        if (sparse) target = MorphTarget::makeSparse(source.indices);
        target.set(MorphChannel::Position, std::move(position));
        target.set(MorphChannel::Normal, std::move(normal));
    }
    Mesh out;
    out.name = "synthetic";
    for (size_t t = 0; t < mesh.targets.size(); ++t)
        out.targetNames.push_back("t" + std::to_string(t));
    out.defaultWeights.assign(mesh.targets.size(), 0.0f);
    out.primitives.push_back(std::move(primitive));

    Scene scene;
    scene.path = "synthetic";
    scene.meshes.push_back(std::move(out));
    Node node;
    node.name = "synthetic";
    node.mesh = 0;
    scene.nodes.push_back(node);
    scene.roots = {0};
    computeTargetStats(scene);
    return scene;
}

GltfBuilder toGltf(const SyntheticMesh& mesh, const SyntheticFile& file) {
    GltfBuilder builder;
    const size_t vertices = mesh.vertexCount();
    auto flat = [](const std::vector<glm::vec3>& v) {
        std::vector<float> out(v.size() * 3);
        for (size_t i = 0; i < v.size(); ++i) {
            out[3 * i] = v[i].x;
            out[3 * i + 1] = v[i].y;
            out[3 * i + 2] = v[i].z;
        }
        return out;
    };
    nlohmann::json primitive;
    primitive["attributes"] = {{"POSITION", builder.addFloats(flat(mesh.positions), "VEC3")},
                               {"NORMAL", builder.addFloats(flat(mesh.normals), "VEC3")}};
    primitive["indices"] = builder.addAccessor(mesh.indices.data(), ComponentType::UnsignedInt,
                                               mesh.indices.size(), "SCALAR");
    primitive["mode"] = 4;
    nlohmann::json& doc = builder.json();
    if (!file.baseColorPng.empty()) {
        std::vector<float> uvs(2 * vertices);
        for (size_t i = 0; i < vertices; ++i) {
            uvs[2 * i] = mesh.uvs[i].x;
            uvs[2 * i + 1] = mesh.uvs[i].y;
        }
        primitive["attributes"]["TEXCOORD_0"] = builder.addFloats(uvs, "VEC2");
        const int view = builder.addBufferView(file.baseColorPng.data(), file.baseColorPng.size());
        doc["images"] = nlohmann::json::array({{{"bufferView", view}, {"mimeType", "image/png"}}});
        // Trilinear and repeating, as a face scan's texture is sampled.
        doc["samplers"] = nlohmann::json::array(
            {{{"magFilter", 9729}, {"minFilter", 9987}, {"wrapS", 10497}, {"wrapT", 10497}}});
        doc["textures"] = nlohmann::json::array({{{"sampler", 0}, {"source", 0}}});
        doc["materials"] = nlohmann::json::array({{{"name", "skin"},
                                                   {"pbrMetallicRoughness",
                                                    {{"baseColorTexture", {{"index", 0}}},
                                                     {"metallicFactor", 0.0},
                                                     {"roughnessFactor", 0.6}}}}});
        primitive["material"] = 0;
    }
    auto targetName = [&](size_t t) {
        return t < file.targetNames.size() ? file.targetNames[t] : "t" + std::to_string(t);
    };
    nlohmann::json targets = nlohmann::json::array();
    nlohmann::json names = nlohmann::json::array();
    for (size_t t = 0; t < mesh.targets.size(); ++t) {
        const SyntheticTarget& target = mesh.targets[t];
        const int indexView =
            builder.addBufferView(target.indices.data(), target.indices.size() * sizeof(uint32_t));
        targets.push_back(
            {{"POSITION", builder.addSparseFloatsOnIndexView(
                              vertices, "VEC3", indexView, target.indices, flat(target.positions))},
             {"NORMAL", builder.addSparseFloatsOnIndexView(vertices, "VEC3", indexView,
                                                           target.indices, flat(target.normals))}});
        names.push_back(targetName(t));
    }
    primitive["targets"] = std::move(targets);
    doc["meshes"] =
        nlohmann::json::array({{{"name", "synthetic"},
                                {"primitives", nlohmann::json::array({primitive})},
                                {"weights", std::vector<float>(mesh.targets.size(), 0.0f)},
                                {"extras", {{"targetNames", names}}}}});
    doc["nodes"] = nlohmann::json::array({{{"name", "synthetic"}, {"mesh", 0}}});
    doc["scenes"] = nlohmann::json::array({{{"nodes", nlohmann::json::array({0})}}});
    doc["scene"] = 0;
    return builder;
}

std::vector<uint8_t> syntheticSkinPixels(uint32_t side, uint64_t seed) {
    // Value noise: a (cells + 1)^2 lattice of random values per octave, bilinear with a
    // smoothstep between them; four octaves, each twice as fine at half the amplitude.
    constexpr int kOctaves = 4;
    std::vector<std::vector<float>> lattices(kOctaves);
    SplitMix64 rng(seed ^ 0x5EEDF00Dull);
    for (int o = 0; o < kOctaves; ++o) {
        const uint32_t cells = 8u << o;
        lattices[size_t(o)].resize(size_t(cells + 1) * (cells + 1));
        for (float& v : lattices[size_t(o)]) v = rng.unit();
    }
    std::vector<uint8_t> pixels(size_t(side) * side * 4);
    for (uint32_t y = 0; y < side; ++y) {
        for (uint32_t x = 0; x < side; ++x) {
            float noise = 0.0f, amplitude = 0.5f;
            for (int o = 0; o < kOctaves; ++o, amplitude *= 0.5f) {
                const uint32_t cells = 8u << o;
                const float fx = (float(x) + 0.5f) / float(side) * float(cells);
                const float fy = (float(y) + 0.5f) / float(side) * float(cells);
                const uint32_t ix = std::min(uint32_t(fx), cells - 1);
                const uint32_t iy = std::min(uint32_t(fy), cells - 1);
                auto smooth = [](float t) { return t * t * (3.0f - 2.0f * t); };
                const float tx = smooth(fx - float(ix)), ty = smooth(fy - float(iy));
                const std::vector<float>& l = lattices[size_t(o)];
                auto at = [&](uint32_t i, uint32_t j) { return l[size_t(j) * (cells + 1) + i]; };
                const float top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * tx;
                const float bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * tx;
                noise += amplitude * (top + (bottom - top) * ty);
            }
            const float shade = 0.8f + 0.4f * noise;  // noise is within [0, 0.94)
            uint8_t* p = &pixels[(size_t(y) * side + x) * 4];
            p[0] = uint8_t(std::min(255.0f, 224.0f * shade));
            p[1] = uint8_t(std::min(255.0f, 172.0f * shade));
            p[2] = uint8_t(std::min(255.0f, 150.0f * shade));
            p[3] = 255;
        }
    }
    return pixels;
}

}  // namespace morph
