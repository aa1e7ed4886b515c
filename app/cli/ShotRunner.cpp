#include "app/cli/ShotRunner.h"

#include <cstdio>
#include <utility>

#include "app/cli/Options.h"
#include "app/live/LiveRecording.h"
#include "morph/edit/WeightSpec.h"
#include "renderer/gl/Timing.h"

namespace app {

namespace {

// The entry's text for `option` parsed (the shots file keeps it as text, so a bad one fails its
// shot alone), else the command line's value.
template <typename T>
morph::Result<T> entryOr(const SharedOption<T>& option, const std::optional<std::string>& text,
                         const OptionValue<T>& fallback) {
    if (!text) return fallback.value;
    return option.parse(*text);
}

// How the entry is seen: its frame, size, background and camera, in the order their errors are
// reported. Errors name the option ("--size: '512' is not WxH").
morph::Result<renderer::ShotSpec> entryView(const ShotDefaults& defaults, const ShotEntry& entry) {
    renderer::ShotSpec shot;
    shot.frame = entry.frame.value_or(defaults.frame.value);
    auto size = entryOr(kSizeOption, entry.size, defaults.size);
    if (!size) return size.error();
    auto background = entryOr(kBackgroundOption, entry.background, defaults.background);
    if (!background) return background.error();
    auto view = entryOr(kCameraOption, entry.camera, defaults.camera);
    if (!view) return view.error();
    shot.width = size->first;
    shot.height = size->second;
    applyBackground(*background, shot);
    shot.camera = *view;
    return shot;
}

// Runs `work`, adding its wall time less the programs this thread built meanwhile to `phase`,
// and those programs to the timings' compile (a light made beside builds its own elsewhere).
template <typename Work>
auto timed(RunTimings& timings, double& phase, Work&& work) {
    const renderer::ProgramWork before = renderer::threadProgramWork();
    const renderer::Stopwatch clock;
    auto result = work();
    const double wall = clock.ms();
    const renderer::ProgramWork after = renderer::threadProgramWork();
    phase += wall - (after.ms - before.ms);
    timings.compile += after.ms - before.ms;
    timings.programs += after.programs - before.programs;
    return result;
}

}  // namespace

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
    renderer::useQuickShaderCompile();  // a few pictures: compiling is most of a cold run
    std::future<morph::Result<morph::Scene>> firstImport;
    auto importMs = std::make_shared<double>(0);
    if (!defaults.model.path.empty()) {
        firstImport = std::async(std::launch::async, [model = defaults.model, importMs] {
            const renderer::Stopwatch clock;
            auto scene = loadModel(model);
            *importMs = clock.ms();  // read after the future's get()
            return scene;
        });
    }
    RunTimings timings;
    auto context = timed(timings, timings.context, [] { return renderer::EglContext::create(); });
    if (!context) return context.error();
    auto capturer = timed(timings, timings.context, [] { return renderer::Capturer::create(); });
    if (!capturer) return capturer.error();
    std::unique_ptr<ShotRunner> runner(new ShotRunner(
        std::move(context).value(), std::move(capturer).value(), std::move(defaults)));
    // While the import runs: the light and the target of the command line's shot (the light read
    // from its cache or made, 20 ms; the target 12 ms at 800 x 800). The built-in studio, which
    // cannot fail, is made on a thread of its own: when the cache misses, its 0.4 s of
    // prefiltering overlaps the import and the compiles.
    if (firstImport.valid()) {
        if (auto shot = shotSpec(runner->mDefaults, ShotEntry{})) {
            renderer::Capturer& capturer = runner->mCapturer;
            const bool beside = shot->environment == renderer::kStudioEnvironment &&
                                capturer.environmentBeside(shot->environment, runner->mContext);
            if (!beside) {
                (void)timed(timings, timings.environment,
                            [&] { return capturer.environment(shot->environment); });
            }
            (void)timed(timings, timings.context, [&] {
                capturer.prepare(shot->spec);
                return 0;
            });
        }
    }
    runner->mFirstImport = std::move(firstImport);
    runner->mFirstImportMs = std::move(importMs);
    runner->mTimings = timings;
    return runner;
}

morph::Result<Shot> ShotRunner::spec(const ShotEntry& entry) const {
    return shotSpec(mDefaults, entry);
}

namespace {

// The entry's pose: its weights, clips and time, or its stream's weights as data (as
// `capture --replay STREAM --time T`).
morph::Result<ShotPose> entryPose(const ShotEntry& entry) {
    ShotPose pose;
    pose.animation = entry.animation;
    pose.animations = entry.animations;
    pose.time = entry.time;
    pose.weights = entry.weights;
    if (!entry.stream.empty()) {
        auto weights = live::replayWeights(entry.stream, entry.time);
        if (!weights) return weights.error();
        pose.weights.clear();
        pose.weightItems = std::move(weights).value();
        pose.time = 0;
    }
    return pose;
}

}  // namespace

morph::Result<Shot> shotSpec(const ShotDefaults& defaults, const ShotEntry& entry) {
    auto view = entryView(defaults, entry);
    if (!view) return view.error();
    auto pose = entryPose(entry);
    if (!pose) return pose.error();
    Shot out{std::move(view).value(), std::move(pose).value()};
    renderer::ShotSpec& shot = out.spec;
    shot.morphPath = defaults.morphPath.value;
    shot.instances = defaults.instances;
    out.environment = entry.environment.value_or(defaults.look.environment);
    shot.environmentRotation =
        entry.environmentRotation.value_or(defaults.look.environmentRotation);
    shot.exposure = entry.exposure.value_or(defaults.look.exposure);
    shot.toneMapping = entry.toneMapping.value_or(defaults.look.tone);
    shot.scene = entry.scene.value_or(defaults.scene);
    shot.lights = entry.lights.value_or(defaults.lights.value);
    out.variant = entry.variant.value_or(defaults.variant);
    return out;
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
            // The angle as the label and the report name it.
            auto [view, degrees] = levelOrbit(azimuth);
            frame.shot.spec.camera = view;
            frame.label = "azimuth " + degrees;
        } else {
            frame.shot.pose.time = entry.frames[k];
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
        auto imported = first
                            ? mFirstImport.get()
                            : timed(mTimings, mTimings.import, [&] { return loadModel(options); });
        // The first import ran on its thread: its own time counts, not the wait for it.
        if (first) mTimings.import += *mFirstImportMs;
        auto uploaded =
            timed(mTimings, mTimings.import, [&] { return uploadScene(imported, options); });
        found = mScenes.emplace(model, std::move(uploaded)).first;
    }
    if (!found->second) return found->second.error();
    return &*found->second;
}

morph::Result<std::vector<morph::NodePose>> ShotRunner::resolve(const renderer::GpuScene& scene,
                                                                const Shot& shot,
                                                                renderer::ShotSpec& spec) {
    auto light = timed(mTimings, mTimings.environment,
                       [&] { return mCapturer.environment(shot.environment); });
    if (!light) return light.error();
    if (auto checked = app::checkShot(scene.layout(), shot); !checked) return checked.error();
    if (auto clips = checkAnimation(scene.layout(), shot.pose); !clips) return clips.error();
    spec = shot.spec;
    spec.environment = *light;
    spec.variant = morph::findVariant(scene.layout(), shot.variant).value();  // checked
    return shotPose(scene.layout(), shot.pose);
}

morph::Result<morph::RgbaImage> ShotRunner::render(const std::string& model, const Shot& shot) {
    auto scene = this->scene(model);
    if (!scene) return scene.error();
    auto named = [&](const morph::Error& error) {
        return morph::Error{error.code, model + ": " + error.message};
    };
    renderer::ShotSpec spec;
    auto pose = resolve(**scene, shot, spec);
    if (!pose) return named(pose.error());
    const double waited = mCapturer.lightWaitMs();
    auto image =
        timed(mTimings, mTimings.draw, [&] { return mCapturer.capture(**scene, spec, *pose); });
    // Waiting for a light made beside is the light's time, not the drawing's.
    mTimings.draw -= mCapturer.lightWaitMs() - waited;
    mTimings.environment += mCapturer.lightWaitMs() - waited;
    if (!image) return named(image.error());
    return image;
}

void ShotRunner::warnAboutDerivedWeights(const ShotEntry& entry) {
    if (entry.weights.empty()) return;
    auto weights = morph::parseWeightSpec(entry.weights);
    if (!weights) return;
    auto scene = this->scene(entry.model);
    if (!scene) return;
    app::warnAboutDerivedWeights((*scene)->layout(), *weights, entry.name);
}

std::string ShotRunner::rendererName() const {
    // description() is "RENDERER / VERSION".
    const std::string description = mContext.description();
    return description.substr(0, description.find(" / "));
}

}  // namespace app
