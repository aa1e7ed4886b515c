// The window's side of speech: the Speech panel's requests, the line's weights copied into the
// state's speech layer once a frame before the frame resolves, and a dropped .wav.
#include <algorithm>
#include <cstdio>

#include "app/viewer/ViewerWindow.h"

namespace app {

void ViewerWindow::pollSpeech() {
    SpeechUi& s = mUi.speech;
    if (s.stopRequested) {
        s.stopRequested = false;
        mSpeech.stop(mDoc.state.speechWeights);
    }
    if (s.sayRequested && mDoc.loaded) {
        s.sayRequested = false;
        speech::VoiceOptions voice;
        voice.voice = s.voice;
        voice.wordsPerMinute = std::clamp(s.rate, 80, 450);
        if (auto started = mSpeech.say(s.text, voice, mDoc.scene); !started)
            showError(mUi, started.error().message);
    }
    const SpeechPlayer::Update update = mSpeech.poll(mDoc.scene, mDoc.state.speechWeights);
    if (!update.error.empty()) {
        std::fprintf(stderr, "morphview: speech: %s\n", update.error.c_str());
        showError(mUi, "speech: " + update.error);
    }
    if (!update.message.empty()) showMessage(mUi, update.message);
    s.preparing = mSpeech.preparing();
    s.playing = mSpeech.playing();
    s.position = float(mSpeech.position());
    s.duration = float(mSpeech.duration());
}

// The hook for a dropped .wav. The audio path (a WAV reader and PocketSphinx's phonemes) lands
// in app/speech/ separately; wiring it here is one call, with a LineSource that reads the file
// and recognizes its phonemes on the worker:
//   mSpeech.prepare([path] { return <the line read from path>; },
//                   morph::sceneTargetNames(mDoc.scene));
// Until then the drop is refused in one line naming the file.
void ViewerWindow::sayDroppedWav(const std::string& path) {
    showError(mUi, path + ": saying a dropped .wav needs the audio path, not in this build");
}

}  // namespace app
