#pragma once
// Scenes built in code for the material tests. A grid of spheres, one material per sphere, for the
// KHR_materials_* tests and goldens (MaterialExtensionsGLTest.cpp,
// MaterialExtensionsGoldenTest.cpp): column c, row r at (c, -r, 0), radius 0.45, seen by the
// `front` camera. The spheres' centres lie in one plane facing the camera, so they project to a
// regular grid in the image (a plane parallel to the image plane is only scaled by the
// perspective): cellCentre() finds a sphere's centre from the drawn pixels' bounding box.
// And a quad facing the camera (the material tests' textured quad; GpuLimitsGLTest's hostile
// quad).
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"
#include "morph/image/ImageFile.h"

namespace fixtures {

inline constexpr float kSphereRadius = 0.45f;

inline morph::Primitive uvSphere(int material, int segments = 32, int rings = 20) {
    morph::Primitive p;
    const float pi = 3.14159265358979f;
    for (int r = 0; r <= rings; ++r) {
        const float theta = pi * float(r) / float(rings);
        for (int s = 0; s <= segments; ++s) {
            const float phi = 2.0f * pi * float(s) / float(segments);
            const glm::vec3 n(std::sin(theta) * std::cos(phi), std::cos(theta),
                              std::sin(theta) * std::sin(phi));
            p.positions.push_back(n * kSphereRadius);
            p.normals.push_back(n);
            p.texcoords[0].push_back({float(s) / float(segments), float(r) / float(rings)});
        }
    }
    const uint32_t row = uint32_t(segments + 1);
    for (uint32_t r = 0; r < uint32_t(rings); ++r) {
        for (uint32_t s = 0; s < uint32_t(segments); ++s) {
            const uint32_t a = r * row + s, b = a + row;
            // Counter-clockwise seen from outside.
            p.indices.insert(p.indices.end(), {a, a + 1, b, a + 1, b + 1, b});
        }
    }
    p.material = material;
    return p;
}

// cols x rows spheres; material(c, r) gives each one's material.
inline morph::Scene sphereGrid(int cols, int rows,
                               const std::function<morph::Material(int, int)>& material) {
    morph::Scene scene;
    scene.path = "spheres";
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const int index = r * cols + c;
            scene.materials.push_back(material(c, r));
            morph::Mesh mesh;
            mesh.primitives.push_back(uvSphere(index));
            scene.meshes.push_back(mesh);
            morph::Node node;
            node.mesh = index;
            node.translation = glm::vec3(float(c), -float(r), 0.0f);
            scene.nodes.push_back(node);
            scene.roots.push_back(index);
        }
    }
    return scene;
}

// A dielectric of base colour `grey` and `roughness`, no extension.
inline morph::Material plainMaterial(float grey, float roughness, float metallic = 0.0f) {
    morph::Material m;
    m.baseColorFactor = glm::vec4(grey, grey, grey, 1.0f);
    m.metallicFactor = metallic;
    m.roughnessFactor = roughness;
    return m;
}

// Where the spheres of a grid were drawn: the bounding box of the pixels that differ from the
// background, and from it each sphere's centre and radius in pixels.
struct GridLayout {
    int cols = 0, rows = 0;
    float left = 0, top = 0, scale = 0;  // pixels per unit
    glm::vec2 centre(int c, int r) const {
        return {left + (kSphereRadius + float(c)) * scale,
                top + (kSphereRadius + float(r)) * scale};
    }
    float radius() const { return kSphereRadius * scale; }
};

inline GridLayout gridLayout(const morph::RgbaImage& image, int cols, int rows,
                             const uint8_t background[3]) {
    int x0 = image.width, y0 = image.height, x1 = -1, y1 = -1;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
            if (p[0] == background[0] && p[1] == background[1] && p[2] == background[2]) continue;
            x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
        }
    }
    GridLayout g;
    g.cols = cols, g.rows = rows;
    g.left = float(x0), g.top = float(y0);
    const float sx = float(x1 + 1 - x0) / (float(cols - 1) + 2.0f * kSphereRadius);
    const float sy = float(y1 + 1 - y0) / (float(rows - 1) + 2.0f * kSphereRadius);
    g.scale = 0.5f * (sx + sy);
    return g;
}

inline float srgbToLinear(float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

// Statistics of one sphere's pixels within `fraction` of its radius of its centre, in linear
// values (the image's sRGB decoded) per channel: the mean, and the largest of any channel.
struct CellStats {
    glm::vec3 mean{0.0f};
    float maxChannel = 0;  // linear
    int maxByte = 0;       // the largest channel byte
    int pixels = 0;
};

inline CellStats cellStats(const morph::RgbaImage& image, const GridLayout& g, int c, int r,
                           float fraction) {
    CellStats s;
    const glm::vec2 centre = g.centre(c, r);
    const float reach = g.radius() * fraction;
    for (int y = int(centre.y - reach); y <= int(centre.y + reach); ++y) {
        for (int x = int(centre.x - reach); x <= int(centre.x + reach); ++x) {
            if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
            const glm::vec2 d = glm::vec2(float(x) + 0.5f, float(y) + 0.5f) - centre;
            if (glm::dot(d, d) > reach * reach) continue;
            const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
            for (int k = 0; k < 3; ++k) {
                const float v = srgbToLinear(float(p[k]) / 255.0f);
                s.mean[k] += v;
                s.maxChannel = std::max(s.maxChannel, v);
                s.maxByte = std::max(s.maxByte, int(p[k]));
            }
            ++s.pixels;
        }
    }
    if (s.pixels > 0) s.mean /= float(s.pixels);
    return s;
}

// The 2 x 2 quad at z = 0 facing +Z, as two triangles. TEXCOORD_0 puts UV (0, 0), the image's
// first pixel, at the top left (glTF 2.0 3.7.2.1).
inline morph::Primitive facingQuad() {
    morph::Primitive p;
    p.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    p.normals.assign(4, glm::vec3(0, 0, 1));
    p.texcoords[0] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    p.indices = {0, 1, 2, 0, 2, 3};
    return p;
}

// One facingQuad() facing the camera, one material (index 0); TEXCOORD_1 is TEXCOORD_0 mirrored
// left to right. With pixels in `image`, it is texture 0, with sampler 0 (NEAREST).
inline morph::Scene quadScene(const morph::Material& material, const morph::Image& image = {}) {
    morph::Scene scene;
    scene.path = "quad";
    morph::Primitive p = facingQuad();
    p.texcoords[1] = {{1, 1}, {0, 1}, {0, 0}, {1, 0}};
    p.material = 0;
    morph::Mesh mesh;
    mesh.primitives.push_back(p);
    scene.meshes.push_back(mesh);
    morph::Node node;
    node.mesh = 0;
    scene.nodes.push_back(node);
    scene.roots = {0};
    scene.materials.push_back(material);
    if (!image.rgba.empty()) {
        scene.images.push_back(image);
        morph::TextureSampler nearest;
        nearest.magFilter = nearest.minFilter = 9728;  // GL_NEAREST
        scene.samplers.push_back(nearest);
        scene.textures.push_back({0, 0});
    }
    return scene;
}

}  // namespace fixtures
