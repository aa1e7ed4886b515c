#pragma once
// File > Live's recording of a live voice, a plain object the VoiceFeature owns and calls after
// each poll of its session:
//   Record to clip  a user clip made as a tracker's recording makes one (startLiveClip,
//                   app/document/LiveInput.h: "live 1" on the selected mesh), keyed with the
//                   mesh's weights as shown at 0, after each poll that changed the voice's
//                   weights and at the end, each at its time on the stream's clock from the
//                   recording's first sample (a frame's audioTime, not the wall clock); and the
//                   audio heard meanwhile (voice::AudioTape) as a WAV where File > Export writes
//                   the clip by default, beside the model (face-live_1.wav beside
//                   face-live_1.glb), else in the state folder. The clip and the WAV are equally
//                   long, so they play together.
#include <optional>
#include <string>

#include "app/document/LiveInput.h"
#include "app/viewer/ViewerUi.h"
#include "app/voice/AudioTape.h"
#include "app/voice/VoiceSession.h"

namespace app {

class VoiceRecording {
public:
    VoiceRecording(ViewerDocument& doc, ViewerUi& ui) : mDoc(doc), mUi(ui) {}

    // After a poll of `session` (`changed`: a weight changed, the layer written): what it took
    // onto the tape, the clip's key.
    void polled(const voice::VoiceSession& session, bool changed);
    // The panel's requests of this frame (ViewerUi::voice), then cleared.
    void handleRequests(const voice::VoiceSession& session);
    // The window closes: a clip being recorded ends, its WAV written and said on stderr.
    void finish();

private:
    void startClip(const voice::VoiceSession& session);
    bool keyClip(double seconds);  // false (and shown) when the clip is gone
    // Ends the clip: its last key, the WAV; the message, or "" and shown when it failed.
    std::string stopClip();

    ViewerDocument& mDoc;
    ViewerUi& mUi;
    std::optional<LiveClipRecording> mClip;
    std::optional<voice::AudioTape> mClipTape;
    double mLastKey = 0;
};

}  // namespace app
