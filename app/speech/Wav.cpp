#include "app/speech/Wav.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>

#include <samplerate.h>

#include "morph/ByteOrder.h"

namespace app::speech {
namespace {

using morph::Error;
using morph::ErrorCode;

constexpr uint16_t kPcm = 1;
constexpr uint16_t kFloat = 3;
constexpr uint16_t kExtensible = 0xFFFE;
constexpr uint16_t kMaxChannels = 64;

struct Format {
    uint16_t tag = 0;
    uint16_t channels = 0;
    uint32_t rate = 0;
    uint16_t blockAlign = 0;
    uint16_t bits = 0;
};

// What a user calls the compressed formats WAV files carry.
std::string formatName(uint16_t tag) {
    switch (tag) {
        case 2: return "Microsoft ADPCM";
        case 6: return "A-law";
        case 7: return "mu-law";
        case 0x11: return "IMA ADPCM";
        case 0x31: return "GSM 6.10";
        case 0x50: return "MPEG";
        case 0x55: return "MP3";
        case 0x161: return "WMA";
        case 0x2000: return "AC-3";
        case 0xF1AC: return "FLAC";
        default: return "format " + std::to_string(tag);
    }
}

morph::Result<Format> parseFmt(const uint8_t* p, uint32_t size) {
    if (size < 16)
        return Error{ErrorCode::Container,
                     "the fmt chunk is " + std::to_string(size) + " bytes, less than 16"};
    Format f{morph::readU16(p), morph::readU16(p + 2), morph::readU32(p + 4),
             morph::readU16(p + 12), morph::readU16(p + 14)};
    if (f.tag == kExtensible) {
        if (size < 40 || morph::readU16(p + 16) < 22)
            return Error{ErrorCode::Container, "the fmt chunk of WAVE_FORMAT_EXTENSIBLE is short"};
        f.tag = morph::readU16(p + 24);  // the subformat GUID starts with the format's code
    }
    if (f.tag != kPcm && f.tag != kFloat)
        return Error{ErrorCode::Unsupported,
                     "compressed audio (" + formatName(f.tag) + "); only PCM and float WAV"};
    const bool bitsOk = f.tag == kPcm
                            ? (f.bits == 8 || f.bits == 16 || f.bits == 24 || f.bits == 32)
                            : (f.bits == 32 || f.bits == 64);
    if (!bitsOk)
        return Error{ErrorCode::Unsupported, std::to_string(f.bits) + "-bit " +
                                                 (f.tag == kPcm ? "PCM" : "float") +
                                                 " samples (8, 16, 24, 32-bit PCM; 32, 64 float)"};
    if (f.channels == 0 || f.channels > kMaxChannels)
        return Error{ErrorCode::BadValue, std::to_string(f.channels) + " channels (1 to 64)"};
    if (f.blockAlign != f.channels * (f.bits / 8))
        return Error{ErrorCode::Inconsistent, "block align " + std::to_string(f.blockAlign) +
                                                  " is not channels x bytes per sample"};
    if (f.rate < uint32_t(kMinWavRate) || f.rate > uint32_t(kMaxWavRate))
        return Error{ErrorCode::BadValue,
                     "a sample rate of " + std::to_string(f.rate) + " Hz (4000 to 384000 Hz)"};
    return f;
}

struct Chunks {
    const uint8_t* fmt = nullptr;
    uint32_t fmtSize = 0;
    const uint8_t* data = nullptr;
    size_t dataSize = 0;
};

// Walks the chunks after "RIFF....WAVE" up to the file's end (the RIFF size is often wrong).
// `bytes` may be the first `size` bytes of a file of `fileSize`: the data chunk's size is then
// what the whole file holds of it.
morph::Result<Chunks> findChunks(const uint8_t* bytes, size_t size, size_t fileSize) {
    Chunks found;
    size_t at = 12;
    while (at < size) {
        if (size - at < 8) {
            if (found.data != nullptr && found.fmt != nullptr) break;  // padding or a stub
            return Error{ErrorCode::Container, "the header is cut short (a chunk header)"};
        }
        const uint8_t* id = bytes + at;
        const uint32_t length = morph::readU32(bytes + at + 4);
        const size_t left = size - at - 8;
        if (std::memcmp(id, "data", 4) == 0) {
            found.data = bytes + at + 8;
            // A crashed recorder's size says more than there is: what is there.
            found.dataSize = std::min<size_t>(length, fileSize - at - 8);
        } else if (std::memcmp(id, "fmt ", 4) == 0) {
            if (length > left)
                return Error{ErrorCode::Container, "the header is cut short (the fmt chunk)"};
            found.fmt = bytes + at + 8;
            found.fmtSize = length;
        }
        if (length > left) break;
        at += 8 + size_t(length) + (length & 1u);  // odd-sized chunks are padded
    }
    if (found.fmt == nullptr) return Error{ErrorCode::Container, "no fmt chunk"};
    if (found.data == nullptr) return Error{ErrorCode::Container, "no data chunk"};
    return found;
}

float sampleAt(const uint8_t* p, const Format& f) {
    if (f.tag == kFloat) {
        double v = 0;
        if (f.bits == 32) {
            float x;
            std::memcpy(&x, p, 4);
            v = x;
        } else {
            std::memcpy(&v, p, 8);
        }
        return std::isfinite(v) ? float(std::clamp(v, -1.0, 1.0)) : 0.0f;
    }
    switch (f.bits) {
        case 8: return (float(p[0]) - 128.0f) / 128.0f;
        case 16: return float(int16_t(morph::readU16(p))) / 32768.0f;
        case 24:  // the three bytes at the top of an int32, shifted back down with their sign
            return float(int32_t((uint32_t(p[0]) << 8) | (uint32_t(p[1]) << 16) |
                                 (uint32_t(p[2]) << 24)) >>
                         8) /
                   8388608.0f;
        default: return float(double(int32_t(morph::readU32(p))) / 2147483648.0);
    }
}

// The header of a file of `fileSize` whose first `size` bytes are `bytes`: its format and the
// number of frames its data holds, within the limits.
struct Header {
    Format format;
    Chunks chunks;
    size_t frames = 0;
};
morph::Result<Header> readHeader(const uint8_t* bytes, size_t size, size_t fileSize) {
    if (size < 12 || std::memcmp(bytes, "RIFF", 4) != 0 || std::memcmp(bytes + 8, "WAVE", 4) != 0)
        return Error{ErrorCode::Container, "not a RIFF/WAVE file"};
    auto chunks = findChunks(bytes, size, fileSize);
    if (!chunks) return chunks.error();
    auto format = parseFmt(chunks->fmt, chunks->fmtSize);
    if (!format) return format.error();
    const size_t frames = chunks->dataSize / format->blockAlign;
    if (frames == 0) return Error{ErrorCode::BadValue, "no audio (the data chunk is empty)"};
    if (double(frames) / format->rate > kMaxWavSeconds)
        return Error{ErrorCode::Limit, std::to_string(frames / format->rate) +
                                           " s of audio, more than the limit of 600 s"};
    return Header{*format, *chunks, frames};
}

}  // namespace

morph::Result<Audio> readWav(const uint8_t* bytes, size_t size) {
    auto header = readHeader(bytes, size, size);
    if (!header) return header.error();
    const Format& f = header->format;
    const size_t frames = header->frames;
    const Chunks* chunks = &header->chunks;
    Audio audio;
    audio.sampleRate = int(f.rate);
    audio.samples.resize(frames);
    const size_t width = f.bits / 8;
    const uint8_t* p = chunks->data;
    for (size_t i = 0; i < frames; ++i) {
        float sum = 0;
        for (size_t c = 0; c < f.channels; ++c, p += width) sum += sampleAt(p, f);
        audio.samples[i] = sum / float(f.channels);
    }
    return audio;
}

morph::Result<Audio> readWavFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) return Error{ErrorCode::Io, path + ": cannot read (no such file or no permission)"};
    // A file over the length limit is refused from its first MiB, before it is all read.
    const std::streamoff end = file.tellg();
    if (end < 0) return Error{ErrorCode::Io, path + ": cannot read (not a file)"};
    const size_t fileSize = size_t(end);
    const size_t probe = std::min<size_t>(fileSize, size_t(1) << 20);
    std::vector<uint8_t> bytes(probe);
    file.seekg(0);
    file.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(probe));
    if (auto header = readHeader(bytes.data(), probe, fileSize);
        !header && header.error().code == ErrorCode::Limit)
        return Error{ErrorCode::Limit, path + ": " + header.error().message};
    bytes.resize(fileSize);
    file.read(reinterpret_cast<char*>(bytes.data() + probe), std::streamsize(fileSize - probe));
    if (!file) return Error{ErrorCode::Io, path + ": cannot read (I/O error)"};
    auto audio = readWav(bytes.data(), bytes.size());
    if (!audio) return Error{audio.error().code, path + ": " + audio.error().message};
    return audio;
}

morph::Result<Audio> resample(const Audio& audio, int rate) {
    if (audio.sampleRate == rate || audio.samples.empty()) {
        Audio same = audio;
        same.sampleRate = audio.samples.empty() ? rate : audio.sampleRate;
        return same;
    }
    const double ratio = double(rate) / double(audio.sampleRate);
    Audio out;
    out.sampleRate = rate;
    out.samples.resize(size_t(std::ceil(double(audio.samples.size()) * ratio)) + 1);
    SRC_DATA job{};
    job.data_in = audio.samples.data();
    job.input_frames = long(audio.samples.size());
    job.data_out = out.samples.data();
    job.output_frames = long(out.samples.size());
    job.src_ratio = ratio;
    // The medium sinc converter: 97 dB, a pass band to 90% of the lower Nyquist frequency, and
    // several times faster than the best one; speech at 16 kHz needs no more.
    if (const int error = src_simple(&job, SRC_SINC_MEDIUM_QUALITY, 1); error != 0)
        return Error{ErrorCode::BadValue, std::string("resampling failed: ") + src_strerror(error)};
    out.samples.resize(size_t(job.output_frames_gen));
    return out;
}

std::vector<int16_t> toPcm16(const std::vector<float>& samples) {
    std::vector<int16_t> out(samples.size());
    for (size_t i = 0; i < samples.size(); ++i)
        out[i] = int16_t(std::lrint(std::clamp(samples[i], -1.0f, 32767.0f / 32768.0f) * 32768.0f));
    return out;
}

}  // namespace app::speech
