// Writes seed WAV files for the WavFuzzer (tests/fixtures/WavFixtures.h): each sample format the
// reader takes, WAVE_FORMAT_EXTENSIBLE, several channels, chunks out of order with an odd-sized
// one, a data chunk cut short, and a compressed format it refuses.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "SeedFiles.h"
#include "fixtures/WavFixtures.h"

namespace {

using fixtures::WavSpec;

// A short tone, `frames` frames of every channel, as the spec's sample format.
std::vector<uint8_t> tone(const WavSpec& spec, int frames) {
    std::vector<uint8_t> out;
    for (int i = 0; i < frames; ++i) {
        const double v = 0.5 * std::sin(double(i) * 0.3);
        for (int c = 0; c < spec.channels; ++c) {
            if (spec.format == 3 && spec.bits == 32) {
                const float f = float(v);
                uint32_t bits;
                std::memcpy(&bits, &f, 4);
                fixtures::putLe(out, bits, 4);
            } else if (spec.format == 3) {
                uint64_t bits;
                std::memcpy(&bits, &v, 8);
                fixtures::putLe(out, uint32_t(bits), 4);
                fixtures::putLe(out, uint32_t(bits >> 32), 4);
            } else if (spec.bits == 8) {
                out.push_back(uint8_t(128 + int(v * 127)));
            } else {
                fixtures::putLe(out, uint32_t(int32_t(v * 2147483647.0)) >> (32 - spec.bits),
                                spec.bits / 8);
            }
        }
    }
    return out;
}

std::vector<std::pair<std::string, std::vector<uint8_t>>> seeds() {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> out;
    const auto add = [&out](const std::string& name, WavSpec spec, int frames) {
        spec.data = tone(spec, frames);
        out.push_back({name, fixtures::wavBytes(spec)});
    };
    add("pcm8.wav", {1, 1, 8000, 8, false, false, false, {}}, 200);
    add("pcm16.wav", {1, 1, 16000, 16, false, false, false, {}}, 200);
    add("pcm24-stereo.wav", {1, 2, 44100, 24, false, false, false, {}}, 200);
    add("pcm32.wav", {1, 1, 48000, 32, false, false, false, {}}, 200);
    add("float32-extensible.wav", {3, 2, 22050, 32, true, false, false, {}}, 200);
    add("float64.wav", {3, 1, 96000, 64, false, false, false, {}}, 200);
    add("out-of-order.wav", {1, 3, 11025, 16, false, true, true, {}}, 100);
    add("mulaw.wav", {7, 1, 8000, 8, false, false, false, {}}, 50);
    std::vector<uint8_t> cut =
        fixtures::wavBytes({1, 1, 16000, 16, false, false, false, std::vector<uint8_t>(400, 7)});
    cut.resize(cut.size() - 101);
    out.push_back({"cut-short.wav", cut});
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: WavSeedWriter DIR\n");
        return 2;
    }
    return fuzz_seeds::writeSeeds("WavSeedWriter", argv[1], seeds()) ? 0 : 1;
}
