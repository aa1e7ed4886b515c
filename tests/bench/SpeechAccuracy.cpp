// The audio path's accuracy over lines no test tunes to, run by hand (not a CTest test: it takes
// tens of seconds): each line said by espeak-ng, heard back from its audio alone by the phone
// loop and with the line as its transcript, and compared with espeak-ng's own phoneme events
// (tests/fixtures/SpeechAccuracy.h says how). Prints one row a line and the totals; the figures
// in docs/SPEECH.md come from it. Run: build/tests/bench/SpeechAccuracy
#include "fixtures/SpeechAccuracy.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

const char* const kLines[] = {
    "Peter bought a bamboo fish.",
    "The quick brown fox jumps over the lazy dog.",
    "Would you like a cup of tea before we leave?",
    "She sells sea shells by the sea shore.",
    "My father moved to Vienna in the summer of nineteen ninety.",
    "Please open the window, it is very warm in here.",
    "Bob made a map of every bay between Boston and Maine.",
    "Five wives vowed to visit the valley.",
    "How much wood would a woodchuck chuck?",
    "I think this is the end of the story.",
    "We often feel the rain on our faces in autumn.",
    "Yesterday the children played football on the beach.",
};

void report(bool withTranscript) {
    std::printf("\n%s\n%-62s %7s %7s %7s\n",
                withTranscript ? "With the transcript (grammar)" : "Phone loop (audio alone)",
                "line", "med ms", "p90 ms", "class%");
    std::vector<float> all;
    float right = 0, time = 0;
    for (const char* line : kLines) {
        const fixtures::LineAccuracy a = fixtures::measureLine(line, withTranscript);
        if (!a.error.empty()) {
            std::printf("%-62s %s\n", line, a.error.c_str());
            continue;
        }
        all.insert(all.end(), a.onsetErrors.begin(), a.onsetErrors.end());
        right += a.classShare * a.duration;
        time += a.duration;
        std::printf("%-62s %7.0f %7.0f %7.1f\n", line,
                    1000.0 * fixtures::quantile(a.onsetErrors, 0.5f),
                    1000.0 * fixtures::quantile(a.onsetErrors, 0.9f), 100.0 * a.classShare);
    }
    std::printf("%-62s %7.0f %7.0f %7.1f   (%zu onsets, %.1f s)\n", "all lines",
                1000.0 * fixtures::quantile(all, 0.5f), 1000.0 * fixtures::quantile(all, 0.9f),
                time > 0 ? 100.0 * right / time : 0.0, all.size(), double(time));
}

}  // namespace

int main() {
    report(false);
    report(true);
    return 0;
}
