#include "HeadSurface.h"

#include <algorithm>
#include <cmath>

#include "DeterministicMath.h"
#include "Kernels.h"

namespace face {
namespace {

constexpr int kColumns = 200;
constexpr int kRows = 150;
constexpr float kEyeYWanted = 0.012f;
constexpr float kMouthYWanted = -0.058f;
constexpr float kEyeX = 0.032f;
constexpr float kEyeHalfWidth = 0.0120f;
constexpr float kMouthHalfWidth = 0.024f;
constexpr float kEyeRadius = 0.0130f;
constexpr float kEyeDepth = 0.064f;  // z of the eyeball centres

// Lid margins: how far the neutral lids open above/below the slit row, and how far up/down the
// lid skin is squeezed to make room.
constexpr float kUpperOpen = 0.0066f;
constexpr float kLowerOpen = 0.0048f;
constexpr float kUpperReach = 0.016f;
constexpr float kLowerReach = 0.011f;
constexpr float kLidThickness = 0.0007f;

// Horizontal rings, crown to neck: height, half-width, front and back extent (metres).
struct Ring {
    float y, rx, zf, zb;
};

std::vector<Ring> profileKeys() {
    std::vector<Ring> keys;
    // The cranium: a superellipse cap, flatter at the forehead than a plain ellipse.
    const float degrees[] = {0, 15, 30, 45, 60, 75, 90};
    for (float d : degrees) {
        float th = d * kPi / 180.0f;
        float s = dsin(th);
        keys.push_back({0.015f + 0.100f * dcos(th), 0.073f * dpow(s, 0.8f), 0.088f * dpow(s, 0.6f),
                        0.103f * dpow(s, 0.8f)});
    }
    const Ring lower[] = {{-0.005f, 0.0725f, 0.0875f, 0.100f}, {-0.025f, 0.0705f, 0.0865f, 0.093f},
                          {-0.045f, 0.0665f, 0.0855f, 0.082f}, {-0.065f, 0.0605f, 0.0845f, 0.070f},
                          {-0.085f, 0.0530f, 0.0815f, 0.064f}, {-0.100f, 0.0460f, 0.0760f, 0.063f},
                          {-0.110f, 0.0440f, 0.0620f, 0.063f}, {-0.117f, 0.0460f, 0.0420f, 0.063f},
                          {-0.127f, 0.0490f, 0.0330f, 0.063f}, {-0.150f, 0.0500f, 0.0330f, 0.063f},
                          {-0.185f, 0.0560f, 0.0370f, 0.066f}, {-0.212f, 0.0680f, 0.0450f, 0.076f},
                          {-0.222f, 0.0420f, 0.0280f, 0.047f}, {-0.224f, 0.0f, 0.0f, 0.0f}};
    for (const Ring& r : lower) keys.push_back(r);
    return keys;
}

const std::vector<Ring>& keys() {
    static const std::vector<Ring> k = profileKeys();
    return k;
}

// A key by index; beyond the ends, the key mirrored through the pole so the caps are domes.
Ring key(int i) {
    const auto& k = keys();
    int n = static_cast<int>(k.size());
    if (i < 0) {
        Ring r = k[-i];
        return {2.0f * k[0].y - r.y, -r.rx, -r.zf, -r.zb};
    }
    if (i >= n) {
        Ring r = k[2 * (n - 1) - i];
        return {2.0f * k[n - 1].y - r.y, -r.rx, -r.zf, -r.zb};
    }
    return k[i];
}

float catmullRom(float p0, float p1, float p2, float p3, float t) {
    float t2 = t * t, t3 = t2 * t;
    return 0.5f * ((2.0f * p1) + (-p0 + p2) * t + (2.0f * p0 - 5.0f * p1 + 4.0f * p2 - p3) * t2 +
                   (-p0 + 3.0f * p1 - 3.0f * p2 + p3) * t3);
}

Ring ringAt(float t) {
    int n = static_cast<int>(keys().size());
    int i = std::min(static_cast<int>(std::floor(t)), n - 2);
    float f = t - static_cast<float>(i);
    Ring a = key(i - 1), b = key(i), c = key(i + 1), d = key(i + 2);
    return {catmullRom(a.y, b.y, c.y, d.y, f), catmullRom(a.rx, b.rx, c.rx, d.rx, f),
            catmullRom(a.zf, b.zf, c.zf, d.zf, f), catmullRom(a.zb, b.zb, c.zb, d.zb, f)};
}

// More rows on the face than on the cranium and neck.
float rowDensity(float y) {
    return 1.0f + 1.6f * smoothstep(0.085f, 0.06f, y) * smoothstep(-0.14f, -0.115f, y);
}

// Azimuth from a column fraction: a cubic that packs columns on the front (u = 0.5).
float phiOf(float u) {
    float x = 2.0f * u - 1.0f;
    const float a = 0.42f;
    return kPi * (a * x + (1.0f - a) * x * x * x);
}

}  // namespace

HeadSurface::HeadSurface() {
    HeadLayout& L = mLayout;
    L.columns = kColumns;
    L.rows = kRows;

    // Rows at equal weighted arc length along the front profile.
    const int samples = 6000;
    float tMax = static_cast<float>(keys().size() - 1);
    std::vector<float> ts(samples + 1), arc(samples + 1, 0.0f);
    for (int s = 0; s <= samples; ++s) ts[s] = tMax * static_cast<float>(s) / samples;
    for (int s = 1; s <= samples; ++s) {
        Ring a = ringAt(ts[s - 1]), b = ringAt(ts[s]);
        float dy = b.y - a.y, dz = b.zf - a.zf;
        arc[s] = arc[s - 1] + std::sqrt(dy * dy + dz * dz) * rowDensity(0.5f * (a.y + b.y));
    }
    L.rowT.resize(kRows);
    int s = 0;
    for (int j = 0; j < kRows; ++j) {
        float target = arc[samples] * static_cast<float>(j) / (kRows - 1);
        while (s < samples - 1 && arc[s + 1] < target) ++s;
        float f = (target - arc[s]) / std::max(arc[s + 1] - arc[s], 1e-12f);
        L.rowT[j] = ts[s] + clamp01(f) * (ts[s + 1] - ts[s]);
    }
    L.rowT[0] = 0.0f;
    L.rowT[kRows - 1] = tMax;

    L.columnPhi.resize(kColumns + 1);
    for (int i = 0; i <= kColumns; ++i) L.columnPhi[i] = phiOf(static_cast<float>(i) / kColumns);

    auto nearestRow = [&](float y) {
        int best = 1;
        for (int j = 1; j < kRows - 1; ++j)
            if (std::fabs(ringAt(L.rowT[j]).y - y) < std::fabs(ringAt(L.rowT[best]).y - y))
                best = j;
        return best;
    };
    L.eyeRow = nearestRow(kEyeYWanted);
    L.mouthRow = nearestRow(kMouthYWanted);
    L.eyeY = ringAt(L.rowT[L.eyeRow]).y;
    L.mouthY = ringAt(L.rowT[L.mouthRow]).y;

    auto columnAtX = [&](int row, float x) {
        int best = 0;
        for (int i = 0; i < kColumns; ++i) {
            float xi = basePoint(L.rowT[row], L.columnPhi[i]).x;
            float xb = basePoint(L.rowT[row], L.columnPhi[best]).x;
            if (std::fabs(L.columnPhi[i]) < kPi * 0.5f && std::fabs(xi - x) < std::fabs(xb - x))
                best = i;
        }
        return best;
    };
    for (int e = 0; e < 2; ++e) {
        float side = e == 0 ? 1.0f : -1.0f;
        int a = columnAtX(L.eyeRow, side * kEyeX - kEyeHalfWidth);
        int b = columnAtX(L.eyeRow, side * kEyeX + kEyeHalfWidth);
        L.eyeColumns[e][0] = std::min(a, b);
        L.eyeColumns[e][1] = std::max(a, b);
        for (int c = 0; c < 2; ++c)
            L.eyeCornerX[e][c] = basePoint(L.rowT[L.eyeRow], L.columnPhi[L.eyeColumns[e][c]]).x;
        L.eyeCenter[e] = glm::vec3(side * kEyeX, L.eyeY, kEyeDepth);
    }
    L.eyeRadius = kEyeRadius;
    L.mouthColumns[0] = columnAtX(L.mouthRow, -kMouthHalfWidth);
    L.mouthColumns[1] = columnAtX(L.mouthRow, kMouthHalfWidth);
    L.mouthCornerX = basePoint(L.rowT[L.mouthRow], L.columnPhi[L.mouthColumns[1]]).x;

    // Vertices: single poles, rings of columns + 1, a lower copy inside each slit.
    int stride = kColumns + 1;
    mGridIndex.assign(kRows * stride, -1);
    mLowerIndex.assign(kRows * stride, -1);
    auto add = [&](int i, int j, bool lower) {
        mVertices.push_back({i, j, lower});
        return static_cast<int>(mVertices.size()) - 1;
    };
    int top = add(kColumns / 2, 0, false);
    for (int i = 0; i <= kColumns; ++i) mGridIndex[i] = top;
    for (int j = 1; j < kRows - 1; ++j)
        for (int i = 0; i <= kColumns; ++i) mGridIndex[j * stride + i] = add(i, j, false);
    int bottom = add(kColumns / 2, kRows - 1, false);
    for (int i = 0; i <= kColumns; ++i) mGridIndex[(kRows - 1) * stride + i] = bottom;
    auto cut = [&](int row, int c0, int c1) {
        for (int i = c0 + 1; i < c1; ++i) mLowerIndex[row * stride + i] = add(i, row, true);
    };
    for (int e = 0; e < 2; ++e) cut(L.eyeRow, L.eyeColumns[e][0], L.eyeColumns[e][1]);
    cut(L.mouthRow, L.mouthColumns[0], L.mouthColumns[1]);
}

glm::vec3 HeadSurface::basePoint(float t, float phi) const {
    Ring r = ringAt(t);
    float c = dcos(phi);
    float z = c * 0.5f * (r.zf + r.zb) + c * c * 0.5f * (r.zf - r.zb);
    return {r.rx * dsin(phi), r.y, z};
}

float HeadSurface::rowParam(float v) const {
    float f = clamp01(v) * static_cast<float>(mLayout.rows - 1);
    int j = std::min(static_cast<int>(f), mLayout.rows - 2);
    float w = f - static_cast<float>(j);
    return mLayout.rowT[j] + w * (mLayout.rowT[j + 1] - mLayout.rowT[j]);
}

float HeadSurface::columnPhi(float u) const {
    return phiOf(u);
}

uint32_t HeadSurface::vertexAt(int column, int row, bool below) const {
    int k = row * (mLayout.columns + 1) + column;
    if (below && mLowerIndex[k] >= 0) return static_cast<uint32_t>(mLowerIndex[k]);
    return static_cast<uint32_t>(mGridIndex[k]);
}

glm::vec3 HeadSurface::sculpt(const GridVertex& g, const HeadParams& params) const {
    const HeadLayout& L = mLayout;
    float t = L.rowT[g.row];
    float phi = g.row == 0 || g.row == L.rows - 1 ? 0.0f : L.columnPhi[g.column];
    glm::vec3 base = basePoint(t, phi);
    if (g.row == 0 || g.row == L.rows - 1) return base;

    // The unsculpted normal from the sweep's two tangents (dt down the profile, dphi around).
    const float h = 1e-3f;
    glm::vec3 dt = basePoint(t + h, phi) - basePoint(t - h, phi);
    glm::vec3 dp = basePoint(t, phi + h) - basePoint(t, phi - h);
    glm::vec3 n = glm::normalize(glm::cross(dt, dp));
    glm::vec3 p = base + faceDisplacement(base, n, phi, L);

    // Eye slits: open the lids along an almond, squeezing the lid skin above and below.
    bool upperSide = g.row < L.eyeRow || (g.row == L.eyeRow && !g.lowerCopy);
    for (int e = 0; e < 2; ++e) {
        float xa = L.eyeCornerX[e][0], xb = L.eyeCornerX[e][1];
        if (base.x <= xa || base.x >= xb || base.z < 0.0f) continue;
        float u = (base.x - xa) / (xb - xa);
        // From the inner corner (by the nose) outwards: the left eye's inner corner is xa.
        float innerToOuter = e == 0 ? u : 1.0f - u;
        float upperShape = dsin(kPi * dpow(innerToOuter, 0.8f));
        float lowerShape = dsin(kPi * dpow(innerToOuter, 1.25f));
        float closedY = -0.25f * kLowerOpen * lowerShape;
        if (upperSide) {
            float d = base.y - L.eyeY;
            if (d >= kUpperReach) continue;
            float margin = kUpperOpen * upperShape;
            margin += (closedY - margin) * params.upperClose[e];
            p.y += margin * (1.0f - smoothstep(0.0f, kUpperReach, d));
        } else {
            float d = L.eyeY - base.y;
            if (d >= kLowerReach) continue;
            float margin = -kLowerOpen * lowerShape;
            margin += (closedY - margin) * params.lowerClose[e];
            p.y += margin * (1.0f - smoothstep(0.0f, kLowerReach, d));
        }
    }

    // Lids drape over the eyeballs: skin in front of an eyeball is pushed forwards (not
    // radially, which would also lift the lid margins) until it clears it by kLidThickness.
    for (int e = 0; e < 2; ++e) {
        glm::vec3 v = p - L.eyeCenter[e];
        float r = L.eyeRadius + kLidThickness;
        float rho2 = v.x * v.x + v.y * v.y;
        if (rho2 >= r * r || v.z < 0.0f) continue;
        float front = std::sqrt(r * r - rho2);
        const float k = 0.003f;
        if (v.z >= front + k) continue;
        p.z = L.eyeCenter[e].z + smoothMax(v.z, front, k);
    }

    // The lid margins and the eye corners rest on the eyeball, so no glance past the eyeball
    // finds a gap between it and the lids.
    for (int e = 0; e < 2; ++e) {
        float xa = L.eyeCornerX[e][0], xb = L.eyeCornerX[e][1];
        float lateral = smoothstep(xa - 0.003f, xa, base.x) * smoothstep(xb + 0.003f, xb, base.x);
        float w = lateral * (1.0f - smoothstep(0.0f, 0.0045f, std::fabs(base.y - L.eyeY)));
        if (w <= 0.0f || base.z < 0.0f) continue;
        glm::vec3 v = p - L.eyeCenter[e];
        float r = L.eyeRadius + kLidThickness;
        float rho2 = v.x * v.x + v.y * v.y;
        if (rho2 >= r * r) continue;
        float front = std::sqrt(r * r - rho2);
        if (v.z > front) p.z += (front - v.z) * w;
    }
    return p;
}

std::vector<glm::vec3> HeadSurface::positions(const HeadParams& params) const {
    std::vector<glm::vec3> out(mVertices.size());
    for (size_t v = 0; v < mVertices.size(); ++v) out[v] = sculpt(mVertices[v], params);
    return out;
}

Part HeadSurface::makePart(const HeadParams& params) const {
    const HeadLayout& L = mLayout;
    Part part;
    part.name = "skin";
    part.material = MaterialId::Skin;
    part.positions = positions(params);
    size_t n = mVertices.size();
    part.uvs.resize(n);
    part.weld.resize(n);
    part.tags.resize(n);
    for (size_t v = 0; v < n; ++v) {
        const GridVertex& g = mVertices[v];
        part.uvs[v] = {static_cast<float>(g.column) / L.columns,
                       static_cast<float>(g.row) / (L.rows - 1)};
        part.weld[v] =
            g.column == L.columns ? vertexAt(0, g.row, g.lowerCopy) : static_cast<uint32_t>(v);
        VertexTag& tag = part.tags[v];
        tag.belowMouth = g.row > L.mouthRow || (g.row == L.mouthRow && g.lowerCopy);
        tag.lowerLid = g.row > L.eyeRow || (g.row == L.eyeRow && g.lowerCopy);
        glm::vec3 p = part.positions[v];
        tag.eye = p.z > 0.0f && std::fabs(p.x) < 0.07f ? (p.x > 0.0f ? 0 : 1) : -1;
    }
    // Quads between consecutive rows; the row above a band uses the lower copy of slit vertices.
    for (int j = 0; j < L.rows - 1; ++j) {
        for (int i = 0; i < L.columns; ++i) {
            uint32_t v00 = vertexAt(i, j, true), v10 = vertexAt(i + 1, j, true);
            uint32_t v01 = vertexAt(i, j + 1, false), v11 = vertexAt(i + 1, j + 1, false);
            if (j == 0) {
                part.indices.insert(part.indices.end(), {v00, v01, v11});
            } else if (j == L.rows - 2) {
                part.indices.insert(part.indices.end(), {v00, v01, v10});
            } else {
                part.indices.insert(part.indices.end(), {v00, v01, v11, v00, v11, v10});
            }
        }
    }
    return part;
}

}  // namespace face
