#include "renderer/scene/SceneRenderer.h"

#include <algorithm>
#include <utility>

#include "renderer/gl/Bindings.h"
#include "renderer/gl/Timing.h"
#include "renderer/pass/BlendedPass.h"
#include "renderer/pass/ForwardPass.h"

namespace renderer {

namespace {

// What the background pass shows behind a frame drawn with `options`.
BackgroundPass::Config backdrop(const DrawOptions& options) {
    return {options.environment != nullptr, options.backgroundMode};
}

}  // namespace

morph::Result<SceneRenderer> SceneRenderer::create(const ShaderLibrary& library) {
    SceneRenderer out;
    out.mVariants = ShaderVariants(library);
    out.mUniforms = FrameUniforms::create();
    out.mBackground = BackgroundPass(library);
    auto stage = MorphStage::create(library);
    if (!stage) return stage.error();
    out.mMorphStage = std::move(stage).value();
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    out.mSoftwareRenderer = renderer && isSoftwareRenderer(renderer);
    GLint units = 16;
    glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &units);
    out.mFragmentUnits = uint32_t(std::max(units, 16));
    return out;
}

void SceneRenderer::draw(const GpuScene& scene, const std::vector<morph::NodePose>& pose,
                         const Camera& camera, const RenderTarget& target,
                         const DrawOptions& options) {
    morph::resolveFrame(scene.layout(), pose, mPoseFrame);
    draw(scene, mPoseFrame, camera, target, options);
}

void SceneRenderer::draw(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
                         const RenderTarget& target, const DrawOptions& options) {
    // A frame of another scene would index past the nodes: draw the rest pose instead.
    if (frame.size() != scene.layout().nodes.size()) {
        morph::FramePose rest = morph::resolveFrame(scene.layout(), {});
        rest.scene = frame.scene;
        draw(scene, rest, camera, target, options);
        return;
    }
    const Crowd* crowd = options.crowd && !options.crowd->offsets.empty() ? options.crowd : nullptr;
    const uint32_t instances = crowd ? uint32_t(crowd->offsets.size()) : 1u;
    const uint32_t passes = std::max(options.passes, 1u);
    double bookkeepingMs = 0;  // counted as the morph stage's CPU time (MorphFrameStats::cpuMs)
    bool transmission = false;
    {
        const ScopedTimer bookkeeping(bookkeepingMs);
        transmission = prepareItems(scene, frame, camera, options, crowd, instances);
    }
    clearTarget(target, options);
    PassInput input = beginPasses(scene, frame, camera, target, options, crowd, instances);
    runMorphStage(options);
    mMorphStage.addCpuMs(bookkeepingMs);

    if (transmission) {
        input.transmission = &mTransmission.draw(
            input, mOpaque, target, {options.background, backdrop(options)}, mBackground);
        target.bind();
    }
    mDeferred.draw(input, mOpaque, frame, target,
                   {options.shading, mSoftwareRenderer, options.clear, passes, crowd != nullptr,
                    mFragmentUnits});
    drawForward(input, mOpaque, mTransmissive, {passes});
    drawBlended(input, mBlended);
    endFrame();
}

bool SceneRenderer::prepareItems(const GpuScene& scene, const morph::FramePose& frame,
                                 const Camera& camera, const DrawOptions& options,
                                 const Crowd* crowd, uint32_t instances) {
    // Weights and joints of this frame; skinned nodes draw with their skin's model matrix.
    mState.write(scene, frame, crowd ? &crowd->weights : nullptr, instances);
    const glm::mat4 view = camera.view();
    // Lists kept across frames (their capacity; cleared here).
    mOpaque.clear();
    mTransmissive.clear();
    mBlended.clear();
    bool transmission = false;  // any drawn material samples the transmission pass
    for (int node : scene.nodes(frame.scene)) {
        const GpuMesh& mesh = scene.meshes()[size_t(scene.layout().nodes[size_t(node)].mesh)];
        Aabb nodeBox;
        mNodeBlended.clear();
        for (const GpuPrimitive& primitive : mesh.primitives) {
            if (primitive.buffers.vertexCount() == 0) continue;
            DrawItem item;
            item.node = node;
            item.primitive = &primitive;
            const int material = primitive.materialFor(options.variant);
            item.material =
                material >= 0 ? &scene.materials()[size_t(material)] : &scene.defaultMaterial();
            if (item.material->alphaMode == morph::AlphaMode::Blend) {
                nodeBox.extend(drawnBounds(scene, mState, frame, node, primitive));
                mNodeBlended.push_back(item);
            } else if (item.material->features & kFeatureTransmission) {
                mTransmissive.push_back(item);
            } else {
                mOpaque.push_back(item);
            }
            transmission = transmission || (item.material->features & kFeatureTransmission);
        }
        if (mNodeBlended.empty()) continue;
        const glm::vec3 center = glm::vec3(mState.model(node) * glm::vec4(nodeBox.center(), 1.0f));
        const float depth = -(view * glm::vec4(center, 1.0f)).z;
        for (DrawItem& item : mNodeBlended) {
            item.viewDepth = depth;
            mBlended.push_back(item);
        }
    }
    // Stable: equal depths keep node and primitive order, so frames are deterministic.
    std::stable_sort(mBlended.begin(), mBlended.end(), [](const DrawItem& a, const DrawItem& b) {
        return a.viewDepth > b.viewDepth;
    });
    return transmission;
}

void SceneRenderer::clearTarget(const RenderTarget& target, const DrawOptions& options) {
    target.bind();
    // pbr.frag writes sRGB-encoded values itself; the window's framebuffer may be sRGB-capable.
    glDisable(GL_FRAMEBUFFER_SRGB);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    if (!options.clear) return;
    glClearColor(options.background.r, options.background.g, options.background.b, 1.0f);
    glClearDepth(1.0);
    glClearStencil(0);
    glStencilMask(0xFF);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

PassInput SceneRenderer::beginPasses(const GpuScene& scene, const morph::FramePose& frame,
                                     const Camera& camera, const RenderTarget& target,
                                     const DrawOptions& options, const Crowd* crowd,
                                     uint32_t instances) {
    const float aspect = target.height > 0 ? float(target.width) / float(target.height) : 1.0f;
    const glm::mat4 viewProjection = camera.projection(aspect) * camera.view();
    const uint64_t light = mUniforms.write(scene, frame, camera, viewProjection,
                                           glm::ivec2(target.width, target.height), options);
    if (options.clear) mBackground.draw(backdrop(options), PassOutput::Target);
    if (crowd) writeInstanceOffsets(*crowd);
    mVariants.beginFrame(viewProjection, crowd ? 1 : 0, light);
    PassInput input{scene, mState, mVariants, mSheen};
    input.sheenEnvironment = options.environment ? &options.environment->sheen() : nullptr;
    input.viewProjection = viewProjection;
    input.instances = instances;
    return input;
}

void SceneRenderer::writeInstanceOffsets(const Crowd& crowd) {
    std::vector<glm::vec4> offsets;
    offsets.reserve(crowd.offsets.size());
    for (const glm::vec3& o : crowd.offsets) offsets.emplace_back(o, 0.0f);
    const size_t bytes = offsets.size() * sizeof(glm::vec4);
    if (size_t(mInstanceOffsets.size()) < bytes) {
        mInstanceOffsets = gl::Buffer::create(GLsizeiptr(bytes), nullptr, GL_DYNAMIC_STORAGE_BIT);
    }
    mInstanceOffsets.subData(0, GLsizeiptr(bytes), offsets.data());
    mInstanceOffsets.bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::InstanceOffsets));
}

void SceneRenderer::runMorphStage(const DrawOptions& options) {
    // Once per frame, before every pass, over every list.
    mItems.clear();
    for (DrawItem& item : mOpaque) mItems.push_back(&item);
    for (DrawItem& item : mTransmissive) mItems.push_back(&item);
    for (DrawItem& item : mBlended) mItems.push_back(&item);
    const uint32_t passes = std::max(options.passes, 1u);
    mMorphStage.beginFrame(options.timeMorph);
    {
        const MorphStage::BookkeepingScope bookkeeping(mMorphStage);
        mMorphedDraws.clear();
        for (DrawItem* item : mItems) {
            item->path =
                mMorphStage.preparePrimitive(mState.morph(item->node, *item->primitive),
                                             mState.weights(item->node), options.morphPath, passes);
            if (item->path != MorphPath::None)
                mMorphedDraws.push_back({item->node, item->primitive, item->material, item->path});
        }
    }
    mMorphStage.endPrePass();
}

void SceneRenderer::endFrame() {
    glDisable(GL_CULL_FACE);
    glFrontFace(GL_CCW);
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace renderer
