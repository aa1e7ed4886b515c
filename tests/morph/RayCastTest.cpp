// Vertex picking (morph/edit/RayCast.h): the ray hits the morphed mesh, not the base, through node
// transforms; the nearest of several nodes wins; the targets moving a vertex come largest first.
#include <algorithm>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/Fixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/edit/RayCast.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Displacement.h"

namespace morph::ray_cast_test {
namespace {

using fixtures::positionTarget;

// The fixtures' triangle v0 (0,0,0), v1 (1,0,0), v2 (0,1,0) with T0 (0,0,1) on v1 and
// T1 (0,2,0) on v2, on node 0 (and a second node on the same mesh when asked).
Scene triangleScene(int nodeCount = 1) {
    Scene scene;
    Mesh mesh;
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    p.indices = {0, 1, 2};
    p.targets.push_back(positionTarget({{0, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}}));
    p.targets.push_back(positionTarget({{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 2, 0, 0}}));
    mesh.primitives.push_back(p);
    mesh.targetNames = {"push", "lift"};
    mesh.defaultWeights = {0, 0};
    scene.meshes.push_back(mesh);
    for (int n = 0; n < nodeCount; ++n) {
        Node node;
        node.mesh = 0;
        scene.nodes.push_back(node);
        scene.roots.push_back(n);
    }
    return scene;
}

// Straight down -Z from z = 10 at (x, y).
Ray downZ(float x, float y) {
    return {{x, y, 10.0f}, {0.0f, 0.0f, -1.0f}};
}

std::optional<RayHit> cast(const Scene& scene, const std::vector<NodePose>& pose, const Ray& ray) {
    std::vector<int> nodes(scene.nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) nodes[i] = int(i);
    return raycast(scene, resolveFrame(scene, pose), nodes, ray);
}

TEST(RayCast, HitsTheNearestCornerOfTheBaseTriangle) {
    const Scene scene = triangleScene();
    const auto hit = cast(scene, restPose(scene), downZ(0.8f, 0.1f));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->vertex, 1u);
    EXPECT_FLOAT_EQ(hit->distance, 10.0f);
    EXPECT_NEAR(hit->point.x, 0.8f, 1e-6f);
    EXPECT_NEAR(hit->vertexPosition.x, 1.0f, 1e-6f);
    EXPECT_FALSE(cast(scene, restPose(scene), downZ(0.8f, 0.8f))) << "outside the triangle";
}

TEST(RayCast, FollowsTheMorph) {
    const Scene scene = triangleScene();
    std::vector<NodePose> pose = restPose(scene);
    // With "lift" at 1, v2 sits at (0,3,0): the triangle now covers (0.05, 2.5).
    EXPECT_FALSE(cast(scene, pose, downZ(0.05f, 2.5f)))
        << "the base triangle does not reach y = 2.5";
    pose[0].weights = {0.0f, 1.0f};
    auto hit = cast(scene, pose, downZ(0.05f, 2.5f));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->vertex, 2u);
    EXPECT_NEAR(hit->vertexPosition.y, 3.0f, 1e-6f);
    // With "push" at 1, v1 comes forward to z = 1: a hit next to it is nearer the camera.
    pose[0].weights = {1.0f, 0.0f};
    hit = cast(scene, pose, downZ(0.9f, 0.05f));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->vertex, 1u);
    EXPECT_NEAR(hit->vertexPosition.z, 1.0f, 1e-6f);
    EXPECT_LT(hit->distance, 9.2f);
}

TEST(RayCast, HonoursNodeTransformsAndPicksTheNearestNode) {
    Scene scene = triangleScene(2);
    scene.nodes[0].translation = {5, 0, 0};
    scene.nodes[1].translation = {5, 0, 2};  // the same triangle, in front of node 0
    const std::vector<NodePose> pose = restPose(scene);
    const auto hit = cast(scene, pose, downZ(5.1f, 0.8f));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->node, 1);
    EXPECT_EQ(hit->vertex, 2u);
    EXPECT_NEAR(hit->point.z, 2.0f, 1e-5f);
    EXPECT_FALSE(cast(scene, pose, downZ(0.1f, 0.1f))) << "nothing is left at the origin";
}

TEST(RayCast, RayFromNdcGoesThroughThePixel) {
    const glm::mat4 view = glm::lookAt(glm::vec3(0, 0, 5), glm::vec3(0), glm::vec3(0, 1, 0));
    const glm::mat4 projection = glm::perspective(0.8f, 1.5f, 0.1f, 50.0f);
    const glm::mat4 vp = projection * view;
    const glm::vec4 clip = vp * glm::vec4(0.3f, -0.2f, 0.5f, 1.0f);
    const Ray ray = rayFromNdc(glm::inverse(vp), glm::vec2(clip) / clip.w);
    // The point lies on the ray: its offset from the origin is parallel to the direction.
    const glm::vec3 offset = glm::vec3(0.3f, -0.2f, 0.5f) - ray.origin;
    EXPECT_LT(glm::length(glm::cross(glm::normalize(offset), glm::normalize(ray.direction))),
              1e-4f);
    EXPECT_GT(glm::dot(offset, ray.direction), 0.0f);
}

TEST(RayCast, StripsAndFansBecomeTriangles) {
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    p.mode = PrimitiveMode::TriangleStrip;
    EXPECT_EQ(triangleCorners(p), (std::vector<uint32_t>{0, 1, 2, 2, 1, 3}));
    p.mode = PrimitiveMode::TriangleFan;
    EXPECT_EQ(triangleCorners(p), (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
    p.mode = PrimitiveMode::Lines;
    EXPECT_TRUE(triangleCorners(p).empty());
    p.mode = PrimitiveMode::Triangles;
    p.indices = {0, 1, 9};  // out of range: dropped, never read
    EXPECT_TRUE(triangleCorners(p).empty());
}

TEST(RayCast, InfluencesComeLargestFirst) {
    Primitive p;
    p.positions = {{0, 0, 0}};
    p.targets.push_back(positionTarget({{0, 0, 0.5f, 0}}));
    p.targets.push_back(positionTarget({{0, 0, 0, 0}}));
    p.targets.push_back(positionTarget({{0, 2, 0, 0}}));
    const auto influences = vertexInfluences(p, 0, {1.0f, 1.0f, 0.25f});
    ASSERT_EQ(influences.size(), 2u) << "a zero delta moves nothing";
    EXPECT_EQ(influences[0].target, 2u);
    EXPECT_FLOAT_EQ(influences[0].delta, 2.0f);
    EXPECT_FLOAT_EQ(influences[0].displacement, 0.5f);
    EXPECT_EQ(influences[1].target, 0u);
    EXPECT_FLOAT_EQ(morphedPosition(p, 0, {1.0f, 1.0f, 0.25f}).y, 0.5f);
    EXPECT_FLOAT_EQ(morphedPosition(p, 0, {1.0f, 1.0f, 0.25f}).z, 0.5f);
}

// The bundled face: the vertex jawOpen moves most, aimed at from the front where jawOpen = 1
// puts it, is picked; with jawOpen at 0 the same ray finds another vertex.
TEST(RayCast, PicksTheJawOnTheMorphedFace) {
    auto imported = importGltf(fixtures::bundledFace());
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    const Scene& scene = *imported;
    int node = -1;
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        if (scene.nodes[n].mesh == 0) node = int(n);
    }
    ASSERT_GE(node, 0);
    const Mesh& mesh = scene.meshes[0];
    const auto jaw = std::find(mesh.targetNames.begin(), mesh.targetNames.end(), "jawOpen");
    ASSERT_NE(jaw, mesh.targetNames.end());
    const size_t target = size_t(jaw - mesh.targetNames.begin());
    const Primitive& primitive = mesh.primitives[0];
    std::vector<NodePose> pose = restPose(scene);
    pose[size_t(node)].weights.assign(mesh.targetCount(), 0.0f);
    pose[size_t(node)].weights[target] = 1.0f;
    const std::vector<glm::mat4> world = worldMatrices(scene, pose);

    // The front-most of the vertices jawOpen moves far (the chin), so nothing is in front of it.
    const std::vector<glm::vec4> deltas =
        primitive.targets[target].dense(MorphChannel::Position, primitive.vertexCount());
    float largest = 0;
    for (const glm::vec4& d : deltas) largest = std::max(largest, glm::length(glm::vec3(d)));
    uint32_t chosen = 0;
    float front = -1e30f;
    for (uint32_t v = 0; v < primitive.vertexCount(); ++v) {
        if (glm::length(glm::vec3(deltas[v])) < 0.9f * largest) continue;
        const glm::vec3 p =
            glm::vec3(world[size_t(node)] *
                      glm::vec4(morphedPosition(primitive, v, pose[size_t(node)].weights), 1.0f));
        if (p.z > front) {
            front = p.z;
            chosen = v;
        }
    }
    const glm::vec3 aim =
        glm::vec3(world[size_t(node)] *
                  glm::vec4(morphedPosition(primitive, chosen, pose[size_t(node)].weights), 1.0f));
    const Ray ray{aim + glm::vec3(0, 0, 10), {0, 0, -1}};
    const auto hit = raycast(scene, resolveFrame(scene, pose), {node}, ray);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->vertex, chosen);
    EXPECT_NEAR(glm::distance(hit->vertexPosition, aim), 0.0f, 1e-4f);
    const auto influences = vertexInfluences(primitive, chosen, pose[size_t(node)].weights);
    ASSERT_FALSE(influences.empty());
    EXPECT_EQ(influences[0].target, target) << "jawOpen moves the chin most";

    pose[size_t(node)].weights[target] = 0.0f;
    const auto unmorphed = raycast(scene, resolveFrame(scene, pose), {node}, ray);
    EXPECT_TRUE(!unmorphed || unmorphed->vertex != chosen) << "the closed jaw is elsewhere";
}

}  // namespace
}  // namespace morph::ray_cast_test

namespace morph::ray_cast_test {
namespace {

TEST(Displacement, LargestMovedVertexInWorldUnits) {
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}};
    MorphTarget a, b;
    a.set(MorphChannel::Position, std::vector<glm::vec4>{{0, 0, 1, 0}, {0, 0, 0, 0}});
    b.set(MorphChannel::Position, std::vector<glm::vec4>{{0, 0, -1, 0}, {0, 3, 0, 0}});
    p.targets = {a, b};
    EXPECT_FLOAT_EQ(maxDisplacement(p, {0, 0}), 0.0f);
    EXPECT_FLOAT_EQ(maxDisplacement(p, {1, 0}), 1.0f);
    EXPECT_FLOAT_EQ(maxDisplacement(p, {1, 1}), 3.0f) << "v0's deltas cancel; v1 moves 3";
    EXPECT_FLOAT_EQ(maxDisplacement(p, {0, 0.5f}, glm::mat3(2.0f)), 3.0f) << "scaled by the node";
}

}  // namespace
}  // namespace morph::ray_cast_test
