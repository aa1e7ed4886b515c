#include "morph/Expression.h"

namespace morph {

namespace {

constexpr ExpressionPreset kPresets[] = {
    ExpressionPreset::Happy,      ExpressionPreset::Angry,     ExpressionPreset::Sad,
    ExpressionPreset::Relaxed,    ExpressionPreset::Surprised, ExpressionPreset::Aa,
    ExpressionPreset::Ih,         ExpressionPreset::Ou,        ExpressionPreset::Ee,
    ExpressionPreset::Oh,         ExpressionPreset::Blink,     ExpressionPreset::BlinkLeft,
    ExpressionPreset::BlinkRight, ExpressionPreset::LookUp,    ExpressionPreset::LookDown,
    ExpressionPreset::LookLeft,   ExpressionPreset::LookRight, ExpressionPreset::Neutral};

}  // namespace

const char* expressionPresetName(ExpressionPreset preset) {
    switch (preset) {
        case ExpressionPreset::Happy: return "happy";
        case ExpressionPreset::Angry: return "angry";
        case ExpressionPreset::Sad: return "sad";
        case ExpressionPreset::Relaxed: return "relaxed";
        case ExpressionPreset::Surprised: return "surprised";
        case ExpressionPreset::Aa: return "aa";
        case ExpressionPreset::Ih: return "ih";
        case ExpressionPreset::Ou: return "ou";
        case ExpressionPreset::Ee: return "ee";
        case ExpressionPreset::Oh: return "oh";
        case ExpressionPreset::Blink: return "blink";
        case ExpressionPreset::BlinkLeft: return "blinkLeft";
        case ExpressionPreset::BlinkRight: return "blinkRight";
        case ExpressionPreset::LookUp: return "lookUp";
        case ExpressionPreset::LookDown: return "lookDown";
        case ExpressionPreset::LookLeft: return "lookLeft";
        case ExpressionPreset::LookRight: return "lookRight";
        case ExpressionPreset::Neutral: return "neutral";
        case ExpressionPreset::Custom: break;
    }
    return "custom";
}

std::optional<ExpressionPreset> expressionPresetFromName(const std::string& name) {
    for (ExpressionPreset p : kPresets) {
        if (name == expressionPresetName(p)) return p;
    }
    return std::nullopt;
}

}  // namespace morph
