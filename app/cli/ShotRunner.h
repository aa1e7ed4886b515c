#pragma once
// Renders the shots of a --shots file one by one, each model loaded and uploaded once however
// many shots use it: what `capture --shots` and `regress` share. A model that fails to load fails
// its shots only (the error is kept and given again to each of them).
#include <future>
#include <map>
#include <memory>
#include <string>

#include "app/cli/LookOptions.h"
#include "app/cli/ModelLoader.h"
#include "app/cli/Options.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/ShotsFile.h"
#include "morph/Result.h"
#include "morph/image/ImageFile.h"
#include "renderer/gl/EglContext.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/GpuScene.h"

namespace app {

// The command line's settings, which a shot's own fields override one by one: each value parsed
// once, when the command line is read (SharedOptions.h's addParsedOption).
struct ShotDefaults {
    ModelOptions model;  // the import options of every shot's model (path: capture's MODEL)
    OptionValue<Size> size{"512x512", {512, 512}};
    OptionValue<renderer::CameraView> camera{"front", {}};
    OptionValue<BackgroundChoice> background{"#2e3036", {}};
    OptionValue<renderer::FrameTarget> frame{"all", renderer::FrameTarget::All};
    OptionValue<renderer::MorphPath> morphPath{"auto", renderer::MorphPath::Auto};
    int instances = 1;
    LookOptions look;  // --environment, --exposure, ...
    int scene = -1;    // --scene (-1: the file's default scene)
    OptionValue<renderer::DirectLights> lights{"auto", renderer::DirectLights::Auto};
    std::string variant;  // --variant ("" the file's default materials)
};

// `entry` with `defaults` under it, as drawn: each field the entry leaves unset is the default.
morph::Result<Shot> shotSpec(const ShotDefaults& defaults, const ShotEntry& entry);
// Uploads an imported `scene` (the same budget as its import bounds the GPU bytes), after its
// warnings on stderr; an import error comes back as is.
morph::Result<renderer::GpuScene> uploadScene(const morph::Result<morph::Scene>& scene,
                                              const ModelOptions& model);

// Where a runner's wall-clock time went, in milliseconds (`capture --timings`): each phase less
// the programs its thread built during it, which `compile` counts
// (renderer::threadProgramWork(); the studio light, made on a thread beside, builds its own).
struct RunTimings {
    double import = 0;       // read and decode (on a thread, beside the context) and upload
    double context = 0;      // the EGL context, the capturer and the first shot's target
    double environment = 0;  // the light: read from its cache, prefiltered, or waited for
    double compile = 0;      // every program's expansion, compiles and link
    int programs = 0;        // how many programs were built
    double draw = 0;         // the shots drawn and read back
};

// One image of a shot: a plain shot has one (suffix ""); a clip with frames or a turntable has
// one per time or angle, suffixed "_f00", "_f01", ... (two digits at least).
struct ShotFrame {
    std::string suffix;  // added to the shot's name (and its reference's stem)
    std::string label;   // "t=0.5 s", "azimuth 90", "" for a plain shot
    Shot shot;
};

// "_f00", "_f01", ..., "_f100": frame k's suffix.
std::string frameSuffix(size_t k);

class ShotRunner {
public:
    // Makes the headless context and the capturer. Errors: EGL or shader problems. The defaults'
    // model, when they name one, is imported on a thread meanwhile: reading and decoding a file
    // and making the context take about as long (an avatar on llvmpipe: 80 and 40 ms), and
    // scene() takes it from there.
    static morph::Result<std::unique_ptr<ShotRunner>> start(ShotDefaults defaults);

    // `entry` with the defaults under it, as drawn: a shot file's fields turned into a Shot.
    morph::Result<Shot> spec(const ShotEntry& entry) const;
    // The shot's images: one, or one per clip time or turntable angle (the camera orbiting at
    // 360 * k / N degrees, level).
    morph::Result<std::vector<ShotFrame>> frames(const ShotEntry& entry) const;
    // Draws one shot. Errors name the model ("face.glb: ...") or the field.
    morph::Result<morph::RgbaImage> render(const ShotEntry& entry);
    // The model, loaded and uploaded on first use. Errors name the model.
    morph::Result<const renderer::GpuScene*> scene(const std::string& model);
    // Draws `shot` of the entry's model (clip frames and turntables vary a shot): its light,
    // variant and pose resolved on the model, then captured. Errors name the model and, for what
    // the command line or the shot names, the option ("face.glb: --scene 2: ...").
    morph::Result<morph::RgbaImage> render(const std::string& model, const Shot& shot);
    // The entry's weights naming a target rig logic derives: eval's warning on stderr with the
    // shot's name in front, once for the shot however many frames it has. Nothing when the
    // weights or the model do not read (the shot's own error says why).
    void warnAboutDerivedWeights(const ShotEntry& entry);

    // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    std::string rendererName() const;
    size_t modelsLoaded() const { return mScenes.size(); }
    const ShotDefaults& defaults() const { return mDefaults; }
    const RunTimings& timings() const { return mTimings; }

private:
    ShotRunner(renderer::EglContext context, renderer::Capturer capturer, ShotDefaults defaults);
    // `shot` resolved on `scene`, as the renderer takes it: the light, the variant and the pose.
    // Errors in this order: the light, what the file lacks, the clips, then the weights; each in
    // the command line's words.
    morph::Result<std::vector<morph::NodePose>> resolve(const renderer::GpuScene& scene,
                                                        const Shot& shot, renderer::ShotSpec& spec);

    renderer::EglContext mContext;
    renderer::Capturer mCapturer;
    ShotDefaults mDefaults;
    std::map<std::string, morph::Result<renderer::GpuScene>> mScenes;  // by model path
    std::future<morph::Result<morph::Scene>> mFirstImport;  // the defaults' model, until scene()
    std::shared_ptr<double> mFirstImportMs;  // its time on its thread, set when it is done
    RunTimings mTimings;
};

}  // namespace app
