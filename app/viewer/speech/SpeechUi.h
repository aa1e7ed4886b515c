#pragma once
// The Speech panel's fields (File > Speech...): the line, the voice and rate, the requests the
// panel and the script make, and what the window reports back each frame for the panel to show.
#include <string>

namespace app {

struct SpeechUi {
    bool show = false;
    std::string text = "Hello! I can say anything you type here.";
    std::string voice = "en";    // an espeak-ng voice
    int rate = 160;              // words per minute, 80 to 450
    bool sayRequested = false;   // Say, Enter in the line, or a script's `say`
    bool stopRequested = false;  // Stop
    // Set by the window each frame (SpeechPlayer): preparing the line, playing it, where.
    bool preparing = false;
    bool playing = false;
    float position = 0;
    float duration = 0;
};

}  // namespace app
