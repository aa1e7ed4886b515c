#pragma once
// Speech in the window, a feature the loop walks (app/viewer/ViewerFeature.h): the Speech
// panel's requests and the line's weights at the audio clock, written into the "speech" layer
// once a frame before the frame resolves; a dropped .wav heard and said.
#include <string>

#include "app/document/WeightLayers.h"
#include "app/viewer/ViewerFeature.h"
#include "app/viewer/speech/SpeechPlayer.h"

namespace app {

class SpeechFeature : public ViewerFeature {
public:
    explicit SpeechFeature(const FeatureContext& context) : ViewerFeature(context) {}

    const char* layerName() const override { return kSpeechLayer; }
    void modelChanged() override;  // a line's targets are the last model's: it stops
    void poll(float dt) override;
    void drawPanels(float viewX, float viewY) override;  // the Speech panel
    void addMotion(Motion& motion) const override;       // a line being prepared or playing
    bool takeDrop(const std::string& path) override;     // a .wav

private:
    // A dropped .wav is said like a typed line: read and heard (PocketSphinx's phone loop) on
    // the speech worker, then played with its own sound.
    void sayDroppedWav(const std::string& path);

    SpeechPlayer mSpeech;
};

}  // namespace app
