#include "app/document/ViewerStateExpressions.h"

#include <algorithm>
#include <cmath>

#include "morph/edit/ExpressionWeights.h"

namespace app {

namespace {

// The new scene's expression an old one becomes: the same name, else the same preset (a VRM 0.x
// "Joy" re-exported as 1.0 "happy"); -1 when none.
int matchExpression(const morph::Expression& old, const morph::Scene& newScene) {
    const std::vector<morph::Expression>& list = newScene.expressions;
    for (size_t i = 0; i < list.size(); ++i) {
        if (list[i].name == old.name) return int(i);
    }
    if (old.preset == morph::ExpressionPreset::Custom) return -1;
    for (size_t i = 0; i < list.size(); ++i) {
        if (list[i].preset == old.preset) return int(i);
    }
    return -1;
}

}  // namespace

void setExpressionWeight(ViewerState& state, const morph::Scene& scene, size_t expression,
                         float value) {
    ++state.revision;
    if (expression >= scene.expressions.size() || std::isnan(value)) return;
    if (state.expressionWeights.size() != scene.expressions.size()) {
        state.expressionWeights.assign(scene.expressions.size(), 0.0f);
    }
    state.expressionWeights[expression] = std::clamp(value, 0.0f, 1.0f);
}

bool setExpressionWeight(ViewerState& state, const morph::Scene& scene, const std::string& name,
                         float value) {
    const int expression = morph::findExpression(scene, name);
    if (expression < 0) return false;
    setExpressionWeight(state, scene, size_t(expression), value);
    return true;
}

void resetExpressionWeights(ViewerState& state) {
    ++state.revision;
    std::fill(state.expressionWeights.begin(), state.expressionWeights.end(), 0.0f);
}

void applyExpressionLayer(const morph::Scene& scene, const ViewerState& state,
                          std::vector<morph::NodePose>& pose) {
    if (scene.expressions.empty() || state.expressionWeights.size() != scene.expressions.size()) {
        return;
    }
    const bool any = std::any_of(state.expressionWeights.begin(), state.expressionWeights.end(),
                                 [](float w) { return w != 0.0f; });
    if (any) morph::applyExpressions(scene, state.expressionWeights, pose);
}

void carryExpressionWeights(const ViewerState& old, const morph::Scene& oldScene,
                            const morph::Scene& newScene, ViewerState& state) {
    state.expressionWeights.assign(newScene.expressions.size(), 0.0f);
    for (size_t i = 0; i < oldScene.expressions.size() && i < old.expressionWeights.size(); ++i) {
        const int to = matchExpression(oldScene.expressions[i], newScene);
        if (to >= 0) state.expressionWeights[size_t(to)] = old.expressionWeights[i];
    }
}

}  // namespace app
