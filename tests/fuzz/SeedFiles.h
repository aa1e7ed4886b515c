#pragma once
// What the seed writers share: each seed written as a file of its own into a fuzzer's seed folder.
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace fuzz_seeds {

// Writes each (name, bytes) of `seeds` as a file into `folder`, made when missing; false, with a
// line on stderr naming `program` and the file, when one cannot be written.
template <typename Seeds>
bool writeSeeds(const char* program, const std::filesystem::path& folder, const Seeds& seeds) {
    std::filesystem::create_directories(folder);
    for (const auto& [name, bytes] : seeds) {
        std::ofstream out(folder / name, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out) {
            std::fprintf(stderr, "%s: cannot write %s\n", program, name.c_str());
            return false;
        }
    }
    return true;
}

}  // namespace fuzz_seeds
