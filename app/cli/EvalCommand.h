#pragma once
// `morphview eval MODEL [--weights SPEC] [--animation NAME|INDEX|all|LIST --time T] [--out FILE]`:
// the morphed positions and normals of every (node, primitive) whose mesh has targets, in the
// mesh's local space, as JSON. With `--space world`: every primitive of every drawn node, after
// morph, skin and node transforms (glTF 2.0 3.7.3), as the renderer places it.
//
// The command is three steps: weights per item (evalItems), the morph (a MorphFunction: the CPU
// reference by default, a GPU read-back when the renderer provides one), and the JSON.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"
#include "app/cli/JsonOut.h"
#include "app/cli/ModelLoader.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/edit/WeightSpec.h"
#include "morph/targets/Blend.h"

namespace app {

struct EvalOptions {
    ModelOptions model;
    // --weights (empty: none), parsed once by the option's check.
    std::vector<morph::WeightAssignment> weights;
    std::string weightSpec;                // --weights' text
    std::optional<std::string> animation;  // --animation NAME|INDEX|all|LIST
    float time = 0;                        // --time, seconds (needs --animation)
    std::string outPath;                   // --out, empty: stdout
    bool gpu = false;                      // --gpu (only offered when a GPU morph is registered)
    bool world = false;                    // --space world (default mesh)
    std::string morphPath =
        "vs-active";  // --morph-path with --gpu (renderer/morph/MorphPath.h names)
};

// One (node, primitive) to morph, with the weights its node has.
struct EvalItem {
    int node = -1;
    int mesh = -1;
    int primitive = -1;
    std::vector<float> weights;
    // World space only (EvalOptions::world): the node's model matrix and its node-space joint
    // matrices (empty: not skinned), see morph/anim/Skin.h.
    bool world = false;
    glm::mat4 model{1.0f};
    std::vector<glm::mat4> joints;
};

// Morphs every item; the result has one MorphedPrimitive per item, in order. `morphPath` is
// --morph-path (a GPU morph's choice of path; the CPU reference ignores it).
using MorphFunction = std::function<morph::Result<std::vector<morph::MorphedPrimitive>>(
    const morph::Scene& scene, const std::vector<EvalItem>& items, const std::string& morphPath)>;

// The CPU reference (morph::blend), item by item.
morph::Result<std::vector<morph::MorphedPrimitive>> cpuMorph(const morph::Scene& scene,
                                                             const std::vector<EvalItem>& items);

// The animation named `key`, else the one at index `key` if it is a number and no animation has
// that name. Errors name the file and the key.
morph::Result<size_t> findAnimation(const morph::Scene& scene, const std::string& key);
// Every clip `key` names (morph/anim/ClipSelection.h: a name, "all", an index or a comma list),
// in the order they play. Errors name the file and the first item that names no clip.
morph::Result<std::vector<size_t>> findAnimations(const morph::Scene& scene,
                                                  const std::string& key);

// Weights: the nodes' defaults (glTF 2.0 3.7.2.2), then the animation (or every clip the key
// names, later ones winning) at `time` if given, then the weight spec on top. One item per (node,
// primitive) whose mesh has targets, by node index; in world space one per primitive of every drawn
// node (renderer::drawnNodes order).
morph::Result<std::vector<EvalItem>> evalItems(const morph::Scene& scene,
                                               const EvalOptions& options);

// {"items":[{"node","mesh","primitive","weights","positions","normals"}, ...]}. World space adds
// "space": "world" at the top and "nodeName", "skin" per item; its normals are unit length.
Json evalJson(const morph::Scene& scene, const std::vector<EvalItem>& items,
              const std::vector<morph::MorphedPrimitive>& morphed);

// Registers `eval`. With `gpuMorph`, also the --gpu flag, which makes eval use it instead of
// cpuMorph (main.cpp passes the renderer's read-back morph, gpuEvalMorph()).
void addEvalCommand(CLI::App& root, CommandContext& context, MorphFunction gpuMorph = {});

}  // namespace app
