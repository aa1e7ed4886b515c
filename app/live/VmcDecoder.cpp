#include "app/live/VmcDecoder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <set>
#include <string_view>

#include <lo/lo_lowlevel.h>

#include "app/live/HeadTurn.h"
#include "morph/ByteOrder.h"

namespace app::live {

namespace {

constexpr const char* kValAddress = "/VMC/Ext/Blend/Val";
constexpr const char* kApplyAddress = "/VMC/Ext/Blend/Apply";
constexpr const char* kBoneAddress = "/VMC/Ext/Bone/Pos";
// The bones a face follows, as VMC names them (Unity's HumanBodyBones), in HeadEyes' order.
constexpr const char* kBones[3] = {"Head", "LeftEye", "RightEye"};
constexpr char kBundleTag[8] = {'#', 'b', 'u', 'n', 'd', 'l', 'e', '\0'};
// Bundles inside bundles, at most this deep (a datagram of nothing but bundle headers would
// otherwise recurse thousands of times).
constexpr int kMaxBundleDepth = 8;

enum class EventKind { Val, Apply, Bone, Other };

struct Event {
    EventKind kind = EventKind::Other;
    std::string name;
    float value = 0;
    int bone = -1;                           // Bone: the index into kBones
    glm::quat turn{1.0f, 0.0f, 0.0f, 0.0f};  // Bone: its rotation, in glTF's axes
};

struct MessageDeleter {
    void operator()(lo_message m) const { lo_message_free(m); }
};
using MessagePtr = std::unique_ptr<std::remove_pointer_t<lo_message>, MessageDeleter>;

morph::Error vmcMalformed(const std::string& what) {
    return morph::Error{morph::ErrorCode::Container, "VMC datagram: " + what};
}

// A sender's text as it may appear in a one-line message: printable ASCII only, at most 64 bytes.
std::string printable(std::string_view text) {
    constexpr size_t kMost = 64;
    std::string out;
    for (char c : text.substr(0, kMost)) {
        out += (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    return text.size() > kMost ? out + "..." : out;
}

// A Val's arguments: a name (string) and a value (float; a double is taken too).
morph::Status readVal(lo_message message, Event& event) {
    const char* types = lo_message_get_types(message);
    lo_arg** argv = lo_message_get_argv(message);
    if (types == nullptr || lo_message_get_argc(message) != 2 || types[0] != LO_STRING ||
        (types[1] != LO_FLOAT && types[1] != LO_DOUBLE)) {
        return morph::Error{morph::ErrorCode::Schema, std::string("VMC datagram: ") + kValAddress +
                                                          " wants a string and a float, got '" +
                                                          printable(types ? types : "") + "'"};
    }
    // liblo's lo_arg is a union of 8-byte alignment, but its argument pointers are only 4-byte
    // aligned (OSC's padding): the bytes are read through char pointers and memcpy.
    const char* name = reinterpret_cast<const char*>(argv[0]);
    const size_t length = std::strlen(name);
    if (length == 0 || length > kMaxVmcNameBytes) {
        return morph::Error{morph::ErrorCode::Limit, "VMC datagram: a name of " +
                                                         std::to_string(length) + " bytes (1 to " +
                                                         std::to_string(kMaxVmcNameBytes) + ")"};
    }
    double value = 0;
    if (types[1] == LO_FLOAT) {
        float f;
        std::memcpy(&f, argv[1], sizeof(f));
        value = f;
    } else {
        std::memcpy(&value, argv[1], sizeof(value));
    }
    if (!std::isfinite(value)) {
        return morph::Error{morph::ErrorCode::BadValue,
                            "VMC datagram: '" + printable(name) + "' is not a finite number"};
    }
    event.kind = EventKind::Val;
    event.name.assign(name, length);
    event.value = float(value);
    return {};
}

// A Bone/Pos: a name, a position and a rotation (x, y, z, w), in Unity's left-handed axes. Only
// the head's and the eyes' are kept, their rotations turned into glTF's axes (x mirrored, as
// UniVRM converts them: (x, -y, -z, w)); the rest are counted as ignored.
morph::Status readBone(lo_message message, Event& event) {
    const char* types = lo_message_get_types(message);
    lo_arg** argv = lo_message_get_argv(message);
    if (types == nullptr || std::strcmp(types, "sfffffff") != 0) {
        return morph::Error{morph::ErrorCode::Schema, std::string("VMC datagram: ") + kBoneAddress +
                                                          " wants a string and 7 floats, got '" +
                                                          printable(types ? types : "") + "'"};
    }
    const char* name = reinterpret_cast<const char*>(argv[0]);
    float v[7];
    for (int i = 0; i < 7; ++i) std::memcpy(&v[i], argv[1 + i], sizeof(float));  // 4-byte aligned
    for (float f : v) {
        if (!std::isfinite(f)) {
            return morph::Error{
                morph::ErrorCode::BadValue,
                "VMC datagram: bone '" + printable(name) + "' has a value that is not finite"};
        }
    }
    for (int b = 0; b < 3; ++b) {
        if (std::strcmp(name, kBones[b]) != 0) continue;
        const glm::quat turn(v[6], v[3], -v[4], -v[5]);  // glm: (w, x, y, z)
        if (glm::length(turn) < 1e-6f) {
            return morph::Error{morph::ErrorCode::BadValue,
                                "VMC datagram: bone '" + printable(name) + "' has no rotation"};
        }
        event.kind = EventKind::Bone;
        event.bone = b;
        event.turn = glm::normalize(turn);
    }
    return {};
}

morph::Status readMessage(uint8_t* data, size_t size, std::vector<Event>& events) {
    const char* path = lo_get_path(data, ssize_t(size));
    if (path == nullptr) {
        return vmcMalformed("no address string in " + std::to_string(size) + " bytes");
    }
    int result = 0;
    MessagePtr message(lo_message_deserialise(data, size, &result));
    if (!message) {
        return vmcMalformed("OSC message " + printable(path) + " does not decode (liblo error " +
                            std::to_string(result) + ")");
    }
    Event event;
    if (std::strcmp(path, kValAddress) == 0) {
        if (morph::Status s = readVal(message.get(), event); !s) {
            return s;
        }
    } else if (std::strcmp(path, kApplyAddress) == 0) {
        event.kind = EventKind::Apply;
    } else if (std::strcmp(path, kBoneAddress) == 0) {
        if (morph::Status s = readBone(message.get(), event); !s) return s;
    }
    events.push_back(std::move(event));
    return {};
}

morph::Status readElement(uint8_t* data, size_t size, int depth, std::vector<Event>& events);

// "#bundle", an 8-byte time tag, then elements: a big-endian int32 size and that many bytes.
morph::Status readBundle(uint8_t* data, size_t size, int depth, std::vector<Event>& events) {
    if (depth >= kMaxBundleDepth) {
        return vmcMalformed("bundles nested deeper than " + std::to_string(kMaxBundleDepth));
    }
    if (size < 16) {
        return vmcMalformed("a bundle of " + std::to_string(size) + " bytes (at least 16)");
    }
    size_t at = 16;
    while (at < size) {
        if (size - at < 4) {
            return vmcMalformed("a bundle element's size cut off at byte " + std::to_string(at));
        }
        const uint32_t length = morph::readU32BigEndian(data + at);
        at += 4;
        if (length == 0 || length > size - at) {
            return vmcMalformed("a bundle element of " + std::to_string(length) +
                                " bytes at byte " + std::to_string(at) + " (" +
                                std::to_string(size - at) + " left)");
        }
        if (morph::Status s = readElement(data + at, length, depth + 1, events); !s) {
            return s;
        }
        at += length;
    }
    return {};
}

morph::Status readElement(uint8_t* data, size_t size, int depth, std::vector<Event>& events) {
    if (size >= sizeof(kBundleTag) && std::memcmp(data, kBundleTag, sizeof(kBundleTag)) == 0) {
        return readBundle(data, size, depth, events);
    }
    return readMessage(data, size, events);
}

}  // namespace

std::optional<std::array<float, 9>> VmcDecoder::headEyes() const {
    if (!mBones[0] && !mBones[1] && !mBones[2]) return std::nullopt;
    std::array<float, 9> angles{};
    for (size_t b = 0; b < 3; ++b) {
        if (!mBones[b]) continue;
        const std::array<float, 3> ypr = yawPitchRoll(*mBones[b]);
        std::copy(ypr.begin(), ypr.end(), angles.begin() + std::ptrdiff_t(3 * b));
    }
    return angles;
}

morph::Result<std::vector<LiveSample>> VmcDecoder::decode(const uint8_t* data, size_t size) {
    if (size == 0 || size > kMaxDatagramBytes) {
        return vmcMalformed(std::to_string(size) + " bytes (1 to " +
                            std::to_string(kMaxDatagramBytes) + ")");
    }
    // liblo takes mutable pointers; the datagram is decoded from a copy of its own.
    std::vector<uint8_t> copy(data, data + size);
    std::vector<Event> events;
    if (morph::Status s = readElement(copy.data(), copy.size(), 0, events); !s) {
        return s.error();
    }
    // The whole datagram is checked before any of it takes effect, the names' bound included.
    std::set<std::string> added;
    for (const Event& e : events) {
        if (e.kind == EventKind::Val && mValues.count(e.name) == 0) {
            added.insert(e.name);
        }
    }
    if (mValues.size() + added.size() > kMaxVmcNames) {
        return morph::Error{
            morph::ErrorCode::Limit,
            "VMC datagram: more than " + std::to_string(kMaxVmcNames) + " names in one stream"};
    }
    std::vector<LiveSample> samples;
    for (Event& e : events) {
        if (e.kind == EventKind::Other) {
            ++mIgnored;
        } else if (e.kind == EventKind::Bone) {
            mBones[size_t(e.bone)] = e.turn;
        } else if (e.kind == EventKind::Val) {
            auto [it, inserted] = mValues.insert_or_assign(e.name, e.value);
            if (inserted) {
                mOrder.push_back(it->first);
            }
        } else {
            LiveSample sample{sourceKindKey(SourceKind::Vmc), {}, {}, {}};
            sample.values.reserve(mOrder.size());
            for (const std::string& name : mOrder) {
                sample.values.emplace_back(name, mValues.at(name));
            }
            sample.rotations = headEyes();
            samples.push_back(std::move(sample));
        }
    }
    return samples;
}

}  // namespace app::live
