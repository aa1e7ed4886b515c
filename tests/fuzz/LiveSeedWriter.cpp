// Writes seed datagrams for the live input fuzzers, from the encoders the tests send with
// (tests/fixtures/LiveDatagrams.h): `vmc` writes OSC messages and bundles as VMC senders frame
// them, `livelink` Live Link Face datagrams.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "SeedFiles.h"
#include "fixtures/LiveDatagrams.h"

namespace {

using fixtures::live::Bytes;

std::vector<std::pair<std::string, Bytes>> vmcSeeds() {
    using namespace fixtures::live;
    return {
        {"val.osc", vmcVal("jawOpen", 0.5f)},
        {"apply.osc", vmcApply()},
        {"bone.osc", vmcBone("Head")},
        {"frame.osc", vmcFrame({{"eyeBlinkLeft", 1.0f}, {"A", 0.25f}, {"Fcl_MTH_A", 0.0f}})},
        {"nested.osc", oscBundle({vmcBone("Neck"), oscBundle({vmcVal("O", 0.5f), vmcApply()})})},
    };
}

std::vector<std::pair<std::string, Bytes>> liveLinkSeeds() {
    std::vector<float> ramp(61);
    for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = float(i) / 61.0f;
    return {
        {"zeros.llf", fixtures::live::liveLinkDatagram(std::vector<float>(61, 0.0f))},
        {"ramp.llf", fixtures::live::liveLinkDatagram(ramp, "MyFace", 98765)},
        {"noname.llf", fixtures::live::liveLinkDatagram(ramp, "", 0)},
    };
}

}  // namespace

int main(int argc, char** argv) {
    const std::string kind = argc == 3 ? argv[1] : "";
    if (kind != "vmc" && kind != "livelink") {
        std::fprintf(stderr, "usage: LiveSeedWriter vmc|livelink <folder>\n");
        return 2;
    }
    const auto seeds = kind == "vmc" ? vmcSeeds() : liveLinkSeeds();
    return fuzz_seeds::writeSeeds("LiveSeedWriter", argv[2], seeds) ? 0 : 1;
}
