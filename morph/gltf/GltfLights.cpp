// KHR_lights_punctual: the file's lights (extensions.KHR_lights_punctual.lights) and the nodes
// that place them (nodes[i].extensions.KHR_lights_punctual.light). An optional extension: a
// viewer that does not implement it opens the file and draws it unlit by it, so nothing here
// refuses a file. A bad value is a repair (the extension's default, or the value clamped into
// its range) or a warning (the light, or the node's use of it, ignored), each naming the field.
#include <algorithm>
#include <cmath>
#include <optional>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

constexpr float kHalfPi = 1.57079632679489662f;
constexpr const char* kExtension = "KHR_lights_punctual";

// A number field, or nullopt when absent; a value that is not a finite number is a warning.
std::optional<float> number(GltfDocument& doc, const Json& object, const char* key,
                            const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) return std::nullopt;
    if (!it->is_number() || !std::isfinite(it->get<double>()) ||
        std::abs(it->get<double>()) > 3.0e38) {
        doc.warn(where + "." + key + " is not a finite number; the default is used");
        return std::nullopt;
    }
    return float(it->get<double>());
}

void readColor(GltfDocument& doc, const Json& json, const std::string& where, Light& light) {
    const auto it = json.find("color");
    if (it == json.end()) return;
    const bool numbers =
        it->is_array() && it->size() == 3 && std::all_of(it->begin(), it->end(), [](const Json& v) {
            return v.is_number() && std::isfinite(v.get<double>());
        });
    if (!numbers) {
        doc.warn(where + ".color is not three numbers; white is used");
        return;
    }
    for (int c = 0; c < 3; ++c) light.color[c] = float((*it)[size_t(c)].get<double>());
    // The schema bounds each component to [0, 1] (intensity carries the brightness).
    const glm::vec3 clamped = glm::clamp(light.color, glm::vec3(0.0f), glm::vec3(1.0f));
    if (clamped != light.color) {
        doc.repair(where + ".color has a component outside [0, 1]; clamped");
        light.color = clamped;
    }
}

void readSpot(GltfDocument& doc, const Json& json, const std::string& where, Light& light) {
    const auto spot = json.find("spot");
    if (spot == json.end() || !spot->is_object()) {
        // The extension: "when a light's type is spot, the spot property is required"; its
        // defaults (inner 0, outer pi / 4) are what a viewer would use for an empty one.
        doc.repair(where + ".spot is missing or not an object; the default cone is used");
        return;
    }
    const std::string sw = where + ".spot";
    if (const auto outer = number(doc, *spot, "outerConeAngle", sw)) {
        if (*outer > 0.0f && *outer <= kHalfPi) {
            light.outerConeAngle = *outer;
        } else {
            doc.repair(sw + ".outerConeAngle " + std::to_string(*outer) + " is not in (0, pi/2]; " +
                       (*outer > kHalfPi ? "pi/2" : std::string("the default pi/4")) + " used");
            if (*outer > kHalfPi) light.outerConeAngle = kHalfPi;
        }
    }
    if (const auto inner = number(doc, *spot, "innerConeAngle", sw)) {
        if (*inner < 0.0f) {
            doc.repair(sw + ".innerConeAngle " + std::to_string(*inner) + " is negative; 0 used");
        } else {
            light.innerConeAngle = *inner;
        }
    }
    if (light.innerConeAngle >= light.outerConeAngle) {
        // The extension: innerConeAngle MUST be less than outerConeAngle. The nearest cone that
        // keeps the file's outer edge is one with no falloff.
        doc.repair(sw + ".innerConeAngle " + std::to_string(light.innerConeAngle) +
                   " is not less than outerConeAngle " + std::to_string(light.outerConeAngle) +
                   "; a hard edge at outerConeAngle is used");
        light.innerConeAngle = light.outerConeAngle;
    }
}

void readLight(GltfDocument& doc, const Json& json, const std::string& where, Light& light) {
    if (!json.is_object()) {
        doc.warn(where + " is not an object; ignored");
        light.intensity = 0;
        return;
    }
    if (const auto name = json.find("name"); name != json.end() && name->is_string())
        light.name = name->get<std::string>();
    const auto type = json.find("type");
    const std::string typeName =
        type != json.end() && type->is_string() ? type->get<std::string>() : std::string();
    if (typeName == "directional") {
        light.type = LightType::Directional;
    } else if (typeName == "point") {
        light.type = LightType::Point;
    } else if (typeName == "spot") {
        light.type = LightType::Spot;
    } else {
        doc.warn(where + ".type " +
                 (type == json.end() ? std::string("is missing")
                                     : "\"" + typeName + "\" is not directional, point or spot") +
                 "; the light is ignored");
        light.intensity = 0;
        return;
    }
    readColor(doc, json, where, light);
    if (const auto intensity = number(doc, json, "intensity", where)) {
        if (*intensity < 0.0f) {
            doc.repair(where + ".intensity " + std::to_string(*intensity) + " is negative; 0 used");
            light.intensity = 0;
        } else {
            light.intensity = *intensity;
        }
    }
    if (const auto range = number(doc, json, "range", where)) {
        // The extension: range MUST be greater than zero; undefined means infinite.
        if (*range > 0.0f) {
            light.range = *range;
        } else {
            doc.repair(where + ".range " + std::to_string(*range) + " is not > 0; unlimited used");
        }
    }
    if (light.type == LightType::Spot) readSpot(doc, json, where, light);
}

}  // namespace

Status readLights(GltfDocument& doc, Scene& scene) {
    const Json* ext = extensionObject(doc, doc.json, kExtension, "glTF");
    if (!ext) return {};
    const std::string where = std::string("extensions.") + kExtension;
    const auto lights = ext->find("lights");
    if (lights == ext->end()) return {};
    if (!lights->is_array()) {
        doc.warn(where + ".lights is not an array; ignored");
        return {};
    }
    scene.lights.resize(lights->size());
    for (size_t i = 0; i < lights->size(); ++i) {
        readLight(doc, (*lights)[i], where + ".lights[" + std::to_string(i) + "]", scene.lights[i]);
    }
    return {};
}

Status readNodeLights(GltfDocument& doc, Scene& scene) {
    const Json& nodes = doc.array("nodes");
    for (size_t n = 0; n < nodes.size() && n < scene.nodes.size(); ++n) {
        const std::string where = "nodes[" + std::to_string(n) + "]";
        const Json* ext = extensionObject(doc, nodes[n], kExtension, where);
        if (!ext) continue;
        const auto light = ext->find("light");
        const std::string lw = where + ".extensions." + kExtension + ".light";
        if (light == ext->end()) {
            doc.warn(lw + " is missing; the node has no light");
            continue;
        }
        if (!light->is_number_integer() || light->get<int64_t>() < 0 ||
            size_t(light->get<int64_t>()) >= scene.lights.size()) {
            doc.warn(lw + " is not in " + kExtension + ".lights (" +
                     std::to_string(scene.lights.size()) + "); the node has no light");
            continue;
        }
        scene.nodes[n].light = int(light->get<int64_t>());
    }
    return {};
}

}  // namespace morph
