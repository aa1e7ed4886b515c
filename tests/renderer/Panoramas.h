#pragma once
// Equirectangular test panoramas (renderer/light/StudioEnvironment.h's mapping) from a radiance
// function of direction, for the environment tests with and without a GL context.
#include <glm/glm.hpp>

#include "morph/image/HdrImage.h"
#include "renderer/light/StudioEnvironment.h"

namespace fixtures {

inline morph::FloatImage panorama(int width, glm::vec3 (*radiance)(const glm::vec3&)) {
    morph::FloatImage image;
    image.width = width;
    image.height = width / 2;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const glm::vec3 c = radiance(renderer::equirectDirection(
                (float(x) + 0.5f) / float(image.width), (float(y) + 0.5f) / float(image.height)));
            image.rgb.insert(image.rgb.end(), {c.r, c.g, c.b});
        }
    }
    return image;
}

}  // namespace fixtures
