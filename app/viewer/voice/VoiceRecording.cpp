// File > Live's recording of a live voice (VoiceRecording.h).
#include "app/viewer/voice/VoiceRecording.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "app/session/Autosave.h"

namespace app {

namespace {

namespace fs = std::filesystem;

// The state folder ($XDG_STATE_HOME/morphview), made if need be; "" when there is none.
std::string stateFolder() {
    const std::string dir = session::stateDir();
    std::error_code ec;
    if (dir.empty() || (fs::create_directories(dir, ec), ec)) return "";
    return dir;
}

// The tape at `path`, else under the same name in the state folder (a model's folder may not
// be writable); the path written, or the first failure.
morph::Result<std::string> writeTape(const voice::AudioTape& tape, const std::string& path) {
    const morph::Status written = tape.writeWav(path);
    if (written) return path;
    const std::string dir = stateFolder();
    if (dir.empty()) return written.error();
    const std::string other = dir + "/" + fs::path(path).filename().string();
    if (tape.writeWav(other)) return other;
    return written.error();
}

std::string secondsText(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f s", value);
    return text;
}

}  // namespace

void VoiceRecording::polled(const voice::VoiceSession& session, bool changed) {
    if (mClipTape) {
        mClipTape->add(session.taken());
        mUi.voice.clipSeconds = mClipTape->seconds();
        if (changed) keyClip(mClipTape->secondsAt(session.audioTime()));
    }
}

void VoiceRecording::handleRequests(const voice::VoiceSession& session) {
    const VoiceUi::Requests requests = std::exchange(mUi.voice.requests, {});
    if (!mDoc.loaded) return;
    if (requests.toggleClip) {
        if (!mClip) {
            startClip(session);
        } else if (const std::string said = stopClip(); !said.empty()) {
            showMessage(mUi, said);
        }
    }
}

void VoiceRecording::finish() {
    if (!mClip) return;
    const std::string said = stopClip();
    if (!said.empty()) std::fprintf(stderr, "morphview: %s\n", said.c_str());
}

void VoiceRecording::startClip(const voice::VoiceSession& session) {
    auto recording = startLiveClip(mDoc.state, mDoc.scene);
    if (!recording) return showError(mUi, recording.error().message);
    mClip = *recording;
    mClipTape.emplace(session.sampleRate(), session.samplesHeard());
    mLastKey = 0;
    mUi.voice.recordingClip = true;
    mUi.voice.clipSeconds = 0;
    if (!keyClip(0)) return;  // the pose the recording starts from
    showMessage(
        mUi, "recording the voice to '" + mDoc.state.userClips[size_t(recording->clip)].name + "'");
}

bool VoiceRecording::keyClip(double at) {
    at = std::max(at, mLastKey);
    morph::Status keyed = keyLiveClip(mDoc.state, mDoc.scene, *mClip, float(at));
    if (keyed) {
        mLastKey = at;
        mUi.voice.clipKeys = mClip->keys;
        return true;
    }
    showError(mUi, keyed.error().message);
    mClip.reset();
    mClipTape.reset();
    mUi.voice.recordingClip = false;
    return false;
}

std::string VoiceRecording::stopClip() {
    // The last key at the tape's end: the clip lasts as long as its audio.
    if (mClipTape->seconds() > mLastKey && !keyClip(mClipTape->seconds())) return "";
    const voice::AudioTape tape = std::move(*mClipTape);
    const LiveClipRecording clip = *mClip;
    mClip.reset();
    mClipTape.reset();
    mUi.voice.recordingClip = false;
    const morph::UserClip& made = mDoc.state.userClips[size_t(clip.clip)];
    const std::string wav =
        fs::path(defaultExportPath(mDoc, made)).replace_extension(".wav").string();
    auto written = writeTape(tape, wav);
    if (!written) {
        showError(mUi,
                  "recorded '" + made.name + "', but not its audio: " + written.error().message);
        return "";
    }
    return "recorded '" + made.name + "' (" + std::to_string(clip.keys) + " keys, " +
           secondsText(tape.seconds()) + ") and its audio to " + *written +
           ": File > Export writes the clip";
}

}  // namespace app
