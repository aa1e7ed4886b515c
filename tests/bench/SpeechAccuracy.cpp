// The audio path's accuracy over lines no test tunes to, run by hand (not a CTest test: it takes
// a minute or two): each line said by espeak-ng, written as a WAV, heard back from its audio alone
// by the phone loop and with the line as its transcript, and compared with espeak-ng's own
// phoneme events and the pauses and bursts of its signal (tests/fixtures/SpeechAccuracy.h says
// how). Prints the totals for two sets, and with --lines one row a line; the figures in
// docs/SPEECH.md come from it. --live adds a third path on the same WAVs: the live voice
// (`--listen audio`'s analysis, app/voice: VoiceAnalyzer -> VoiceMouth on the same ARKit mouth),
// no recognizer and no look-ahead, each 10 ms hop's class and weights taken at its audioTime
// (the newest sample of its window: when the viewer could show it, the draw aside). Its classes
// are only the open and rounded vowels, SS (other) and a shut mouth (closed), so a teeth-lip
// onset is never heard; the onsets are where its class changes.
//   varied: 40 lines, 8 of espeak-ng's English voices and 23 of its variants, 80 to 260 words a
//   minute
//     (the slow ones with pauses of up to a second between sentences),
//     WAVs at 8, 16, 22.05, 44.1 and 48 kHz, mono and stereo, 16/24-bit PCM and float;
//   en: 12 short lines in espeak-ng's en voice at 160 words a minute (speak --text's), 22 kHz
//     mono, the set the first table was measured on.
// Run: build/tests/bench/SpeechAccuracy [--lines] [--set varied|en] [--live]
#include "fixtures/SpeechAccuracy.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/voice/VoiceAnalyzer.h"
#include "app/voice/VoiceMouth.h"

namespace {

using fixtures::LineSpec;

const char* const kEnLines[] = {
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

// Text, voice, words a minute, the file's rate (0: espeak-ng's 22,050), channels, bits.
const LineSpec kVariedLines[] = {
    {"Peter bought a bamboo fish.", "en-us+f3", 140, 16000, 1, 16},
    {"The quick brown fox jumps over the lazy dog.", "en-gb-x-rp+m3", 180, 44100, 2, 16},
    {"Would you like a cup of tea before we leave?", "en-gb-scotland", 120, 0, 1, 16},
    {"She sells sea shells by the sea shore.", "en+f2", 200, 48000, 1, 24},
    {"My father moved to Vienna in the summer of nineteen ninety.", "en-029", 150, 8000, 1, 16},
    {"Please open the window, it is very warm in here.", "en-us+m1", 110, 22050, 2, 32},
    {"Bob made a map of every bay between Boston and Maine.", "en+klatt", 170, 16000, 1, 16},
    {"Five wives vowed to visit the valley.", "en-us-nyc+f4", 130, 44100, 1, 16},
    {"How much wood would a woodchuck chuck?", "en-gb-x-gbclan", 220, 0, 2, 16},
    {"I think this is the end of the story.", "en+croak", 160, 48000, 2, 32},
    {"We often feel the rain on our faces in autumn.", "en-gb-x-gbcwmd+m5", 140, 8000, 2, 16},
    {"Yesterday the children played football on the beach.", "en-us+Andy", 190, 16000, 1, 24},
    {"No. Not today. Maybe tomorrow, if the weather holds.", "en+m7", 90, 22050, 1, 16},
    {"One, two, three, four, five, six, seven, eight, nine, ten.", "en-us+f1", 150, 44100, 1, 16},
    {"Where did you put the keys? I looked in the kitchen, the hall, and the car.", "en-gb-x-rp+f5",
     165, 48000, 1, 16},
    {"Stop! Wait for me.", "en+m2", 85, 16000, 2, 16},
    {"The meeting starts at nine thirty, so please do not be late again.", "en-us+klatt2", 210,
     8000, 1, 16},
    {"Apples, oranges, pears and plums were piled high on the market stall.", "en-gb-scotland+f1",
     135, 0, 1, 24},
    {"If you can hear this message, the radio is working, and help is on the way.", "en+m4", 175,
     44100, 2, 16},
    {"Thank you very much for coming. It was lovely to see you both.", "en-029+f3", 100, 16000, 1,
     32},
    {"Three thin thieves thought a thousand thoughts.", "en-us-nyc", 240, 48000, 1, 16},
    {"Is it raining? No, it is snowing, and the roads are closed.", "en+steph", 155, 8000, 1, 16},
    {"Look at the moon; it is so bright tonight that we do not need a lamp.", "en-us+m6", 115,
     22050, 2, 16},
    {"Red lorry, yellow lorry, red lorry, yellow lorry.", "en-gb-x-rp+klatt", 190, 16000, 1, 16},
    {"The museum opens at ten. Tickets cost five pounds. Children go free.", "en+f4", 95, 44100, 1,
     24},
    {"Good morning, everyone, and welcome aboard flight two one seven to Lisbon.", "en-us+edward",
     170, 48000, 1, 16},
    {"Mary had a little lamb, its fleece was white as snow.", "en-gb-x-gbclan+f2", 150, 8000, 2,
     16},
    {"Do you really think so? I am not at all sure about that.", "en+m3", 260, 0, 1, 16},
    {"Under the old oak tree, the fox waited quietly for the rabbits to come out.", "en-us+rob",
     140, 16000, 1, 16},
    {"Pack my box with five dozen liquor jugs.", "en-gb-scotland+m2", 200, 44100, 2, 32},
    {"Hello? Is anybody there? I can hear you breathing.", "en-029+m6", 80, 22050, 1, 16},
    {"First mix the flour and the butter, then add the eggs, one at a time.", "en+klatt3", 160,
     48000, 1, 24},
    {"A big black bug bit a big black bear.", "en-us-nyc+m1", 180, 8000, 1, 16},
    {"The train to Edinburgh leaves from platform four in twenty minutes.", "en-gb-x-rp+aunty", 150,
     16000, 2, 16},
    {"Seven silly swans swam silently seaward.", "en+f5", 105, 0, 1, 16},
    {"Why not? Because I said so, and that is the end of it!", "en-us+m2", 230, 44100, 1, 16},
    {"The sun rose slowly over the hills, and the valley filled with light.", "en-gb-x-gbcwmd+f3",
     125, 48000, 2, 16},
    {"Could you spell that for me, please? Is it with a double l?", "en+Storm", 145, 22050, 1, 32},
    {"We will need bread, milk, cheese, tomatoes, and a bottle of olive oil.", "en-us+grandma", 135,
     16000, 1, 16},
    {"It was the best of times, it was the worst of times.", "en-gb-x-rp+m7", 165, 8000, 2, 24},
};

struct Totals {
    std::vector<float> errors;
    float right = 0, time = 0;
    int pauses = 0, pausesClosed = 0, bursts = 0, burstsOpened = 0, lines = 0, grammar = 0;
    float widestPause = 0, shyestBurst = 1;

    void add(const fixtures::LineAccuracy& a) {
        errors.insert(errors.end(), a.onsetErrors.begin(), a.onsetErrors.end());
        right += a.classShare * a.duration;
        time += a.duration;
        pauses += a.pauses;
        pausesClosed += a.pausesClosed;
        bursts += a.bursts;
        burstsOpened += a.burstsOpened;
        widestPause = std::max(widestPause, a.widestPause);
        shyestBurst = std::min(shyestBurst, a.shyestBurst);
        grammar += a.fromTranscript;
        ++lines;
    }
};

// The live voice's classes over time: from each hop's audioTime, the class its window showed.
using LiveClasses = std::vector<std::pair<float, fixtures::MouthClass>>;

fixtures::MouthClass liveClassAt(const LiveClasses& shown, float t) {
    fixtures::MouthClass at = fixtures::MouthClass::Closed;  // before the first window
    for (const auto& [from, mouth] : shown) {
        if (from > t) break;
        at = mouth;
    }
    return at;
}

// Each truth onset (pauses aside) against the nearest live onset of its class, capped as the
// offline paths' are.
std::vector<float> liveOnsetErrors(const std::vector<app::speech::Phoneme>& truth,
                                   const LiveClasses& shown) {
    std::vector<float> errors;
    for (const app::speech::Phoneme& p : truth) {
        const app::speech::Viseme v = app::speech::visemesOf(p.phoneme).front();
        if (v == app::speech::Viseme::Sil) continue;
        float best = fixtures::kOnsetCap;
        for (size_t i = 0; i < shown.size(); ++i) {
            if (i > 0 && shown[i].second == shown[i - 1].second) continue;  // not an onset
            if (shown[i].second == fixtures::mouthClass(v))
                best = std::min(best, std::fabs(shown[i].first - p.start));
        }
        errors.push_back(best);
    }
    return errors;
}

// `spec` said by espeak-ng, written as its WAV, read back and heard by the live voice.
fixtures::LineAccuracy measureLive(const LineSpec& spec) {
    fixtures::LineAccuracy out;
    auto spoken = app::speech::speakText(spec.text, {spec.voice, spec.wordsPerMinute});
    if (!spoken) return out.error = spoken.error().message, out;
    const std::vector<uint8_t> wav = fixtures::wavOf(*spoken, spec);
    auto audio = app::speech::readWav(wav.data(), wav.size());
    if (!audio) return out.error = audio.error().message, out;
    app::voice::VoiceAnalyzer analyzer(audio->sampleRate);
    app::voice::VoiceMouth mouth(fixtures::arkitFace());
    std::vector<app::voice::VoiceFrame> frames;
    analyzer.push(audio->samples.data(), audio->samples.size(), frames);
    app::speech::Tracks tracks;
    LiveClasses shown;
    for (const app::voice::VoiceFrame& frame : frames) {
        mouth.apply(frame);
        const float t = float(frame.audioTime);
        for (const auto& [name, weight] : mouth.weights()) tracks[name].push_back({t, weight});
        shown.push_back({t, fixtures::mouthClass(frame.voiced && frame.openness > 0
                                                     ? frame.viseme
                                                     : app::speech::Viseme::Sil)});
    }
    out.duration = spoken->duration();
    out.onsetErrors = liveOnsetErrors(spoken->phonemes, shown);
    int right = 0, all = 0;
    for (float t = 0.005f; t < out.duration; t += 0.01f, ++all)
        right +=
            fixtures::mouthClass(fixtures::visemeAt(spoken->phonemes, t)) == liveClassAt(shown, t);
    out.classShare = all > 0 ? float(right) / float(all) : 0.0f;
    fixtures::judgeMouth(fixtures::soundRuns(spoken->samples, spoken->sampleRate), tracks, out);
    return out;
}

void printRow(const char* name, const std::vector<float>& errors, float classShare, int pauses,
              int closed, int bursts, int opened, float widest, float shyest) {
    const double near =
        double(std::count_if(errors.begin(), errors.end(), [](float e) { return e <= 0.1f; }));
    std::printf("%-50.50s %6.0f %6.0f %6.1f %6.1f %3d/%-3d %3d/%-3d %5.2f %5.2f\n", name,
                1000.0 * fixtures::quantile(errors, 0.5f),
                1000.0 * fixtures::quantile(errors, 0.9f),
                errors.empty() ? 0.0 : 100.0 * near / double(errors.size()), 100.0 * classShare,
                closed, pauses, opened, bursts, double(widest), double(shyest));
}

enum class Path { PhoneLoop, Transcript, Live };

void report(const std::vector<LineSpec>& lines, Path path, bool perLine) {
    const bool withTranscript = path == Path::Transcript;
    std::printf("\n%s\n%-50s %6s %6s %6s %6s %7s %7s %5s %5s\n",
                path == Path::Live ? "The live voice (--listen audio's analysis)"
                : withTranscript   ? "With the transcript (grammar)"
                                   : "Audio alone (phone loop)",
                "line", "med ms", "p90 ms", "<=100%", "class%", "closed", "opened", "pause",
                "burst");
    Totals all;
    for (const LineSpec& line : lines) {
        const fixtures::LineAccuracy a =
            path == Path::Live ? measureLive(line) : fixtures::measureLine(line, withTranscript);
        if (!a.error.empty()) {
            std::printf("%-50.50s %s\n", line.text.c_str(), a.error.c_str());
            continue;
        }
        all.add(a);
        if (perLine) {
            printRow(line.text.c_str(), a.onsetErrors, a.classShare, a.pauses, a.pausesClosed,
                     a.bursts, a.burstsOpened, a.widestPause, a.shyestBurst);
            if (withTranscript && !a.fromTranscript) std::printf("  (no path: the phone loop's)\n");
        }
    }
    printRow("all lines", all.errors, all.time > 0 ? all.right / all.time : 0.0f, all.pauses,
             all.pausesClosed, all.bursts, all.burstsOpened, all.widestPause, all.shyestBurst);
    std::printf(
        "(%d lines, %.1f s, %zu onsets; <=100%%: the onsets within 100 ms; closed: the "
        "pauses of 150 ms or more closed at their middle; opened: the bursts opened; "
        "pause: the most open at a pause's middle; burst: the least of the bursts' most "
        "open moments)\n",
        all.lines, double(all.time), all.errors.size());
    if (withTranscript)
        std::printf(
            "(the grammar found a path through %d of the %d lines; the phone loop answered "
            "the others)\n",
            all.grammar, all.lines);
}

}  // namespace

int main(int argc, char** argv) {
    bool perLine = false, live = false;
    std::string set = "both";
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--lines") == 0) {
            perLine = true;
        } else if (std::strcmp(argv[i], "--live") == 0) {
            live = true;
        } else if (std::strcmp(argv[i], "--set") == 0 && i + 1 < argc) {
            set = argv[++i];
        } else {
            std::fprintf(stderr, "usage: SpeechAccuracy [--lines] [--set varied|en] [--live]\n");
            return 2;
        }
    }
    std::vector<LineSpec> varied(std::begin(kVariedLines), std::end(kVariedLines));
    std::vector<LineSpec> en;
    for (const char* text : kEnLines) en.push_back({text});
    for (const auto& [name, lines] : {std::make_pair("varied", varied), std::make_pair("en", en)}) {
        if (set != "both" && set != name) continue;
        std::printf("\n== %s: %zu lines ==\n", name, lines.size());
        report(lines, Path::PhoneLoop, perLine);
        report(lines, Path::Transcript, perLine);
        if (live) report(lines, Path::Live, perLine);
    }
    return 0;
}
