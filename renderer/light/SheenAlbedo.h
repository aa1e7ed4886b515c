#pragma once
// KHR_materials_sheen's directional albedo E(cos theta_v, sheen roughness): the fraction of
// uniform light a white Charlie sheen (Estevez and Kulla 2017's distribution with the Khronos
// Sample Renderer's V_Sheen) reflects towards v. The Sample Renderer reads it from a shipped
// table (lut_sheen_E.png) to dim the layers under the sheen (its "albedo scaling",
// 1 - max(sheen colour) * E); morphview integrates the same BRDF here once per process, and
// layers.glsl reads it from a small texture (renderer/pass/ItemDraw.cpp). GL-free.
#include <vector>

namespace renderer {

inline constexpr int kSheenAlbedoSize = 32;

// The Sample Renderer's brdf.glsl, on the CPU: D_Charlie and V_Sheen.
float charlieDistribution(float sheenRoughness, float nDotH);
float sheenVisibility(float nDotL, float nDotV, float sheenRoughness);

// E at (nDotV, roughness) by quadrature over the hemisphere of l.
float sheenAlbedo(float nDotV, float sheenRoughness);

// kSheenAlbedoSize^2 values, row r (roughness (r + 0.5) / size) by column c (nDotV
// (c + 0.5) / size): texel centres, as GL's linear filter reads them; clamped to 1.
const std::vector<float>& sheenAlbedoTable();

}  // namespace renderer
