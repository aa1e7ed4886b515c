#pragma once
// File > Live's recordings of a live voice, a plain object the VoiceFeature owns and calls
// after each poll of its session:
//   Record to clip  a user clip made as a tracker's recording makes one (startLiveClip,
//                   app/document/LiveInput.h: "live 1" on the selected mesh), keyed with the
//                   mesh's weights as shown at 0, after each poll that changed the voice's
//                   weights and at the end, each at its time on the stream's clock from the
//                   recording's first sample (a frame's audioTime, not the wall clock); and the
//                   audio heard meanwhile (voice::AudioTape) as a WAV where File > Export writes
//                   the clip by default, beside the model (face-live_1.wav beside
//                   face-live_1.glb), else in the state folder. The clip and the WAV are equally
//                   long, so they play together. The audio is held in memory until then, so
//                   the recording stops by itself at VoiceUi::clipLimitSeconds (600 s, the
//                   longest WAV morphview reads back), keeping all it recorded.
//   Record 10 s     that much of the voice, with the transcript typed in the panel, learned on a
//   for a profile   worker as `voice-profile` learns (voice::profileFromRecording), written to
//                   the state folder as voice-profile-TIME.json beside its WAV, and used by the
//                   session from then on.
#include <future>
#include <optional>
#include <string>

#include "app/document/LiveInput.h"
#include "app/viewer/ViewerUi.h"
#include "app/voice/AudioTape.h"
#include "app/voice/ProfileLearning.h"
#include "app/voice/VoiceSession.h"

namespace app {

class VoiceRecording {
public:
    VoiceRecording(ViewerDocument& doc, ViewerUi& ui) : mDoc(doc), mUi(ui) {}

    // After a poll of `session` (`changed`: a weight changed, the layer written): what it took
    // onto the tapes, the clip's key, a profile's recording once full, a learned profile used.
    void polled(voice::VoiceSession& session, bool changed);
    // The stream ended (a file played out): a profile's recording learns from what it has.
    void streamEnded();
    // The panel's requests of this frame (ViewerUi::voice), then cleared.
    void handleRequests(voice::VoiceSession& session);
    // The window closes: a clip being recorded ends, its WAV written and said on stderr.
    void finish();
    bool learning() const { return mLearning.valid(); }

private:
    void startClip(voice::VoiceSession& session);
    bool keyClip(double seconds);  // false (and shown) when the clip is gone
    // Ends the clip: its last key, the WAV; the message, or "" and shown when it failed.
    std::string stopClip();
    void stopClipAtLimit();  // the tape is full: stopClip, saying why
    void startProfile(voice::VoiceSession& session);
    void learnProfile();  // the tape to the worker
    void useProfile(voice::VoiceSession& session);

    ViewerDocument& mDoc;
    ViewerUi& mUi;
    std::optional<LiveClipRecording> mClip;
    std::optional<voice::AudioTape> mClipTape;
    double mLastKey = 0;
    std::optional<voice::AudioTape> mProfileTape;
    std::string mTranscript;  // as typed when the profile's recording began
    std::string mProfileWav, mProfilePath;
    double mProfileHeard = 0;  // seconds the profile learns from
    std::future<morph::Result<voice::RecordingProfile>> mLearning;
};

}  // namespace app
