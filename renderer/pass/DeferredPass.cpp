#include "renderer/pass/DeferredPass.h"

#include <algorithm>
#include <limits>

#include "renderer/gl/Bindings.h"

namespace renderer {

namespace {

// The opaque primitives deferred shading takes (what pbr.frag's G-buffer has room for):
// materials without transmission (which sees the frame drawn behind it) whose textures read at
// most the first two UV sets, and whose resolve program (the material's units and the G-buffer's
// two or three) fits the fragment texture units. The other KHR_materials_* layers need nothing
// per pixel but what the G-buffer keeps (Blender writes KHR_materials_specular and _ior for any
// material whose specular is not its default, as on tuned skin).
bool deferrable(const GpuMaterial& material, uint32_t fragmentUnitLimit) {
    if (material.features & (kFeatureTransmission | kFeatureVolume)) return false;
    const uint32_t sets = uvSetsRead(material);
    if (sets & ~3u) return false;
    return fragmentUnits(material.features) + (sets == 3u ? 3 : 2) <= fragmentUnitLimit;
}

// Deferred shading tells materials apart by an 8-bit stencil value, 0 for none.
constexpr size_t kMaxGroups = 255;

// The smallest rectangle (x, y, width, height) holding both; an empty one adds nothing.
glm::ivec4 unite(const glm::ivec4& a, const glm::ivec4& b) {
    if (a.z <= 0 || a.w <= 0) return b;
    if (b.z <= 0 || b.w <= 0) return a;
    const glm::ivec2 low = glm::min(glm::ivec2(a), glm::ivec2(b));
    const glm::ivec2 high =
        glm::max(glm::ivec2(a.x + a.z, a.y + a.w), glm::ivec2(b.x + b.z, b.y + b.w));
    return glm::ivec4(low, high - low);
}

}  // namespace

bool DeferredPass::wanted(const RenderTarget& target, const Config& config) {
    const bool wanted = config.shading == Shading::Deferred ||
                        (config.shading == Shading::Auto && config.softwareRenderer);
    // An uncleared frame may hold depth from an earlier draw that the G-buffer does not.
    return wanted && config.cleared && target.framebuffer && target.width > 0 && target.height > 0;
}

void DeferredPass::draw(const PassInput& input, std::vector<DrawItem>& opaque,
                        const morph::FramePose& frame, const RenderTarget& target,
                        const Config& config) {
    mItems.clear();
    mGroups.clear();
    // The items deferrable() takes, into the G-buffer, then shaded once per pixel, material by
    // material; the rest of the opaque ones are drawn forward over that.
    if (!wanted(target, config)) return;
    // The target before the programs: a multisampled one (capture's) is drawn forward, and a
    // resolve program built for it would be compiled for nothing.
    bool any = false, twoUvSets = false;
    for (const DrawItem& item : opaque) {
        if (!deferrable(*item.material, config.fragmentUnits)) continue;
        any = true;
        twoUvSets |= uvSetsRead(*item.material) == 3u;
    }
    if (!any || !mGBuffer.prepare(target, twoUvSets) ||
        !group(opaque, input.variants, config.fragmentUnits))
        return;
    for (const DrawItem& item : mItems) {
        glm::ivec4& rect = mGroups[size_t(item.group - 1)].rect;
        rect = unite(rect, this->rect(input, frame, target, item, config.crowd));
    }
    ++mFrames;
    drawGBuffer(input, target, config.passes);
    resolve(input, target, twoUvSets);
}

bool DeferredPass::group(std::vector<DrawItem>& opaque, ShaderVariants& variants,
                         uint32_t fragmentUnits) {
    for (DrawItem& item : opaque) {
        if (!deferrable(*item.material, fragmentUnits)) continue;
        size_t g = 0;
        while (g < mGroups.size() && mGroups[g].material != item.material) ++g;
        if (g == mGroups.size()) {
            gl::Program* program = nullptr;
            if (g == kMaxGroups || !(program = variants.resolve(*item.material))) continue;
            mGroups.push_back({item.material, program, glm::ivec4(0)});
        }
        item.group = uint8_t(g + 1);
        mItems.push_back(item);
    }
    return !mItems.empty();
}

glm::ivec4 DeferredPass::rect(const PassInput& input, const morph::FramePose& frame,
                              const RenderTarget& target, const DrawItem& item, bool crowd) const {
    const glm::ivec4 whole(0, 0, target.width, target.height);
    if (crowd) return whole;
    const Aabb box = drawnBounds(input.scene, input.state, frame, item.node, *item.primitive);
    if (!box.valid) return whole;
    const glm::mat4 toClip = input.viewProjection * input.state.model(item.node);
    glm::vec2 low(std::numeric_limits<float>::max()), high(-std::numeric_limits<float>::max());
    for (int i = 0; i < 8; ++i) {
        const glm::vec4 clip = toClip * glm::vec4(box.corner(i), 1.0f);
        if (!(clip.w > 1e-6f)) return whole;  // behind the eye (or not a number)
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        low = glm::min(low, ndc);
        high = glm::max(high, ndc);
    }
    const glm::vec2 size(float(target.width), float(target.height));
    const glm::vec2 from = glm::floor((low * 0.5f + 0.5f) * size) - 1.0f;
    const glm::vec2 to = glm::ceil((high * 0.5f + 0.5f) * size) + 1.0f;
    const glm::ivec2 limit(target.width, target.height);
    const glm::ivec2 a =
        glm::clamp(glm::ivec2(glm::clamp(from, glm::vec2(0.0f), size)), glm::ivec2(0), limit);
    const glm::ivec2 b =
        glm::clamp(glm::ivec2(glm::clamp(to, glm::vec2(0.0f), size)), glm::ivec2(0), limit);
    return glm::ivec4(a, glm::max(b - a, glm::ivec2(0)));
}

void DeferredPass::drawGBuffer(const PassInput& input, const RenderTarget& target,
                               uint32_t passes) {
    RenderTarget{&mGBuffer.framebuffer(), target.width, target.height}.bind();
    // No clear: the resolve reads only the pixels the stencil says this frame drew. Each drawn
    // pixel's stencil holds its material's group (drawItem sets the reference).
    glEnable(GL_STENCIL_TEST);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glStencilMask(0xFF);
    for (uint32_t pass = 0; pass < passes; ++pass) {
        const bool shaded = pass + 1 == passes;
        glColorMask(shaded, shaded, shaded, shaded);
        glDepthFunc(shaded ? GL_LEQUAL : GL_LESS);
        for (const DrawItem& item : mItems) drawItem(input, item, PassOutput::GBuffer);
    }
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

void DeferredPass::resolve(const PassInput& input, const RenderTarget& target, bool twoUvSets) {
    // Per group, one triangle over its rectangle; the stencil test, early, passes exactly the
    // group's pixels, and llvmpipe skips every 4x4 block with none.
    target.bind();
    const TextureUnit units[] = {TextureUnit::GBuffer0, TextureUnit::GBuffer1,
                                 TextureUnit::GBuffer2};
    for (size_t i = 0; i < (twoUvSets ? 3u : 2u); ++i) {
        mGBuffer.target(i).bindUnit(unit(units[i]));
        glBindSampler(unit(units[i]), 0);
    }
    if (mEmptyVertices.id() == 0) mEmptyVertices = gl::VertexArray::create();
    mEmptyVertices.bind();
    // Filled whatever the caller's polygon mode (the viewer's wireframe draws the scene in
    // GL_LINE: its lines are in the G-buffer, and the resolve shades exactly those).
    GLint polygonMode[2] = {GL_FILL, GL_FILL};
    glGetIntegerv(GL_POLYGON_MODE, polygonMode);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glStencilMask(0);
    glEnable(GL_SCISSOR_TEST);
    for (size_t i = 0; i < mGroups.size(); ++i) {
        const Group& group = mGroups[i];
        if (group.rect.z <= 0 || group.rect.w <= 0) continue;
        bindMaterial(input, *group.material);
        group.program->use();
        glStencilFunc(GL_EQUAL, GLint(i + 1), 0xFF);
        glScissor(group.rect.x, group.rect.y, group.rect.z, group.rect.w);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_STENCIL_TEST);
    glStencilMask(0xFF);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LEQUAL);
    glPolygonMode(GL_FRONT_AND_BACK, GLenum(polygonMode[0]));
    // Unbound, so the next frame's G-buffer pass never draws into a texture a unit still holds.
    for (const TextureUnit u : units) glBindTextureUnit(unit(u), 0);
}

}  // namespace renderer
