#pragma once
// From phonemes to a face: espeak-ng's phonemes as the 15 Oculus visemes (the one alphabet every
// face is driven through), each viseme as this face's targets (its Oculus visemes, else its VRM
// vowels, else ARKit mouth shapes, found through morph/names' table of names), and the targets'
// weights over time with coarticulation: each viseme rises before its phoneme starts and is
// released within 75 ms after it ends, neighbours overlapping, the larger weight winning.
#include <array>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/speech/Speech.h"
#include "morph/Result.h"

namespace app::speech {

enum class Viseme { Sil, PP, FF, TH, DD, kk, CH, SS, nn, RR, aa, E, I, O, U };
inline constexpr size_t kVisemeCount = 15;

// "sil", "PP", ... "U": the Oculus names without their "viseme_" prefix.
const char* visemeName(Viseme viseme);

// The visemes of one espeak-ng phoneme: one, or a diphthong's two halves ("aI": aa then I).
// Pauses ("_", "_:") are Sil; an unknown mnemonic is aa when it starts like a vowel, else DD.
std::vector<Viseme> visemesOf(const std::string& phoneme);

enum class FaceKind { Oculus, Vrm, Arkit };
const char* faceKindName(FaceKind kind);  // "oculus", "vrm", "arkit"

// How this face shows each viseme: the model's own target names with their weights.
struct FaceVisemes {
    FaceKind kind = FaceKind::Arkit;
    std::array<std::vector<std::pair<std::string, float>>, kVisemeCount> shapes;
};

// From the model's target names (every mesh, once each): its Oculus visemes when it has at least
// 10 of the 15, else its VRM vowels when it has at least 3 of aa ih ou ee oh, else ARKit's mouth
// (jawOpen needed). Spellings are the name table's (eyeBlink_L, blendShape1.jawOpen, viseme_AA,
// VRM 0.x's a i u e o). An error when the face has none of them.
morph::Result<FaceVisemes> faceVisemes(const std::vector<std::string>& targetNames);

// Loudness at 100 Hz (10 ms windows): RMS over 20 ms, divided by the line's 90th percentile and
// clamped to 0..1.
std::vector<float> loudness(const std::vector<int16_t>& samples, int sampleRate);

// The open shape a loud moment opens: the open vowel's strongest target (jawOpen on an ARKit
// face, viseme_aa, VRM's aa).
std::string openTarget(const FaceVisemes& face);

// The opening loudness alone asks for (`loud` as a part of the loud level): none below 0.1, 0.3
// at 0.2, 0.7 at full loudness; so every voiced stretch opens the mouth whatever its phonemes
// were heard as (a phone loop calls some speech silence), and pauses stay shut.
float voicedOpening(float loud);

// Each target's keys [[t, w], ...], linear between keys, from 0 to `duration` seconds. Vowels
// open in proportion to the loudness (at least 55% of their weight), consonants at theirs; with
// a loudness, the face's open shape (jawOpen, viseme_aa, VRM's aa) is also at least what the
// loudness alone asks for (0.3 at a fifth of the line's loud level, 0.7 at full, none below a
// tenth), except while the lips are shut for /p b m/: every voiced stretch opens the mouth.
using Tracks = std::map<std::string, std::vector<std::pair<float, float>>>;
Tracks visemeTracks(const std::vector<Phoneme>& phonemes, const FaceVisemes& face, float duration,
                    const std::vector<float>& loud);

}  // namespace app::speech
