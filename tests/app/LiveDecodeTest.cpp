// Live input's decoders (app/live/): VMC over OSC (liblo) and Live Link Face, on datagrams the
// fixtures write as the trackers do; every malformed, truncated or oversized datagram is an
// error value with a one-line message, and thousands of mutated ones never crash.
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "app/live/HeadTurn.h"
#include "app/live/LiveLinkDecoder.h"
#include "app/live/VmcDecoder.h"
#include "fixtures/LiveDatagrams.h"

namespace live_decode_test {

namespace {

using app::live::LiveSample;
using app::live::VmcDecoder;
using fixtures::live::Bytes;

std::vector<LiveSample> decodeOk(VmcDecoder& decoder, const Bytes& datagram) {
    morph::Result<std::vector<LiveSample>> r = decoder.decode(datagram.data(), datagram.size());
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : std::vector<LiveSample>{};
}

// `sample`'s values in order, each a name and its value.
void expectValues(const LiveSample& sample,
                  const std::vector<std::pair<std::string, float>>& expected) {
    ASSERT_EQ(sample.values.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(sample.values[i].first, expected[i].first);
        EXPECT_FLOAT_EQ(sample.values[i].second, expected[i].second);
    }
}

std::vector<float> liveLinkValues() {
    std::vector<float> values(app::live::kLiveLinkValues);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = float(i) / 100.0f;
    }
    return values;
}

void expectOneLineError(const morph::Error& e) {
    EXPECT_FALSE(e.message.empty());
    EXPECT_EQ(e.message.find('\n'), std::string::npos) << e.message;
}

TEST(LiveDecodeTest, VmcFrameIsOneSampleAtApply) {
    VmcDecoder decoder;
    std::vector<LiveSample> samples =
        decodeOk(decoder, fixtures::live::vmcFrame({{"jawOpen", 0.5f}, {"A", 0.25f}}));
    ASSERT_EQ(samples.size(), 1u);
    EXPECT_EQ(samples[0].source, "vmc");
    expectValues(samples[0], {{"jawOpen", 0.5f}, {"A", 0.25f}});
}

TEST(LiveDecodeTest, VmcNameKeepsItsValueUntilChanged) {
    VmcDecoder decoder;
    EXPECT_TRUE(decodeOk(decoder, fixtures::live::vmcVal("jawOpen", 0.5f)).empty());
    EXPECT_TRUE(decodeOk(decoder, fixtures::live::vmcVal("Blink", 1.0f)).empty());
    ASSERT_EQ(decodeOk(decoder, fixtures::live::vmcApply()).size(), 1u);
    std::vector<LiveSample> second = decodeOk(decoder, fixtures::live::vmcFrame({{"Blink", 0.0f}}));
    ASSERT_EQ(second.size(), 1u);
    expectValues(second[0], {{"jawOpen", 0.5f}, {"Blink", 0.0f}});
}

TEST(LiveDecodeTest, VmcOtherAddressesAreCountedAndIgnored) {
    VmcDecoder decoder;
    const Bytes bundle = fixtures::live::oscBundle(
        {fixtures::live::vmcBone("Hips"), fixtures::live::vmcVal("A", 1.0f),
         fixtures::live::oscBundle({fixtures::live::vmcBone("Neck"), fixtures::live::vmcApply()})});
    std::vector<LiveSample> samples = decodeOk(decoder, bundle);
    ASSERT_EQ(samples.size(), 1u);
    EXPECT_EQ(samples[0].values.size(), 1u);
    EXPECT_FALSE(samples[0].rotations.has_value());  // no head or eye bone sent
    EXPECT_EQ(decoder.ignoredMessages(), 2u);
}

// The head's and eyes' Bone/Pos rotations (Unity's left-handed axes) become the sample's yaw,
// pitch and roll in the model's frame: the head turned 0.3 rad to the character's left is a
// negative turn about Unity's +Y; 0.2 rad up a negative turn about +X. Each bone keeps its
// rotation until it is sent again.
TEST(LiveDecodeTest, VmcHeadAndEyeBonesAreTheSamplesRotations) {
    VmcDecoder decoder;
    const float yaw = 0.3f, pitch = 0.2f;
    std::vector<LiveSample> samples = decodeOk(
        decoder,
        fixtures::live::oscBundle(
            {fixtures::live::vmcBone("Head", 0, -std::sin(yaw / 2), 0, std::cos(yaw / 2)),
             fixtures::live::vmcBone("LeftEye", -std::sin(pitch / 2), 0, 0, std::cos(pitch / 2)),
             fixtures::live::vmcVal("A", 1.0f), fixtures::live::vmcApply()}));
    ASSERT_EQ(samples.size(), 1u);
    ASSERT_TRUE(samples[0].rotations.has_value());
    const std::array<float, 9>& r = *samples[0].rotations;
    EXPECT_NEAR(r[0], yaw, 1e-5f);  // head yaw, to the left
    EXPECT_NEAR(r[1], 0.0f, 1e-5f);
    EXPECT_NEAR(r[2], 0.0f, 1e-5f);
    EXPECT_NEAR(r[3], 0.0f, 1e-5f);   // left eye: no yaw
    EXPECT_NEAR(r[4], pitch, 1e-5f);  // up
    EXPECT_NEAR(r[6], 0.0f, 1e-5f);   // right eye: never sent, at rest
    samples = decodeOk(decoder, fixtures::live::oscBundle({fixtures::live::vmcApply()}));
    ASSERT_TRUE(samples[0].rotations.has_value());
    EXPECT_NEAR((*samples[0].rotations)[0], yaw, 1e-5f);  // kept
    EXPECT_FALSE(decoder
                     .decode(fixtures::live::vmcBone("Head", 0, 0, 0, 0).data(),
                             fixtures::live::vmcBone("Head", 0, 0, 0, 0).size())
                     .ok());  // no rotation
}

// yawPitchRoll undoes modelTurn (pitch within +-90 degrees).
TEST(LiveDecodeTest, YawPitchRollUndoesModelTurn) {
    for (const auto& [y, p, r] : {std::tuple{0.3f, -0.4f, 0.2f}, std::tuple{-2.5f, 1.2f, -3.0f},
                                  std::tuple{0.0f, 0.0f, 0.0f}}) {
        const std::array<float, 3> back = app::live::yawPitchRoll(app::live::modelTurn(y, p, r));
        EXPECT_NEAR(back[0], y, 1e-4f);
        EXPECT_NEAR(back[1], p, 1e-4f);
        EXPECT_NEAR(back[2], r, 1e-4f);
    }
}

TEST(LiveDecodeTest, VmcMalformedDatagramTakesNoEffect) {
    VmcDecoder decoder;
    Bytes frame = fixtures::live::vmcFrame({{"A", 0.75f}});
    frame.resize(frame.size() - 3);  // the Apply cut short
    morph::Result<std::vector<LiveSample>> r = decoder.decode(frame.data(), frame.size());
    ASSERT_FALSE(r.ok());
    expectOneLineError(r.error());
    // The cut datagram's Val never reached the pending values.
    std::vector<LiveSample> next = decodeOk(decoder, fixtures::live::vmcApply());
    ASSERT_EQ(next.size(), 1u);
    EXPECT_TRUE(next[0].values.empty());
}

TEST(LiveDecodeTest, VmcRejectsWrongTypesNonFiniteValuesAndHostileFraming) {
    lo_message wrong = lo_message_new();
    lo_message_add_int32(wrong, 3);
    lo_message_add_float(wrong, 1.0f);
    const Bytes bad[] = {
        fixtures::live::oscMessage("/VMC/Ext/Blend/Val", wrong),
        fixtures::live::vmcVal("A", std::numeric_limits<float>::quiet_NaN()),
        fixtures::live::vmcVal("", 1.0f),
        fixtures::live::vmcVal(std::string(300, 'x'), 1.0f),
        Bytes{},
        Bytes(app::live::kMaxDatagramBytes + 1, 0),
        Bytes{'#', 'b', 'u', 'n', 'd', 'l', 'e', 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0},
        Bytes{'/', 'V', 'M', 'C'},
    };
    for (const Bytes& datagram : bad) {
        VmcDecoder decoder;
        morph::Result<std::vector<LiveSample>> r = decoder.decode(datagram.data(), datagram.size());
        ASSERT_FALSE(r.ok()) << datagram.size() << " bytes";
        expectOneLineError(r.error());
    }
    // Bundles nested past the bound.
    Bytes nested = fixtures::live::vmcApply();
    for (int i = 0; i < 12; ++i) {
        nested = fixtures::live::oscBundle({nested});
    }
    VmcDecoder decoder;
    EXPECT_FALSE(decoder.decode(nested.data(), nested.size()).ok());
}

TEST(LiveDecodeTest, VmcBoundsTheNamesOfAStream) {
    VmcDecoder decoder;
    for (size_t i = 0; i < app::live::kMaxVmcNames; ++i) {
        decodeOk(decoder, fixtures::live::vmcVal("n" + std::to_string(i), 0.0f));
    }
    const Bytes one = fixtures::live::vmcVal("one too many", 1.0f);
    morph::Result<std::vector<LiveSample>> r = decoder.decode(one.data(), one.size());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, morph::ErrorCode::Limit);
    // Names already known still change.
    decodeOk(decoder, fixtures::live::vmcVal("n0", 1.0f));
}

TEST(LiveDecodeTest, LiveLinkDecodesEveryField) {
    const Bytes datagram = fixtures::live::liveLinkDatagram(liveLinkValues(), "Face", 77);
    morph::Result<app::live::LiveLinkFrame> r =
        app::live::decodeLiveLink(datagram.data(), datagram.size());
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->deviceId, "0123ABCD-4567-89EF-0123-456789ABCDEF");
    EXPECT_EQ(r->subject, "Face");
    EXPECT_EQ(r->frame, 77);
    EXPECT_FLOAT_EQ(r->subframe, 0.5f);
    EXPECT_EQ(r->fps, 60);
    EXPECT_EQ(r->denominator, 1);
    EXPECT_EQ(r->sample.source, "livelink");
    ASSERT_EQ(r->sample.values.size(), 52u);
    EXPECT_EQ(r->sample.values[0].first, "eyeBlinkLeft");
    EXPECT_EQ(r->sample.values[17].first, "jawOpen");
    EXPECT_FLOAT_EQ(r->sample.values[17].second, 0.17f);
    EXPECT_EQ(r->sample.values[51].first, "tongueOut");
    EXPECT_FLOAT_EQ(r->rotations[0], 0.52f);  // head yaw
    EXPECT_FLOAT_EQ(r->rotations[8], 0.60f);  // right eye roll
}

TEST(LiveDecodeTest, LiveLinkRejectsEveryTruncationAndBadField) {
    const Bytes good = fixtures::live::liveLinkDatagram(liveLinkValues());
    for (size_t size = 0; size < good.size(); ++size) {
        morph::Result<app::live::LiveLinkFrame> r = app::live::decodeLiveLink(good.data(), size);
        ASSERT_FALSE(r.ok()) << size;
        expectOneLineError(r.error());
    }
    Bytes longer = good;
    longer.push_back(0);
    Bytes version = good;
    version[0] = 5;
    Bytes nameLength = good;
    nameLength[41] = 0x7f;  // the name's length, big-endian, after version, '$' and the id
    std::vector<float> nan = liveLinkValues();
    nan[3] = std::numeric_limits<float>::infinity();
    const Bytes bad[] = {longer, version, nameLength, fixtures::live::liveLinkDatagram(nan),
                         fixtures::live::liveLinkDatagram(std::vector<float>(60, 0.0f))};
    for (const Bytes& datagram : bad) {
        morph::Result<app::live::LiveLinkFrame> r =
            app::live::decodeLiveLink(datagram.data(), datagram.size());
        ASSERT_FALSE(r.ok()) << datagram.size() << " bytes";
        expectOneLineError(r.error());
    }
}

// Mutations of real datagrams: flipped bytes, cuts, insertions, and plain noise.
Bytes mutate(const Bytes& seed, std::mt19937& random) {
    Bytes out = seed;
    std::uniform_int_distribution<int> kind(0, 3);
    std::uniform_int_distribution<int> byte(0, 255);
    const int k = kind(random);
    if (k == 3 || out.empty()) {
        out.assign(size_t(byte(random)) * 2, 0);
        for (uint8_t& b : out) b = uint8_t(byte(random));
        return out;
    }
    std::uniform_int_distribution<size_t> at(0, out.size() - 1);
    for (int i = 0; i < 1 + byte(random) % 4; ++i) {
        if (k == 0) out[at(random)] = uint8_t(byte(random));
        if (k == 1) out.resize(at(random));
        if (k == 2) out.insert(out.begin() + long(at(random)), uint8_t(byte(random)));
        if (out.empty()) break;
        at = std::uniform_int_distribution<size_t>(0, out.size() - 1);
    }
    return out;
}

TEST(LiveDecodeTest, ThousandsOfMutatedDatagramsNeverCrash) {
    const Bytes seeds[] = {
        fixtures::live::vmcFrame({{"jawOpen", 0.5f}, {"Blink_L", 1.0f}}),
        fixtures::live::oscBundle({fixtures::live::vmcBone("Head"), fixtures::live::vmcApply()}),
        fixtures::live::vmcVal("A", 0.5f),
        fixtures::live::liveLinkDatagram(liveLinkValues()),
    };
    std::mt19937 random(34);
    VmcDecoder decoder;
    size_t rejected = 0;
    for (int i = 0; i < 20000; ++i) {
        const Bytes datagram = mutate(seeds[i % 4], random);
        morph::Result<std::vector<LiveSample>> v = decoder.decode(datagram.data(), datagram.size());
        morph::Result<app::live::LiveLinkFrame> l =
            app::live::decodeLiveLink(datagram.data(), datagram.size());
        if (!v.ok()) expectOneLineError(v.error());
        if (!l.ok()) expectOneLineError(l.error());
        if (l.ok()) {
            EXPECT_EQ(l->sample.values.size(), 52u);
        }
        rejected += !v.ok() + !l.ok();
    }
    // Most mutations break a datagram; a decoder that rejected nothing would not be checking.
    EXPECT_GT(rejected, 20000u);
}

}  // namespace

}  // namespace live_decode_test
