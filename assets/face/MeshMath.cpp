#include "MeshMath.h"

#include <cmath>

namespace face {

std::vector<glm::vec3> smoothNormals(const Part& part, const std::vector<glm::vec3>& positions) {
    std::vector<glm::vec3> sum(positions.size(), glm::vec3(0.0f));
    for (size_t t = 0; t + 2 < part.indices.size(); t += 3) {
        uint32_t a = part.indices[t], b = part.indices[t + 1], c = part.indices[t + 2];
        // The cross product's length is twice the area: larger triangles weigh more.
        glm::vec3 n = glm::cross(positions[b] - positions[a], positions[c] - positions[a]);
        sum[part.weld[a]] += n;
        sum[part.weld[b]] += n;
        sum[part.weld[c]] += n;
    }
    std::vector<glm::vec3> out(positions.size());
    for (size_t v = 0; v < positions.size(); ++v) {
        glm::vec3 n = sum[part.weld[v]];
        float len = glm::length(n);
        out[v] = len > 0.0f ? n / len : glm::vec3(0.0f, 1.0f, 0.0f);
    }
    return out;
}

std::vector<glm::vec4> uvTangents(const Part& part) {
    size_t n = part.positions.size();
    std::vector<glm::vec3> tan(n, glm::vec3(0.0f)), bit(n, glm::vec3(0.0f));
    for (size_t t = 0; t + 2 < part.indices.size(); t += 3) {
        uint32_t i[3] = {part.indices[t], part.indices[t + 1], part.indices[t + 2]};
        glm::vec3 e1 = part.positions[i[1]] - part.positions[i[0]];
        glm::vec3 e2 = part.positions[i[2]] - part.positions[i[0]];
        glm::vec2 d1 = part.uvs[i[1]] - part.uvs[i[0]];
        glm::vec2 d2 = part.uvs[i[2]] - part.uvs[i[0]];
        float det = d1.x * d2.y - d2.x * d1.y;
        if (std::fabs(det) < 1e-20f) continue;
        float r = 1.0f / det;
        glm::vec3 sdir = (e1 * d2.y - e2 * d1.y) * r;
        glm::vec3 tdir = (e2 * d1.x - e1 * d2.x) * r;
        for (uint32_t v : i) {
            tan[part.weld[v]] += sdir;
            bit[part.weld[v]] += tdir;
        }
    }
    std::vector<glm::vec4> out(n);
    for (size_t v = 0; v < n; ++v) {
        glm::vec3 nn = part.normals[v];
        glm::vec3 t = tan[part.weld[v]];
        t -= nn * glm::dot(nn, t);
        float len = glm::length(t);
        if (!(len > 1e-12f)) {
            // No usable UV gradient (a pole): any unit vector orthogonal to the normal.
            glm::vec3 ref = std::fabs(nn.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 0, 1);
            t = glm::normalize(glm::cross(ref, nn));
            len = 1.0f;
        } else {
            t /= len;
        }
        float w = glm::dot(glm::cross(nn, t), bit[part.weld[v]]) < 0.0f ? -1.0f : 1.0f;
        out[v] = glm::vec4(t, w);
    }
    return out;
}

}  // namespace face
