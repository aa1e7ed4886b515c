#pragma once
// Whole files in and out: every room that reads a file whole or writes one (the GLB writer, File >
// Export, user clips, PNG and .hdr images, and the app's JSON and reports) goes through these,
// so a half-written file is never left behind and every failure is reported the same way.
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

// The bytes of `path`. Errors name the file: "<path>: cannot read (no such file or no
// permission)" when it cannot be opened, "<path>: cannot read (I/O error)" when reading fails.
Result<std::vector<uint8_t>> readFileBytes(const std::string& path);

// Writes bytes to `path` through a temporary file and a rename; a failure says why and leaves
// any old file intact.
Status writeFileAtomic(const std::string& path, const void* data, size_t size);

// Creates the folder `path` and its parents where missing. The error names it: "<path>: cannot
// create the folder (<why>)".
Status makeFolders(const std::string& path);

}  // namespace morph
