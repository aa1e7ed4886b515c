#include "app/shots/DiffPictures.h"

#include <algorithm>
#include <utility>

#include "app/shots/ShotPose.h"
#include "morph/edit/WeightSpec.h"
#include "morph/image/ImageFile.h"
#include "renderer/gl/EglContext.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/GpuScene.h"

namespace app {

namespace {

// Every target at 0, then `name` at 1: the target alone, whatever the file's defaults.
std::vector<morph::WeightAssignment> alone(const std::string& name) {
    std::vector<morph::WeightAssignment> items(2);
    items[0].kind = morph::WeightAssignment::Kind::All;
    items[1].name = name;
    items[1].value = 1.0f;
    return items;
}

morph::Result<renderer::GpuScene> upload(const std::shared_ptr<const morph::Scene>& scene) {
    auto gpu = renderer::GpuScene::upload(scene);
    if (!gpu) return morph::Error{gpu.error().code, scene->path + ": " + gpu.error().message};
    return gpu;
}

}  // namespace

std::string diffPictureFile(const std::string& stem, int which) {
    static const char* const kSuffixes[] = {"-a.png", "-b.png", "-drift.png"};
    return stem + kSuffixes[std::clamp(which, 0, 2)];
}

morph::Result<std::string> drawDiffPictures(const DiffScenes& scenes, const std::string& dir,
                                            int size, const std::vector<DiffPictureRow>& rows) {
    renderer::useQuickShaderCompile();
    auto context = renderer::EglContext::create();
    if (!context) return context.error();
    auto capturer = renderer::Capturer::create();
    if (!capturer) return capturer.error();
    auto a = upload(scenes.a);
    if (!a) return a.error();
    auto b = upload(scenes.b);
    if (!b) return b.error();
    auto drift = upload(scenes.drift);
    if (!drift) return drift.error();

    renderer::ShotSpec base;
    base.width = base.height = size;
    base.frame = renderer::FrameTarget::Morphed;
    base.samples = 0;  // small pictures of a shape: single-sampled, as the audit's page
    for (const DiffPictureRow& row : rows) {
        const renderer::GpuScene* gpus[] = {&*a, &*b, &*drift};
        const std::string* names[] = {&row.nameA, &row.nameB, &row.driftTarget};
        for (int k = 0; k < 3; ++k) {
            if (names[k]->empty()) continue;
            renderer::ShotSpec shot = base;
            shot.region = row.region;
            if (k == 2) shot.heatScale = std::max(row.heatScale, 1e-6f);
            auto pose = buildPose(gpus[k]->layout(), {}, 0.0f, alone(*names[k]));
            if (!pose) return pose.error();
            auto image = capturer->capture(*gpus[k], shot, *pose);
            if (!image) return image.error();
            const std::string path = dir + "/" + diffPictureFile(row.stem, k);
            if (auto written = morph::writePngFile(path, *image); !written) return written.error();
        }
    }
    const std::string description = context->description();
    return description.substr(0, description.find(" / "));
}

}  // namespace app
