#include "app/speech/SpeechClip.h"

#include <set>

#include "morph/edit/ClipExport.h"
#include "morph/glb/Glb.h"
#include "morph/io/Files.h"

namespace app::speech {
namespace {

using Json = nlohmann::json;

// A track's weight at t, linear between its keys, held past its ends.
float weightAt(const std::vector<std::pair<float, float>>& keys, float t) {
    if (keys.empty()) return 0.0f;
    if (t <= keys.front().first) return keys.front().second;
    for (size_t i = 1; i < keys.size(); ++i) {
        if (t <= keys[i].first) {
            const auto& [t0, w0] = keys[i - 1];
            const auto& [t1, w1] = keys[i];
            return t1 > t0 ? w0 + (w1 - w0) * (t - t0) / (t1 - t0) : w1;
        }
    }
    return keys.back().second;
}

// Moves the channels and samplers of animations [first + 1, end) into animations[first] and
// drops those animations: one clip over several meshes.
void mergeAnimations(Json& animations, size_t first) {
    Json& into = animations[first];
    for (size_t a = first + 1; a < animations.size(); ++a) {
        const size_t offset = into["samplers"].size();
        for (const Json& sampler : animations[a]["samplers"]) into["samplers"].push_back(sampler);
        for (Json channel : animations[a]["channels"]) {
            channel["sampler"] = channel["sampler"].get<size_t>() + offset;
            into["channels"].push_back(channel);
        }
    }
    animations.erase(animations.begin() + long(first) + 1, animations.end());
}

}  // namespace

nlohmann::ordered_json visemesJson(const std::string& audioFile, float duration,
                                   const std::vector<Phoneme>& phonemes, const Tracks& tracks,
                                   FaceKind face) {
    nlohmann::ordered_json out;
    out["audio"] = audioFile;
    out["duration"] = duration;
    out["face"] = faceKindName(face);
    out["phonemes"] = nlohmann::ordered_json::array();
    for (const Phoneme& p : phonemes)
        out["phonemes"].push_back({{"start", p.start}, {"end", p.end}, {"phoneme", p.phoneme}});
    out["tracks"] = nlohmann::ordered_json::object();
    for (const auto& [target, keys] : tracks) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& [t, w] : keys) list.push_back({t, w});
        out["tracks"][target] = list;
    }
    return out;
}

morph::UserClip speechClip(const Tracks& tracks) {
    morph::UserClip clip;
    clip.name = "speech";
    std::set<float> times;
    for (const auto& [target, keys] : tracks) {
        clip.targetNames.push_back(target);
        for (const auto& key : keys) times.insert(key.first);
    }
    for (float t : times) {
        morph::UserKey key;
        key.time = t;
        for (const auto& [target, keys] : tracks) key.weights.push_back(weightAt(keys, t));
        clip.keys.push_back(key);
    }
    return clip;
}

morph::Status writeClipGlb(const std::string& sourcePath, const std::string& outputPath,
                           const morph::UserClip& clip, const nlohmann::json& extras,
                           const morph::Scene* rigOf) {
    auto gltf = morph::readSelfContained(sourcePath);
    if (!gltf) return gltf.error();
    const Json& meshes = gltf->json.contains("meshes") ? gltf->json["meshes"] : Json::array();
    const std::set<std::string> names(clip.targetNames.begin(), clip.targetNames.end());
    int first = -1;
    for (size_t m = 0; m < meshes.size(); ++m) {
        const Json* meshExtras = meshes[m].contains("extras") ? &meshes[m]["extras"] : nullptr;
        if (meshExtras == nullptr || !meshExtras->contains("targetNames")) continue;
        bool shares = false;
        for (const Json& name : (*meshExtras)["targetNames"])
            shares = shares || (name.is_string() && names.count(name.get<std::string>()) != 0);
        if (!shares) continue;
        auto appended = morph::appendClip(*gltf, clip, int(m), rigOf);
        // A mesh no node shows cannot be driven; the others still are.
        if (!appended) continue;
        if (first < 0) first = *appended;
    }
    if (first < 0) {
        return morph::Error{
            morph::ErrorCode::BadReference,
            sourcePath + ": no mesh shown by a node has the " + clip.name + "'s targets"};
    }
    Json& animations = gltf->json["animations"];
    mergeAnimations(animations, size_t(first));
    if (extras.is_object()) {
        for (const auto& [key, value] : extras.items())
            animations[size_t(first)]["extras"][key] = value;
    }
    const std::vector<uint8_t> glb =
        morph::writeGlb(gltf->json.dump(-1, ' ', false, Json::error_handler_t::replace), gltf->bin);
    return morph::writeFileAtomic(outputPath, glb.data(), glb.size());
}

morph::Status writeSpeechGlb(const std::string& sourcePath, const std::string& outputPath,
                             const morph::UserClip& clip, const std::string& audioFile,
                             const morph::Scene* rigOf) {
    return writeClipGlb(sourcePath, outputPath, clip, {{"audio", audioFile}}, rigOf);
}

}  // namespace app::speech
