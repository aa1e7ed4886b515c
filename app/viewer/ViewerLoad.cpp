// What the window loads: models (read on BackgroundLoad's worker, uploaded here on the GL thread;
// the current model stays until the new one is ready, and stays when it fails), the command
// line's start options applied to the first model, lights (an .hdr prefiltered on first use), and
// what a dropped file or a panel's request opens.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "app/document/ViewerStateExpressions.h"
#include "app/document/WeightLayers.h"
#include "app/viewer/ViewerWindow.h"
#include "morph/anim/ClipSelection.h"
#include "morph/edit/WeightSpec.h"

namespace app {

morph::Status ViewerWindow::openFirstModel() {
    mDoc.model = mOptions.model;
    if (!mLoad->busy()) {  // firstModelRequest found no model
        showError(mUi, "viewer: the bundled assets/face.glb was not found; open a model");
        return {};
    }
    if (!reproducible()) {
        // The window opens at once and shows the load's progress; the start options wait.
        mPendingStart = StartOptions{mOptions.weights, mOptions.animation, mOptions.time,
                                     mOptions.scene, mOptions.variant};
        return {};
    }
    std::optional<BackgroundLoad::Loaded> loaded = mLoad->wait();
    if (!loaded || !finishOpen(std::move(*loaded))) {
        // finishOpen keeps only the message (the panel shows it): the model could not be opened.
        return morph::Error{morph::ErrorCode::Io, mUi.error};
    }
    return applyStartOptions(mDoc, mOptions.weights, mOptions.animation, mOptions.time,
                             mOptions.scene, mOptions.variant);
}

void ViewerWindow::openModel(const std::string& path, bool keepState) {
    const ModelOptions& base =
        mDoc.loaded || !mDoc.model.path.empty() ? mDoc.model : mOptions.model;
    mLoad->start(modelRequest(base, path, mOptions.model, keepState));
}

void ViewerWindow::pollLoad() {
    if (std::optional<BackgroundLoad::Loaded> loaded = mLoad->poll(mUi.loading))
        finishOpen(std::move(*loaded));
}

bool ViewerWindow::finishOpen(BackgroundLoad::Loaded loaded) {
    const ModelOptions& model = loaded.request.model;
    const std::string& path = model.path;
    const bool keepState = loaded.request.keepState;
    morph::Result<morph::Scene>& scene = loaded.scene;
    if (!scene) {  // the model shown stays
        showError(mUi, scene.error().message);
        mPendingStart.reset();  // they were meant for this file
        return false;
    }
    renderer::UploadOptions upload;
    upload.maxBytes = model.maxMemoryBytes;  // the same budget bounds GPU bytes
    auto gpu = renderer::GpuScene::upload(*scene, upload);
    if (!gpu) {
        showError(mUi, gpu.error().message);  // names the file already
        return false;
    }
    for (const std::string& warning : scene->warnings)
        std::fprintf(stderr, "warning: %s\n", warning.c_str());

    ViewerState state = openedState(*scene, keepState);
    mDoc.model = model;
    mDoc.scene = std::move(scene).value();
    mDoc.gpu = std::move(gpu).value();
    mDoc.state = std::move(state);
    mDoc.audit = std::move(loaded.audit);
    mDoc.loaded = true;
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) {
        if (const char* layer = feature->layerName()) externalLayer(mDoc.state, layer);
        feature->modelChanged();
    }
    refreshFrame(mDoc);          // whatever reads the frame before the next one reads this scene's
    mUi.inspect.picked = false;  // its indices belong to the previous scene
    if (!keepState) mUi.fileCamera = -1;  // another file's cameras
    mUi.error.clear();
    measureMorphMemory(mDoc, mUi.stats);
    showMessage(mUi, (keepState ? "reloaded " : "opened ") + path);
    if (mPendingStart) {  // the command line's --weights/--animation, for its first model
        const StartOptions start = std::move(*mPendingStart);
        mPendingStart.reset();
        if (auto applied = applyStartOptions(mDoc, start.weights, start.animation, start.time,
                                             start.scene, start.variant);
            !applied) {
            showError(mUi, applied.error().message);
        }
    }
    // A recovery's message is the last one shown.
    for (const std::unique_ptr<ViewerFeature>& feature : mFeatures) feature->opened(keepState);
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    addRecentFile(mSettings, ec ? path : absolute);
    mUi.recentFiles = mSettings.recentFiles;
    saveSettings();
    return true;
}

ViewerState ViewerWindow::openedState(const morph::Scene& scene, bool keepState) {
    if (keepState && mDoc.loaded) return remapState(mDoc.state, mDoc.scene, scene);
    ViewerState state = makeViewerState(scene);
    applySettings(state, mSettings);
    // User clips and presets are stored by target name: they carry over to the next model.
    state.userClips = std::move(mDoc.state.userClips);
    state.presets = std::move(mDoc.state.presets);
    state.abPresets = mDoc.state.abPresets;
    state.abActive = mDoc.state.abActive;
    mUi.curveTargets.clear();
    mUi.selectedKey = -1;
    mNeedsFraming = true;
    return state;
}

bool ViewerWindow::useEnvironment(const std::string& spec) {
    const bool beside = mLightBeside && mLightBeside->spec() == spec;
    if (spec == renderer::kRigLighting || mEnvironments.count(spec) || beside) {
        mUi.environment = spec;
        return true;
    }
    auto loaded = renderer::GpuEnvironment::load(spec);
    if (!loaded) {
        showError(mUi, loaded.error().message);
        return false;
    }
    mEnvironments.emplace(spec, std::move(loaded).value());
    mUi.environment = spec;
    return true;
}

bool ViewerWindow::startEnvironment(const std::string& spec) {
    // The built-in studio, which cannot fail, is made on a thread beside: with a cold cache its
    // 0.4 s of prefiltering overlaps the first frame's compiles instead of coming before them.
    if (spec != renderer::kStudioEnvironment || mEnvironments.count(spec) ||
        !mContext.openShared()) {
        return useEnvironment(spec);
    }
    const GlfwContext* context = &mContext;
    mLightBeside = std::make_unique<renderer::LightBeside>(
        spec, renderer::ShaderLibrary(), [context] { return context->makeSharedCurrent(); },
        [context] { context->releaseShared(); });
    mUi.environment = spec;
    return true;
}

void ViewerWindow::takeDroppedFiles() {
    ViewerRequests& r = mUi.requests;
    // A file a feature takes is its own (a .wav: a line to say); else an .hdr is a light,
    // anything else a model; of several files, the last of each.
    for (const std::string& path : mDropped) {
        const bool taken =
            std::any_of(mFeatures.begin(), mFeatures.end(),
                        [&](const auto& feature) { return feature->takeDrop(path); });
        if (taken) continue;
        std::string ext = std::filesystem::path(path).extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        (ext == ".hdr" ? r.environment : r.open) = path;
    }
    mDropped.clear();
}

// The light, the model, the scene and the variant.
void ViewerWindow::handleDocumentRequests() {
    ViewerRequests& r = mUi.requests;
    if (r.environment) {
        const std::string spec = *r.environment;
        r.environment.reset();
        if (useEnvironment(spec)) mView.invalidate();
    }
    if (r.open) {
        const std::string path = *r.open;
        r.open.reset();
        openModel(path, false);
    }
    if (r.reload) {
        r.reload = false;
        if (mDoc.loaded) openModel(mDoc.model.path, true);
    }
    if (r.reloadFrom) {  // the Rig menu's result, shown as the open file with its state kept
        if (mDoc.loaded) mLoad->start(BackgroundLoad::Request{mDoc.model, true, *r.reloadFrom});
        r.reloadFrom.reset();
    }
    if (r.scene) {
        if (mDoc.loaded) {
            mDoc.state.scene = *r.scene;
            ++mDoc.state.revision;
            refreshFrame(mDoc);
            mUi.inspect.picked = false;  // a vertex of the other scene
            if (mUi.fileCamera < 0) r.frame = mUi.framing;
        }
        r.scene.reset();
    }
    if (r.toggleRigLogic) {
        mDoc.state.rigLogic = !mDoc.state.rigLogic;
        ++mDoc.state.revision;
        if (mDoc.loaded) refreshFrame(mDoc);
        r.toggleRigLogic = false;
    }
    if (r.variant) {
        // Only the material each draw binds changes: nothing is uploaded or morphed again.
        if (mDoc.loaded) mDoc.state.variant = *r.variant;
        r.variant.reset();
    }
}

morph::Status applyStartOptions(ViewerDocument& doc, const std::string& weights,
                                const std::string& animation, float time, int scene,
                                const std::string& variant) {
    if (!doc.loaded) return {};
    if (!variant.empty()) {
        auto found = morph::findVariant(doc.scene, variant);
        if (!found) return found.error();
        doc.state.variant = *found;
    }
    if (scene >= 0) {
        const size_t scenes = doc.scene.scenes.size();
        if (size_t(scene) >= scenes) {
            return morph::Error{morph::ErrorCode::Usage,
                                "--scene " + std::to_string(scene) + ": " + doc.model.path +
                                    (scenes == 0 ? std::string(" has no scenes")
                                                 : " has " + std::to_string(scenes) + " scene" +
                                                       (scenes == 1 ? "" : "s") + " (0 to " +
                                                       std::to_string(scenes - 1) + ")")};
        }
        doc.state.scene = scene;
        ++doc.state.revision;
        refreshFrame(doc);
    }
    if (!weights.empty()) {
        auto spec = morph::parseWeightSpec(weights);
        if (!spec) return spec.error();
        for (const morph::WeightAssignment& a : *spec) {
            if (a.kind == morph::WeightAssignment::Kind::Expression) {
                if (setExpressionWeight(doc.state, doc.scene, a.name, a.value)) continue;
                return morph::Error{
                    morph::ErrorCode::Usage,
                    "--weights: no VRM expression named '" + a.name + "' in " + doc.model.path};
            }
            bool matched = false;
            for (size_t m = 0; m < doc.scene.meshes.size() && m < doc.state.meshes.size(); ++m) {
                const std::vector<std::string>& names = doc.scene.meshes[m].targetNames;
                std::vector<TargetState>& targets = doc.state.meshes[m].targets;
                for (size_t t = 0; t < names.size() && t < targets.size(); ++t) {
                    const bool hit =
                        a.kind == morph::WeightAssignment::Kind::All ||
                        (a.kind == morph::WeightAssignment::Kind::Name && names[t] == a.name) ||
                        (a.kind == morph::WeightAssignment::Kind::Index && t == a.index);
                    if (!hit) continue;
                    targets[t].overridden = true;
                    targets[t].value = a.value;
                    matched = true;
                }
            }
            if (!matched) {
                const std::string item = a.kind == morph::WeightAssignment::Kind::Index
                                             ? std::to_string(a.index)
                                             : a.name;
                return morph::Error{
                    morph::ErrorCode::Usage,
                    "--weights: no mesh of " + doc.model.path + " has a target '" + item + "'"};
            }
        }
    }
    if (!animation.empty()) {
        // As eval and capture take it: a name, an index, all, or a comma list.
        const morph::ClipSelection selection = morph::selectAnimations(doc.scene, animation);
        if (!selection.ok() || selection.clips.empty())
            return morph::Error{morph::ErrorCode::Usage, "--animation: no clip '" +
                                                             selection.unknown.value_or(animation) +
                                                             "' in " + doc.model.path};
        if (selection.clips.size() == 1) {
            selectClip(doc.state, doc.scene, {ClipKind::Scene, int(selection.clips.front())});
        } else {
            std::vector<ClipRef> clips;
            for (size_t clip : selection.clips) clips.push_back({ClipKind::Scene, int(clip)});
            playTogether(doc.state, doc.scene, clips);
        }
        scrub(doc.state, doc.scene, time);
    }
    return {};
}

}  // namespace app
