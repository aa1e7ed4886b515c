// Writes seed takes for the take fuzzers (tests/fixtures/TakeFiles.h): `TakeSeedWriter llf|
// rhubarb|a2f DIR` writes that format's documented examples, short and long, and a malformed one.
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "SeedFiles.h"
#include "fixtures/TakeFiles.h"

namespace {

std::vector<std::pair<std::string, std::string>> seedsOf(const std::string& kind) {
    if (kind == "llf") {
        const std::string take = fixtures::liveLinkFaceCsv(3);
        return {{"one.csv", fixtures::liveLinkFaceCsv(1)},
                {"three.csv", take},
                {"extra.csv", fixtures::liveLinkFaceCsv(2, {"Madeup"})},
                {"cut.csv", take.substr(0, take.size() - 40)}};
    }
    if (kind == "rhubarb") {
        const std::string json = fixtures::rhubarbJson();
        return {{"cues.tsv", fixtures::rhubarbTsv()},
                {"cues.json", json},
                {"cut.json", json.substr(0, json.size() / 2)}};
    }
    const std::string a2f = fixtures::audio2FaceJson(4, fixtures::audio2FaceNames());
    return {{"a2f.json", a2f},
            {"one.json", fixtures::audio2FaceJson(1, {"jawOpen"})},
            {"cut.json", a2f.substr(0, a2f.size() / 2)}};
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: TakeSeedWriter llf|rhubarb|a2f DIR\n");
        return 2;
    }
    return fuzz_seeds::writeSeeds("TakeSeedWriter", argv[2], seedsOf(argv[1])) ? 0 : 1;
}
