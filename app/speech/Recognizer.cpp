#include "app/speech/Recognizer.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/logmath.h>

#include "app/speech/Visemes.h"
#include "app/speech/VoiceActivity.h"

namespace app::speech {
namespace {

using morph::Error;
using morph::ErrorCode;

const char* const kModelDir = "/usr/share/pocketsphinx/model/en-us";
constexpr float kFrame = 0.01f;  // PocketSphinx's 100 frames a second

std::mutex kDecoderMutex;

struct Decoder {
    ps_decoder_t* ps = nullptr;
    std::string error;
};

// The decoder with the acoustic model, the dictionary and the phone loop, made on first use.
// A language weight of 1 and context-independent phones in the phone loop (triphones were about
// 40 times slower and no better on the lines measured; a weight of 2, CMU's advice, heard more
// speech as silence), and beams wider than the defaults (1e-60, words 1e-50): at the defaults
// the transcript's grammar lost its path in some lines; so it did with noise fillers between
// words (silence between them it still takes). Every frame is decoded (-remove_silence no): its
// front end's own voice detector drops the frames of a silence over half a second, and of the
// silence before the first voice, and the segments count only the frames kept, so every time
// after such a pause came back early. The long pauses are shortened here instead (kHeardPause).
Decoder& decoder() {
    static Decoder d = [] {
        Decoder made;
        const std::string dir = kModelDir;
        const std::string hmm = dir + "/en-us", dict = dir + "/cmudict-en-us.dict",
                          phones = dir + "/en-us-phone.lm.bin";
        std::error_code ec;
        if (!std::filesystem::exists(hmm + "/mdef", ec) || !std::filesystem::exists(dict, ec) ||
            !std::filesystem::exists(phones, ec)) {
            made.error = "PocketSphinx's US English model is missing from " + dir +
                         " (install pocketsphinx-en-us)";
            return made;
        }
        err_set_logfp(nullptr);
        cmd_ln_t* config = cmd_ln_init(
            nullptr, ps_args(), TRUE, "-hmm", hmm.c_str(), "-dict", dict.c_str(), "-logfn",
            "/dev/null", "-allphone_ci", "yes", "-beam", "1e-60", "-pbeam", "1e-60", "-wbeam",
            "1e-50", "-fsgusefiller", "no", "-lw", "1.0", "-remove_silence", "no", nullptr);
        made.ps = config != nullptr ? ps_init(config) : nullptr;
        if (config != nullptr) cmd_ln_free_r(config);
        if (made.ps == nullptr || ps_set_allphone_file(made.ps, "phones", phones.c_str()) != 0) {
            made.error = "PocketSphinx could not load its model from " + dir;
            return made;
        }
        return made;
    }();
    return d;
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// "hello(2)" -> "hello"; fillers and silences ("<sil>", "[NOISE]", "+NSN+", "SIL") -> "".
std::string wordOf(const char* segment) {
    std::string w = segment != nullptr ? segment : "";
    if (w.empty() || w[0] == '<' || w[0] == '[' || w[0] == '+' || w == "SIL") return {};
    if (const size_t paren = w.find('('); paren != std::string::npos) w.resize(paren);
    return w;
}

// The transcript's words as the dictionary spells them: lower case, punctuation other than
// apostrophes dropped.
std::vector<std::string> wordsOf(const std::string& transcript) {
    std::vector<std::string> words;
    std::string word;
    for (char c : transcript + " ") {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '\'') {
            word += char(std::tolower(static_cast<unsigned char>(c)));
        } else if (!word.empty()) {
            words.push_back(word);
            word.clear();
        }
    }
    return words;
}

bool isVowelPhone(const std::string& p) {
    return !p.empty() && std::string("aeiou").find(p[0]) != std::string::npos;
}

// A word or phone heard: its name, first frame and the frame after its last.
struct DecodedSegment {
    std::string name;
    int start, end;
};
// Runs the active search over the samples and a quarter second of silence after them: a line
// that ends right after its last phone otherwise left the transcript's grammar short of its
// final state (no result at all).
std::vector<DecodedSegment> decode(ps_decoder_t* ps, const std::vector<int16_t>& samples) {
    std::vector<DecodedSegment> out;
    if (ps_start_utt(ps) != 0) return out;
    std::vector<int16_t> padded = samples;
    padded.resize(samples.size() + kRecognizerRate / 4, 0);
    ps_process_raw(ps, padded.data(), padded.size(), FALSE, TRUE);
    ps_end_utt(ps);
    if (ps_get_hyp(ps, nullptr) == nullptr) return out;
    for (ps_seg_t* seg = ps_seg_iter(ps); seg != nullptr; seg = ps_seg_next(seg)) {
        int start = 0, end = 0;
        ps_seg_frames(seg, &start, &end);
        // Nothing past the audio itself: a last word stretched into the padding is cut back.
        const int frames = int(samples.size() * 100 / kRecognizerRate);
        if (start < frames) out.push_back({ps_seg_word(seg), start, std::min(end + 1, frames)});
    }
    return out;
}

// Each word's dictionary phones over its segment, a vowel counting twice a consonant.
void spreadPhones(ps_decoder_t* ps, const DecodedSegment& s, std::vector<Phoneme>& out) {
    char* spelled = ps_lookup_word(ps, s.name.c_str());
    std::vector<std::string> phones;
    std::istringstream in(spelled != nullptr ? spelled : "");
    ckd_free(spelled);
    for (std::string p; in >> p;) phones.push_back(lower(p));
    float units = 0;
    for (const std::string& p : phones) units += isVowelPhone(p) ? 2.0f : 1.0f;
    float t = float(s.start) * kFrame;
    const float length = float(s.end - s.start) * kFrame;
    for (const std::string& p : phones) {
        const float d = length * (isVowelPhone(p) ? 2.0f : 1.0f) / units;
        out.push_back({t, t + d, p});
        t += d;
    }
}

// A phone heard where the audio is silent (under 2% of the line's loud level all through, e.g.
// the digital silence the phone loop fills with a vowel) is silence.
void silenceTheQuiet(std::vector<Phoneme>& phones, const std::vector<float>& loud) {
    for (Phoneme& p : phones) {
        float top = 0;
        for (size_t i = size_t(p.start * 100.0f); i < loud.size() && float(i) < p.end * 100.0f; ++i)
            top = std::max(top, loud[i]);
        if (top < 0.02f) p.phoneme = "sil";
    }
}

// Silence in every gap, neighbouring silences merged, the last phoneme ending at `duration`.
std::vector<Phoneme> closeGaps(const std::vector<Phoneme>& in, float duration) {
    std::vector<Phoneme> out;
    const auto add = [&out](Phoneme p) {
        if (p.end <= p.start) return;
        if (!out.empty() && out.back().phoneme == "sil" && p.phoneme == "sil") {
            out.back().end = p.end;
            return;
        }
        out.push_back(std::move(p));
    };
    float t = 0;
    for (const Phoneme& p : in) {
        const float start = std::clamp(p.start, t, duration);
        add({t, start, "sil"});
        add({start, std::clamp(p.end, start, duration), p.phoneme});
        t = std::max(t, std::min(p.end, duration));
    }
    add({t, duration, "sil"});
    return out;
}

// What PocketSphinx hears: the line with every pause over kHeardPause shortened to it and the
// silence before the first voice to kHeardLeadIn (a long silence weighs on the utterance's
// cepstral mean, and decoding it is time spent on nothing).
constexpr float kHeardPause = 0.3f;
constexpr float kHeardLeadIn = 0.1f;

// The phone loop hears the line over a noise floor: triangular dither of 8 steps of 16-bit,
// about -80 dB under full scale, from a fixed seed so a line is always heard the same way. The
// acoustic model learnt from recordings, which all have a floor; the digital silence of a
// synthesizer's stops and pauses (log energy minus infinity) the phone loop heard as vowels, or
// as silence in the middle of words. On tests/bench/SpeechAccuracy's lines the floor put its
// right class from 62 to 66% of the time (58 to 64% in the en voice); a recording's own floor
// is far over it. The transcript's grammar, held by its words, gained a point of the right class
// from it and lost its path through two more of the lines.
constexpr int kDitherSteps = 8;

std::vector<int16_t> overNoiseFloor(std::vector<int16_t> samples) {
    uint32_t state = 12345u;
    const auto step = [&state] {
        state = state * 1664525u + 1013904223u;  // Numerical Recipes' LCG
        return int(state >> 16) % (2 * kDitherSteps + 1) - kDitherSteps;
    };
    for (int16_t& s : samples) {
        const int dither = (step() + step()) / 2;
        s = int16_t(std::clamp(int(s) + dither, -32768, 32767));
    }
    return samples;
}

morph::Result<std::vector<Phoneme>> byTranscript(ps_decoder_t* ps,
                                                 const std::vector<int16_t>& samples,
                                                 const std::string& transcript) {
    const std::vector<std::string> words = wordsOf(transcript);
    for (const std::string& word : words) {
        char* known = ps_lookup_word(ps, word.c_str());
        if (known == nullptr)
            return Error{ErrorCode::Usage, "--text: '" + word + "' is not in the dictionary"};
        ckd_free(known);
    }
    if (words.empty()) return Error{ErrorCode::Usage, "--text: the transcript has no words"};
    // The words in order as a chain of states, what a JSGF rule "<line> = w1 w2 ... wn" compiles
    // to, built directly: sphinxbase's JSGF parser leaks a little on every grammar.
    fsg_model_t* fsg = fsg_model_init("words", ps_get_logmath(ps), 1.0f, int32(words.size() + 1));
    fsg->start_state = 0;
    fsg->final_state = int32(words.size());
    const int32 certain = logmath_log(ps_get_logmath(ps), 1.0);
    for (size_t i = 0; i < words.size(); ++i) {
        fsg_model_trans_add(fsg, int32(i), int32(i + 1), certain,
                            fsg_model_word_add(fsg, words[i].c_str()));
    }
    const int set = ps_set_fsg(ps, "words", fsg);  // the search keeps its own reference
    fsg_model_free(fsg);
    if (set != 0 || ps_set_search(ps, "words") != 0)
        return Error{ErrorCode::Usage, "--text: PocketSphinx could not make a grammar of it"};
    std::vector<Phoneme> phones;
    for (const DecodedSegment& s : decode(ps, samples)) {
        if (!wordOf(s.name.c_str()).empty()) spreadPhones(ps, s, phones);
    }
    return phones;
}

// Heard phones in the shortened audio's times as the line's, held to the line's voice (a phone
// in a pause is silence, whatever PocketSphinx heard), silence in every gap.
std::vector<Phoneme> onTheLine(std::vector<Phoneme> phones, const ShortenedAudio& heard,
                               const std::vector<VoicedSpan>& spans, float duration) {
    for (Phoneme& p : phones) {
        p.start = heard.toLine(p.start);
        p.end = heard.toLine(p.end);
    }
    return closeGaps(holdToVoice(phones, spans, "sil"), duration);
}

}  // namespace

morph::Result<Recognition> recognize(const std::vector<int16_t>& samples,
                                     const std::string& transcript) {
    if (samples.empty()) return Error{ErrorCode::BadValue, "no audio to recognize"};
    std::lock_guard<std::mutex> lock(kDecoderMutex);
    Decoder& d = decoder();
    if (d.ps == nullptr) return Error{ErrorCode::Io, d.error};
    const float duration = float(samples.size()) / float(kRecognizerRate);
    const std::vector<VoicedSpan> spans = voicedSpans(samples, kRecognizerRate);
    const ShortenedAudio heard =
        shortenPauses(samples, kRecognizerRate, spans, kHeardPause, kHeardLeadIn);
    Recognition result;
    if (!transcript.empty()) {
        auto phones = byTranscript(d.ps, heard.samples, transcript);
        if (!phones) return phones.error();
        result.fromTranscript = !phones->empty();
        result.phonemes = onTheLine(std::move(*phones), heard, spans, duration);
    }
    if (!result.fromTranscript) {
        ps_set_search(d.ps, "phones");
        std::vector<Phoneme> phones;
        for (const DecodedSegment& s : decode(d.ps, overNoiseFloor(heard.samples))) {
            const std::string w = wordOf(s.name.c_str());
            if (!w.empty())
                phones.push_back({float(s.start) * kFrame, float(s.end) * kFrame, lower(w)});
        }
        silenceTheQuiet(phones, loudness(heard.samples, kRecognizerRate));
        result.phonemes = onTheLine(std::move(phones), heard, spans, duration);
    }
    return result;
}

morph::Result<Recognition> recognizeAudio(const Audio& audio, const std::string& transcript) {
    auto at16k = resample(audio, kRecognizerRate);
    if (!at16k) return at16k.error();
    return recognize(toPcm16(at16k->samples), transcript);
}

morph::Result<SpokenLine> hearWavFile(const std::string& path) {
    auto audio = readWavFile(path);
    if (!audio) return audio.error();
    auto heard = recognizeAudio(*audio);
    if (!heard) return morph::Error{heard.error().code, path + ": " + heard.error().message};
    SpokenLine line;
    line.sampleRate = audio->sampleRate;
    line.samples = toPcm16(audio->samples);
    line.phonemes = asEspeak(heard->phonemes);
    return line;
}

std::string espeakOfArpabet(const std::string& arpabet) {
    static const std::map<std::string, std::string> kTable = {
        {"aa", "A:"}, {"ae", "a"},  {"ah", "V"}, {"ao", "O:"}, {"aw", "aU"}, {"ay", "aI"},
        {"b", "b"},   {"ch", "tS"}, {"d", "d"},  {"dh", "D"},  {"eh", "E"},  {"er", "3:"},
        {"ey", "eI"}, {"f", "f"},   {"g", "g"},  {"hh", "h"},  {"ih", "I"},  {"iy", "i:"},
        {"jh", "dZ"}, {"k", "k"},   {"l", "l"},  {"m", "m"},   {"n", "n"},   {"ng", "N"},
        {"ow", "oU"}, {"oy", "OI"}, {"p", "p"},  {"r", "r"},   {"s", "s"},   {"sh", "S"},
        {"t", "t"},   {"th", "T"},  {"uh", "U"}, {"uw", "u:"}, {"v", "v"},   {"w", "w"},
        {"y", "j"},   {"z", "z"},   {"zh", "Z"},
    };
    std::string key = lower(arpabet);
    while (!key.empty() && std::isdigit(static_cast<unsigned char>(key.back()))) key.pop_back();
    const auto it = kTable.find(key);
    return it != kTable.end() ? it->second : "_";
}

std::vector<Phoneme> asEspeak(const std::vector<Phoneme>& arpabet) {
    std::vector<Phoneme> out = arpabet;
    for (Phoneme& p : out) p.phoneme = espeakOfArpabet(p.phoneme);
    return out;
}

}  // namespace app::speech
