// A live voice in the window (VoiceFeature.h).
#include "app/viewer/voice/VoiceFeature.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "app/document/WeightLayers.h"
#include "app/viewer/script/ViewerScript.h"
#include "app/voice/VoiceProfileFile.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace app {

namespace {

// The scene's target names, every mesh, each once: the names faceVisemes reads.
std::vector<std::string> targetNames(const morph::Scene& scene) {
    std::vector<std::string> names;
    for (const morph::Mesh& mesh : scene.meshes) {
        for (const std::string& name : mesh.targetNames) {
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        }
    }
    return names;
}

bool hasNetworkSource(const std::vector<std::string>& listen) {
    return std::any_of(listen.begin(), listen.end(),
                       [](const std::string& text) { return !voice::isAudioListenSpec(text); });
}

}  // namespace

VoiceFeature::~VoiceFeature() {
    end();
}

void VoiceFeature::fail(const std::string& message) {
    showError(mUi, message);  // on stderr too
}

void VoiceFeature::mapTargets() {
    mTargets.clear();
    if (!mSession) return;
    for (size_t m = 0; m < mDoc.scene.meshes.size(); ++m) {
        const std::vector<std::string>& names = mDoc.scene.meshes[m].targetNames;
        for (size_t t = 0; t < names.size(); ++t) {
            if (mSession->weights().count(names[t]) != 0) mTargets.push_back({names[t], {m, t}});
        }
    }
}

bool VoiceFeature::openVoice(const voice::AudioListenSpec& spec) {
    // Two recorders on one file would each truncate it: the network sources keep it.
    const std::string record = hasNetworkSource(mOptions.listen) ? "" : mOptions.recordStream;
    if (!record.empty() || mOptions.recordStream.empty()) {
    } else {
        std::fprintf(stderr,
                     "morphview: --record-stream records the network sources; the audio "
                     "source is not recorded with them\n");
    }
    int rate = 0;
    if (spec.file) {
        auto file = voice::FileDevice::open(spec.name);
        if (!file) return fail("--listen audio: " + file.error().message), false;
        mFile = std::move(file).value();
        rate = mFile->audio().sampleRate;
    } else {
        auto capture = audio::AudioCapture::open(spec.name, [this](const float* s, size_t n) {
            if (mSession) mSession->ring().push(s, n, voice::AudioClock::now());
            glfwPostEmptyEvent();
        });
        if (!capture) {
            fail(capture.error().message);
            return false;
        }
        mCapture = std::move(capture).value();
        rate = mCapture->sampleRate();
    }
    voice::VoiceProfile profile = voice::builtInProfile();
    if (!mOptions.voiceProfile.empty()) {  // checked on the command line; read again here
        auto read = voice::readVoiceProfile(mOptions.voiceProfile, profile);
        if (!read) return fail(read.error().message), false;
        profile = std::move(read).value();
    }
    auto session = voice::VoiceSession::start(targetNames(mDoc.scene), rate, record, profile);
    if (!session) {
        fail(session.error().message);
        mFile.reset();
        mCapture.reset();
        return false;
    }
    mSession = std::move(session).value();
    mUi.voice.source = spec.name.empty() ? "the default capture device" : spec.name;
    std::fprintf(stderr, "morphview: listening for audio on %s at %d Hz\n",
                 spec.name.empty() ? "the default capture device" : spec.name.c_str(), rate);
    return true;
}

void VoiceFeature::modelChanged() {
    ExternalLayer& layer = externalLayer(mDoc.state, kVoiceLayer);
    layer.weights.clear();
    if (mSession) {  // another model: the stream and the recording carry on
        if (morph::Status s = mSession->useFace(targetNames(mDoc.scene)); !s)
            fail(s.error().message);
        mapTargets();
        return;
    }
    std::optional<voice::AudioListenSpec> spec;
    for (const std::string& text : mOptions.listen) {
        if (!voice::isAudioListenSpec(text)) continue;
        auto parsed = voice::parseAudioListenSpec(text);  // checked on the command line
        if (parsed && !spec) spec = *parsed;
    }
    if (!spec || !openVoice(*spec)) return;
    mapTargets();
    if (mFile) {
        mClocked = !mOptions.recordStream.empty() || !mOptions.script.empty();
        auto clip = std::make_shared<audio::AudioClip>();
        clip->sampleRate = mFile->audio().sampleRate;
        clip->samples = speech::toPcm16(mFile->audio().samples);
        const std::string silent = mOutput.play(clip);
        if (!silent.empty()) std::fprintf(stderr, "morphview: %s\n", silent.c_str());
        if (!mClocked) mFile->start(mSession->ring(), [] { glfwPostEmptyEvent(); });
    } else {
        mCapture->start();
    }
}

float VoiceFeature::fixedStep() const {
    return mClocked && mFile && !mFile->finished() ? ScriptRunner::kFrameSeconds : 0.0f;
}

void VoiceFeature::poll(float dt) {
    if (!mSession || !mDoc.loaded) return;
    const bool ended = mFile && mFile->finished();  // before the take: all of it in the ring
    if (mClocked) mFile->advance(dt, mSession->ring());
    const bool changed = mSession->poll();
    if (changed) {
        ExternalLayer& layer = externalLayer(mDoc.state, kVoiceLayer);
        layer.weights.clear();
        for (const auto& [name, ref] : mTargets) {
            const float value = mSession->weights().at(name);
            if (value != 0.0f) layer.weights.set(ref.first, ref.second, value);
        }
    }
    mRecording.polled(*mSession, changed);  // after the layer: a key shows the new weights
    if (ended) mRecording.streamEnded();
}

void VoiceFeature::afterFrame(const ScriptStep& /*scripted*/) {
    if (mSession) mRecording.handleRequests(*mSession);
    mUi.voice.requests = {};
}

void VoiceFeature::addMotion(Motion& motion) const {
    if (!mSession) return;
    // A file paced by the frames needs every frame while it plays. A device in real time (the
    // capture callback, a file's thread) wakes the window with each block it delivers, so the
    // window waits for that instead of drawing unchanged frames between blocks: they would hold
    // a block that arrives meanwhile until they end (and a swap waiting for the display's
    // refresh), and take the CPU the next frame's draw needs.
    if (mClocked && mFile && !mFile->finished()) motion.moving = true;
    constexpr double kLearningPollSeconds = 0.1;  // a profile learned on the worker is taken up
    if (mRecording.learning())
        motion.wakeAfter = motion.wakeAfter < 0 ? kLearningPollSeconds
                                                : std::min(motion.wakeAfter, kLearningPollSeconds);
}

void VoiceFeature::end() {
    mRecording.finish();
    mCapture.reset();  // SDL's thread stops before the session it pushes into
    mFile.reset();
    mOutput.stop();
}

}  // namespace app
