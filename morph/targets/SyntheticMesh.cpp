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
    for (uint32_t k = 0; k < vertices; ++k) {
        const float lat =
            (-75.0f + 150.0f * (float(k / columns) + 0.5f) / float(rings)) * kPi / 180.0f;
        const float lon = 2.0f * kPi * float(k % columns) / float(columns);
        const glm::vec3 p(std::cos(lat) * std::sin(lon), std::sin(lat),
                          std::cos(lat) * std::cos(lon));
        mesh.positions[k] = p;
        mesh.normals[k] = p;  // a unit sphere: the normal is the position
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

GltfBuilder toGltf(const SyntheticMesh& mesh) {
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
        names.push_back("t" + std::to_string(t));
    }
    primitive["targets"] = std::move(targets);
    nlohmann::json& doc = builder.json();
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

}  // namespace morph
