// Micro-benchmarks of the GL-free core on a synthetic face-sized primitive: what the CPU costs
// to pack targets once, to blend a frame on the CPU reference, and to sample animation weights;
// and the CPU side of `morphview bench`: generating and loading the production mesh (50,000
// vertices x 300 targets, 5%), packing and sparsifying it, and compacting a frame's weights into
// the active list, whose cost per frame must not grow with the target count (BM_ActiveList/8 vs
// /256 at 8 active; `morphview bench --scenario target-count` measures the whole frame's). And
// the KTX2 transcoder: a 1024 x 1024 base image from ETC1S and from UASTC to RGBA8. And the rig
// audit of the production file, which must finish in under 2 s on a 2-core machine with the
// import (BM_AuditProductionFile), its targets named as they are and as left/right pairs; and
// `diff` of the production file against itself, which must finish in under 10 s on 2 cores with
// both imports (BM_DiffProductionFile). And `fix --prune dead,duplicate --rename --check` of the
// Ready Player Me avatar (../shared/avatars), under 2 s on 2 cores (BM_FixAvatar). And
// `speak`'s text path for a sentence (BM_SpeakSentence: espeak-ng, the tracks, the clip), and
// its audio path for 10 s of speech (BM_SpeakAudio10s: the WAV read, resampled, recognized).
// And rig logic: a frame's 300 derived targets (BM_RigLogicFrame, under 0.1 ms on 2 cores) and
// reading the rules from 400 names (BM_RigLogicFromNames, once a file).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <zstd.h>

#include "app/speech/Recognizer.h"
#include "app/speech/Speech.h"
#include "app/speech/SpeechClip.h"
#include "app/speech/Visemes.h"
#include "morph/anim/Sampler.h"
#include "morph/audit/RigAudit.h"
#include "morph/diff/DrawnModel.h"
#include "morph/diff/ModelDiff.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixTargets.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"
#include "morph/ktx2/Ktx2Container.h"
#include "morph/ktx2/Ktx2Decode.h"
#include "morph/ktx2/Zstd.h"
#include "morph/rig/RigLogic.h"
#include "morph/targets/ActiveWeights.h"
#include "morph/targets/Blend.h"
#include "morph/targets/Packing.h"
#include "morph/targets/SparseTargets.h"
#include "morph/targets/SyntheticMesh.h"

namespace {

using namespace morph;

// A face-like primitive: `vertices` vertices, `targets` ARKit-sized target count, each target
// morphing POSITION and NORMAL and moving a fifth of the vertices (faces move locally).
Primitive facePrimitive(uint32_t vertices, uint32_t targets) {
    Primitive p;
    p.positions.resize(vertices);
    p.normals.assign(vertices, glm::vec3(0, 0, 1));
    for (uint32_t v = 0; v < vertices; ++v) p.positions[v] = {float(v % 100), float(v / 100), 0};
    p.targets.resize(targets);
    for (uint32_t t = 0; t < targets; ++t) {
        std::vector<glm::vec4> position(vertices, glm::vec4(0.0f)),
            normal(vertices, glm::vec4(0.0f));
        for (uint32_t v = t % 5; v < vertices; v += 5) {
            position[v] = {0.01f * float(t), 0.0f, 0.001f * float(v % 7), 0.0f};
            normal[v] = {0.0f, 0.01f, 0.0f, 0.0f};
        }
        p.targets[t].set(MorphChannel::Position, std::move(position));
        p.targets[t].set(MorphChannel::Normal, std::move(normal));
    }
    return p;
}

const Primitive& face() {
    static const Primitive primitive = facePrimitive(20000, 52);
    return primitive;
}

void BM_PackTargets(benchmark::State& state) {
    const Primitive& p = face();
    for (auto _ : state) {
        PackedTargets packed = packTargets(p, 16384);
        benchmark::DoNotOptimize(packed.texels.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(packLayout(p, 16384).bytes()));
}
BENCHMARK(BM_PackTargets)->Unit(benchmark::kMillisecond);

void BM_PackingSummary(benchmark::State& state) {
    Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].primitives = {face()};
    for (auto _ : state) benchmark::DoNotOptimize(packingSummary(scene).bytes);
}
BENCHMARK(BM_PackingSummary);

// range(0): how many of the 52 weights are non-zero (a typical face frame has a handful).
void BM_Blend(benchmark::State& state) {
    const Primitive& p = face();
    std::vector<float> weights(p.targets.size(), 0.0f);
    for (int64_t i = 0; i < state.range(0); ++i) weights[size_t(i)] = 0.5f;
    for (auto _ : state) {
        MorphedPrimitive m = blend(p, weights);
        benchmark::DoNotOptimize(m.positions.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * p.vertexCount());
}
BENCHMARK(BM_Blend)->Arg(4)->Arg(52)->Unit(benchmark::kMicrosecond);

// Sparse storage of the same face: 52 targets each moving a fifth of the vertices.
void BM_SparsifyPrimitive(benchmark::State& state) {
    const Primitive& p = face();
    for (auto _ : state) {
        Result<SparsePrimitive> sparse = sparsify(p);
        benchmark::DoNotOptimize(sparse.ok());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * p.vertexCount() *
                            int64_t(p.targets.size()));
}
BENCHMARK(BM_SparsifyPrimitive)->Unit(benchmark::kMillisecond);

// encode() of one target's entries as a sparse accessor gives them (a fifth of the vertices).
void BM_EncodeTarget(benchmark::State& state) {
    const Primitive& p = face();
    std::vector<uint32_t> indices;
    std::vector<glm::vec3> positions, normals;
    for (uint32_t v = 1; v < p.vertexCount(); v += 5) {
        indices.push_back(v);
        positions.push_back(p.targets[1].delta(MorphChannel::Position, v));
        normals.push_back(p.targets[1].delta(MorphChannel::Normal, v));
    }
    for (auto _ : state) {
        Result<SparseTarget> target = encode(indices, positions, normals, p.vertexCount());
        benchmark::DoNotOptimize(target.ok());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(indices.size()));
}
BENCHMARK(BM_EncodeTarget)->Unit(benchmark::kMicrosecond);

// Whole target back to dense deltas (what a CPU fallback or a test oracle does).
void BM_DequantizeTarget(benchmark::State& state) {
    const Primitive& p = face();
    const SparseTarget target = std::move(sparsify(p.targets[1], p.vertexCount()).value());
    for (auto _ : state) {
        MorphTarget dense = dequantize(target, p.vertexCount());
        benchmark::DoNotOptimize(dense.entries(MorphChannel::Position).data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(target.entryCount()));
}
BENCHMARK(BM_DequantizeTarget)->Unit(benchmark::kMicrosecond);

// Per entry, the loop a CPU sparse blend runs: dequantize and accumulate with a weight.
void BM_DequantizeEntries(benchmark::State& state) {
    const Primitive& p = face();
    const SparseTarget target = std::move(sparsify(p.targets[1], p.vertexCount()).value());
    std::vector<glm::vec3> out(p.vertexCount(), glm::vec3(0.0f));
    for (auto _ : state) {
        for (size_t e = 0; e < target.entryCount(); ++e) {
            out[target.indices[e]] += 0.5f * dequantizePosition(target, e);
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(target.entryCount()));
}
BENCHMARK(BM_DequantizeEntries)->Unit(benchmark::kMicrosecond);

AnimationSampler weightSampler(Interpolation interpolation, uint32_t keys, uint32_t width) {
    AnimationSampler s;
    s.interpolation = interpolation;
    s.width = width;
    const uint32_t perKey = interpolation == Interpolation::CubicSpline ? 3 : 1;
    for (uint32_t k = 0; k < keys; ++k) s.input.push_back(float(k) / 30.0f);  // 30 fps
    s.output.resize(size_t(keys) * perKey * width);
    for (size_t i = 0; i < s.output.size(); ++i) s.output[i] = std::sin(float(i));
    return s;
}

void sampleAcrossClip(benchmark::State& state, const AnimationSampler& s, AnimationPath path) {
    std::vector<float> out(s.width);
    const float end = s.input.back();
    float t = 0;
    for (auto _ : state) {
        sampleInto(s, path, t, out.data());
        benchmark::DoNotOptimize(out.data());
        t += 0.0137f;
        if (t > end) t = 0;
    }
}

void BM_SampleWeightsLinear(benchmark::State& state) {
    sampleAcrossClip(state, weightSampler(Interpolation::Linear, 3000, 52), AnimationPath::Weights);
}
BENCHMARK(BM_SampleWeightsLinear);

void BM_SampleWeightsCubic(benchmark::State& state) {
    sampleAcrossClip(state, weightSampler(Interpolation::CubicSpline, 3000, 52),
                     AnimationPath::Weights);
}
BENCHMARK(BM_SampleWeightsCubic);

void BM_SampleRotationSlerp(benchmark::State& state) {
    sampleAcrossClip(state, weightSampler(Interpolation::Linear, 3000, 4), AnimationPath::Rotation);
}
BENCHMARK(BM_SampleRotationSlerp);

void BM_FindKeyInterval(benchmark::State& state) {
    const AnimationSampler s = weightSampler(Interpolation::Linear, uint32_t(state.range(0)), 1);
    float t = 0;
    const float end = s.input.back();
    for (auto _ : state) {
        benchmark::DoNotOptimize(findKeyInterval(s.input, t));
        t += 0.0137f;
        if (t > end) t = 0;
    }
}
BENCHMARK(BM_FindKeyInterval)->Arg(30)->Arg(30000);

// ---- The benchmark's CPU-side pieces -------------------------------------------------------

morph::SyntheticSpec productionSpec() {
    return {50000, 300, 0.05f, 1};
}

// The production file's bytes as `morphview bench --write-model` writes them (sparse accessors).
const std::vector<uint8_t>& productionGlb() {
    static const std::vector<uint8_t> bytes = toGltf(makeSyntheticMesh(productionSpec())).glb();
    return bytes;
}

// The production file imported from memory, as the timed loads below import it.
Result<Scene> importProduction(const ImportOptions& options = {}) {
    return importGltfMemory(productionGlb(), "production.glb", ".", options);
}

const Primitive& productionPrimitive() {
    static const Primitive primitive = [] {
        Result<Scene> scene = importProduction();
        return std::move(scene.value().meshes[0].primitives[0]);
    }();
    return primitive;
}

// range(0): vertices, range(1): targets (5% each).
void BM_SyntheticMesh(benchmark::State& state) {
    const SyntheticSpec spec{uint32_t(state.range(0)), uint32_t(state.range(1)), 0.05f, 1};
    for (auto _ : state) {
        SyntheticMesh mesh = makeSyntheticMesh(spec);
        benchmark::DoNotOptimize(mesh.targets.data());
    }
}
BENCHMARK(BM_SyntheticMesh)->Args({1220, 52})->Args({50000, 300})->Unit(benchmark::kMillisecond);

// The target: loading and packing `production` takes under a second. The import (sparse
// accessors kept sparse: 750,000 entries, not 15 million per-vertex deltas), the texture-array
// packing (zeros plus entries: the one step still O(targets x vertices), done only when a vs path
// is used) and the sparse int16 encoding, each on its own and together (GL upload excluded:
// `morphview bench --model` reports loadMs + uploadMs with it).
void BM_ProductionImport(benchmark::State& state) {
    const std::vector<uint8_t>& bytes = productionGlb();
    for (auto _ : state) {
        Result<Scene> scene = importProduction();
        benchmark::DoNotOptimize(scene.ok());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
}
BENCHMARK(BM_ProductionImport)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ProductionPack(benchmark::State& state) {
    const Primitive& p = productionPrimitive();
    for (auto _ : state) {
        PackedTargets packed = packTargets(p, 16384);
        benchmark::DoNotOptimize(packed.texels.data());
    }
}
BENCHMARK(BM_ProductionPack)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ProductionSparsify(benchmark::State& state) {
    const Primitive& p = productionPrimitive();
    for (auto _ : state) {
        Result<SparsePrimitive> sparse = sparsify(p);
        benchmark::DoNotOptimize(sparse.ok());
    }
}
BENCHMARK(BM_ProductionSparsify)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ProductionLoadAndPack(benchmark::State& state) {
    for (auto _ : state) {
        Result<Scene> scene = importProduction();
        const Primitive& p = scene.value().meshes[0].primitives[0];
        PackedTargets packed = packTargets(p, 16384);
        Result<SparsePrimitive> sparse = sparsify(p);
        benchmark::DoNotOptimize(packed.texels.data());
        benchmark::DoNotOptimize(sparse.ok());
    }
}
BENCHMARK(BM_ProductionLoadAndPack)->Unit(benchmark::kMillisecond)->UseRealTime();

// What the cs-sparse and cpu paths need before their first frame: import and int16 encoding,
// no texture array.
void BM_ProductionLoadAndSparsify(benchmark::State& state) {
    for (auto _ : state) {
        Result<Scene> scene = importProduction();
        Result<SparsePrimitive> sparse = sparsify(scene.value().meshes[0].primitives[0]);
        benchmark::DoNotOptimize(sparse.ok());
    }
}
BENCHMARK(BM_ProductionLoadAndSparsify)->Unit(benchmark::kMillisecond)->UseRealTime();

// The production file imported as `morphview audit` imports it.
Scene productionScene() {
    ImportOptions options;
    options.keepNonFiniteTargets = true;
    Result<Scene> scene = importProduction(options);
    return std::move(scene).value();
}

// The production scene with its 300 targets named as 150 left/right pairs ("t0Left",
// "t0Right", ...), so side and asymmetric run over every target (the sphere is symmetric).
Scene productionPairs() {
    Scene scene = productionScene();
    std::vector<std::string>& names = scene.meshes[0].targetNames;
    for (size_t t = 0; t < names.size(); ++t)
        names[t] = "t" + std::to_string(t / 2) + (t % 2 ? "Right" : "Left");
    return scene;
}

// The audit alone (arg 0: the file's names; 1: left/right pairs).
void BM_AuditProduction(benchmark::State& state) {
    const Scene scene = state.range(0) ? productionPairs() : productionScene();
    size_t findings = 0;
    for (auto _ : state) {
        std::vector<Finding> out = auditScene(scene);
        findings = out.size();
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["findings"] = double(findings);
}
BENCHMARK(BM_AuditProduction)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// What `morphview audit production.glb` does: import (no images) and audit.
void BM_AuditProductionFile(benchmark::State& state) {
    ImportOptions options;
    options.keepNonFiniteTargets = true;
    options.decodeImages = false;
    for (auto _ : state) {
        Result<Scene> scene = importProduction(options);
        std::vector<Finding> out = auditScene(scene.value());
        benchmark::DoNotOptimize(out.data());
    }
}
BENCHMARK(BM_AuditProductionFile)->Unit(benchmark::kMillisecond)->UseRealTime();

// diff's core on the production scene against itself: both drawn models, then the diff.
void BM_DiffProduction(benchmark::State& state) {
    const Scene scene = productionScene();
    size_t rows = 0;
    for (auto _ : state) {
        Result<DrawnModel> a = drawnModel(scene), b = drawnModel(scene);
        ModelDiff diff = diffModels(a.value(), b.value());
        rows = diff.targets.size();
        benchmark::DoNotOptimize(diff.targets.data());
    }
    state.counters["targets"] = double(rows);
}
BENCHMARK(BM_DiffProduction)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same with every one of B's 300 names spelled otherwise: 300 renamed rows, each found among
// 300 x 300 removed and added pairs.
void BM_DiffProductionRenamed(benchmark::State& state) {
    const Scene scene = productionScene();
    Scene renamed = productionScene();
    for (std::string& name : renamed.meshes[0].targetNames) name = "renamed_" + name;
    size_t rows = 0;
    for (auto _ : state) {
        Result<DrawnModel> a = drawnModel(scene), b = drawnModel(renamed);
        ModelDiff diff = diffModels(a.value(), b.value());
        rows = size_t(std::count_if(diff.targets.begin(), diff.targets.end(), [](const auto& t) {
            return t.status == DriftStatus::Renamed;
        }));
        benchmark::DoNotOptimize(diff.targets.data());
    }
    state.counters["renamed"] = double(rows);
}
BENCHMARK(BM_DiffProductionRenamed)->Unit(benchmark::kMillisecond)->UseRealTime();

// What `morphview diff production.glb production.glb` does: both files imported (no images),
// their drawn models, the diff.
void BM_DiffProductionFile(benchmark::State& state) {
    const std::vector<uint8_t>& bytes = productionGlb();
    ImportOptions options;
    options.keepNonFiniteTargets = true;
    options.decodeImages = false;
    for (auto _ : state) {
        Result<Scene> a = importGltfMemory(bytes, "a.glb", ".", options);
        Result<Scene> b = importGltfMemory(bytes, "b.glb", ".", options);
        Result<DrawnModel> da = drawnModel(a.value()), db = drawnModel(b.value());
        ModelDiff diff = diffModels(da.value(), db.value());
        benchmark::DoNotOptimize(diff.targets.data());
    }
}
BENCHMARK(BM_DiffProductionFile)->Unit(benchmark::kMillisecond)->UseRealTime();

// What `morphview fix male.glb --out OUT --prune dead,duplicate --rename MAP --check` does on the
// avatar: the import and the document, the audit, the prune and a rename, the GLB, then the
// check's import, audit and diff against the input (the write aside).
void BM_FixAvatar(benchmark::State& state) {
    const Result<std::vector<uint8_t>> bytes =
        readFileBytes(std::string(MORPHVIEW_AVATARS) + "/RPM_VisageMale/male.glb");
    if (!bytes) {
        state.SkipWithError(bytes.error().message.c_str());
        return;
    }
    ImportOptions options;
    options.keepNonFiniteTargets = true;
    options.decodeImages = false;
    for (auto _ : state) {
        Result<Scene> in = importGltfMemory(*bytes, "male.glb", ".", options);
        Result<FixDocument> doc = readFixDocument(*bytes, "male.glb", ".");
        std::set<std::string> prune;
        for (const Finding& f : auditScene(in.value()))
            if (f.check == "dead" || f.check == "duplicate") prune.insert(f.targets.back());
        (void)removeTargets(doc.value(), prune, {});
        (void)renameTargets(doc.value(), {{"jawOpen", "mouthOpenWide"}});
        Result<Scene> out = importGltfMemory(fixDocumentGlb(doc.value()), "out.glb", ".", options);
        std::vector<Finding> after = auditScene(out.value());
        Result<DrawnModel> da = drawnModel(in.value()), db = drawnModel(out.value());
        ModelDiff diff = diffModels(da.value(), db.value());
        benchmark::DoNotOptimize(diff.targets.data());
        benchmark::DoNotOptimize(after.data());
    }
}
BENCHMARK(BM_FixAvatar)->Unit(benchmark::kMillisecond)->UseRealTime();

// The CPU reference over 40 active sparse targets: O(active entries), not O(active x vertices).
void BM_ProductionBlend40(benchmark::State& state) {
    const Primitive& p = productionPrimitive();
    std::vector<float> weights(p.targets.size(), 0.0f);
    for (size_t t = 0; t < weights.size(); t += weights.size() / 40) weights[t] = 0.5f;
    for (auto _ : state) {
        MorphedPrimitive m = blend(p, weights);
        benchmark::DoNotOptimize(m.positions.data());
    }
}
BENCHMARK(BM_ProductionBlend40)->Unit(benchmark::kMillisecond)->UseRealTime();

// A frame's random weights: `active` of `targets` non-zero, as the benchmark draws them.
std::vector<std::vector<float>> weightFrames(uint32_t targets, uint32_t active, size_t frames) {
    SplitMix64 rng(1);
    std::vector<std::vector<float>> out(frames, std::vector<float>(targets, 0.0f));
    for (std::vector<float>& w : out) {
        for (uint32_t i = 0; i < active; ++i) w[rng.below(targets)] = 1.0f - rng.unit();
    }
    return out;
}

// The per-frame bookkeeping of every path: a mesh's weights -> its ascending active targets and
// their weights (morph::collectActive, what MorphWeights::update runs). range(0): targets, 8
// active, a new random set each frame written into the same vector, as the benchmark and an
// animation do. The scan is the only part of a frame's bookkeeping that reads T floats
// (the whole frames are compared by `morphview bench --scenario target-count`).
void BM_ActiveList(benchmark::State& state) {
    const uint32_t targets = uint32_t(state.range(0));
    // More sets than a branch predictor learns, each written into the one vector the scan reads
    // (in cache, as in a frame: the weights were just computed). Writing them costs ~5 ns.
    SplitMix64 rng(1);
    std::vector<std::vector<uint32_t>> sets(4096);
    for (std::vector<uint32_t>& set : sets) {
        for (uint32_t i = 0; i < std::min(targets, 8u); ++i)
            set.push_back(uint32_t(rng.below(targets)));
    }
    std::vector<float> w(targets, 0.0f);
    std::vector<uint32_t> active;
    std::vector<float> values;
    size_t f = 0;
    for (auto _ : state) {
        for (uint32_t t : sets[(f + sets.size() - 1) % sets.size()]) w[t] = 0.0f;
        for (uint32_t t : sets[f++ % sets.size()]) w[t] = 0.5f;
        benchmark::ClobberMemory();
        morph::collectActive(w.data(), w.size(), active, values);
        benchmark::DoNotOptimize(active.data());
        benchmark::DoNotOptimize(values.data());
    }
}
BENCHMARK(BM_ActiveList)->Arg(8)->Arg(52)->Arg(256)->Arg(300);

// Crowds: the same for 1,000 instances of the 52-target face at 16 active (rows of the weights
// texture are written only for the paths that read them).
void BM_ActiveListCrowd(benchmark::State& state) {
    const uint32_t targets = 52, instances = 1000;
    const auto frames = weightFrames(targets, 16, instances);
    std::vector<std::vector<uint32_t>> active(instances);
    std::vector<std::vector<float>> values(instances);
    for (auto _ : state) {
        for (size_t k = 0; k < frames.size(); ++k) {
            morph::collectActive(frames[k].data(), frames[k].size(), active[k], values[k]);
        }
        benchmark::DoNotOptimize(active.data());
    }
}
BENCHMARK(BM_ActiveListCrowd)->Unit(benchmark::kMicrosecond);

// ---- KTX2: 1024 x 1024 to RGBA8 ----

std::vector<uint8_t> readKtx2Fixture(const std::string& name) {
    std::ifstream in(std::string(MORPHVIEW_KTX2_FIXTURES) + "/" + name, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// ETC1S: tests/fixtures/ktx2/bench-etc1s-1024x1024.ktx2, from the basisu encoder (70 KB;
// gradients, stripes, a disc and a band of noise, so every kind of block and codebook use).
void BM_Ktx2Etc1s1024(benchmark::State& state) {
    const std::vector<uint8_t> file = readKtx2Fixture("bench-etc1s-1024x1024.ktx2");
    for (auto _ : state) {
        auto image = morph::ktx2::decodeKtx2(file.data(), file.size(), 64ull << 20);
        if (!image) state.SkipWithError(image.error().message.c_str());
        benchmark::DoNotOptimize(image);
    }
}
BENCHMARK(BM_Ktx2Etc1s1024)->Unit(benchmark::kMillisecond);

// UASTC: uastc-level4-rgba-64x64's 256 blocks (modes 0, 1, 9, 11, 13, 14) tiled 16 x 16 times into
// a 1024 x 1024 file (UASTC blocks stand alone), raw (Arg 0) or Zstandard level 6 (Arg 1), the
// basisu default; the DFD is the fixture's. A 1024 x 1024 encoder file would be 466 KB to commit.
std::vector<uint8_t> uastc1024(bool zstd) {
    const std::vector<uint8_t> small = readKtx2Fixture("uastc-level4-rgba-64x64.ktx2");
    auto c = morph::ktx2::readKtx2Container(small.data(), small.size());
    if (!c || c->scheme != morph::ktx2::Supercompression::Zstandard) return {};
    auto inflated = morph::ktx2::zstdPrefix(c->levelBytes(0), 256 * 16);
    if (!inflated) return {};
    const morph::ktx2::ByteSpan blocks{inflated->data(), inflated->size()};
    std::vector<uint8_t> level;
    for (int by = 0; by < 256; ++by)
        for (int bx = 0; bx < 256; ++bx) {
            const uint8_t* b = blocks.data + ((by % 16) * 16 + bx % 16) * 16;
            level.insert(level.end(), b, b + 16);
        }
    const uint64_t raw = level.size();
    if (zstd) {
        std::vector<uint8_t> packed(ZSTD_compressBound(level.size()));
        packed.resize(ZSTD_compress(packed.data(), packed.size(), level.data(), level.size(), 6));
        level = std::move(packed);
    }
    const uint32_t dfdOffset = small[48] | small[49] << 8, dfdLength = small[52] | small[53] << 8;
    std::vector<uint8_t> out(small.begin(), small.begin() + 104);  // header + one level entry
    const auto put = [&out](size_t at, uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) out[at + size_t(i)] = uint8_t(v >> (8 * i));
    };
    put(20, 1024, 4);
    put(24, 1024, 4);
    put(40, 1, 4);             // levelCount
    put(44, zstd ? 2 : 0, 4);  // supercompressionScheme
    put(48, 104, 4);           // dfdByteOffset
    put(56, 0, 8);             // no key/value data
    put(64, 0, 16);            // no supercompression global data
    put(80, 104 + dfdLength, 8);
    put(88, level.size(), 8);
    put(96, raw, 8);
    out.insert(out.end(), small.begin() + dfdOffset, small.begin() + dfdOffset + dfdLength);
    out.insert(out.end(), level.begin(), level.end());
    return out;
}

void BM_Ktx2Uastc1024(benchmark::State& state) {
    const std::vector<uint8_t> file = uastc1024(state.range(0) != 0);
    for (auto _ : state) {
        auto image = morph::ktx2::decodeKtx2(file.data(), file.size(), 64ull << 20);
        if (!image) state.SkipWithError(image.error().message.c_str());
        benchmark::DoNotOptimize(image);
    }
    state.counters["file_kb"] = double(file.size()) / 1024.0;
}
BENCHMARK(BM_Ktx2Uastc1024)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

// `speak`'s text path for one sentence (the goal: "under a second"): espeak-ng's speech and
// phonemes, the ARKit face's tracks, the clip; not the files.
void BM_SpeakSentence(benchmark::State& state) {
    const std::string text =
        "Peter bought a bamboo fish, and the fish was not amused by it at all.";
    auto face = app::speech::faceVisemes(
        {"jawOpen", "mouthClose", "mouthPressLeft", "mouthPressRight", "mouthFunnel", "mouthPucker",
         "mouthRollLower", "tongueOut", "mouthStretchLeft", "mouthStretchRight", "mouthSmileLeft",
         "mouthSmileRight"});
    for (auto _ : state) {
        auto line = app::speech::speakText(text);
        if (!line || !face) {
            state.SkipWithError("espeak-ng or the face failed");
            return;
        }
        const app::speech::Tracks tracks =
            app::speech::visemeTracks(line->phonemes, *face, line->duration(),
                                      app::speech::loudness(line->samples, line->sampleRate));
        benchmark::DoNotOptimize(app::speech::speechClip(tracks));
    }
}
BENCHMARK(BM_SpeakSentence)->Unit(benchmark::kMillisecond)->UseRealTime();

// `speak --audio`'s work for a 10 s WAV (the goal: "well under real time"): espeak-ng's 22 kHz
// speech cut to 10 s, read from its WAV bytes, resampled to 16 kHz, PocketSphinx's phone loop,
// the ARKit face's tracks and the clip; not the files. The model loads once, before the timing.
void BM_SpeakAudio10s(benchmark::State& state) {
    auto line = app::speech::speakText(
        "Peter bought a bamboo fish, and the fish was not amused by it at all. Would you like a "
        "cup of tea before we leave? The quick brown fox jumps over the lazy dog, and she sells "
        "sea shells by the sea shore.");
    auto face = app::speech::faceVisemes({"jawOpen", "mouthClose", "mouthPressLeft",
                                          "mouthPressRight", "mouthFunnel", "mouthPucker"});
    if (!line || !face || line->samples.size() < size_t(line->sampleRate) * 10) {
        state.SkipWithError("espeak-ng gave less than 10 s");
        return;
    }
    line->samples.resize(size_t(line->sampleRate) * 10);
    const std::vector<uint8_t> wav = app::speech::encodeWav(line->samples, line->sampleRate);
    if (!app::speech::recognize(std::vector<int16_t>(1600, 0)).ok()) {
        state.SkipWithError("PocketSphinx's model is missing");
        return;
    }
    for (auto _ : state) {
        auto audio = app::speech::readWav(wav.data(), wav.size());
        auto heard = app::speech::recognizeAudio(*audio);
        const std::vector<int16_t> pcm = app::speech::toPcm16(audio->samples);
        const app::speech::Tracks tracks = app::speech::visemeTracks(
            app::speech::asEspeak(heard->phonemes), *face, audio->duration(),
            app::speech::loudness(pcm, audio->sampleRate));
        benchmark::DoNotOptimize(app::speech::speechClip(tracks));
    }
}
BENCHMARK(BM_SpeakAudio10s)->Unit(benchmark::kMillisecond)->UseRealTime();

// A face of 100 drivers with 300 rules: 150 in-betweens (three per driver of the first 50) and 150
// combinations of two drivers, the last 50 of them of a combination and a driver.
// Drivers named by letters ("shapeA" .. "shapeDV"), so no driver's name ends in digits that an
// in-between's percentage would run into.
std::string driverName(int i) {
    std::string letters;
    for (int n = i + 1; n > 0; n = (n - 1) / 26)
        letters.insert(letters.begin(), char('A' + (n - 1) % 26));
    return "shape" + letters;
}

std::vector<std::string> rigNames() {
    std::vector<std::string> names;
    for (int i = 0; i < 100; ++i) names.push_back(driverName(i));
    for (int i = 0; i < 50; ++i)
        for (const char* peak : {"25", "50", "75"}) names.push_back(driverName(i) + peak);
    for (int i = 0; i < 100; ++i) names.push_back(driverName(i) + "_" + driverName((i + 1) % 100));
    for (int i = 0; i < 50; ++i)
        names.push_back(driverName(i) + "_" + driverName((i + 1) % 100) + "_" +
                        driverName((i + 7) % 100));
    return names;
}

void BM_RigLogicFrame(benchmark::State& state) {
    morph::Scene scene;
    scene.meshes.emplace_back();
    scene.meshes[0].targetNames = rigNames();
    std::vector<std::string> warnings;
    auto logic = morph::sceneRigLogic(scene, {}, "", warnings);
    if (!logic || logic->meshes[0].size() != 300) {
        state.SkipWithError("the rig does not have 300 rules");
        return;
    }
    std::vector<float> weights(scene.meshes[0].targetNames.size());
    for (size_t i = 0; i < 100; ++i) weights[i] = float(i % 10) / 10.0f;
    for (auto _ : state) {
        morph::applyRigRules(logic->meshes[0], weights);
        benchmark::DoNotOptimize(weights.data());
    }
}
BENCHMARK(BM_RigLogicFrame)->Unit(benchmark::kMicrosecond);

void BM_RigLogicFromNames(benchmark::State& state) {
    const std::vector<std::string> names = rigNames();
    for (auto _ : state) benchmark::DoNotOptimize(morph::rigRulesFromNames(names));
}
BENCHMARK(BM_RigLogicFromNames)->Unit(benchmark::kMicrosecond);
