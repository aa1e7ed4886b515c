// The window's side of speech: the Speech panel's requests, the line's weights copied into the
// state's speech layer once a frame before the frame resolves, and a dropped .wav.
#include <algorithm>

#include "app/speech/Recognizer.h"
#include "app/viewer/ViewerWindow.h"
#include "app/viewer/state/WeightLayers.h"

namespace app {

void ViewerWindow::pollSpeech() {
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
    const SpeechPlayer::Update update =
        mSpeech.poll(mDoc.scene, externalLayer(mDoc.state, kSpeechLayer).weights);
    if (!update.error.empty()) showError(mUi, "speech: " + update.error);  // also on stderr
    if (!update.message.empty()) showMessage(mUi, update.message);
    s.preparing = mSpeech.preparing();
    s.playing = mSpeech.playing();
    s.position = float(mSpeech.position());
    s.duration = float(mSpeech.duration());
}

// A dropped .wav is said like a typed line: read and heard (PocketSphinx's phone loop) on the
// speech worker, then played with its own sound.
void ViewerWindow::sayDroppedWav(const std::string& path) {
    if (!mDoc.loaded) return showError(mUi, path + ": open a model before dropping speech on it");
    auto started = mSpeech.prepare([path] { return speech::hearWavFile(path); },
                                   morph::sceneTargetNames(mDoc.scene));
    if (!started) showError(mUi, started.error().message);
    mUi.speech.preparing = mSpeech.preparing();  // a script's wait-speech sees it at once
}

}  // namespace app
