#include "app/shots/AuditPictures.h"

#include <algorithm>
#include <utility>

#include "app/shots/ShotPose.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"
#include "morph/edit/RayCast.h"
#include "morph/edit/WeightSpec.h"
#include "morph/image/ImageFile.h"
#include "renderer/gl/EglContext.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/GpuScene.h"

namespace app {

namespace {

// What a row's pictures frame and how its heat map is scaled.
struct TargetView {
    renderer::Aabb region;  // the vertices the target moves, placed at weight 0 and at 1
    float heatScale = 0;    // its largest displacement (world units)
};

// Every target at 0, then `name` at `weight`: the target alone, whatever the file's defaults.
std::vector<morph::WeightAssignment> alone(const std::string& name, float weight) {
    std::vector<morph::WeightAssignment> items(1);
    items[0].kind = morph::WeightAssignment::Kind::All;
    if (weight != 0) {
        morph::WeightAssignment item;
        item.name = name;
        item.value = weight;
        items.push_back(item);
    }
    return items;
}

morph::FramePose frameAlone(const morph::Scene& scene, const std::string& name, float weight) {
    auto pose = buildPose(scene, {}, 0.0f, alone(name, weight));
    // A file without targets has nothing for "*" to set: its rest pose is the answer.
    return morph::resolveFrame(scene, pose ? std::move(pose).value() : morph::restPose(scene));
}

// The target's region where the default scene draws it: each vertex it moves, placed (morphed,
// skinned, moved by its node) at weight 0 and at 1. Invalid when it moves nothing there.
TargetView targetView(const morph::Scene& scene, const renderer::GpuScene& gpu,
                      const morph::FramePose& rest, const std::string& name) {
    const morph::FramePose moved = frameAlone(scene, name, 1.0f);
    TargetView view;
    for (int node : gpu.nodes()) {
        const int meshIndex = scene.nodes[size_t(node)].mesh;
        if (meshIndex < 0) continue;
        const morph::Mesh& mesh = scene.meshes[size_t(meshIndex)];
        const auto at = std::find(mesh.targetNames.begin(), mesh.targetNames.end(), name);
        if (at == mesh.targetNames.end()) continue;
        const size_t t = size_t(at - mesh.targetNames.begin());
        const glm::mat3 linear(rest.world[size_t(node)]);
        for (const morph::Primitive& primitive : mesh.primitives) {
            if (t >= primitive.targets.size()) continue;
            primitive.targets[t].forEach(
                morph::MorphChannel::Position, [&](uint32_t v, const glm::vec4& delta) {
                    if (glm::vec3(delta) == glm::vec3(0.0f)) return;
                    view.region.extend(morph::placedPosition(scene, rest, node, primitive, v));
                    view.region.extend(morph::placedPosition(scene, moved, node, primitive, v));
                    view.heatScale =
                        std::max(view.heatScale, glm::length(linear * glm::vec3(delta)));
                });
        }
    }
    return view;
}

bool foundDead(const audit::PageRow& row) {
    return std::any_of(row.findings.begin(), row.findings.end(),
                       [](const morph::Finding& f) { return f.check == "dead"; });
}

struct Drawing {
    renderer::Capturer& capturer;
    const renderer::GpuScene& gpu;
    renderer::ShotSpec base;  // size, framing, light: every picture's
    std::string dir;
};

// The row's three pictures. A picture that cannot be drawn turns the row into a note; a file
// that cannot be written is the error.
morph::Status drawRow(Drawing& drawing, const TargetView& view, audit::PageRow& row) {
    std::vector<morph::RgbaImage> images;
    for (int k = 0; k < audit::kPictureCount; ++k) {
        renderer::ShotSpec shot = drawing.base;
        shot.region = view.region;
        if (k == 2) shot.heatScale = std::max(view.heatScale, 1e-6f);
        auto pose =
            buildPose(drawing.gpu.layout(), {}, 0.0f, alone(row.target, k == 0 ? 0.0f : 1.0f));
        auto image = pose ? drawing.capturer.capture(drawing.gpu, shot, *pose)
                          : morph::Result<morph::RgbaImage>(pose.error());
        if (!image) {
            row.note = "no pictures: " + image.error().message;
            row.pictures.clear();
            return {};
        }
        images.push_back(std::move(image).value());
    }
    for (int k = 0; k < audit::kPictureCount; ++k) {
        const std::string path = drawing.dir + "/" + audit::pictureFile(row.pictures, k);
        if (auto written = morph::writePngFile(path, images[size_t(k)]); !written)
            return written.error();
    }
    row.heatScale = view.heatScale;
    return {};
}

}  // namespace

morph::Result<std::string> drawAuditPictures(std::shared_ptr<const morph::Scene> scene,
                                             const AuditPictureOptions& options,
                                             std::vector<audit::PageRow>& rows) {
    renderer::useQuickShaderCompile();
    auto context = renderer::EglContext::create();
    if (!context) return context.error();
    auto capturer = renderer::Capturer::create();
    if (!capturer) return capturer.error();
    auto gpu = renderer::GpuScene::upload(scene);
    if (!gpu) return morph::Error{gpu.error().code, scene->path + ": " + gpu.error().message};

    Drawing drawing{*capturer, *gpu, {}, options.dir};
    drawing.base.width = drawing.base.height = options.size;
    drawing.base.frame = renderer::FrameTarget::Morphed;
    // Single-sampled: on llvmpipe it halves the page's time (50,000 vertices x 300 targets: 10
    // CPU-seconds for 60 targets' pictures with 4 samples, 5.6 without), and small pictures of a
    // shape need no smoothed edges.
    drawing.base.samples = 0;
    const morph::FramePose rest = frameAlone(*scene, "", 0.0f);
    for (audit::PageRow& row : rows) {
        if (row.pictures.empty()) continue;
        const TargetView view =
            foundDead(row) ? TargetView{} : targetView(*scene, *gpu, rest, row.target);
        if (!view.region.valid) {
            row.note = foundDead(row) ? "moves no vertex (dead): no pictures"
                                      : "moves no vertex where the scene draws it: no pictures";
            row.pictures.clear();
            continue;
        }
        if (auto drawn = drawRow(drawing, view, row); !drawn) return drawn.error();
    }
    const std::string description = context->description();
    return description.substr(0, description.find(" / "));
}

}  // namespace app
