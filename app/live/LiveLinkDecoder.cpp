#include "app/live/LiveLinkDecoder.h"

#include <cmath>
#include <cstring>

#include "morph/ByteOrder.h"

namespace app::live {

namespace {

morph::Error liveLinkMalformed(const std::string& what) {
    return morph::Error{morph::ErrorCode::Container, "Live Link Face datagram: " + what};
}

// Reads fields front to back; each read first checks that the bytes are there.
class Reader {
public:
    Reader(const uint8_t* data, size_t size) : mData(data), mSize(size) {}

    size_t at() const { return mAt; }
    size_t left() const { return mSize - mAt; }
    bool has(size_t n) const { return n <= left(); }

    uint32_t u32le() { return morph::readU32(take(4)); }
    uint32_t u32be() { return morph::readU32BigEndian(take(4)); }
    int32_t i32be() { return int32_t(u32be()); }
    float f32be() {
        const uint32_t bits = u32be();
        float value;
        std::memcpy(&value, &bits, sizeof(value));
        return value;
    }
    uint8_t u8() { return *take(1); }
    std::string text(size_t n) {
        const uint8_t* p = take(n);
        return std::string(reinterpret_cast<const char*>(p), n);
    }

private:
    // Callers check has() first; take() only moves the cursor.
    const uint8_t* take(size_t n) {
        const uint8_t* p = mData + mAt;
        mAt += n;
        return p;
    }

    const uint8_t* mData;
    size_t mSize;
    size_t mAt = 0;
};

// Everything before the subject name: version 4, '$' 1, device id 36, name length 4.
constexpr size_t kHeadBytes = 4 + 1 + kLiveLinkDeviceIdBytes + 4;
// After the name: frame, subframe, fps, denominator, count, then the values.
constexpr size_t kTailBytes = 4 * 4 + 1 + kLiveLinkValues * 4;

morph::Status readHeader(Reader& in, LiveLinkFrame& frame) {
    if (!in.has(kHeadBytes)) {
        return liveLinkMalformed("truncated: " + std::to_string(in.left()) +
                                 " bytes, a header needs " + std::to_string(kHeadBytes));
    }
    const uint32_t version = in.u32le();
    if (version != kLiveLinkVersion) {
        return morph::Error{morph::ErrorCode::Unsupported,
                            "Live Link Face datagram: version " + std::to_string(version) +
                                " (only " + std::to_string(kLiveLinkVersion) + " is known)"};
    }
    if (in.u8() != '$') {
        return liveLinkMalformed("no '$' before the device id");
    }
    frame.deviceId = in.text(kLiveLinkDeviceIdBytes);
    const uint32_t nameLength = in.u32be();
    if (nameLength > kMaxLiveLinkNameBytes) {
        return morph::Error{morph::ErrorCode::Limit,
                            "Live Link Face datagram: a subject name of " +
                                std::to_string(nameLength) + " bytes (at most " +
                                std::to_string(kMaxLiveLinkNameBytes) + ")"};
    }
    if (!in.has(nameLength)) {
        return liveLinkMalformed("truncated in the subject name (" + std::to_string(nameLength) +
                                 " bytes, " + std::to_string(in.left()) + " left)");
    }
    frame.subject = in.text(nameLength);
    return {};
}

morph::Status readValues(Reader& in, LiveLinkFrame& frame) {
    if (in.left() != kTailBytes) {
        return liveLinkMalformed(std::string(in.left() < kTailBytes ? "truncated" : "oversized") +
                                 ": " + std::to_string(in.left()) +
                                 " bytes after the subject name, not " +
                                 std::to_string(kTailBytes));
    }
    frame.frame = in.i32be();
    frame.subframe = in.f32be();
    frame.fps = in.i32be();
    frame.denominator = in.i32be();
    const uint8_t count = in.u8();
    if (count != kLiveLinkValues) {
        return liveLinkMalformed("a count of " + std::to_string(count) + " values (" +
                                 std::to_string(kLiveLinkValues) + " expected)");
    }
    const std::vector<std::string>& names = liveLinkShapeNames();
    frame.sample.source = sourceKindKey(SourceKind::LiveLink);
    frame.sample.values.reserve(kLiveLinkShapes);
    for (size_t i = 0; i < kLiveLinkValues; ++i) {
        const float value = in.f32be();
        if (!std::isfinite(value)) {
            return morph::Error{
                morph::ErrorCode::BadValue,
                "Live Link Face datagram: value " + std::to_string(i) + " is not a finite number"};
        }
        if (i < kLiveLinkShapes) {
            frame.sample.values.emplace_back(names[i], value);
        } else {
            frame.rotations[i - kLiveLinkShapes] = value;
        }
    }
    return {};
}

}  // namespace

const std::vector<std::string>& liveLinkShapeNames() {
    static const std::vector<std::string> names = {
        "eyeBlinkLeft",      "eyeLookDownLeft",    "eyeLookInLeft",
        "eyeLookOutLeft",    "eyeLookUpLeft",      "eyeSquintLeft",
        "eyeWideLeft",       "eyeBlinkRight",      "eyeLookDownRight",
        "eyeLookInRight",    "eyeLookOutRight",    "eyeLookUpRight",
        "eyeSquintRight",    "eyeWideRight",       "jawForward",
        "jawLeft",           "jawRight",           "jawOpen",
        "mouthClose",        "mouthFunnel",        "mouthPucker",
        "mouthLeft",         "mouthRight",         "mouthSmileLeft",
        "mouthSmileRight",   "mouthFrownLeft",     "mouthFrownRight",
        "mouthDimpleLeft",   "mouthDimpleRight",   "mouthStretchLeft",
        "mouthStretchRight", "mouthRollLower",     "mouthRollUpper",
        "mouthShrugLower",   "mouthShrugUpper",    "mouthPressLeft",
        "mouthPressRight",   "mouthLowerDownLeft", "mouthLowerDownRight",
        "mouthUpperUpLeft",  "mouthUpperUpRight",  "browDownLeft",
        "browDownRight",     "browInnerUp",        "browOuterUpLeft",
        "browOuterUpRight",  "cheekPuff",          "cheekSquintLeft",
        "cheekSquintRight",  "noseSneerLeft",      "noseSneerRight",
        "tongueOut"};
    return names;
}

morph::Result<LiveLinkFrame> decodeLiveLink(const uint8_t* data, size_t size) {
    if (size > kMaxDatagramBytes) {
        return liveLinkMalformed("oversized: " + std::to_string(size) + " bytes");
    }
    Reader in(data, size);
    LiveLinkFrame frame;
    if (morph::Status s = readHeader(in, frame); !s) {
        return s.error();
    }
    if (morph::Status s = readValues(in, frame); !s) {
        return s.error();
    }
    return frame;
}

}  // namespace app::live
