#include "app/cli/EvalCommand.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <CLI/CLI.hpp>

#include "app/cli/JsonOut.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/Subcommand.h"
#include "app/shots/ShotPose.h"
#include "morph/anim/Animate.h"
#include "morph/anim/ClipSelection.h"
#include "morph/anim/FramePose.h"
#include "morph/anim/Layers.h"
#include "morph/anim/Skin.h"
#include "morph/edit/WeightSpec.h"
#include "renderer/scene/GpuScene.h"

namespace app {

morph::Result<std::vector<morph::MorphedPrimitive>> cpuMorph(const morph::Scene& scene,
                                                             const std::vector<EvalItem>& items) {
    std::vector<morph::MorphedPrimitive> morphed;
    morphed.reserve(items.size());
    for (const EvalItem& item : items) {
        const morph::Primitive& primitive = scene.meshes[item.mesh].primitives[item.primitive];
        morphed.push_back(morph::blend(primitive, item.weights));
        if (item.world) morph::toWorldSpace(primitive, item.model, item.joints, morphed.back());
    }
    return morphed;
}

namespace {

morph::Error noAnimation(const morph::Scene& scene, const std::string& key) {
    return {morph::ErrorCode::Usage, scene.path + ": no animation named or numbered '" + key +
                                         "' (the file has " +
                                         std::to_string(scene.animations.size()) + ")"};
}

}  // namespace

morph::Result<size_t> findAnimation(const morph::Scene& scene, const std::string& key) {
    if (std::optional<size_t> index = morph::animationIndex(scene, key)) return *index;
    return noAnimation(scene, key);
}

morph::Result<std::vector<size_t>> findAnimations(const morph::Scene& scene,
                                                  const std::string& key) {
    morph::ClipSelection selection = morph::selectAnimations(scene, key);
    if (!selection.ok()) return noAnimation(scene, *selection.unknown);
    return std::move(selection.clips);
}

namespace {

// The message names the model when the core's does not ("--weights: no mesh has ...").
morph::Error inFile(const morph::Scene& scene, const morph::Error& error) {
    if (error.message.find(scene.path) != std::string::npos) return error;
    return {error.code, scene.path + ": " + error.message};
}

}  // namespace

morph::Result<std::vector<EvalItem>> evalItems(const morph::Scene& scene,
                                               const EvalOptions& options) {
    std::vector<size_t> clips;
    if (options.animation) {
        morph::Result<std::vector<size_t>> found = findAnimations(scene, *options.animation);
        if (!found) return found.error();
        clips = std::move(found).value();
    }
    auto pose = buildPose(scene, clips, options.time, options.weights);
    if (!pose) return inFile(scene, pose.error());

    // The frame, resolved once: every item reads its weights, world and joint matrices.
    const morph::FramePose frame = morph::resolveFrame(scene, std::move(pose).value());
    std::vector<EvalItem> items;
    if (options.world) {
        for (int n : renderer::drawnNodes(scene)) {
            EvalItem item;
            item.node = n;
            item.mesh = scene.nodes[size_t(n)].mesh;
            item.weights = frame.weights(n);
            item.world = true;
            item.joints = frame.joints[size_t(n)];
            item.model = item.joints.empty() ? frame.world[size_t(n)]
                                             : morph::skinnedModel(frame.world[size_t(n)]);
            for (size_t p = 0; p < scene.meshes[size_t(item.mesh)].primitives.size(); ++p) {
                item.primitive = int(p);
                items.push_back(item);
            }
        }
        return items;
    }
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        const int meshIndex = scene.nodes[n].mesh;
        if (meshIndex < 0 || size_t(meshIndex) >= scene.meshes.size()) continue;
        const morph::Mesh& mesh = scene.meshes[meshIndex];
        if (mesh.targetCount() == 0) continue;
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            EvalItem item;
            item.node = int(n);
            item.mesh = meshIndex;
            item.primitive = int(p);
            item.weights = frame.nodes[n].weights;
            items.push_back(std::move(item));
        }
    }
    return items;
}

Json evalJson(const morph::Scene& scene, const std::vector<EvalItem>& items,
              const std::vector<morph::MorphedPrimitive>& morphed) {
    Json array = Json::array();
    for (size_t i = 0; i < items.size() && i < morphed.size(); ++i) {
        const EvalItem& item = items[i];
        const morph::Primitive& primitive = scene.meshes[item.mesh].primitives[item.primitive];
        // A primitive without NORMAL gets [] (not the morph's output, which a GPU path might
        // fill with zeros).
        const bool hasNormals = !primitive.normals.empty();
        Json entry = {{"node", item.node},
                      {"mesh", item.mesh},
                      {"primitive", item.primitive},
                      {"weights", floatArray(item.weights)},
                      {"positions", flatArray(morphed[i].positions)},
                      {"normals", hasNormals ? flatArray(morphed[i].normals) : Json::array()}};
        if (item.world) {
            entry["nodeName"] = scene.nodes[size_t(item.node)].name;
            entry["skin"] = item.joints.empty() ? -1 : scene.nodes[size_t(item.node)].skin;
        }
        array.push_back(std::move(entry));
    }
    Json out = {{"items", std::move(array)}};
    if (!items.empty() && items.front().world) out["space"] = "world";
    return out;
}

namespace {

CommandResult fail(const morph::Error& error) {
    return failWith(error.message);
}

CommandResult runEval(const EvalOptions& options, const MorphFunction& gpuMorph) {
    morph::Result<morph::Scene> scene = loadModel(options.model);
    if (!scene) return modelLoadFailed(scene.error());
    printWarnings(*scene);
    warnAboutDerivedWeights(*scene, options.weights);

    morph::Result<std::vector<EvalItem>> items = evalItems(*scene, options);
    if (!items) return fail(items.error());

    morph::Result<std::vector<morph::MorphedPrimitive>> morphed =
        options.gpu ? gpuMorph(*scene, *items, options.morphPath) : cpuMorph(*scene, *items);
    if (!morphed) return fail(morphed.error());
    if (morphed->size() != items->size()) {
        return fail({morph::ErrorCode::Inconsistent,
                     scene->path + ": the morph returned " + std::to_string(morphed->size()) +
                         " primitives for " + std::to_string(items->size()) + " items"});
    }

    morph::Status written =
        writeText(evalJson(*scene, *items, *morphed).dump() + "\n", options.outPath);
    if (!written) return fail(written.error());
    return {};
}

}  // namespace

void addEvalCommand(CLI::App& root, CommandContext& context, MorphFunction gpuMorph) {
    auto eval = addSubcommand<EvalOptions>(
        root, "eval", "Print the morphed positions and normals of every morphed primitive as JSON");
    addModelOptions(eval.app, eval.options.model);
    addParsedOption(eval.app, kWeightsOption, eval.options.weightSpec, eval.options.weights,
                    "Weights on top of the defaults and the animation: NAME=V, INDEX=V, *=V or "
                    "vrm:EXPRESSION=V, comma separated (e.g. jawOpen=1,3=0.5,vrm:happy=1)",
                    parserMessage(kWeightsOption));
    CLI::Option* animation =
        eval.app
            .add_option_function<std::string>(
                "--animation",
                [&options = eval.options](const std::string& key) { options.animation = key; },
                "Sample this animation (name, or index when no clip has that name); all: every "
                "clip at once; a comma list (0,2): those at once, later ones winning where two "
                "drive the same channel")
            ->type_name("NAME|INDEX|all|LIST");
    addTimeOption(eval.app, eval.options.time, "Seconds into the animation (default 0)", animation,
                  checkedBy([](const std::string& text) -> std::string {
                      char* end = nullptr;
                      const float t = std::strtof(text.c_str(), &end);
                      if (end == text.c_str() || *end != '\0' || !std::isfinite(t))
                          return "'" + text + "' is not a time in seconds";
                      return {};
                  }));
    eval.app
        .add_option_function<std::string>(
            "--space",
            [&options = eval.options](const std::string& space) {
                options.world = space == "world";
            },
            "mesh (default): each primitive in its mesh's space; world: after morph, skin and "
            "node transforms, every drawn node")
        ->type_name("mesh|world")
        ->check(CLI::IsMember({"mesh", "world"}));
    addOutOption(eval.app, eval.options.outPath, "Write the JSON to FILE (atomically), not stdout",
                 "FILE");
    if (gpuMorph) {
        eval.app.add_flag("--gpu", eval.options.gpu,
                          "Morph on the GPU (read back from the renderer) instead of the CPU");
        // The names are renderer::MorphPath's; the GPU morph reports an unknown one.
        addMorphPathOption(eval.app, eval.options.morphPath,
                           "With --gpu: vs-dense, vs-active (default), cs-sparse (int16 deltas: "
                           "within their quantum of the CPU), cpu, or auto",
                           morphPathMember());
    }
    chooseOnParse(
        eval, context,
        [gpuMorph](std::shared_ptr<EvalOptions> options) -> std::function<CommandResult()> {
            return [options, gpuMorph] { return runEval(*options, gpuMorph); };
        });
}

}  // namespace app
