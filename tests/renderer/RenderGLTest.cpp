// The renderer's images: a render of the GPU-morphed mesh equals a render of the CPU-morphed
// mesh (morph::blend, drawn as plain vertices) within 1/255 per channel; captures are not blank,
// change with the weights and repeat byte for byte; and the glTF material rules, each on a
// code-built quad whose expected pixels are known. Every case ends with "no GL error".
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Animate.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageCompare.h"
#include "morph/targets/Blend.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/Shader.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/PrimitiveBuffers.h"
#include "renderer/scene/SceneRenderer.h"

namespace render_gl_test {

namespace {

using morph::MorphChannel;

const char* const kCorpus[] = {
    "SimpleMorph/glTF/SimpleMorph.gltf",
    "AnimatedMorphCube/glTF/AnimatedMorphCube.gltf",
    "AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf",
    "MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf",
    "MorphStressTest/glTF/MorphStressTest.gltf",
};

renderer::SceneRenderer& sceneRenderer() {
    return fixtures::sharedSceneRenderer();
}

class RenderTest : public fixtures::GlTest {
protected:
    static renderer::Capturer& capturer() { return fixtures::sharedCapturer(); }
};

morph::Scene load(const std::string& relative) {
    auto scene = morph::importGltf(fixtures::corpusPath(relative));
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(scene).value() : morph::Scene{};
}

renderer::GpuScene upload(const morph::Scene& scene) {
    return fixtures::uploadOrFail(scene);
}

glm::vec3 normalizedOrZero(const glm::vec3& v) {
    const float length = glm::length(v);
    return length > 0.0f ? v / length : v;
}

// `scene` with every drawn node's mesh replaced by morph::blend of it at the node's weights:
// plain vertices, no targets. Normals and tangents are renormalized once after the sum, as
// morph.glsl does. Each corpus mesh is used by one node, which this relies on (checked).
morph::Scene cpuMorphed(const morph::Scene& scene, const std::vector<morph::NodePose>& pose) {
    morph::Scene out = scene;
    std::vector<int> owner(scene.meshes.size(), -1);
    for (int node : renderer::drawnNodes(scene)) {
        const int m = scene.nodes[size_t(node)].mesh;
        EXPECT_EQ(owner[size_t(m)], -1) << "mesh " << m << " drawn by two nodes";
        owner[size_t(m)] = node;
        for (morph::Primitive& p : out.meshes[size_t(m)].primitives) {
            const morph::MorphedPrimitive blended = morph::blend(p, pose[size_t(node)].weights);
            p.positions = blended.positions;
            if (!p.normals.empty()) {
                for (size_t v = 0; v < p.normals.size(); ++v) {
                    p.normals[v] = normalizedOrZero(blended.normals[v]);
                }
            }
            if (!p.tangents.empty()) {
                for (size_t v = 0; v < p.tangents.size(); ++v) {
                    p.tangents[v] = glm::vec4(normalizedOrZero(glm::vec3(blended.tangents[v])),
                                              blended.tangents[v].w);
                }
            }
            for (int set = 0; set < 2; ++set) {
                if (!p.texcoords[set].empty()) p.texcoords[set] = blended.texcoords[set];
            }
            if (!p.colors.empty()) p.colors = blended.colors;
            p.targets.clear();
            p.targetStats.clear();
        }
        out.meshes[size_t(m)].targetNames.clear();
        out.meshes[size_t(m)].defaultWeights.clear();
    }
    for (morph::Node& node : out.nodes) node.weights.clear();
    return out;
}

morph::RgbaImage render(const renderer::GpuScene& scene, const std::vector<morph::NodePose>& pose,
                        const renderer::Camera& camera, int size) {
    auto offscreen = renderer::Offscreen::create(size, size);
    EXPECT_TRUE(offscreen.ok());
    if (!offscreen.ok()) return {};
    sceneRenderer().draw(scene, pose, camera, offscreen->target());
    return offscreen->readPixels();
}

TEST_F(RenderTest, GpuMorphRendersLikeCpuMorph) {
    struct Case {
        const char* file;
        const char* weights;  // a --weights spec
        const char* animation;
        float time;
    };
    const Case cases[] = {
        {kCorpus[0], "0=0.8,1=-0.3", nullptr, 0}, {kCorpus[1], "", "0", 0.9f},
        {kCorpus[2], "0=0.7,1=0.45", nullptr, 0}, {kCorpus[3], "0=1", nullptr, 0},
        {kCorpus[4], "", "TheWave", 1.3f},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        const morph::Scene scene = load(c.file);
        auto pose = app::shotPose(
            scene, fixtures::shotPoseOf(c.weights, c.animation ? c.animation : "", c.time));
        ASSERT_TRUE(pose.ok()) << pose.error().message;

        const renderer::GpuScene gpu = upload(scene);
        const morph::Scene cpuScene = cpuMorphed(scene, *pose);
        const renderer::GpuScene cpu = upload(cpuScene);
        std::vector<morph::NodePose> cpuPose = *pose;
        for (morph::NodePose& p : cpuPose) p.weights.clear();

        // One camera for both (the GPU scene's bounds are grown for the weights, so framing
        // each on its own bounds would differ by design).
        const renderer::Camera camera =
            renderer::frameCamera(cpu.bounds(cpuPose), renderer::CameraView{20, 15, {}, {}}, 1.0f);
        const morph::RgbaImage a = render(gpu, *pose, camera, 160);
        const morph::RgbaImage b = render(cpu, cpuPose, camera, 160);
        morph::CompareTolerance exact;
        // 1/255: the two paths sum the same terms in the same order; only float contraction
        // (fma) may round differently, far below one display level.
        exact.maxChannelDiff = 1;
        exact.maxDifferingFraction = 0;
        const morph::ImageDifference d = morph::compareImages(a, b, exact);
        EXPECT_TRUE(d.withinTolerance) << morph::summaryLine(d, a, b, exact);
    }
}

// Pixels that differ from the background by more than a few levels.
double coverage(const morph::RgbaImage& image, const glm::vec3& background) {
    size_t covered = 0;
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        for (int c = 0; c < 3; ++c) {
            if (std::abs(int(image.pixels[i + c]) - int(std::lround(background[c] * 255))) > 3) {
                ++covered;
                break;
            }
        }
    }
    return double(covered) / double(image.pixels.size() / 4);
}

TEST_F(RenderTest, CapturesAreNotBlankAndChangeWithWeights) {
    const morph::Scene layout = load(kCorpus[2]);
    const renderer::GpuScene scene = upload(layout);
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    auto neutral = capturer().capture(scene, shot);
    ASSERT_TRUE(neutral.ok()) << neutral.error().message;
    // The framed sphere fills a good part of the frame, and is shaded, not flat.
    EXPECT_GT(coverage(*neutral, shot.background), 0.25);
    std::vector<int> levels;
    for (size_t i = 0; i < neutral->pixels.size(); i += 4) levels.push_back(neutral->pixels[i + 1]);
    std::sort(levels.begin(), levels.end());
    EXPECT_GT(std::unique(levels.begin(), levels.end()) - levels.begin(), 40);

    auto morphed = capturer().capture(scene, shot, fixtures::poseOrFail(layout, "0=1"));
    ASSERT_TRUE(morphed.ok()) << morphed.error().message;
    const morph::ImageDifference d = morph::compareImages(*neutral, *morphed);
    EXPECT_GT(d.differingFraction(), 0.02) << morph::summaryLine(d, *neutral, *morphed);
}

TEST_F(RenderTest, SameShotTwiceGivesIdenticalBytes) {
    const morph::Scene cubeLayout = load(kCorpus[1]);
    const renderer::GpuScene cube = upload(cubeLayout);
    const renderer::GpuScene stress = upload(load(kCorpus[4]));
    renderer::ShotSpec shot;
    shot.width = 96;
    shot.height = 80;
    const std::vector<morph::NodePose> pose = fixtures::poseOrFail(cubeLayout, "", "0", 0.5f);
    shot.camera = renderer::orbitView(30, 20);
    auto first = capturer().capture(cube, shot, pose);
    ASSERT_TRUE(first.ok()) << first.error().message;
    // Another model and size in between must leave no state behind.
    renderer::ShotSpec other;
    other.width = other.height = 64;
    ASSERT_TRUE(capturer().capture(stress, other).ok());
    auto second = capturer().capture(cube, shot, pose);
    ASSERT_TRUE(second.ok());
    auto a = morph::encodePng(*first);
    auto b = morph::encodePng(*second);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_TRUE(*a == *b);
}

// The pose builder's errors name the value (the command line adds the option: app/cli/Options.h).
TEST_F(RenderTest, ShotPoseErrorsNameTheValue) {
    const morph::Scene scene = load(kCorpus[0]);
    app::ShotPose shot;
    shot.animation = "nope";
    auto a = app::shotPose(scene, shot);
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().message.find("'nope' is not an animation of"), std::string::npos)
        << a.error().message;
    shot.animation.clear();
    shot.weights = "noSuchTarget=1";
    auto b = app::shotPose(scene, shot);
    ASSERT_FALSE(b.ok());
    EXPECT_NE(b.error().message.find("noSuchTarget"), std::string::npos) << b.error().message;
}

// A grid of 64 x 64 quads whose 8,192 triangles come in a shuffled order, worse than any
// exporter leaves them, with each triangle's corners turned a random number of steps.
morph::Primitive shuffledGrid() {
    constexpr uint32_t kSide = 65;
    morph::Primitive p;
    for (uint32_t y = 0; y < kSide; ++y)
        for (uint32_t x = 0; x < kSide; ++x) p.positions.push_back({float(x), float(y), 0.0f});
    std::vector<std::array<uint32_t, 3>> triangles;
    for (uint32_t y = 0; y + 1 < kSide; ++y) {
        for (uint32_t x = 0; x + 1 < kSide; ++x) {
            const uint32_t i = y * kSide + x;
            triangles.push_back({i, i + 1, i + kSide + 1});
            triangles.push_back({i, i + kSide + 1, i + kSide});
        }
    }
    uint32_t state = 12345;  // a fixed LCG: the same order with every standard library
    auto next = [&] { return state = state * 1664525u + 1013904223u; };
    for (size_t i = triangles.size(); i > 1; --i)
        std::swap(triangles[i - 1], triangles[next() % i]);
    for (auto& t : triangles) {
        std::rotate(t.begin(), t.begin() + next() % 3, t.end());
        p.indices.insert(p.indices.end(), t.begin(), t.end());
    }
    return p;
}

std::vector<uint32_t> drawnIndices(const renderer::PrimitiveBuffers& buffers) {
    GLint buffer = 0;
    glGetVertexArrayiv(buffers.vertexArray().id(), GL_ELEMENT_ARRAY_BUFFER_BINDING, &buffer);
    std::vector<uint32_t> out(buffers.indexCount());
    glGetNamedBufferSubData(GLuint(buffer), 0, GLsizeiptr(out.size() * sizeof(uint32_t)),
                            out.data());
    return out;
}

// Each triangle turned to start at its smallest index (its winding kept), then sorted.
std::vector<std::array<uint32_t, 3>> triangleSet(const std::vector<uint32_t>& indices) {
    std::vector<std::array<uint32_t, 3>> out;
    for (size_t i = 0; i + 2 < indices.size(); i += 3) {
        std::array<uint32_t, 3> t = {indices[i], indices[i + 1], indices[i + 2]};
        std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
        out.push_back(t);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Vertex shader runs of one draw (ARB_pipeline_statistics_query), rasterizer off.
uint64_t vertexShaderRuns(const renderer::PrimitiveBuffers& buffers) {
    constexpr GLenum kVertexShaderInvocations = 0x82F0;  // GL_VERTEX_SHADER_INVOCATIONS_ARB
    const char* source =
        "#version 450 core\nlayout(location = 0) in vec3 p;\n"
        "void main() { gl_Position = vec4(p, 1.0); }\n";
    auto shader = renderer::gl::Shader::compile(GL_VERTEX_SHADER, source, "count.vert");
    EXPECT_TRUE(shader.ok());
    if (!shader.ok()) return 0;
    auto program = renderer::gl::Program::link({&shader.value()}, "count.vert");
    EXPECT_TRUE(program.ok());
    if (!program.ok()) return 0;
    auto target = renderer::Offscreen::create(4, 4, 0);  // a draw needs a complete framebuffer
    EXPECT_TRUE(target.ok());
    if (!target.ok()) return 0;
    target->target().bind();
    // glGenQueries, not glCreateQueries: Mesa 22's DSA entry point does not know the
    // statistics targets.
    GLuint query = 0;
    glGenQueries(1, &query);
    program->use();
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginQuery(kVertexShaderInvocations, query);
    buffers.draw();
    glEndQuery(kVertexShaderInvocations);
    glDisable(GL_RASTERIZER_DISCARD);
    glUseProgram(0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint64 runs = 0;
    glGetQueryObjectui64v(query, GL_QUERY_RESULT, &runs);
    glDeleteQueries(1, &query);
    return runs;
}

bool hasExtension(const char* name) {
    GLint count = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (GLint i = 0; i < count; ++i) {
        if (std::string(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)))) ==
            name)
            return true;
    }
    return false;
}

TEST_F(RenderTest, OpaqueTrianglesAreReorderedForVertexReuse) {
    const morph::Primitive grid = shuffledGrid();
    const auto inFile = renderer::PrimitiveBuffers::upload(grid);
    const auto reordered =
        renderer::PrimitiveBuffers::upload(grid, renderer::TriangleOrder::ForVertexReuse);
    EXPECT_EQ(drawnIndices(inFile), grid.indices);
    // The same triangles with the same windings (back-face culling sees no difference).
    const std::vector<uint32_t> drawn = drawnIndices(reordered);
    EXPECT_NE(drawn, grid.indices);
    EXPECT_EQ(triangleSet(drawn), triangleSet(grid.indices));

    // The point of it: the vertex shader runs far fewer times. Measured on llvmpipe: 23,517
    // runs in the shuffled order (nearly every corner of every triangle: 24,576), 5,245
    // reordered, for 4,225 vertices.
    ASSERT_TRUE(hasExtension("GL_ARB_pipeline_statistics_query"))
        << "the driver cannot count vertex shader runs";
    const uint64_t before = vertexShaderRuns(inFile);
    const uint64_t after = vertexShaderRuns(reordered);
    EXPECT_GE(before, uint64_t(grid.indices.size()) * 9 / 10);
    EXPECT_LT(after, before / 3);
    EXPECT_GE(after, grid.vertexCount());
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(RenderTest, BlendedPrimitivesKeepTheFilesTriangleOrder) {
    morph::Scene scene;
    scene.path = "grid";
    morph::Mesh mesh;
    mesh.primitives = {shuffledGrid(), shuffledGrid()};
    mesh.primitives[0].material = 0;
    mesh.primitives[1].material = 1;
    scene.meshes.push_back(mesh);
    morph::Node node;
    node.mesh = 0;
    scene.nodes.push_back(node);
    scene.roots = {0};
    scene.materials.resize(2);
    scene.materials[1].alphaMode = morph::AlphaMode::Blend;
    auto gpu = renderer::GpuScene::upload(scene);
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    const auto& primitives = gpu->meshes()[0].primitives;
    EXPECT_NE(drawnIndices(primitives[0].buffers), mesh.primitives[0].indices);
    EXPECT_EQ(drawnIndices(primitives[1].buffers), mesh.primitives[1].indices);
    // A variant that maps the opaque one to the blended material keeps its order too.
    scene.meshes[0].primitives[0].variantMaterials = {1};
    auto mapped = renderer::GpuScene::upload(scene);
    ASSERT_TRUE(mapped.ok()) << mapped.error().message;
    EXPECT_EQ(drawnIndices(mapped->meshes()[0].primitives[0].buffers), mesh.primitives[0].indices);
}

}  // namespace

}  // namespace render_gl_test
