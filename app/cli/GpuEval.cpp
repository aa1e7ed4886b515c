#include "app/cli/GpuEval.h"

#include "renderer/gl/EglContext.h"
#include "renderer/morph/GpuLimits.h"
#include "renderer/morph/GpuOracle.h"

namespace app {

MorphFunction gpuEvalMorph() {
    return [](const morph::Scene& scene, const std::vector<EvalItem>& items,
              const std::string& pathName) -> morph::Result<std::vector<morph::MorphedPrimitive>> {
        const std::optional<renderer::MorphPath> path = renderer::parseMorphPath(pathName);
        if (!path)
            return morph::Error{morph::ErrorCode::Usage,
                                "--morph-path: unknown path '" + pathName + "'"};
        renderer::useQuickShaderCompile();  // one dispatch a path
        auto context = renderer::EglContext::create();
        if (!context) return context.error();
        auto gpu = renderer::GpuOracle::create();
        if (!gpu) return gpu.error();
        const renderer::GpuLimits gpuLimits = renderer::GpuLimits::query();
        const renderer::MorphLimits limits = gpuLimits.morph();

        std::vector<morph::MorphedPrimitive> morphed;
        morphed.reserve(items.size());
        for (const EvalItem& item : items) {
            const morph::Primitive& primitive =
                scene.meshes[size_t(item.mesh)].primitives[size_t(item.primitive)];
            const std::string where = scene.path + ": meshes[" + std::to_string(item.mesh) +
                                      "].primitives[" + std::to_string(item.primitive) + "]";
            // Checked before GL sees it, as GpuScene::upload does: a hostile file is an error,
            // never a GL error.
            auto fits =
                renderer::checkPrimitiveLimits(primitive, primitive.targets.size(), gpuLimits);
            if (!fits) return morph::Error{fits.error().code, where + ": " + fits.error().message};
            // The same JSON as the CPU eval: in mesh space normals are the raw sums, not
            // renormalized; in world space unit vectors (both sides renormalize).
            auto result = item.world ? gpu->evalWorld(primitive, item.weights, item.model,
                                                      item.joints, limits, *path)
                                     : gpu->eval(primitive, item.weights, limits,
                                                 renderer::NormalOutput::RawSum, *path);
            if (!result)
                return morph::Error{result.error().code, where + ": " + result.error().message};
            morphed.push_back(std::move(result).value());
        }
        return morphed;
    };
}

}  // namespace app
