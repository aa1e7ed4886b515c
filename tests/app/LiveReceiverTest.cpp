// Live input's receiver (app/live/LiveReceiver) on loopback, on ports the system picks (bound
// to port 0 and read back, never fixed): real datagrams arrive as complete samples in the slot,
// malformed ones are counted and dropped, a taken port or a bad address is an error value.
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "app/live/LiveLinkDecoder.h"
#include "app/live/LiveReceiver.h"
#include "fixtures/LiveDatagrams.h"

namespace live_receiver_test {

namespace {

using app::live::LiveReceiver;
using app::live::LiveSample;
using app::live::ReceiverCounts;
using app::live::SourceKind;

// Waits (up to 10 s: loopback is immediate, but a loaded machine may not schedule the thread)
// until `done` holds for the receiver's counts.
template <typename Done>
ReceiverCounts waitFor(const LiveReceiver& receiver, Done done) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    ReceiverCounts counts = receiver.counts();
    while (!done(counts) && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        counts = receiver.counts();
    }
    return counts;
}

TEST(LiveReceiverTest, VmcFramesArriveAsTheNewestSample) {
    LiveReceiver receiver;
    ASSERT_TRUE(receiver.start(SourceKind::Vmc, "127.0.0.1", 0).ok());
    ASSERT_NE(receiver.port(), 0);
    uint64_t sequence = 0;
    LiveSample sample;
    EXPECT_FALSE(receiver.takeNewer(sequence, sample));

    ASSERT_TRUE(fixtures::live::sendDatagram(receiver.port(),
                                             fixtures::live::vmcFrame({{"jawOpen", 0.25f}})));
    ASSERT_TRUE(
        fixtures::live::sendDatagram(receiver.port(), fixtures::live::vmcFrame({{"Blink", 1.0f}})));
    const ReceiverCounts counts =
        waitFor(receiver, [](const ReceiverCounts& c) { return c.samples >= 2; });
    EXPECT_EQ(counts.samples, 2u);
    EXPECT_EQ(counts.malformed, 0u);
    EXPECT_TRUE(counts.lastSample.has_value());
    ASSERT_TRUE(receiver.takeNewer(sequence, sample));
    EXPECT_EQ(sequence, 2u);
    EXPECT_EQ(sample.source, "vmc");
    // The second frame's sample holds both names: jawOpen kept its value.
    ASSERT_EQ(sample.values.size(), 2u);
    EXPECT_EQ(sample.values[0].first, "jawOpen");
    EXPECT_FLOAT_EQ(sample.values[0].second, 0.25f);
    EXPECT_EQ(sample.values[1].first, "Blink");
    EXPECT_FALSE(receiver.takeNewer(sequence, sample));  // nothing newer since
    receiver.stop();
}

TEST(LiveReceiverTest, LiveLinkDatagramIsOneSample) {
    LiveReceiver receiver;
    ASSERT_TRUE(receiver.start(SourceKind::LiveLink, "127.0.0.1", 0).ok());
    std::vector<float> values(app::live::kLiveLinkValues, 0.0f);
    values[17] = 0.8f;  // jawOpen
    ASSERT_TRUE(
        fixtures::live::sendDatagram(receiver.port(), fixtures::live::liveLinkDatagram(values)));
    waitFor(receiver, [](const ReceiverCounts& c) { return c.samples >= 1; });
    uint64_t sequence = 0;
    LiveSample sample;
    ASSERT_TRUE(receiver.takeNewer(sequence, sample));
    EXPECT_EQ(sample.source, "livelink");
    ASSERT_EQ(sample.values.size(), 52u);
    EXPECT_EQ(sample.values[17].first, "jawOpen");
    EXPECT_FLOAT_EQ(sample.values[17].second, 0.8f);
}

TEST(LiveReceiverTest, MalformedDatagramsAreCountedAndDropped) {
    LiveReceiver receiver;
    ASSERT_TRUE(receiver.start(SourceKind::LiveLink, "127.0.0.1", 0).ok());
    const fixtures::live::Bytes good =
        fixtures::live::liveLinkDatagram(std::vector<float>(61, 0.5f));
    const fixtures::live::Bytes cut(good.begin(), good.begin() + 40);
    const fixtures::live::Bytes huge(60000, 0xff);
    // One at a time, each received before the next is sent: a burst of 60 KB datagrams would
    // fill the socket's buffer, and loopback drops what does not fit.
    for (uint64_t i = 1; i <= 100; ++i) {
        ASSERT_TRUE(fixtures::live::sendDatagram(receiver.port(), i % 2 ? cut : huge));
        ASSERT_EQ(
            waitFor(receiver, [i](const ReceiverCounts& c) { return c.datagrams >= i; }).datagrams,
            i);
    }
    ASSERT_TRUE(fixtures::live::sendDatagram(receiver.port(), good));
    const ReceiverCounts counts =
        waitFor(receiver, [](const ReceiverCounts& c) { return c.datagrams >= 101; });
    EXPECT_EQ(counts.malformed, 100u);
    EXPECT_EQ(counts.samples, 1u);
    EXPECT_FALSE(counts.lastError.empty());
    uint64_t sequence = 0;
    LiveSample sample;
    ASSERT_TRUE(receiver.takeNewer(sequence, sample));
    EXPECT_FLOAT_EQ(sample.values[0].second, 0.5f);
}

TEST(LiveReceiverTest, TakenPortAndBadAddressAreErrors) {
    LiveReceiver first;
    ASSERT_TRUE(first.start(SourceKind::Vmc, "127.0.0.1", 0).ok());
    LiveReceiver second;
    const morph::Status taken = second.start(SourceKind::Vmc, "127.0.0.1", first.port());
    ASSERT_FALSE(taken.ok());
    EXPECT_EQ(taken.error().code, morph::ErrorCode::Io);
    EXPECT_NE(taken.error().message.find(std::to_string(first.port())), std::string::npos);
    const morph::Status bad = second.start(SourceKind::Vmc, "localhost:9", 0);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, morph::ErrorCode::Usage);
    // Stopped and started again, the receiver binds anew.
    first.stop();
    ASSERT_TRUE(first.start(SourceKind::Vmc, "127.0.0.1", 0).ok());
}

}  // namespace

}  // namespace live_receiver_test
