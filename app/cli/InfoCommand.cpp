#include "app/cli/InfoCommand.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>

#include <CLI/CLI.hpp>

#include "app/cli/Commands.h"
#include "app/cli/JsonOut.h"
#include "app/cli/ModelLoader.h"
#include "app/cli/Subcommand.h"
#include "morph/edit/UserClip.h"
#include "morph/targets/Packing.h"
#include "morph/targets/SparseTargets.h"

namespace app {

const char* pathName(morph::AnimationPath path) {
    switch (path) {
        case morph::AnimationPath::Translation: return "translation";
        case morph::AnimationPath::Rotation: return "rotation";
        case morph::AnimationPath::Scale: return "scale";
        case morph::AnimationPath::Weights: return "weights";
    }
    return "?";
}

namespace {

// One JSON object per item of `items`, in file order, made by `entry(item, index)`: the index is
// what the file's references count from.
template <typename T, typename MakeEntry>
Json indexedArray(const std::vector<T>& items, MakeEntry entry) {
    Json out = Json::array();
    for (size_t i = 0; i < items.size(); ++i) out.push_back(entry(items[i], i));
    return out;
}

// Per target over every primitive of the mesh (all primitives share the weights, so a target is
// one thing to the user even when it is stored per primitive).
morph::TargetStats meshTargetStats(const morph::Mesh& mesh, size_t target) {
    morph::TargetStats total;
    for (const morph::Primitive& primitive : mesh.primitives) {
        if (target >= primitive.targetStats.size()) continue;
        total.movedVertices += primitive.targetStats[target].movedVertices;
        total.maxPositionDelta =
            std::max(total.maxPositionDelta, primitive.targetStats[target].maxPositionDelta);
    }
    return total;
}

std::vector<std::string> baseAttributes(const morph::Primitive& p) {
    std::vector<std::string> names;
    if (!p.positions.empty()) names.push_back("POSITION");
    if (!p.normals.empty()) names.push_back("NORMAL");
    if (!p.tangents.empty()) names.push_back("TANGENT");
    for (int i = 0; i < 2; ++i) {
        if (!p.texcoords[i].empty()) names.push_back("TEXCOORD_" + std::to_string(i));
    }
    if (!p.colors.empty()) names.push_back("COLOR_0");
    for (int i = 0; i < 2; ++i) {
        if (!p.joints[i].empty()) names.push_back("JOINTS_" + std::to_string(i));
        if (!p.weights[i].empty()) names.push_back("WEIGHTS_" + std::to_string(i));
    }
    return names;
}

std::vector<std::string> channelNames(const morph::Primitive& primitive) {
    std::vector<std::string> names;
    for (morph::MorphChannel c : primitive.morphedChannels()) {
        names.emplace_back(morph::channelName(c));
    }
    return names;
}

Json primitiveJson(const morph::Primitive& primitive) {
    Json p = {
        {"vertices", primitive.vertexCount()}, {"indices", primitive.indices.size()},
        {"channels", channelNames(primitive)}, {"mode", static_cast<uint32_t>(primitive.mode)},
        {"material", primitive.material},      {"attributes", baseAttributes(primitive)},
        {"targets", primitive.targets.size()}};
    if (!primitive.variantMaterials.empty()) {
        // KHR_materials_variants: per variant the material drawn (the default where unmapped).
        Json materials = Json::array();
        for (size_t v = 0; v < primitive.variantMaterials.size(); ++v) {
            materials.push_back(morph::materialFor(primitive, int(v)));
        }
        p["variantMaterials"] = std::move(materials);
    }
    if (!primitive.targets.empty()) {
        const morph::PackedTargets layout = morph::packLayout(primitive, 16384);
        p["packing"] = {{"stride", layout.stride},
                        {"width", layout.width},
                        {"height", layout.height},
                        {"bytes", layout.bytes()},
                        {"threejsBytes", morph::threejsMorphBytes(primitive)}};
    }
    return p;
}

Json meshJson(const morph::Mesh& mesh, size_t index) {
    Json targets = Json::array();
    const morph::Result<std::vector<float>> errors = morph::maxDequantizationErrors(mesh);
    for (size_t t = 0; t < mesh.targetCount(); ++t) {
        const morph::TargetStats stats = meshTargetStats(mesh, t);
        targets.push_back({{"name", mesh.targetNames[t]},
                           {"movedVertices", stats.movedVertices},
                           {"index", t},
                           {"maxPositionDelta", static_cast<double>(stats.maxPositionDelta)}});
        // Sparse int16 storage (SparseTargets.h): max over POSITION/NORMAL components.
        if (errors && t < errors->size()) {
            targets.back()["maxDequantizationError"] = static_cast<double>((*errors)[t]);
        }
    }
    Json primitives = Json::array();
    for (const morph::Primitive& primitive : mesh.primitives) {
        primitives.push_back(primitiveJson(primitive));
    }
    return {{"index", index},
            {"name", mesh.name},
            {"targets", std::move(targets)},
            {"defaultWeights", floatArray(mesh.defaultWeights)},
            {"primitives", std::move(primitives)}};
}

Json animationJson(const morph::Animation& animation, size_t index) {
    Json channels = Json::array();
    for (const morph::AnimationChannel& channel : animation.channels) {
        Json c = {
            {"node", channel.node}, {"path", pathName(channel.path)}, {"sampler", channel.sampler}};
        if (channel.sampler >= 0 && size_t(channel.sampler) < animation.samplers.size()) {
            const morph::AnimationSampler& sampler = animation.samplers[channel.sampler];
            c["interpolation"] = morph::interpolationName(sampler.interpolation);
            c["keys"] = sampler.input.size();
        }
        channels.push_back(std::move(c));
    }
    return {{"index", index},
            {"name", animation.name},
            {"duration", static_cast<double>(animation.end)},
            {"start", static_cast<double>(animation.start)},
            {"channels", std::move(channels)}};
}

// extensionsUsed and extensionsRequired as the importer saw them (morph::ImportReport).
Json extensionsJson(const morph::ImportReport& report) {
    Json out = Json::array();
    for (const morph::ExtensionUse& e : report.extensions) {
        out.push_back({{"name", e.name}, {"required", e.required}, {"supported", e.supported}});
    }
    return out;
}

// The extensions the file's materials use (KHR_materials_*, or any other under a material's
// "extensions"), each once, sorted, with how many materials use it.
Json materialExtensionsJson(const morph::Scene& scene) {
    std::map<std::string, size_t> uses;
    for (const morph::Material& m : scene.materials) {
        for (const std::string& name : m.extensions) ++uses[name];
    }
    Json out = Json::array();
    for (const auto& [name, count] : uses) {
        out.push_back({{"name", name}, {"materials", count}});
    }
    return out;
}

// VRM expressions (morph/Expression.h), in file order: index is what the binds count from.
Json expressionsJson(const morph::Scene& scene) {
    return indexedArray(scene.expressions, [](const morph::Expression& e, size_t i) -> Json {
        return {{"index", i},
                {"name", e.name},
                {"preset", morph::expressionPresetName(e.preset)},
                {"isBinary", e.isBinary},
                {"binds", e.binds.size()}};
    });
}

// The nodes that use camera or light `index` (`camera` true: cameras).
std::vector<int> nodesUsing(const morph::Scene& scene, int index, bool camera) {
    std::vector<int> out;
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        if ((camera ? scene.nodes[n].camera : scene.nodes[n].light) == index) out.push_back(int(n));
    }
    return out;
}

const char* lightTypeName(morph::LightType type) {
    switch (type) {
        case morph::LightType::Directional: return "directional";
        case morph::LightType::Point: return "point";
        case morph::LightType::Spot: return "spot";
    }
    return "point";
}

// KHR_materials_variants: the variants in file order, each with the primitives it maps.
size_t primitivesMapped(const morph::Scene& scene, size_t variant) {
    size_t count = 0;
    for (const morph::Mesh& mesh : scene.meshes) {
        for (const morph::Primitive& p : mesh.primitives) {
            count += variant < p.variantMaterials.size() && p.variantMaterials[variant] >= 0;
        }
    }
    return count;
}

Json variantsJson(const morph::Scene& scene) {
    return indexedArray(scene.variants,
                        [&scene](const morph::MaterialVariant& v, size_t i) -> Json {
                            return {{"index", i},
                                    {"name", v.name},
                                    {"displayName", v.displayName},
                                    {"primitives", primitivesMapped(scene, i)}};
                        });
}

// KHR_lights_punctual, as read (repaired values; range null: unlimited).
Json lightsJson(const morph::Scene& scene) {
    return indexedArray(scene.lights, [&scene](const morph::Light& l, size_t i) {
        Json light = {{"index", i},
                      {"name", l.name},
                      {"type", lightTypeName(l.type)},
                      {"color", {l.color.r, l.color.g, l.color.b}},
                      {"intensity", l.intensity},
                      {"range", l.range > 0.0f ? Json(l.range) : Json()},
                      {"nodes", nodesUsing(scene, int(i), false)}};
        if (l.type == morph::LightType::Spot) {
            light["innerConeAngle"] = l.innerConeAngle;
            light["outerConeAngle"] = l.outerConeAngle;
        }
        return light;
    });
}

// glTF 2.0 3.10 (zfar null: infinite; aspectRatio null: the view's).
Json camerasJson(const morph::Scene& scene) {
    return indexedArray(scene.cameras, [&scene](const morph::Camera& c, size_t i) {
        Json camera = {{"index", i},
                       {"name", c.name},
                       {"znear", c.znear},
                       {"zfar", c.zfar > 0.0f ? Json(c.zfar) : Json()},
                       {"nodes", nodesUsing(scene, int(i), true)}};
        if (c.type == morph::CameraType::Perspective) {
            camera["type"] = "perspective";
            camera["yfov"] = c.yfov;
            camera["aspectRatio"] = c.aspectRatio > 0.0f ? Json(c.aspectRatio) : Json();
        } else {
            camera["type"] = "orthographic";
            camera["xmag"] = c.xmag;
            camera["ymag"] = c.ymag;
        }
        return camera;
    });
}

Json scenesJson(const morph::Scene& scene) {
    return indexedArray(scene.scenes, [&scene](const morph::SceneRoots& s, size_t i) -> Json {
        return {{"index", i},
                {"name", s.name},
                {"roots", s.roots},
                {"default", int(i) == scene.defaultScene}};
    });
}

// Every mesh's rig rules, one entry per distinct rule (the meshes that have it listed): what
// drives each derived target and where the rule came from.
Json rigLogicJson(const morph::Scene& scene) {
    static const char* const kKinds[] = {"combination", "inbetween"};
    static const char* const kSources[] = {"names", "file", "sidecar"};
    Json rules = Json::array();
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        const morph::Mesh& mesh = scene.meshes[m];
        for (const morph::RigRule& rule : mesh.rigRules) {
            Json drivers = Json::array();
            for (size_t d : rule.drivers) drivers.push_back(mesh.targetNames[d]);
            Json entry = {{"target", mesh.targetNames[rule.target]},
                          {"kind", kKinds[int(rule.kind)]},
                          {"drivers", std::move(drivers)},
                          {"source", kSources[int(rule.source)]}};
            if (rule.kind == morph::RigRuleKind::Inbetween) {
                entry["peak"] = rule.peak;
                entry["interpolation"] =
                    rule.interpolation == morph::RigInterpolation::Smooth ? "smooth" : "linear";
            }
            auto same = std::find_if(rules.begin(), rules.end(), [&](const Json& r) {
                Json other = r;
                other.erase("meshes");
                return other == entry;
            });
            if (same != rules.end()) {
                (*same)["meshes"].push_back(m);
            } else {
                entry["meshes"] = Json::array({m});
                rules.push_back(std::move(entry));
            }
        }
    }
    return rules;
}

}  // namespace

Json infoJson(const morph::Scene& scene) {
    Json meshes = indexedArray(scene.meshes, meshJson);
    Json nodes = indexedArray(scene.nodes, [](const morph::Node& node, size_t i) -> Json {
        return {{"index", i},
                {"name", node.name},
                {"mesh", node.mesh},
                {"weights", floatArray(node.weights)},
                {"skin", node.skin},
                {"parent", node.parent},
                {"children", node.children},
                {"camera", node.camera},
                {"light", node.light}};
    });
    Json animations = indexedArray(scene.animations, animationJson);

    const morph::PackingSummary packing = morph::packingSummary(scene);
    Json doc = {{"file", scene.path},
                {"meshes", std::move(meshes)},
                {"nodes", std::move(nodes)},
                {"roots", scene.roots},
                {"animations", std::move(animations)},
                {"packing", {{"bytes", packing.bytes}, {"threejsBytes", packing.threejsBytes}}},
                {"materials", scene.materials.size()},
                {"textures", scene.textures.size()},
                {"images", scene.images.size()},
                {"skins", scene.skins.size()},
                {"warnings", scene.warnings},
                {"extensions", extensionsJson(scene.report)}};
    const morph::Result<morph::SparseSummary> sparse = morph::sparseSummary(scene);
    if (sparse) doc["sparse"] = {{"bytes", sparse->bytes}};
    doc["materialExtensions"] = materialExtensionsJson(scene);
    doc["expressions"] = expressionsJson(scene);
    doc["lights"] = lightsJson(scene);
    doc["cameras"] = camerasJson(scene);
    doc["scenes"] = scenesJson(scene);
    doc["defaultScene"] = scene.defaultScene >= 0 ? Json(scene.defaultScene) : Json();
    doc["variants"] = variantsJson(scene);
    doc["rigLogic"] = rigLogicJson(scene);
    return doc;
}

namespace {

std::string quoted(const std::string& name) {
    return name.empty() ? "(unnamed)" : '"' + name + '"';
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? "-" : out;
}

void printMesh(std::ostream& out, const morph::Mesh& mesh, size_t index) {
    char line[256];
    out << "mesh " << index << " " << quoted(mesh.name) << ": " << mesh.primitives.size()
        << " primitive(s), " << mesh.targetCount() << " target(s)\n";
    for (size_t p = 0; p < mesh.primitives.size(); ++p) {
        const morph::Primitive& primitive = mesh.primitives[p];
        out << "  primitive " << p << ": " << primitive.vertexCount() << " vertices, "
            << primitive.indices.size() << " indices, morphs " << joined(channelNames(primitive))
            << "\n";
    }
    for (size_t t = 0; t < mesh.targetCount(); ++t) {
        const morph::TargetStats stats = meshTargetStats(mesh, t);
        const float weight = t < mesh.defaultWeights.size() ? mesh.defaultWeights[t] : 0.0f;
        std::snprintf(line, sizeof line,
                      "  target %zu %s: moves %u vertices (max %g), default %g\n", t,
                      quoted(mesh.targetNames[t]).c_str(), stats.movedVertices,
                      stats.maxPositionDelta, weight);
        out << line;
    }
}

}  // namespace

std::string infoText(const morph::Scene& scene) {
    std::ostringstream out;
    out << scene.path << ": " << scene.meshes.size() << " mesh(es), " << scene.nodes.size()
        << " node(s), " << scene.animations.size() << " animation(s), " << scene.materials.size()
        << " material(s), " << scene.skins.size() << " skin(s)\n";
    for (size_t i = 0; i < scene.meshes.size(); ++i) printMesh(out, scene.meshes[i], i);
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const morph::Node& node = scene.nodes[i];
        if (node.mesh < 0) continue;  // only the nodes that draw something; --json lists all
        out << "node " << i << " " << quoted(node.name) << ": mesh " << node.mesh;
        if (!node.weights.empty()) {
            out << ", weights";
            for (float w : node.weights) out << " " << w;
        }
        out << "\n";
    }
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        const morph::Animation& animation = scene.animations[i];
        out << "animation " << i << " " << quoted(animation.name) << ": " << animation.end << " s, "
            << animation.channels.size() << " channel(s)\n";
        for (const morph::AnimationChannel& channel : animation.channels) {
            out << "  node " << channel.node << " " << pathName(channel.path);
            if (channel.sampler >= 0 && size_t(channel.sampler) < animation.samplers.size()) {
                out << " "
                    << morph::interpolationName(animation.samplers[channel.sampler].interpolation);
            }
            out << "\n";
        }
    }
    if (!scene.report.extensions.empty()) {
        out << "extensions:";
        for (const morph::ExtensionUse& e : scene.report.extensions) {
            out << " " << e.name << (e.required ? " (required)" : "")
                << (e.supported ? "" : " (not supported)");
        }
        out << "\n";
    }
    for (size_t i = 0; i < scene.scenes.size(); ++i) {
        out << "scene " << i << " " << quoted(scene.scenes[i].name) << ": "
            << scene.scenes[i].roots.size() << " root(s)"
            << (int(i) == scene.defaultScene ? " (default)" : "") << "\n";
    }
    for (size_t i = 0; i < scene.cameras.size(); ++i) {
        const morph::Camera& c = scene.cameras[i];
        out << "camera " << i << " " << quoted(c.name) << ": "
            << (c.type == morph::CameraType::Perspective ? "perspective" : "orthographic") << "\n";
    }
    for (size_t i = 0; i < scene.lights.size(); ++i) {
        const morph::Light& l = scene.lights[i];
        out << "light " << i << " " << quoted(l.name) << ": " << lightTypeName(l.type)
            << ", intensity " << l.intensity << "\n";
    }
    for (size_t i = 0; i < scene.variants.size(); ++i) {
        out << "variant " << i << " " << quoted(scene.variants[i].displayName) << ": "
            << primitivesMapped(scene, i) << " primitive(s) mapped\n";
    }
    for (size_t i = 0; i < scene.expressions.size(); ++i) {
        const morph::Expression& e = scene.expressions[i];
        out << "expression " << i << " " << quoted(e.name) << " ("
            << morph::expressionPresetName(e.preset) << (e.isBinary ? ", binary" : "")
            << "): " << e.binds.size() << " bind(s)\n";
    }
    const morph::PackingSummary packing = morph::packingSummary(scene);
    out << "packed targets: " << packing.bytes
        << " bytes (three.js layout: " << packing.threejsBytes << " bytes)\n";
    return out.str();
}

namespace {

struct InfoOptions {
    ModelOptions model;
    bool json = false;
};

CommandResult runInfo(const InfoOptions& options) {
    morph::Result<morph::Scene> scene = loadModel(options.model);
    if (!scene) return modelLoadFailed(scene.error());
    printWarnings(*scene);
    const std::string text = options.json ? infoJson(*scene).dump(2) + "\n" : infoText(*scene);
    morph::Status written = writeText(text, "");
    if (!written) return failWith(written.error().message);
    return {};
}

}  // namespace

void addInfoCommand(CLI::App& root, CommandContext& context) {
    auto info = addSubcommand<InfoOptions>(root, "info",
                                           "Summarize a model's meshes, targets, nodes, "
                                           "animations and packed sizes");
    addModelOptions(info.app, info.options.model);
    addJsonFlag(info.app, info.options.json, "Print JSON instead of the summary");
    runOnParse(info, context, runInfo);
}

}  // namespace app
