// Writes the code-built test fixtures (tests/fixtures) as seed files for the importer fuzzer:
// every rule fixture and every broken one, so the fuzzer starts from inputs that reach each reader.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "fixtures/FixtureSeeds.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: FuzzSeedWriter <folder>\n");
        return 2;
    }
    std::filesystem::create_directories(argv[1]);
    for (const auto& [name, bytes] : fixtures::fixtureSeeds()) {
        std::ofstream out(std::filesystem::path(argv[1]) / name, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out) {
            std::fprintf(stderr, "FuzzSeedWriter: cannot write %s\n", name.c_str());
            return 1;
        }
    }
    return 0;
}
