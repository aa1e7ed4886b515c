// `eval --space world --animation all` (and comma lists) against an oracle written here, which
// plays every named clip at the same time straight from the GLB's JSON and binary chunk: its own
// GLB reader, key sampling (STEP, LINEAR, slerp in double precision), TRS matrices, hierarchy and
// target sum, none of it morphview's (no morph::applyAnimation, no importer).
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/LayerFixtures.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/io/Files.h"  // writeFileAtomic

namespace eval_layers_test {

namespace {

using nlohmann::json;

// ---- The oracle ----

struct Gltf {
    json doc;
    std::vector<uint8_t> bin;
};

uint32_t u32(const std::vector<uint8_t>& bytes, size_t at) {
    uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
}

// GLB: a 12-byte header, then chunks of (length, type, data): JSON first, BIN second.
Gltf readGlb(const std::vector<uint8_t>& bytes) {
    Gltf out;
    const uint32_t jsonLength = u32(bytes, 12);
    out.doc = json::parse(bytes.begin() + 20, bytes.begin() + 20 + jsonLength);
    const size_t binAt = 20 + jsonLength;
    out.bin.assign(bytes.begin() + binAt + 8, bytes.begin() + binAt + 8 + u32(bytes, binAt));
    return out;
}

// A tightly packed float accessor (all this file has), as doubles.
std::vector<double> floats(const Gltf& g, int accessor) {
    const json& a = g.doc["accessors"][accessor];
    const json& view = g.doc["bufferViews"][a["bufferView"].get<int>()];
    const std::map<std::string, size_t> sizes = {{"SCALAR", 1}, {"VEC3", 3}, {"VEC4", 4}};
    const size_t n = a["count"].get<size_t>() * sizes.at(a["type"].get<std::string>());
    const size_t at = view.value("byteOffset", size_t(0)) + a.value("byteOffset", size_t(0));
    std::vector<float> values(n);
    std::memcpy(values.data(), g.bin.data() + at, n * 4);
    return {values.begin(), values.end()};
}

std::vector<double> slerpXyzw(std::vector<double> a, std::vector<double> b, double u) {
    double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (d < 0) {
        for (double& c : b) c = -c;
        d = -d;
    }
    const double theta = std::acos(std::min(d, 1.0));
    std::vector<double> out(4);
    for (int i = 0; i < 4; ++i) {
        out[size_t(i)] =
            theta < 1e-9
                ? a[size_t(i)]
                : (std::sin((1 - u) * theta) * a[size_t(i)] + std::sin(u * theta) * b[size_t(i)]) /
                      std::sin(theta);
    }
    return out;
}

// glTF 2.0 Appendix C for STEP and LINEAR, clamped to the first and last keys.
std::vector<double> sampleKeys(const std::vector<double>& in, const std::vector<double>& out,
                               const std::string& interpolation, bool rotation, double t) {
    const size_t width = out.size() / in.size();
    auto key = [&](size_t k) {
        return std::vector<double>(out.begin() + long(k * width),
                                   out.begin() + long(k * width + width));
    };
    if (t <= in.front()) return key(0);
    if (t >= in.back()) return key(in.size() - 1);
    size_t k = 0;
    while (!(t < in[k + 1])) ++k;
    if (interpolation == "STEP") return key(k);
    const double u = (t - in[k]) / (in[k + 1] - in[k]);
    if (rotation) return slerpXyzw(key(k), key(k + 1), u);
    std::vector<double> v = key(k), next = key(k + 1);
    for (size_t i = 0; i < width; ++i) v[i] = (1 - u) * v[i] + u * next[i];
    return v;
}

struct OraclePose {
    std::vector<double> t, r, s, w;
};

// World-space positions of every node with a mesh, with `clips` played at t in that order.
std::map<int, std::vector<double>> oracle(const Gltf& g, const std::vector<int>& clips, double t) {
    const json& nodes = g.doc["nodes"];
    const json& mesh = g.doc["meshes"][0];
    std::vector<OraclePose> pose(nodes.size());
    for (size_t n = 0; n < nodes.size(); ++n) {
        pose[n].t = nodes[n].value("translation", std::vector<double>{0, 0, 0});
        pose[n].r = nodes[n].value("rotation", std::vector<double>{0, 0, 0, 1});
        pose[n].s = nodes[n].value("scale", std::vector<double>{1, 1, 1});
        if (nodes[n].contains("mesh")) pose[n].w = mesh["weights"].get<std::vector<double>>();
    }
    for (int c : clips) {
        const json& clip = g.doc["animations"][c];
        for (const json& ch : clip["channels"]) {
            const json& sampler = clip["samplers"][ch["sampler"].get<int>()];
            const std::string path = ch["target"]["path"];
            OraclePose& p = pose[ch["target"]["node"].get<size_t>()];
            const std::vector<double> v = sampleKeys(
                floats(g, sampler["input"].get<int>()), floats(g, sampler["output"].get<int>()),
                sampler["interpolation"].get<std::string>(), path == "rotation", t);
            (path == "translation" ? p.t
             : path == "rotation"  ? p.r
             : path == "scale"     ? p.s
                                   : p.w) = v;
        }
    }
    auto local = [&](size_t n) {
        const OraclePose& p = pose[n];
        const glm::dquat q(p.r[3], p.r[0], p.r[1], p.r[2]);
        return glm::translate(glm::dmat4(1.0), glm::dvec3(p.t[0], p.t[1], p.t[2])) *
               glm::mat4_cast(q) * glm::scale(glm::dmat4(1.0), glm::dvec3(p.s[0], p.s[1], p.s[2]));
    };
    const json& primitive = mesh["primitives"][0];
    const std::vector<double> base = floats(g, primitive["attributes"]["POSITION"].get<int>());
    std::map<int, std::vector<double>> out;
    const glm::dmat4 root = local(0);
    for (int child : nodes[0]["children"]) {
        const glm::dmat4 world = root * local(size_t(child));
        std::vector<double> morphed = base;
        for (size_t i = 0; i < primitive["targets"].size(); ++i) {
            const std::vector<double> delta =
                floats(g, primitive["targets"][i]["POSITION"].get<int>());
            for (size_t k = 0; k < morphed.size(); ++k)
                morphed[k] += pose[size_t(child)].w[i] * delta[k];
        }
        std::vector<double>& positions = out[child];
        for (size_t v = 0; v < morphed.size(); v += 3) {
            const glm::dvec4 p = world * glm::dvec4(morphed[v], morphed[v + 1], morphed[v + 2], 1);
            positions.insert(positions.end(), {p.x, p.y, p.z});
        }
    }
    return out;
}

// ---- The comparison ----

class EvalLayers : public ::testing::Test {
protected:
    void SetUp() override {
        const std::vector<uint8_t> bytes = fixtures::threeClipsOnAHierarchy();
        // A folder per case: ctest runs the cases as processes side by side.
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        mPath =
            fixtures::scratchDir(std::string("EvalLayers_") + info->name()) + "/three-clips.glb";
        ASSERT_TRUE(morph::writeFileAtomic(mPath, bytes.data(), bytes.size()).ok());
        mGltf = readGlb(bytes);
    }

    // eval's world positions equal the oracle's for `clips` at each time.
    void expectAgrees(const std::string& key, const std::vector<int>& clips) {
        for (double t : {0.0, 0.4, 0.75, 1.25, 2.5, 3.5}) {
            const fixtures::RunOutcome run =
                fixtures::runMorphview({"eval", mPath, "--space", "world", "--animation", key,
                                        "--time", std::to_string(t)});
            ASSERT_EQ(run.exitCode, 0) << run.err;
            const json doc = json::parse(run.out);
            const std::map<int, std::vector<double>> expected = oracle(mGltf, clips, t);
            ASSERT_EQ(doc["items"].size(), expected.size());
            for (const json& item : doc["items"]) {
                const std::vector<double>& want = expected.at(item["node"].get<int>());
                const std::vector<double> got = item["positions"];
                ASSERT_EQ(got.size(), want.size());
                // float against double: the values are below 10, a float's step there is 1e-6,
                // and a few operations (slerp, three matrices, the target sum) stack it.
                for (size_t i = 0; i < got.size(); ++i)
                    EXPECT_NEAR(got[i], want[i], 2e-5)
                        << key << " at " << t << ", node " << item["node"] << ", value " << i;
            }
        }
    }

    std::string mPath;
    Gltf mGltf;
};

TEST_F(EvalLayers, AllPlaysEveryClipAtOnceAndTheLaterWins) {
    expectAgrees("all", {0, 1, 2});
}

TEST_F(EvalLayers, ListsPlayTheirClipsInTheOrderGiven) {
    expectAgrees("0,2", {0, 2});
    expectAgrees("2,0", {2, 0});  // face wins node 1's weights now
    expectAgrees("head, face", {1, 0});
}

TEST_F(EvalLayers, OneClipIsStillOneClip) {
    expectAgrees("1", {1});
    expectAgrees("eyes", {2});
}

TEST_F(EvalLayers, TheOracleSeesTheClipsDiffer) {
    // The cases above would prove little if the clips' order did not matter at these times.
    const auto a = oracle(mGltf, {0, 2}, 1.25), b = oracle(mGltf, {2, 0}, 1.25);
    EXPECT_NE(a.at(1), b.at(1));
    const auto c = oracle(mGltf, {0, 1, 2}, 1.25), d = oracle(mGltf, {0, 2}, 1.25);
    EXPECT_NE(c.at(2), d.at(2));  // head's rotation and translation of the parent reach the eye
}

TEST_F(EvalLayers, AnUnknownListItemIsNamed) {
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"eval", mPath, "--animation", "0,blink", "--time", "0"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("'blink'"), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty());
}

}  // namespace

}  // namespace eval_layers_test
