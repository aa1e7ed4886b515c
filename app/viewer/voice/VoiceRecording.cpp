// File > Live's recordings of a live voice (VoiceRecording.h).
#include "app/viewer/voice/VoiceRecording.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "app/session/Autosave.h"
#include "app/voice/VoiceProfileFile.h"
#include "morph/io/Files.h"

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

std::string trimmed(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string secondsText(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f s", value);
    return text;
}

}  // namespace

void VoiceRecording::polled(voice::VoiceSession& session, bool changed) {
    if (mClipTape) {
        mClipTape->add(session.taken());
        mUi.voice.clipSeconds = mClipTape->seconds();
        if (mClipTape->full()) {
            stopClipAtLimit();
        } else if (changed) {
            keyClip(mClipTape->secondsAt(session.audioTime()));
        }
    }
    if (mProfileTape) {
        mProfileTape->add(session.taken());
        mUi.voice.profileRecorded = mProfileTape->seconds();
        if (mProfileTape->seconds() >= double(mUi.voice.profileSeconds)) learnProfile();
    }
    if (mLearning.valid() &&
        mLearning.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        useProfile(session);
}

void VoiceRecording::streamEnded() {
    if (mProfileTape && !mProfileTape->samples().empty()) learnProfile();
}

void VoiceRecording::handleRequests(voice::VoiceSession& session) {
    const VoiceUi::Requests requests = std::exchange(mUi.voice.requests, {});
    if (!mDoc.loaded) return;
    if (requests.toggleClip) {
        if (!mClip) {
            startClip(session);
        } else if (const std::string said = stopClip(); !said.empty()) {
            showMessage(mUi, said);
        }
    }
    if (requests.recordProfile) startProfile(session);
}

void VoiceRecording::finish() {
    if (!mClip) return;
    const std::string said = stopClip();
    if (!said.empty()) std::fprintf(stderr, "morphview: %s\n", said.c_str());
}

void VoiceRecording::startClip(voice::VoiceSession& session) {
    auto recording = startLiveClip(mDoc.state, mDoc.scene);
    if (!recording) return showError(mUi, recording.error().message);
    mClip = *recording;
    // The tape is in memory (4 bytes a sample: 11.5 MB a minute at 48 kHz): capped.
    const double limit = double(mUi.voice.clipLimitSeconds) * session.sampleRate();
    mClipTape.emplace(session.sampleRate(), session.samplesHeard(), size_t(std::lround(limit)));
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

void VoiceRecording::stopClipAtLimit() {
    // What was recorded is kept: the clip ends with its audio, both written as Stop writes them.
    char limit[96];
    std::snprintf(limit, sizeof limit,
                  " (stopped at the recording's limit of %g s: Record to clip again to go on)",
                  double(mUi.voice.clipLimitSeconds));
    if (const std::string said = stopClip(); !said.empty()) {
        showMessage(mUi, said + limit);
        std::fprintf(stderr, "morphview: %s%s\n", said.c_str(), limit);
    }
}

void VoiceRecording::startProfile(voice::VoiceSession& session) {
    if (mProfileTape || mLearning.valid()) return;  // one at a time
    mTranscript = trimmed(mUi.voice.transcript);
    if (mTranscript.empty()) {
        return showError(mUi,
                         "Record 10 s for a profile: type what you will say in the field first");
    }
    mProfileTape.emplace(session.sampleRate(), session.samplesHeard());
    mUi.voice.profileRecorded = 0;
    char said[96];
    std::snprintf(said, sizeof said, "recording %.1f s of the voice for a profile: say the line",
                  double(mUi.voice.profileSeconds));
    showMessage(mUi, said);
}

void VoiceRecording::learnProfile() {
    const voice::AudioTape tape = std::move(*mProfileTape);
    mProfileTape.reset();
    mUi.voice.profileRecorded = -1;
    mProfileHeard = tape.seconds();
    const std::string dir = stateFolder();
    if (dir.empty()) {
        return showError(mUi,
                         "voice profile: no state folder to keep it in (set HOME or "
                         "XDG_STATE_HOME)");
    }
    const std::string stem = dir + "/" + timestampedName("voice-profile", "");
    mProfileWav = stem + ".wav";
    mProfilePath = stem + ".json";
    if (morph::Status s = tape.writeWav(mProfileWav); !s)
        return showError(mUi, "voice profile: " + s.error().message);
    speech::Audio audio;
    audio.sampleRate = tape.sampleRate();
    audio.samples = tape.samples();
    mLearning = std::async(std::launch::async, [audio = std::move(audio), text = mTranscript] {
        return voice::profileFromRecording(audio, text);
    });
    mUi.voice.learning = true;
}

void VoiceRecording::useProfile(voice::VoiceSession& session) {
    morph::Result<voice::RecordingProfile> built = mLearning.get();
    mUi.voice.learning = false;
    if (!built) return showError(mUi, "voice profile: " + built.error().message);
    const voice::LearnedProfile& learned = built->learned;
    const std::string text =
        voice::voiceProfileText(learned.classes, learned.profile.sibilance, mProfileWav);
    if (auto s = morph::writeFileAtomic(mProfilePath, text.data(), text.size()); !s)
        return showError(mUi, "voice profile: " + s.error().message);
    session.useProfile(learned.profile);
    showMessage(
        mUi,
        "learned " + std::to_string(built->learnedClasses()) + " of 6 classes from " +
            secondsText(mProfileHeard) + " of the voice -> " + mProfilePath + ", in use now" +
            (built->fromTranscript ? ""
                                   : " (the transcript did not fit: the phone loop's phonemes)"));
}

}  // namespace app
