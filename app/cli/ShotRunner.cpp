#include "app/cli/ShotRunner.h"

#include <cstdio>
#include <utility>

#include "app/cli/Options.h"
#include "app/live/LiveRecording.h"

namespace app {

morph::Result<renderer::ShotSpec> makeShot(const std::string& size, const std::string& camera,
                                           const std::string& background,
                                           const std::string& frame) {
    renderer::ShotSpec shot;
    auto parsedFrame = parseFrameTarget(frame);
    if (!parsedFrame) return parsedFrame.error();
    shot.frame = *parsedFrame;
    auto parsedSize = parseSize(size);
    if (!parsedSize) return parsedSize.error();
    if (auto parsed = parseBackgroundInto(background, shot); !parsed) return parsed.error();
    auto view = parseCameraView(camera);
    if (!view) return view.error();
    shot.width = parsedSize->first;
    shot.height = parsedSize->second;
    shot.camera = *view;
    return shot;
}

morph::Result<renderer::GpuScene> uploadScene(const morph::Result<morph::Scene>& scene,
                                              const ModelOptions& model) {
    if (!scene) return scene.error();
    printWarnings(*scene);
    renderer::UploadOptions upload;
    upload.maxBytes = model.maxMemoryBytes;  // the same budget bounds GPU bytes
    return renderer::GpuScene::upload(*scene, upload);
}

ShotRunner::ShotRunner(renderer::EglContext context, renderer::Capturer capturer,
                       ShotDefaults defaults)
    : mContext(std::move(context)),
      mCapturer(std::move(capturer)),
      mDefaults(std::move(defaults)) {}

morph::Result<std::unique_ptr<ShotRunner>> ShotRunner::start(ShotDefaults defaults) {
    std::future<morph::Result<morph::Scene>> firstImport;
    if (!defaults.model.path.empty()) {
        firstImport =
            std::async(std::launch::async, [model = defaults.model] { return loadModel(model); });
    }
    auto context = renderer::EglContext::create();
    if (!context) return context.error();
    auto capturer = renderer::Capturer::create();
    if (!capturer) return capturer.error();
    std::unique_ptr<ShotRunner> runner(new ShotRunner(
        std::move(context).value(), std::move(capturer).value(), std::move(defaults)));
    // While the import runs: the light and the target of the command line's shot (the light read
    // from its cache or made, 20 ms; the target 12 ms at 800 x 800).
    if (firstImport.valid()) {
        if (auto shot = shotSpec(runner->mDefaults, ShotEntry{})) runner->mCapturer.prepare(*shot);
    }
    runner->mFirstImport = std::move(firstImport);
    return runner;
}

morph::Result<renderer::ShotSpec> ShotRunner::spec(const ShotEntry& entry) const {
    return shotSpec(mDefaults, entry);
}

morph::Result<renderer::ShotSpec> shotSpec(const ShotDefaults& defaults, const ShotEntry& entry) {
    auto shot = makeShot(entry.size.value_or(defaults.size), entry.camera.value_or(defaults.camera),
                         entry.background.value_or(defaults.background),
                         entry.frame.value_or(defaults.frame));
    if (!shot) return shot.error();
    shot->weights = entry.weights;
    shot->animation = entry.animation;
    shot->animations = entry.animations;
    shot->time = entry.time;
    if (!entry.stream.empty()) {  // as `capture --replay STREAM --time T`
        auto weights = live::replayWeightSpec(entry.stream, entry.time);
        if (!weights) return weights.error();
        shot->weights = std::move(weights).value();
        shot->time = 0;
    }
    shot->morphPath =
        renderer::parseMorphPath(defaults.morphPath).value_or(renderer::MorphPath::Auto);
    shot->instances = defaults.instances;
    shot->environment = entry.environment.value_or(defaults.look.environment);
    shot->environmentRotation =
        entry.environmentRotation.value_or(defaults.look.environmentRotation);
    shot->exposure = entry.exposure.value_or(defaults.look.exposure);
    auto toneMapping = parseToneMapping(entry.toneMapping.value_or(defaults.look.toneMapping));
    if (!toneMapping) return toneMapping.error();
    shot->toneMapping = *toneMapping;
    shot->scene = entry.scene.value_or(defaults.scene);
    auto lights = parseDirectLights(entry.lights.value_or(defaults.lights));
    if (!lights) return lights.error();
    shot->lights = *lights;
    shot->variant = entry.variant.value_or(defaults.variant);
    return shot;
}

std::string frameSuffix(size_t k) {
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, "_f%02zu", k);
    return suffix;
}

morph::Result<std::vector<ShotFrame>> ShotRunner::frames(const ShotEntry& entry) const {
    auto base = spec(entry);
    if (!base) return base.error();
    const size_t count = entry.turntable > 0 ? size_t(entry.turntable) : entry.frames.size();
    if (count == 0) return std::vector<ShotFrame>{ShotFrame{"", "", *base}};
    std::vector<ShotFrame> frames;
    for (size_t k = 0; k < count; ++k) {
        ShotFrame frame{frameSuffix(k), "", *base};
        if (entry.turntable > 0) {
            const double azimuth = 360.0 * double(k) / double(count);
            char camera[32];
            std::snprintf(camera, sizeof camera, "orbit:%g,0", azimuth);
            // Through the text, so the angle is the one the label and the report name.
            auto view = parseCameraView(camera);
            if (!view) return view.error();
            frame.spec.camera = *view;
            frame.label = "azimuth " + std::string(camera + 6);
            frame.label = frame.label.substr(0, frame.label.find(','));
        } else {
            frame.spec.time = entry.frames[k];
            char label[32];
            std::snprintf(label, sizeof label, "t=%g s", double(entry.frames[k]));
            frame.label = label;
        }
        frames.push_back(std::move(frame));
    }
    return frames;
}

morph::Result<morph::RgbaImage> ShotRunner::render(const ShotEntry& entry) {
    auto shot = spec(entry);
    if (!shot) return shot.error();
    return render(entry.model, *shot);
}

morph::Result<const renderer::GpuScene*> ShotRunner::scene(const std::string& model) {
    auto found = mScenes.find(model);
    if (found == mScenes.end()) {
        ModelOptions options = mDefaults.model;
        options.path = model;
        const bool first = mFirstImport.valid() && model == mDefaults.model.path;
        found = mScenes
                    .emplace(model,
                             uploadScene(first ? mFirstImport.get() : loadModel(options), options))
                    .first;
    }
    if (!found->second) return found->second.error();
    return &*found->second;
}

morph::Status ShotRunner::check(const renderer::GpuScene& scene, const renderer::ShotSpec& spec) {
    // In the order capture() looks: the light, what the file lacks, then the clips.
    if (auto light = mCapturer.environment(spec.environment); !light) return light.error();
    if (auto checked = app::checkShot(scene.layout(), spec); !checked) return checked;
    return checkAnimation(scene.layout(), spec);
}

morph::Result<morph::RgbaImage> ShotRunner::render(const std::string& model,
                                                   const renderer::ShotSpec& spec) {
    auto scene = this->scene(model);
    if (!scene) return scene.error();
    auto named = [&](const morph::Error& error) {
        return morph::Error{error.code, model + ": " + error.message};
    };
    if (auto checked = check(**scene, spec); !checked) return named(checked.error());
    auto image = mCapturer.capture(**scene, spec);
    if (!image) return named(image.error());
    return image;
}

std::string ShotRunner::rendererName() const {
    // description() is "RENDERER / VERSION".
    const std::string description = mContext.description();
    return description.substr(0, description.find(" / "));
}

}  // namespace app
