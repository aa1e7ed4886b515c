// Speech in the window (SpeechFeature.h): the Speech panel's requests, the line's weights written
// into the state's speech layer once a frame before the frame resolves, and a dropped .wav.
#include "app/viewer/speech/SpeechFeature.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "app/speech/Recognizer.h"
#include "app/viewer/speech/SpeechPanel.h"

namespace app {

void SpeechFeature::modelChanged() {
    mSpeech.stop(externalLayer(mDoc.state, kSpeechLayer).weights);
}

void SpeechFeature::poll(float dt) {
    SpeechUi& s = mUi.speech;
    if (s.stopRequested) {
        s.stopRequested = false;
        mSpeech.stop(externalLayer(mDoc.state, kSpeechLayer).weights);
    }
    if (s.sayRequested && mDoc.loaded) {
        s.sayRequested = false;
        speech::VoiceOptions voice;
        voice.voice = s.voice;
        voice.wordsPerMinute = std::clamp(s.rate, 80, 450);
        if (auto started = mSpeech.say(s.text, voice, mDoc.scene); !started)
            showError(mUi, started.error().message);
    }
    // Under a script the mouth follows its fixed frames, so what it checks does not depend on
    // how fast the machine draws them (SpeechPlayer::poll).
    const float frameStep = mOptions.script.empty() ? 0.0f : dt;
    const SpeechPlayer::Update update =
        mSpeech.poll(mDoc.scene, externalLayer(mDoc.state, kSpeechLayer).weights, frameStep);
    if (!update.error.empty()) showError(mUi, "speech: " + update.error);  // also on stderr
    if (!update.message.empty()) showMessage(mUi, update.message);
    s.preparing = mSpeech.preparing();
    s.playing = mSpeech.playing();
    s.position = float(mSpeech.position());
    s.duration = float(mSpeech.duration());
}

void SpeechFeature::drawPanels(float /*viewX*/, float /*viewY*/) {
    if (mUi.visible) drawSpeechWindow(mUi);
}

void SpeechFeature::addMotion(Motion& motion) const {
    if (mSpeech.preparing() || mSpeech.playing()) motion.moving = true;
}

bool SpeechFeature::takeDrop(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (ext != ".wav") return false;
    sayDroppedWav(path);
    return true;
}

void SpeechFeature::sayDroppedWav(const std::string& path) {
    if (!mDoc.loaded) return showError(mUi, path + ": open a model before dropping speech on it");
    auto started = mSpeech.prepare([path] { return speech::hearWavFile(path); },
                                   morph::sceneTargetNames(mDoc.scene));
    if (!started) showError(mUi, started.error().message);
    mUi.speech.preparing = mSpeech.preparing();  // a script's wait-speech sees it at once
}

}  // namespace app
