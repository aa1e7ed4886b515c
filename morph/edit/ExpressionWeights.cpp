#include "morph/edit/ExpressionWeights.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace morph {

namespace {

// The procedural kinds of VRMC_vrm-1.0 expressions.md, "Procedural override": the presets each
// override property reaches.
enum class Kind { Blink = 0, LookAt = 1, Mouth = 2, None = 3 };
constexpr size_t kKinds = 3;

Kind kindOf(ExpressionPreset preset) {
    switch (preset) {
        case ExpressionPreset::Blink:
        case ExpressionPreset::BlinkLeft:
        case ExpressionPreset::BlinkRight: return Kind::Blink;
        case ExpressionPreset::LookUp:
        case ExpressionPreset::LookDown:
        case ExpressionPreset::LookLeft:
        case ExpressionPreset::LookRight: return Kind::LookAt;
        case ExpressionPreset::Aa:
        case ExpressionPreset::Ih:
        case ExpressionPreset::Ou:
        case ExpressionPreset::Ee:
        case ExpressionPreset::Oh: return Kind::Mouth;
        default: return Kind::None;
    }
}

ExpressionOverride overrideOf(const Expression& e, size_t kind) {
    switch (Kind(kind)) {
        case Kind::Blink: return e.overrideBlink;
        case Kind::LookAt: return e.overrideLookAt;
        case Kind::Mouth: return e.overrideMouth;
        case Kind::None: break;
    }
    return ExpressionOverride::None;
}

bool sameIgnoringCase(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

std::vector<float> expressionOutputs(const Scene& scene, const std::vector<float>& values) {
    const size_t count = scene.expressions.size();
    std::vector<float> out(count, 0.0f);
    for (size_t i = 0; i < count; ++i) {
        const float v = i < values.size() && std::isfinite(values[i]) ? values[i] : 0.0f;
        const float clamped = std::clamp(v, 0.0f, 1.0f);  // "Expression control": clamp to 0..1
        out[i] = scene.expressions[i].isBinary ? (clamped > 0.5f ? 1.0f : 0.0f) : clamped;
    }
    // "blend details": value += each overrider's weight, factor = 1 - saturate(value); block
    // counts as 1 whenever the overrider's weight is above 0.
    std::array<float, kKinds> amount{};
    for (size_t i = 0; i < count; ++i) {
        const Expression& e = scene.expressions[i];
        if (out[i] <= 0) continue;
        for (size_t k = 0; k < kKinds; ++k) {
            // "Like overrideBlink for blink, settings for the same kind are treated as invalid."
            if (kindOf(e.preset) == Kind(k)) continue;
            const ExpressionOverride o = overrideOf(e, k);
            if (o == ExpressionOverride::Block) amount[k] += 1.0f;
            if (o == ExpressionOverride::Blend) amount[k] += out[i];
        }
    }
    for (size_t i = 0; i < count; ++i) {
        const Kind kind = kindOf(scene.expressions[i].preset);
        if (kind == Kind::None || amount[size_t(kind)] <= 0) continue;
        // An overridden isBinary expression is suppressed by any effect greater than 0.
        out[i] = scene.expressions[i].isBinary
                     ? 0.0f
                     : out[i] * (1.0f - std::min(1.0f, amount[size_t(kind)]));
    }
    return out;
}

void applyExpressions(const Scene& scene, const std::vector<float>& values,
                      std::vector<NodePose>& pose) {
    const std::vector<float> outputs = expressionOutputs(scene, values);
    std::vector<std::vector<size_t>> nodesOfMesh(scene.meshes.size());
    for (size_t n = 0; n < scene.nodes.size() && n < pose.size(); ++n) {
        const int mesh = scene.nodes[n].mesh;
        if (mesh >= 0 && size_t(mesh) < scene.meshes.size()) nodesOfMesh[size_t(mesh)].push_back(n);
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i] == 0.0f) continue;
        for (const ExpressionBind& bind : scene.expressions[i].binds) {
            if (bind.mesh < 0 || size_t(bind.mesh) >= scene.meshes.size()) continue;
            const size_t targets = scene.meshes[size_t(bind.mesh)].targetCount();
            if (bind.target >= targets) continue;
            for (size_t n : nodesOfMesh[size_t(bind.mesh)]) {
                std::vector<float>& weights = pose[n].weights;
                if (weights.size() < targets) weights.resize(targets, 0.0f);
                weights[bind.target] += outputs[i] * bind.weight;
            }
        }
    }
}

int findExpression(const Scene& scene, const std::string& name) {
    const std::vector<Expression>& list = scene.expressions;
    for (size_t i = 0; i < list.size(); ++i) {
        if (list[i].name == name) return int(i);
    }
    for (size_t i = 0; i < list.size(); ++i) {
        if (list[i].preset != ExpressionPreset::Custom &&
            name == expressionPresetName(list[i].preset)) {
            return int(i);
        }
    }
    for (size_t i = 0; i < list.size(); ++i) {
        if (sameIgnoringCase(list[i].name, name)) return int(i);
    }
    return -1;
}

std::vector<size_t> expressionDisplayOrder(const Scene& scene) {
    std::vector<size_t> order(scene.expressions.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    // Custom is the last enumerator, so presets sort first; stable keeps file order otherwise.
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return scene.expressions[a].preset < scene.expressions[b].preset;
    });
    return order;
}

}  // namespace morph
