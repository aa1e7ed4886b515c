// The take readers (app/take) on takes written as each tool's documentation shows them
// (fixtures/TakeFiles.h): Live Link Face's CSV, Rhubarb's TSV and JSON, Audio2Face's weights;
// their names carried onto the bundled face through the name table (both ARKit spellings), the
// names it lacks listed once, Rhubarb's shapes as the face's mouth; and every malformed file an
// error naming the file and the line.
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/take/Take.h"
#include "app/take/TakeFile.h"
#include "fixtures/TakeFiles.h"
#include "fixtures/TestPaths.h"
#include "morph/edit/UserClip.h"
#include "morph/gltf/GltfImport.h"

namespace take_reader_test {

namespace {

using app::take::Take;
using app::take::TakeFormat;

const morph::Scene& face() {
    static const morph::Scene scene = *morph::importGltf(fixtures::bundledFace());
    return scene;
}

void expectError(const morph::Result<Take>& take, const std::string& path, size_t line,
                 const std::string& problem) {
    ASSERT_FALSE(take.ok());
    const std::string& message = take.error().message;
    EXPECT_EQ(message.rfind(path + ": line " + std::to_string(line) + ": ", 0), 0u) << message;
    EXPECT_NE(message.find(problem), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

}  // namespace

TEST(TakeReaderTest, LiveLinkFaceCsvReadsItsNamesTimesAndValues) {
    auto take = app::take::parseLiveLinkFaceCsv(fixtures::liveLinkFaceCsv(40), "llf.csv", 60);
    ASSERT_TRUE(take.ok()) << take.error().message;
    EXPECT_EQ(take->names, fixtures::liveLinkFaceNames());  // the rotations are not weights
    ASSERT_EQ(take->samples.size(), 40u);
    EXPECT_FALSE(take->held);
    for (size_t f = 0; f < take->samples.size(); ++f) {
        // Frame 28 to 67 at 60 fps: the seconds carry at frame 60, t counts from the first.
        // Exact to a double's rounding, though the timecodes are 50,000 s into the day.
        EXPECT_NEAR(take->samples[f].t, double(f) / 60.0, 1e-12) << f;
        for (size_t n = 0; n < take->names.size(); ++n)
            EXPECT_FLOAT_EQ(take->samples[f].values[n], fixtures::takeValue(n, f));
    }
    // A byte-order mark before the header is no part of it.
    auto marked = app::take::parseLiveLinkFaceCsv("\xEF\xBB\xBF" + fixtures::liveLinkFaceCsv(2),
                                                  "llf.csv", 60);
    ASSERT_TRUE(marked.ok()) << marked.error().message;
    EXPECT_EQ(marked->names.size(), 52u);
    auto at30 = app::take::parseLiveLinkFaceCsv(fixtures::liveLinkFaceCsv(3), "llf.csv", 30);
    ASSERT_FALSE(at30.ok()) << "frame 28 and 29 are frames at 30 fps; 30 is not";
    EXPECT_NE(at30.error().message.find("line 4"), std::string::npos) << at30.error().message;
    auto slow = app::take::parseLiveLinkFaceCsv(fixtures::liveLinkFaceCsv(2), "llf.csv", 30);
    ASSERT_TRUE(slow.ok()) << slow.error().message;
    EXPECT_NEAR(slow->samples[1].t, 1.0 / 30.0, 1e-6);
}

TEST(TakeReaderTest, LiveLinkFaceNamesFindTheFacesCamelCaseTargets) {
    auto take = app::take::parseLiveLinkFaceCsv(fixtures::liveLinkFaceCsv(3), "llf.csv", 60);
    ASSERT_TRUE(take.ok());
    auto onFace = app::take::retarget(*take, &face());
    ASSERT_TRUE(onFace.ok()) << onFace.error().message;
    EXPECT_TRUE(onFace->unmatched.empty());
    ASSERT_EQ(onFace->lines.size(), 3u);
    EXPECT_EQ(onFace->lines[2].weights.size(), 52u);
    const size_t jaw = 17;  // JawOpen's column
    EXPECT_FLOAT_EQ(onFace->lines[2].weights.at("jawOpen"), fixtures::takeValue(jaw, 2));
    // Without a model the take's own spelling stays.
    auto own = app::take::retarget(*take, nullptr);
    ASSERT_TRUE(own.ok());
    EXPECT_FLOAT_EQ(own->lines[2].weights.at("JawOpen"), fixtures::takeValue(jaw, 2));
}

TEST(TakeReaderTest, BothArkitSpellingsMapAndAMissingNameIsListedOnce) {
    const std::vector<std::string> names = {"eyeBlinkLeft", "EyeBlink_R", "JawOpen", "Madeup"};
    auto take = app::take::parseAudio2Face(fixtures::audio2FaceJson(5, names), "a2f.json");
    ASSERT_TRUE(take.ok()) << take.error().message;
    ASSERT_EQ(take->samples.size(), 5u);
    EXPECT_NEAR(take->samples[4].t, 4.0 / 30.0, 1e-9);
    auto onFace = app::take::retarget(*take, &face());
    ASSERT_TRUE(onFace.ok());
    EXPECT_EQ(onFace->unmatched, std::vector<std::string>{"Madeup"});
    const auto& last = onFace->lines[4].weights;
    EXPECT_FLOAT_EQ(last.at("eyeBlinkLeft"), fixtures::takeValue(0, 4));
    EXPECT_FLOAT_EQ(last.at("eyeBlinkRight"), fixtures::takeValue(1, 4));
    EXPECT_FLOAT_EQ(last.at("jawOpen"), fixtures::takeValue(2, 4));
    EXPECT_EQ(last.size(), 3u);
}

TEST(TakeReaderTest, RhubarbTsvAndJsonAreTheSameCuesHeld) {
    auto tsv = app::take::parseRhubarb(fixtures::rhubarbTsv(), "cues.tsv");
    auto json = app::take::parseRhubarb(fixtures::rhubarbJson(), "cues.json");
    ASSERT_TRUE(tsv.ok()) << tsv.error().message;
    ASSERT_TRUE(json.ok()) << json.error().message;
    EXPECT_TRUE(tsv->held);
    EXPECT_EQ(tsv->names, json->names);
    ASSERT_EQ(tsv->samples.size(), 8u);
    ASSERT_EQ(json->samples.size(), 9u);  // and the last cue's end, the X held to it
    EXPECT_NEAR(json->samples.back().t, 0.70, 1e-9);
    for (size_t i = 0; i < tsv->samples.size(); ++i) {
        EXPECT_NEAR(tsv->samples[i].t, json->samples[i].t, 1e-9);
        EXPECT_EQ(tsv->samples[i].values, json->samples[i].values);
    }
    // D (wide open) is viseme_aa; X (rest) is viseme_sil.
    const auto& names = tsv->names;
    const size_t aa = size_t(std::find(names.begin(), names.end(), "viseme_aa") - names.begin());
    const size_t sil = size_t(std::find(names.begin(), names.end(), "viseme_sil") - names.begin());
    ASSERT_LT(aa, names.size());
    EXPECT_EQ(tsv->samples[1].values[aa], 1.0f);
    EXPECT_EQ(tsv->samples[0].values[sil], 1.0f);
}

TEST(TakeReaderTest, RhubarbShapesShowAsTheFacesMouth) {
    auto take = app::take::parseRhubarb(fixtures::rhubarbTsv(), "cues.tsv");
    ASSERT_TRUE(take.ok());
    auto onFace = app::take::retarget(*take, &face());
    ASSERT_TRUE(onFace.ok()) << onFace.error().message;
    EXPECT_EQ(onFace->shownAs, "arkit");  // the bundled face has ARKit's names only
    const auto& rest = onFace->lines[0].weights;
    const auto& open = onFace->lines[1].weights;  // D
    EXPECT_EQ(rest.at("jawOpen"), 0.0f);
    EXPECT_GT(open.at("jawOpen"), 0.5f);
    EXPECT_EQ(rest.size(), open.size());  // every mouth target in every line
    // A take for a face with no mouth targets cannot be shown.
    morph::Scene none;
    none.meshes.resize(1);
    none.meshes[0].targetNames = {"browInnerUp"};
    EXPECT_FALSE(app::take::retarget(*take, &none).ok());
}

TEST(TakeReaderTest, MalformedLiveLinkFaceNamesTheLine) {
    const std::string good = fixtures::liveLinkFaceCsv(3);
    using app::take::parseLiveLinkFaceCsv;
    expectError(parseLiveLinkFaceCsv(replaced(good, "14:03:52:29.207", "14:03:52:2x"), "t.csv", 60),
                "t.csv", 3, "is not a timecode");
    expectError(parseLiveLinkFaceCsv(replaced(good, "14:03:52:29.207", "14:61:52:29"), "t.csv", 60),
                "t.csv", 3, "is not a timecode");
    expectError(parseLiveLinkFaceCsv(replaced(good, ",0.0523,", ",0.0523,1,"), "t.csv", 60),
                "t.csv", 2, "64 columns, the header has 63");
    expectError(parseLiveLinkFaceCsv(replaced(good, ",0.0523,", ",zero,"), "t.csv", 60), "t.csv", 2,
                "is not a number");
    const std::string row3 = good.substr(good.rfind("14:03"));
    expectError(parseLiveLinkFaceCsv(replaced(good, "61,0.00000000,", "61,NaN,"), "t.csv", 60),
                "t.csv", 2, "is not a number");
    expectError(parseLiveLinkFaceCsv(good + row3.substr(0, 40) + "\n", "t.csv", 60), "t.csv", 5,
                "columns, the header has 63");
    expectError(parseLiveLinkFaceCsv(good + "14:03:52:27.0" + row3.substr(15), "t.csv", 60),
                "t.csv", 5, "goes back in time");
    expectError(parseLiveLinkFaceCsv("Time,Count,JawOpen\n", "t.csv", 60), "t.csv", 1,
                "not a Live Link Face header");
    expectError(parseLiveLinkFaceCsv(good.substr(0, good.find('\n') + 1), "t.csv", 60), "t.csv", 1,
                "no frames");
}

TEST(TakeReaderTest, MalformedRhubarbNamesTheLine) {
    using app::take::parseRhubarb;
    const std::string tsv = fixtures::rhubarbTsv();
    expectError(parseRhubarb(replaced(tsv, "0.27\tC", "0.27\tQ"), "c.tsv"), "c.tsv", 3,
                "is not a mouth shape");
    expectError(parseRhubarb(replaced(tsv, "0.27\tC", "0.2.7\tC"), "c.tsv"), "c.tsv", 3,
                "is not a start time");
    expectError(parseRhubarb(replaced(tsv, "0.27\tC", "0.27\tC\textra"), "c.tsv"), "c.tsv", 3,
                "not 'start<TAB>shape'");
    expectError(parseRhubarb(replaced(tsv, "0.27\tC", "0.01\tC"), "c.tsv"), "c.tsv", 3,
                "back in time");
    const std::string json = fixtures::rhubarbJson();
    // Cut inside the fifth cue (line 11): the JSON ends there.
    expectError(parseRhubarb(json.substr(0, json.find("\"F\"")), "c.json"), "c.json", 11,
                "not JSON");
    expectError(parseRhubarb(replaced(json, "\"value\": \"B\"", "\"value\": \"b\""), "c.json"),
                "c.json", 10, "mouthCues[3]'s \"value\" is not a mouth shape");
    expectError(parseRhubarb(replaced(json, "\"end\": 0.27", "\"end\": NaN"), "c.json"), "c.json",
                8, "not JSON");
    expectError(parseRhubarb(replaced(json, "\"end\": 0.27", "\"end\": 0.01"), "c.json"), "c.json",
                8, "end >= start");
    expectError(parseRhubarb(replaced(json, "mouthCues", "cues"), "c.json"), "c.json", 1,
                "no \"mouthCues\"");
}

TEST(TakeReaderTest, MalformedAudio2FaceNamesTheLine) {
    using app::take::parseAudio2Face;
    const std::vector<std::string> names = fixtures::audio2FaceNames();
    const std::string good = fixtures::audio2FaceJson(4, names);
    const std::string row2 = "    [0.300000, 0.650000";  // frame 2 (line 10)
    ASSERT_NE(good.find(row2), std::string::npos) << good;
    expectError(parseAudio2Face(replaced(good, row2, "    [0.300000"), "a.json"), "a.json", 10,
                "weightMat[2]: not an array of 8 weights");
    expectError(parseAudio2Face(replaced(good, row2, "    [0.300000, \"x\""), "a.json"), "a.json",
                10, "weightMat[2]: weight 1 is not a finite number");
    expectError(parseAudio2Face(replaced(good, row2, "    [0.300000, NaN"), "a.json"), "a.json", 10,
                "not JSON");
    expectError(parseAudio2Face(replaced(good, row2, "    [0.300000, 1e999"), "a.json"), "a.json",
                10, "not JSON");
    expectError(parseAudio2Face(good.substr(0, good.find(row2) + 10), "a.json"), "a.json", 10,
                "not JSON");
    expectError(parseAudio2Face(replaced(good, "\"numFrames\": 4", "\"numFrames\": 5"), "a.json"),
                "a.json", 5, "\"numFrames\" is not weightMat's 4 frames");
    expectError(parseAudio2Face(replaced(good, "\"exportFps\": 30", "\"exportFps\": 0"), "a.json"),
                "a.json", 1, "\"exportFps\" is not > 0");
}

TEST(TakeReaderTest, TheFormatIsToldFromTheContent) {
    using app::take::guessTakeFormat;
    EXPECT_EQ(guessTakeFormat(fixtures::liveLinkFaceCsv(1), "x.txt"), TakeFormat::LiveLinkFace);
    EXPECT_EQ(guessTakeFormat(fixtures::rhubarbTsv(), "x"), TakeFormat::Rhubarb);
    EXPECT_EQ(guessTakeFormat(fixtures::rhubarbJson(), "x.json"), TakeFormat::Rhubarb);
    EXPECT_EQ(guessTakeFormat(fixtures::audio2FaceJson(1, {"jawOpen"}), "x"),
              TakeFormat::Audio2Face);
    // A recording is no take; an empty .csv is a Live Link Face take (that then says so).
    EXPECT_EQ(guessTakeFormat("{\"t\":0,\"source\":\"vmc\",\"weights\":{}}\n", "x.csv"),
              std::nullopt);
    EXPECT_EQ(guessTakeFormat("", "x.csv"), TakeFormat::LiveLinkFace);
    EXPECT_EQ(guessTakeFormat("hello", "x.txt"), std::nullopt);
}

TEST(TakeReaderTest, ARecordingOrATakeReadsAsLines) {
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/rec.jsonl")
        << "{\"t\":0,\"source\":\"vmc\",\"weights\":{\"jawOpen\":1}}\n";
    std::ofstream(dir + "/take.tsv") << fixtures::rhubarbTsv();
    auto recording = app::take::readRecordingOrTake(dir + "/rec.jsonl", &face());
    ASSERT_TRUE(recording.ok()) << recording.error().message;
    EXPECT_EQ(recording->at(0).weights.at("jawOpen"), 1.0f);
    auto take = app::take::readRecordingOrTake(dir + "/take.tsv", &face());
    ASSERT_TRUE(take.ok()) << take.error().message;
    EXPECT_EQ(take->size(), 8u);
    EXPECT_GT(take->at(1).weights.at("jawOpen"), 0.5f);
    // As a clip: STEP (Rhubarb holds each shape), a key per line, every target named.
    const morph::UserClip clip = app::take::takeClip(*take, true);
    EXPECT_EQ(clip.interpolation, morph::Interpolation::Step);
    EXPECT_EQ(clip.keys.size(), 8u);
    EXPECT_EQ(clip.targetNames.size(), take->at(0).weights.size());
}

}  // namespace take_reader_test
