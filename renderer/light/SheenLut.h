#pragma once
// The Khronos Sample Renderer's Charlie LUT: the factor by which it scales the light of its
// Charlie-prefiltered cube for the sheen under the environment (ibl.glsl's
// getIBLRadianceCharlie reads its blue channel at (n . v, sheen roughness)). Its
// ibl_filtering.frag makes it at load with 512 Hammersley samples per texel; this is that
// estimator, term for term, on the CPU, so the sheen under the environment is the reference's.
//
// It is not the sheen's directional albedo E (SheenAlbedo.h), though it is meant to be: the
// samples are half vectors drawn from the Charlie distribution of alpha = roughness^2 (pdf
// D(h) (n . h)), but each is weighted 8 pi V D (n . l)(v . h), the weight of a half vector drawn
// uniformly over the hemisphere, with D of alpha = roughness (not roughness^2) and Ashikhmin's
// visibility instead of V_Sheen. At roughness 0.5 and n . v from 0.25 to 0.75 it is 1.5 to 1.7
// times E; at roughness 1 within about 10% of it there (SheenLutTest).
// GL-free.
#include <vector>

namespace renderer {

// The estimator at (nDotV, roughness), 512 samples as the Sample Renderer takes.
float sheenLut(float nDotV, float sheenRoughness);

// kSheenAlbedoSize^2 values of sheenLut() in sheenAlbedoTable()'s layout (row: roughness,
// column: nDotV, at texel centres); made once per process.
const std::vector<float>& sheenLutTable();

}  // namespace renderer
