// Writes the code-built test fixtures (tests/fixtures) as seed files for the importer fuzzer:
// every rule fixture and every broken one, so the fuzzer starts from inputs that reach each reader;
// with a second folder, a KHR_texture_basisu GLB around each .ktx2 file in it (up to 16 KiB).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "SeedFiles.h"
#include "fixtures/FixtureSeeds.h"
#include "fixtures/Ktx2Fixtures.h"

int main(int argc, char** argv) {
    if (argc != 2 && argc != 3) {
        std::fprintf(stderr, "usage: FuzzSeedWriter <folder> [<ktx2 folder>]\n");
        return 2;
    }
    std::vector<std::pair<std::string, fixtures::Bytes>> seeds = fixtures::fixtureSeeds();
    if (argc == 3) {
        namespace fs = std::filesystem;
        for (const fs::directory_entry& entry : fs::directory_iterator(argv[2])) {
            if (entry.path().extension() != ".ktx2" || entry.file_size() > 16384) continue;
            std::ifstream in(entry.path(), std::ios::binary);
            const fixtures::Bytes ktx2{std::istreambuf_iterator<char>(in),
                                       std::istreambuf_iterator<char>()};
            seeds.emplace_back("basisu-" + entry.path().stem().string() + ".glb",
                               fixtures::basisuTextureBuilder(ktx2).glb());
        }
    }
    return fuzz_seeds::writeSeeds("FuzzSeedWriter", argv[1], seeds) ? 0 : 1;
}
