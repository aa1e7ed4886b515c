#pragma once
// pbr.frag's program variants: a variant's key (the primitive's attributes, the material's
// features, textured slots and alpha mode, what the pass writes, the frame's light), the
// #defines a key compiles with, and the cache of programs built on first use. A file uses a
// handful: one per distinct (attribute set, material kind, pass output).
#include <cstdint>
#include <string>
#include <unordered_map>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/light/Look.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/GpuScene.h"

namespace renderer {

// What a pass's fragments write: a pass passes it to ShaderVariants::program, which picks the
// variant from it.
enum class PassOutput {
    Target,   // display values (exposed, tone mapped, sRGB-encoded) into the frame's target
    Linear,   // linear radiance before exposure (MV_LINEAR_OUTPUT): the transmission pass
    GBuffer,  // what deferred shading's resolve reads (MV_GBUFFER): no light at all
};

// What mesh.vert does for a draw, fixed in its variant (morph.glsl's MV_VERTEX_MORPH, skin.glsl's
// MV_SKIN_INFLUENCES): llvmpipe generates code for every branch, however uniform.
struct VertexWork {
    MorphPath morphPath = MorphPath::None;  // the path bound (None when nothing morphs)
    uint32_t skinInfluences = 0;            // 0, 4 or 8
};

// Slot numbers and counts from GpuScene.h's MaterialSlot, so material.glsl never hard-codes
// them. `texturedSlots`: bit s set when slot s is sampled (MV_TEXTURED_SLOTS); `alphaMask`: the
// MASK discard is compiled in (MV_ALPHA_MASK).
std::string materialDefines(uint32_t texturedSlots = ~0u, bool alphaMask = true);
// The TEXCOORD_n sets `material`'s textures read: bit n for set n.
uint32_t uvSetsRead(const GpuMaterial& material);
// The frame's light as key bits, fixed in the variants that shade (MV_FIXED_LIGHT): whether the
// environment lights, whether punctual lights do, and the tone mapping.
uint64_t lightKey(bool environment, bool punctual, ToneMapping toneMapping);

class ShaderVariants {
public:
    ShaderVariants() = default;
    // Compiles nothing: each variant is built on its first use, and the full program (every
    // varying), which stands in for a variant that does not build, only when one does not. A
    // cold first picture compiles what it draws and no more (LLVM's time on llvmpipe).
    explicit ShaderVariants(const ShaderLibrary& library) : mLibrary(library) {}

    // A new frame: its view-projection and instance mode (set on each program the first time
    // the frame uses it) and its light (lightKey()).
    void beginFrame(const glm::mat4& viewProjection, int instanceMode, uint64_t light);

    // The program for a primitive with `attributeMask` (PrimitiveBuffers::attributeMask()) and
    // `material` in a pass that writes `output`, built on first use, with this frame's
    // view-projection and instance mode set; the full program if it does not build. pbr.frag
    // without the inputs of absent attributes, nor of those nothing in the material reads
    // (MV_OMIT_*: tangents without a normal map, a UV set no textured slot uses); per material
    // its MaterialFeature bits (MV_MATERIAL_*), which slots it samples (MV_TEXTURED_SLOTS: the
    // others read white without a fetch) and whether it can discard (MV_ALPHA_MASK: only MASK
    // materials, so every other draw keeps early depth testing).
    gl::Program& program(uint32_t attributeMask, const GpuMaterial& material, PassOutput output,
                         VertexWork vertex);
    // Deferred shading's resolve of `material` under this frame's light (pbr.frag's MV_RESOLVE
    // over fullscreen.vert), built on first use; null if it does not build.
    gl::Program* resolve(const GpuMaterial& material);

private:
    struct Variant {
        gl::Program program;
        uint64_t frame = 0;   // the frame whose uniforms it holds
        bool failed = false;  // did not build: the full program stands in
    };
    // The entry for `key`, its program built on first use (mesh.vert, or fullscreen.vert for
    // the resolve, with pbr.frag); `failed` if it would not build.
    Variant& variant(uint64_t key);
    // The full program, built the first time a variant does not build (an empty program, which
    // draws nothing, if it does not build either: said once).
    gl::Program& fallback();

    ShaderLibrary mLibrary;
    gl::Program mFull;  // every varying: the fallback of every variant, built on first need
    bool mFullFailed = false;
    std::unordered_map<uint64_t, Variant> mVariants;
    uint64_t mFrame = 0;
    uint64_t mLight = 0;
    glm::mat4 mViewProjection{1.0f};
    int mInstanceMode = 0;
};

}  // namespace renderer
