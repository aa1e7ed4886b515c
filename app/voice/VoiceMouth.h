#pragma once
// Analysis frames (VoiceAnalyzer.h) as a face's weights, the way `speak` shows a line: each
// viseme class as this face's targets (app/speech/Visemes' faceVisemes: its Oculus visemes,
// else its VRM vowels, else ARKit's mouth), scaled by the frame's openness, and the face's open
// shape at least the openness (speech::voicedOpening), so every voiced stretch opens the mouth
// whatever class it was heard as. Each class eases toward its frame's value (a hop's rise, a
// few hops' release) and snaps shut under 0.01, so a pause ends at exactly zero. GL-free.
#include <array>
#include <map>
#include <string>

#include "app/speech/Visemes.h"
#include "app/voice/VoiceAnalyzer.h"

namespace app::voice {

class VoiceMouth {
public:
    explicit VoiceMouth(speech::FaceVisemes face);

    // The weights after `frame`, by target name: every target the face's visemes name (0 when
    // shut). True when one changed.
    bool apply(const VoiceFrame& frame);
    const std::map<std::string, float>& weights() const { return mWeights; }
    bool shut() const;  // every class at 0

private:
    speech::FaceVisemes mFace;
    std::string mOpen;  // speech::openTarget
    std::array<float, speech::kVisemeCount> mClass{};
    std::map<std::string, float> mWeights;
};

}  // namespace app::voice
