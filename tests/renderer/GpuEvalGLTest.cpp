// `morphview eval --gpu` end to end: the binary, run with DISPLAY unset, prints the same items
// as the CPU eval, with positions from the vertex shader equal to the CPU's to 1e-5 of the
// bounding-box diagonal, and normals (the raw sums base + sum(w * delta), not renormalized, in
// both) to 1e-5 of their own length plus the JSON round trip.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"

namespace gpu_eval_gl_test {

namespace {

using nlohmann::json;

std::string quoted(const std::string& arg) {
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs the built binary with no display in its environment, from the scratch folder (not the
// source tree: the shaders must come from the binary).
json runEval(const std::vector<std::string>& args) {
    // One folder per call: ctest runs the cases as parallel processes.
    static int call = 0;
    const std::string dir =
        fixtures::scratchDir(std::string("GpuEvalGLTest_") +
                             ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
                             std::to_string(call++));
    std::string command = "cd " + quoted(dir) + " && env -u DISPLAY -u WAYLAND_DISPLAY " +
                          quoted(MORPHVIEW_EXECUTABLE);
    for (const std::string& arg : args) command += " " + quoted(arg);
    command += " > out.json 2> err.txt";
    const int status = std::system(command.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(dir + "/err.txt");
    const std::string out = slurp(dir + "/out.json");
    json parsed = json::parse(out, nullptr, false);
    EXPECT_FALSE(parsed.is_discarded()) << out.substr(0, 200);
    return parsed;
}

float diagonal(const json& flat) {
    if (flat.size() < 3) return 0.0f;
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (size_t i = 0; i + 2 < flat.size(); i += 3) {
        for (int k = 0; k < 3; ++k) {
            lo[k] = std::min(lo[k], flat[i + k].get<float>());
            hi[k] = std::max(hi[k], flat[i + k].get<float>());
        }
    }
    return std::sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                     (hi[2] - lo[2]) * (hi[2] - lo[2]));
}

void expectSameEval(const std::vector<std::string>& args) {
    const json cpu = runEval(args);
    std::vector<std::string> gpuArgs = args;
    gpuArgs.push_back("--gpu");
    const json gpu = runEval(gpuArgs);
    ASSERT_TRUE(cpu.contains("items") && gpu.contains("items"));
    ASSERT_EQ(cpu["items"].size(), gpu["items"].size());
    ASSERT_FALSE(cpu["items"].empty());
    for (size_t i = 0; i < cpu["items"].size(); ++i) {
        const json& c = cpu["items"][i];
        const json& g = gpu["items"][i];
        SCOPED_TRACE("item " + std::to_string(i));
        EXPECT_EQ(c["node"], g["node"]);
        EXPECT_EQ(c["mesh"], g["mesh"]);
        EXPECT_EQ(c["primitive"], g["primitive"]);
        EXPECT_EQ(c["weights"], g["weights"]);
        ASSERT_EQ(c["positions"].size(), g["positions"].size());
        const float d = diagonal(c["positions"]);
        const float tolerance = 1e-5f * (d > 0.0f ? d : 1.0f);
        for (size_t k = 0; k < c["positions"].size(); ++k) {
            ASSERT_NEAR(c["positions"][k].get<float>(), g["positions"][k].get<float>(), tolerance)
                << "component " << k;
        }
        ASSERT_EQ(c["normals"].size(), g["normals"].size());
        for (size_t k = 0; k + 2 < c["normals"].size(); k += 3) {
            float length = 0;
            for (int a = 0; a < 3; ++a) {
                const float n = c["normals"][k + a].get<float>();
                length += n * n;
            }
            // Same sum in the same order on both sides; float rounding of the terms only.
            const float normalTolerance = 1e-5f * std::max(1.0f, std::sqrt(length));
            for (int a = 0; a < 3; ++a) {
                ASSERT_NEAR(c["normals"][k + a].get<float>(), g["normals"][k + a].get<float>(),
                            normalTolerance)
                    << "normal of vertex " << k / 3;
            }
        }
    }
}

TEST(GpuEvalTest, DefaultWeightsMatchTheCpu) {
    expectSameEval({"eval", fixtures::corpusPath("SimpleMorph/glTF/SimpleMorph.gltf")});
    expectSameEval(
        {"eval", fixtures::corpusPath("MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf")});
}

TEST(GpuEvalTest, AnimationTimeMatchesTheCpu) {
    expectSameEval({"eval",
                    fixtures::corpusPath("AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf"),
                    "--animation", "0", "--time", "0.7"});
}

TEST(GpuEvalTest, WeightSpecMatchesTheCpu) {
    expectSameEval({"eval", fixtures::corpusPath("MorphStressTest/glTF/MorphStressTest.gltf"),
                    "--weights", "*=0.3"});
}

}  // namespace

namespace {

// --morph-path with --gpu: the float paths give the CPU's numbers through eval too (cs-sparse's
// int16 deltas are held to the CPU in GpuOracleGLTest, against dequantized deltas).
TEST(GpuEvalTest, MorphPathsMatchTheCpu) {
    for (const char* path : {"vs-dense", "vs-active", "cpu"}) {
        SCOPED_TRACE(path);
        expectSameEval({"eval", fixtures::corpusPath("MorphStressTest/glTF/MorphStressTest.gltf"),
                        "--weights", "*=0.3", "--morph-path", path});
    }
}

}  // namespace

}  // namespace gpu_eval_gl_test
