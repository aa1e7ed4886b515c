// Recording in the window (RecordFeature.h).
#include "app/viewer/record/RecordFeature.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "app/record/Recording.h"

namespace app {

namespace fs = std::filesystem;

RecordFeature::RecordFeature(const FeatureContext& context)
    : ViewerFeature(context), mContext(context.context) {
    mUi.record.ffmpeg = findOnPath("ffmpeg", std::getenv("PATH"));
}

float RecordFeature::fixedStep() const {
    return mRecorder.active() ? frameStep(mUi.record.fps) : 0.0f;
}

void RecordFeature::sceneDrawn(const ViewRegion& view) {
    if (!mRecorder.active() || !mUi.record.viewOnly) return;
    // The 3D view as drawn, before ImGui: its rectangle of the window.
    const morph::RgbaImage image = mContext.readPixels();
    const int x0 = std::clamp(int(view.x), 0, image.width),
              y0 = std::clamp(int(view.y), 0, image.height);
    const int w = std::clamp(int(view.width), 1, image.width - x0),
              h = std::clamp(int(view.height), 1, image.height - y0);
    morph::RgbaImage crop;
    crop.width = w;
    crop.height = h;
    crop.pixels.resize(size_t(w) * size_t(h) * 4);
    for (int y = 0; y < h; ++y) {
        std::copy_n(image.pixels.begin() +
                        ptrdiff_t((size_t(y0 + y) * size_t(image.width) + size_t(x0)) * 4),
                    size_t(w) * 4, crop.pixels.begin() + ptrdiff_t(size_t(y) * size_t(w) * 4));
    }
    record(std::move(crop));
}

void RecordFeature::frameDrawn(FrameTimes& /*times*/) {
    if (!mRecorder.active() || mUi.record.viewOnly) return;
    record(mContext.readPixels());
}

void RecordFeature::record(morph::RgbaImage image) {
    RecordUi& rec = mUi.record;
    if (auto added = mRecorder.addFrame(evenSized(image)); !added) {
        showError(mUi, added.error().message);
        if (!mRecorder.active() || added.error().message.find("size changed") != std::string::npos)
            toggle();
    }
    rec.frames = mRecorder.frames();
    if (!rec.ffmpeg.empty() && rec.frames > 0 && !mRecorder.writesVideo()) rec.ffmpeg.clear();
}

void RecordFeature::afterFrame(const ScriptStep& /*scripted*/) {
    if (!mUi.requests.toggleRecording) return;
    mUi.requests.toggleRecording = false;
    toggle();
}

void RecordFeature::addMotion(Motion& motion) const {
    if (mRecorder.active()) motion.moving = true;
}

void RecordFeature::end() {
    if (mRecorder.active()) toggle();
}

void RecordFeature::toggle() {
    RecordUi& rec = mUi.record;
    if (mRecorder.active()) {
        const bool video = mRecorder.writesVideo();
        const size_t frames = mRecorder.frames();
        if (auto stopped = mRecorder.stop(); !stopped) {
            showError(mUi, stopped.error().message);
        } else {
            showMessage(mUi,
                        "recorded " + std::to_string(frames) + " frames to " + rec.folder +
                            (video ? " (+ recording.mp4)" : " (PNG only: ffmpeg not on PATH)"));
        }
        rec.active = false;
        return;
    }
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    std::tm local{};
    localtime_r(&seconds, &local);
    const int millis =
        int(std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
            1000);
    rec.folder = recordingFolderName(local, millis);
    // A scene clip that names its sound (speak's speech.glb) has it in the MP4, from the
    // clip's time now.
    const ClipRef clip = mDoc.state.playback.clip;
    const std::string audio =
        mDoc.loaded && clip.kind == ClipKind::Scene
            ? clipAudioPath(mDoc.model.path, clipName(mDoc.scene, mDoc.state, clip))
            : "";
    if (auto started = mRecorder.start(rec.folder, rec.fps, rec.ffmpeg, "recording.mp4", audio,
                                       mDoc.state.playback.time);
        !started) {
        showError(mUi, started.error().message);
        return;
    }
    rec.active = true;
    rec.frames = 0;
    showMessage(mUi, "recording to " + rec.folder + " at " + std::to_string(rec.fps) + " fps" +
                         (rec.ffmpeg.empty() ? " (ffmpeg not on PATH: PNG frames only)"
                          : audio.empty()
                              ? " (PNG + MP4)"
                              : " (PNG + MP4 with " + fs::path(audio).filename().string() + ")"));
}

}  // namespace app
