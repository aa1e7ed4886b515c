#include "morph/anim/Layers.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include <glm/gtc/quaternion.hpp>

#include "morph/anim/Sampler.h"

namespace morph {

namespace {

using ChannelKey = std::pair<int, int>;  // node, AnimationPath

struct ChannelValue {
    int node = -1;
    AnimationPath path = AnimationPath::Weights;
    std::vector<float> values;  // as the sampler writes them (rotation: x, y, z, w)
    ChannelKey key() const { return {node, int(path)}; }
};

bool drivesChannel(const Animation& animation, const AnimationChannel& channel, size_t nodes) {
    return channel.sampler >= 0 && size_t(channel.sampler) < animation.samplers.size() &&
           channel.node >= 0 && size_t(channel.node) < nodes;
}

// Every channel of `animation` that drives one of `nodes` nodes, sampled at t, in channel order.
std::vector<ChannelValue> sampleChannels(const Animation& animation, float t, size_t nodes) {
    std::vector<ChannelValue> out;
    for (const AnimationChannel& channel : animation.channels) {
        if (!drivesChannel(animation, channel, nodes)) continue;
        const AnimationSampler& sampler = animation.samplers[size_t(channel.sampler)];
        ChannelValue value{channel.node, channel.path, std::vector<float>(sampler.width, 0.0f)};
        sampleInto(sampler, channel.path, t, value.values.data());
        out.push_back(std::move(value));
    }
    return out;
}

// glTF stores x, y, z, w; glm::quat's constructor takes w first.
glm::quat toQuat(const std::vector<float>& v) {
    return glm::quat(v[3], v[0], v[1], v[2]);
}

// glm::slerp takes the shorter arc (it flips the second quaternion on a negative dot product),
// as glTF 2.0 Appendix C asks of rotation keys.
glm::quat slerpShortest(const glm::quat& a, const glm::quat& b, float u) {
    return glm::normalize(glm::slerp(a, b, u));
}

// The values of two samples of one channel mixed by u (a crossfade's inner blend).
std::vector<float> mixValues(AnimationPath path, const std::vector<float>& a,
                             const std::vector<float>& b, float u) {
    if (path == AnimationPath::Rotation && a.size() >= 4 && b.size() >= 4) {
        const glm::quat q = slerpShortest(toQuat(a), toQuat(b), u);
        return {q.x, q.y, q.z, q.w};
    }
    // Weights of clips written for different target counts: the longer list's tail is its own.
    std::vector<float> out = a.size() >= b.size() ? a : b;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) out[i] = a[i] * (1 - u) + b[i] * u;
    return out;
}

// One channel's value over the pose by `weight`: 1 replaces, 0 leaves the pose as it was.
void blendChannel(NodePose& p, AnimationPath path, const std::vector<float>& v, float weight) {
    if (!(weight > 0)) return;
    const float w = std::min(weight, 1.0f);
    switch (path) {
        case AnimationPath::Translation:
            if (v.size() >= 3)
                p.translation = glm::mix(p.translation, glm::vec3(v[0], v[1], v[2]), w);
            break;
        case AnimationPath::Rotation:
            if (v.size() >= 4) p.rotation = slerpShortest(p.rotation, toQuat(v), w);
            break;
        case AnimationPath::Scale:
            if (v.size() >= 3) p.scale = glm::mix(p.scale, glm::vec3(v[0], v[1], v[2]), w);
            break;
        case AnimationPath::Weights:
            // A node without a mesh has no weights to blend over (applyAnimation gives it the
            // sampler's); blended in part, they start from zero.
            if (p.weights.empty()) p.weights.assign(v.size(), 0.0f);
            for (size_t i = 0; i < std::min(v.size(), p.weights.size()); ++i)
                p.weights[i] = p.weights[i] * (1 - w) + v[i] * w;
            break;
    }
}

void applyWeighted(const Animation& animation, float t, float weight, std::vector<NodePose>& pose) {
    for (const ChannelValue& c : sampleChannels(animation, t, pose.size()))
        blendChannel(pose[size_t(c.node)], c.path, c.values, weight);
}

void applyCrossfade(const AnimationLayer& layer, std::vector<NodePose>& pose) {
    const float fade = std::clamp(layer.fade, 0.0f, 1.0f);
    const float from = std::clamp(layer.weight, 0.0f, 1.0f);
    const float to = std::clamp(layer.fadeToWeight, 0.0f, 1.0f);
    const std::vector<ChannelValue> a = sampleChannels(*layer.animation, layer.time, pose.size());
    const std::vector<ChannelValue> b =
        sampleChannels(*layer.fadeTo, layer.fadeToTime, pose.size());
    std::map<ChannelKey, size_t> inB;  // a clip that drives a channel twice: its last one counts
    for (size_t i = 0; i < b.size(); ++i) inB[b[i].key()] = i;
    std::set<ChannelKey> mixed;
    for (const ChannelValue& c : a) {
        NodePose& p = pose[size_t(c.node)];
        const auto other = inB.find(c.key());
        if (other == inB.end()) {
            blendChannel(p, c.path, c.values, from * (1 - fade));
            continue;
        }
        blendChannel(p, c.path, mixValues(c.path, c.values, b[other->second].values, fade),
                     from + (to - from) * fade);
        mixed.insert(c.key());
    }
    for (const ChannelValue& c : b) {
        if (!mixed.count(c.key())) blendChannel(pose[size_t(c.node)], c.path, c.values, to * fade);
    }
}

}  // namespace

void applyAnimationLayers(const Scene& scene, const std::vector<AnimationLayer>& layers,
                          std::vector<NodePose>& pose) {
    for (const AnimationLayer& layer : layers) {
        if (layer.animation && layer.fadeTo) {
            applyCrossfade(layer, pose);
        } else if (const Animation* only = layer.animation ? layer.animation : layer.fadeTo) {
            const float weight = layer.animation ? layer.weight : layer.fadeToWeight * layer.fade;
            const float time = layer.animation ? layer.time : layer.fadeToTime;
            // At full weight exactly what one clip alone gives (applyAnimation), bit for bit.
            if (weight >= 1.0f) {
                applyAnimation(scene, *only, time, pose);
            } else {
                applyWeighted(*only, time, weight, pose);
            }
        }
    }
}

void applyAnimations(const Scene& scene, const std::vector<size_t>& clips, float t,
                     std::vector<NodePose>& pose) {
    for (size_t clip : clips) {
        if (clip < scene.animations.size()) applyAnimation(scene, scene.animations[clip], t, pose);
    }
}

bool sharesChannels(const Animation& a, const Animation& b) {
    std::set<ChannelKey> driven;
    const size_t anyNode = size_t(-1);
    for (const AnimationChannel& c : a.channels) {
        if (drivesChannel(a, c, anyNode)) driven.insert({c.node, int(c.path)});
    }
    for (const AnimationChannel& c : b.channels) {
        if (drivesChannel(b, c, anyNode) && driven.count({c.node, int(c.path)})) return true;
    }
    return false;
}

}  // namespace morph
