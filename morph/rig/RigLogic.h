#pragma once
// Rig logic: targets whose weight is derived from other targets' weights, as engines drive a
// face rig at run time, since glTF has no place for such rules and exporters flatten them into
// plain targets.
//   combination  `jawOpen_mouthSmileLeft`: the product of its drivers' weights (a corrective for
//                what two shapes do together)
//   in-between   `jawOpen50`: a tent of its driver's weight, 0 at 0, 1 at the peak (0.5), 0 at 1;
//                several in-betweens of one driver split the range between their peaks, each
//                one's tent reaching 0 at its neighbours' peaks. Additive: the driver keeps its
//                own weight.
// Rules come from the targets' names (Meta's Movement SDK conventions), from the file's root
// `extras.rigLogic` and from a sidecar (`--rig-logic FILE.json`), each replacing the ones before it
// for the targets it names. A mesh's rules are kept in an order where each driven target comes
// after everything that drives it; a cycle is an error naming it.
#include <cstddef>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/RigRule.h"
#include "morph/Scene.h"

namespace morph {

// One rule as a file or a name states it, by target name.
struct RigRuleSpec {
    std::string target;
    RigRuleKind kind = RigRuleKind::Combination;
    std::vector<std::string> drivers;  // an in-between has exactly one
    float peak = 0;                    // in-between: where it reaches 1, in (0, 1)
    RigInterpolation interpolation = RigInterpolation::Linear;
    RigRuleSource source = RigRuleSource::Names;
};

// Every mesh's rules, each list in evaluation order; meshes[i] belongs to scene.meshes[i].
struct RigLogic {
    std::vector<std::vector<RigRule>> meshes;
    bool empty() const;
};

// The rules one mesh's target names state by convention.
std::vector<RigRuleSpec> rigRulesFromNames(const std::vector<std::string>& names);

// A rig-logic object: {"combinations": [{"target", "drivers": [names]}], "inbetweens":
// [{"target", "driver", "peak", "interpolation"?}]}, from a sidecar's text or a file's
// extras.rigLogic (`source` says which). Errors (ErrorCode::Usage) name `what` and the entry:
// "rig.json: inbetweens[1].peak 1.5 is not inside (0, 1)".
Result<std::vector<RigRuleSpec>> parseRigLogic(const std::string& text, const std::string& what,
                                               RigRuleSource source);

// `rules` as a rig-logic object, the form parseRigLogic reads (a sidecar's, a file's root
// extras.rigLogic): {"combinations": [{"target", "drivers"}], "inbetweens": [{"target",
// "driver", "peak", "interpolation"?}]}: of several rules for one target only the last, which
// replaces the others when `rules` are applied in order; each list in `rules`' order, and only
// when it has a rule; "interpolation" only when smooth; a peak as its shortest decimal (0.3, not
// 0.30000001). Compact JSON text.
std::string rigLogicJson(const std::vector<RigRuleSpec>& rules);

// The scene's rules: by name on every mesh, then `explicitRules` in order, each replacing what
// came before it for its target on every mesh that has the target and its drivers. An explicit
// rule whose target or driver no mesh has, and a cycle, are errors naming `what`.
Result<RigLogic> buildRigLogic(const Scene& scene, const std::vector<RigRuleSpec>& explicitRules,
                               const std::string& what);

// The scene's rules: by name, then the file's extras.rigLogic (Scene::rigLogic), then `sidecar`
// (parsed from the file `sidecarName`). A file's rules that do not parse or name what no mesh has
// are left out with a line in `warnings` ("extras.rigLogic: ...", for the caller to put the file's
// name in front), as other faulty extras are; the sidecar's are errors.
Result<RigLogic> sceneRigLogic(const Scene& scene, const std::vector<RigRuleSpec>& sidecar,
                               const std::string& sidecarName, std::vector<std::string>& warnings);

// Sets every Mesh::rigRules to sceneRigLogic's; on an error the scene is unchanged. The importer
// attaches the names' and the file's rules; `--rig-logic FILE` attaches them again with the
// sidecar's, `--no-rig-logic` detaches them all (the raw targets).
Status attachRigLogic(Scene& scene, const std::vector<RigRuleSpec>& sidecar,
                      const std::string& sidecarName, std::vector<std::string>& warnings);
void detachRigLogic(Scene& scene);

// The names among `names` that rig logic derives on some mesh of `scene` (Mesh::rigRules), each
// once, in the order given: a --weights naming one sets a value the rules then replace.
std::vector<std::string> derivedTargetsNamed(const Scene& scene,
                                             const std::vector<std::string>& names);

// Writes each driven target's weight into `weights` (one mesh's, at least its target count),
// from the weights it holds; whatever a source set on a driven target is replaced.
void applyRigRules(const std::vector<RigRule>& rules, std::vector<float>& weights);

// The in-between's weight for its driver's weight `w`.
float inbetweenWeight(const RigRule& rule, float w);

// What drives a target, for people: "jawOpen × mouthSmileLeft", "jawOpen at 0.5".
std::string describeRigRule(const RigRule& rule, const std::vector<std::string>& names);

}  // namespace morph
