// Animations (glTF 2.0 3.11 / 5.4): samplers with LINEAR, STEP and CUBICSPLINE, channels on
// translation, rotation, scale and morph weights.
#include <algorithm>
#include <limits>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

Status readSampler(GltfDocument& doc, const Json& json, const std::string& where,
                   AnimationSampler& sampler) {
    const Result<Interpolation> interpolation =
        getEnum<Interpolation>(json, "interpolation", "LINEAR",
                               {{"LINEAR", Interpolation::Linear},
                                {"STEP", Interpolation::Step},
                                {"CUBICSPLINE", Interpolation::CubicSpline}},
                               where);
    if (!interpolation) return doc.error(interpolation.error().code, interpolation.error().message);
    sampler.interpolation = *interpolation;
    if (!json.contains("input") || !json.contains("output"))
        return doc.error(ErrorCode::Schema, where + " needs input and output");
    auto input = readAccessorFloats(doc, getInt(json, "input", -1, where), {"SCALAR"});
    if (!input) return input.error();
    if (input->empty()) return doc.error(ErrorCode::BadValue, where + ".input has no keys");
    // 5.4 (animation sampler input): times MUST strictly increase; inputs need not start at 0.
    for (size_t k = 1; k < input->size(); ++k) {
        if (!((*input)[k] > (*input)[k - 1])) {
            return doc.error(ErrorCode::BadValue,
                             where + ".input[" + std::to_string(k) +
                                 "] = " + std::to_string((*input)[k]) + " is not after input[" +
                                 std::to_string(k - 1) + "] = " + std::to_string((*input)[k - 1]));
        }
    }
    if ((*input)[0] < 0)
        return doc.error(ErrorCode::BadValue,
                         where + ".input[0] = " + std::to_string((*input)[0]) + " is negative");
    // Outputs may be normalized integers (KHR_mesh_quantization); decodeFloats maps them per 3.11.
    auto output = readAccessorFloats(doc, getInt(json, "output", -1, where), {});
    if (!output) return output.error();
    sampler.input = std::move(*input);
    sampler.output = std::move(*output);
    return {};
}

// The channel's target path and the floats per key it animates. 0, after a warning, for a path
// this importer does not animate: the channel is then ignored.
Result<uint32_t> readChannelPath(GltfDocument& doc, const Scene& scene, const Json& target,
                                 const std::string& cw, AnimationChannel& out) {
    const std::string path = getString(target, "path", cw + ".target");
    if (path == "translation" || path == "scale") {
        out.path = path == "scale" ? AnimationPath::Scale : AnimationPath::Translation;
        return 3u;
    }
    if (path == "rotation") {
        out.path = AnimationPath::Rotation;
        return 4u;
    }
    if (path != "weights") {
        doc.warn(cw + ".target.path \"" + path + "\" is not supported; channel ignored");
        return 0u;
    }
    out.path = AnimationPath::Weights;
    const int mesh = scene.nodes[size_t(out.node)].mesh;
    const uint32_t width = mesh >= 0 ? uint32_t(scene.meshes[size_t(mesh)].targetCount()) : 0;
    if (width == 0) {
        return doc.error(ErrorCode::Inconsistent, cw + " animates the weights of nodes[" +
                                                      std::to_string(out.node) +
                                                      "], which has no mesh with morph targets");
    }
    return width;
}

// A sampler takes the width of its channels (every channel of one sampler needs the same one),
// and its output must hold that many values per key.
Status fitSampler(GltfDocument& doc, Animation& animation, const AnimationChannel& channel,
                  uint32_t width, const std::string& where, const std::string& cw) {
    AnimationSampler& sampler = animation.samplers[size_t(channel.sampler)];
    if (sampler.width != 0 && sampler.width != width) {
        return doc.error(ErrorCode::Inconsistent,
                         cw + " uses samplers[" + std::to_string(channel.sampler) +
                             "] with width " + std::to_string(width) +
                             ", another channel with width " + std::to_string(sampler.width));
    }
    sampler.width = width;
    // 5.4: CUBICSPLINE stores in-tangent, value, out-tangent per key.
    const size_t perKey =
        size_t(width) * (sampler.interpolation == Interpolation::CubicSpline ? 3 : 1);
    if (sampler.output.size() != sampler.input.size() * perKey) {
        return doc.error(ErrorCode::Inconsistent,
                         where + ".samplers[" + std::to_string(channel.sampler) + "].output has " +
                             std::to_string(sampler.output.size()) + " values, needs " +
                             std::to_string(sampler.input.size()) + " keys x " +
                             std::to_string(perKey));
    }
    return {};
}

// channels[c], appended to the animation unless it is ignored (no target node, or a path that
// is not animated).
Status readChannel(GltfDocument& doc, const Scene& scene, const Json& channel,
                   const std::string& where, size_t c, Animation& animation) {
    const std::string cw = where + ".channels[" + std::to_string(c) + "]";
    if (!channel.is_object()) return doc.error(ErrorCode::Schema, cw + " is not an object");
    AnimationChannel out;
    out.sampler = int(getInt(channel, "sampler", -1, cw));
    if (out.sampler < 0 || size_t(out.sampler) >= animation.samplers.size()) {
        return doc.error(ErrorCode::BadReference, cw + ".sampler = " + std::to_string(out.sampler) +
                                                      " is not in samplers (" +
                                                      std::to_string(animation.samplers.size()) +
                                                      ")");
    }
    const Json* target = getObject(channel, "target", cw);
    if (!target) return doc.error(ErrorCode::Schema, cw + ".target is missing");
    if (!target->contains("node")) return {};  // 5.4: no node: ignored (extensions may use it)
    out.node = int(getInt(*target, "node", -1, cw + ".target"));
    if (out.node < 0 || size_t(out.node) >= scene.nodes.size()) {
        return doc.error(ErrorCode::BadReference,
                         cw + ".target.node = " + std::to_string(out.node) + " is not a node");
    }
    Result<uint32_t> width = readChannelPath(doc, scene, *target, cw, out);
    if (!width) return width.error();
    if (*width == 0) return {};
    if (Status s = fitSampler(doc, animation, out, *width, where, cw); !s) return s;
    animation.channels.push_back(out);
    return {};
}

Status readAnimation(GltfDocument& doc, const Scene& scene, const Json& json, size_t index,
                     Animation& animation) {
    const std::string where = "animations[" + std::to_string(index) + "]";
    animation.name = getString(json, "name", where);
    const Json* samplers = getArray(json, "samplers", where);
    const Json* channels = getArray(json, "channels", where);
    animation.samplers.resize(samplers ? samplers->size() : 0);
    for (size_t s = 0; s < animation.samplers.size(); ++s) {
        const std::string sw = where + ".samplers[" + std::to_string(s) + "]";
        if (Status st = readSampler(doc, (*samplers)[s], sw, animation.samplers[s]); !st) return st;
    }
    for (size_t c = 0; channels && c < channels->size(); ++c) {
        if (Status s = readChannel(doc, scene, (*channels)[c], where, c, animation); !s) return s;
    }
    float start = std::numeric_limits<float>::max(), end = 0.0f;
    for (const AnimationSampler& s : animation.samplers) {
        start = std::min(start, s.input.front());
        end = std::max(end, s.input.back());
    }
    animation.start = animation.samplers.empty() ? 0.0f : start;
    animation.end = end;
    return {};
}

}  // namespace

Status readAnimations(GltfDocument& doc, Scene& scene) {
    return readEach(doc, "animations", scene.animations,
                    [&](const Json& json, size_t a, Animation& animation) {
                        return readAnimation(doc, scene, json, a, animation);
                    });
}

}  // namespace morph
