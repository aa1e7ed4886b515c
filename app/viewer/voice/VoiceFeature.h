#pragma once
// A live voice in the window, a feature the loop walks (app/viewer/ViewerFeature.h): `--listen
// audio[:DEVICE]` opens an SDL2 capture device, `--listen audio:FILE.wav` plays the file as a
// microphone (and aloud, when a sound device opens), both into the same ring; each frame
// analyses what arrived (app/voice/VoiceSession.h) and writes the face's visemes into the
// "voice" layer, over the live layer. Under --record-stream or --script a file is paced by the
// frame clock, a fixed step a frame, so the recording or the scripted run is the same however
// busy the machine is (the sound may then drift from the face); a capture device is always real
// time. File > Live records the voice (VoiceRecording.h): Record to clip, and a profile.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/audio/AudioCapture.h"
#include "app/audio/AudioOutput.h"
#include "app/viewer/ViewerFeature.h"
#include "app/viewer/voice/VoiceRecording.h"
#include "app/voice/FileDevice.h"
#include "app/voice/VoiceSession.h"

namespace app {

inline constexpr const char* kVoiceLayer = "voice";  // a live voice's external layer

class VoiceFeature : public ViewerFeature {
public:
    explicit VoiceFeature(const FeatureContext& context) : ViewerFeature(context) {}
    ~VoiceFeature() override;

    const char* layerName() const override { return kVoiceLayer; }
    void modelChanged() override;      // the first model opens the voice; later ones map anew
    float fixedStep() const override;  // a clocked file: one script frame
    void poll(float dt) override;      // what arrived, analysed into the voice layer
    void afterFrame(const ScriptStep& scripted) override;  // File > Live's requests
    // Frames while a clocked file plays (a device's blocks wake the window themselves); a
    // timer while a profile is learned.
    void addMotion(Motion& motion) const override;
    void end() override;  // a clip being recorded ends; the device stopped

private:
    bool openVoice(const voice::AudioListenSpec& spec);  // false (and shown) on failure
    void fail(const std::string& message);
    void mapTargets();  // mTargets from the scene's names

    std::unique_ptr<voice::VoiceSession> mSession;
    std::unique_ptr<voice::FileDevice> mFile;
    std::unique_ptr<audio::AudioCapture> mCapture;
    audio::AudioOutput mOutput;  // a file played aloud
    bool mClocked = false;       // a file paced by the frame clock
    VoiceRecording mRecording{mDoc, mUi};
    // The session's weights by name onto the scene's {mesh, target}.
    std::vector<std::pair<std::string, std::pair<size_t, size_t>>> mTargets;
};

}  // namespace app
