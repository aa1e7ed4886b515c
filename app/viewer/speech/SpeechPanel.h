#pragma once
// The Speech panel (File > Speech...): type a line, pick the voice and rate, Say or Stop, and
// see the line being prepared or played. Its fields are ViewerUi::speech (SpeechUi.h); the
// feature acts on the requests (SpeechFeature.cpp).
#include "app/viewer/ViewerUi.h"

namespace app {

void drawSpeechWindow(ViewerUi& ui);

}  // namespace app
