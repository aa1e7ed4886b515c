#pragma once
// VRM expressions as plain data: a named group of morph target binds that one value drives
// (VRM 0.x blendShapeMaster.blendShapeGroups, VRM 1.0 VRMC_vrm.expressions). The importer fills
// Scene::expressions (morph/gltf/VrmExpressions.cpp); the weights they give the targets are
// computed in morph/edit/ExpressionWeights.h.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace morph {

// The VRM 1.0 preset names (VRMC_vrm-1.0 expressions.md, "Preset Expressions"), in the order the
// viewer lists them: emotions, lip sync, blink, gaze, neutral. VRM 0.x presets are mapped onto
// them (joy -> happy, sorrow -> sad, fun -> relaxed, a -> aa, blink_l -> blinkLeft, ...).
enum class ExpressionPreset : uint8_t {
    Happy,
    Angry,
    Sad,
    Relaxed,
    Surprised,
    Aa,
    Ih,
    Ou,
    Ee,
    Oh,
    Blink,
    BlinkLeft,
    BlinkRight,
    LookUp,
    LookDown,
    LookLeft,
    LookRight,
    Neutral,
    Custom,  // not a preset: a user-defined expression (VRM 1.0 "custom", VRM 0.x "unknown")
};

// VRMC_vrm-1.0 expressions.md, "Procedural override": what an expression does to the lip sync,
// blink and gaze expressions while its value is not zero.
enum class ExpressionOverride : uint8_t { None, Block, Blend };

// One morph target an expression moves: at expression value 1, mesh `mesh`'s target `target`
// gets `weight` (0..1; VRM 0.x's 0..100 already divided by 100). VRM 1.0 binds name a node; the
// importer resolves it to that node's mesh.
struct ExpressionBind {
    int mesh = -1;
    uint32_t target = 0;
    float weight = 1;
    bool operator==(const ExpressionBind& o) const {
        return mesh == o.mesh && target == o.target && weight == o.weight;
    }
};

struct Expression {
    std::string name;  // VRM 1.0: the preset or custom key; VRM 0.x: the group's name
    ExpressionPreset preset = ExpressionPreset::Custom;
    bool isBinary = false;  // values above 0.5 act as 1, the others as 0
    ExpressionOverride overrideBlink = ExpressionOverride::None;
    ExpressionOverride overrideLookAt = ExpressionOverride::None;
    ExpressionOverride overrideMouth = ExpressionOverride::None;
    std::vector<ExpressionBind> binds;
};

// "happy", "blinkLeft", ... as VRM 1.0 spells them; "custom" for ExpressionPreset::Custom.
const char* expressionPresetName(ExpressionPreset preset);
// The VRM 1.0 preset of that exact name (case-sensitive, as the 1.0 keys are); nullopt for any
// other name, "custom" included.
std::optional<ExpressionPreset> expressionPresetFromName(const std::string& name);

}  // namespace morph
