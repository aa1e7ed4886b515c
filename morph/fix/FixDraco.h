#pragma once
// KHR_draco_mesh_compression's primitives written uncompressed, as `fix` reads a file: each
// primitive's Draco data decoded (morph/decode/DracoDecode, as the importer decodes it), its
// attributes and indices given plain views in their accessors' own component types, and the
// extension dropped from the primitive and the file. The targets of a Draco primitive are plain
// accessors already, in Draco's point order, which the decoded attributes keep.
#include <cstdint>
#include <set>

#include "morph/Result.h"
#include "morph/fix/FixDocument.h"

namespace morph {

// Decodes every Draco primitive of `doc` in place (with the warning of dropCompressionExtension
// when there was one); the buffer views that held the compressed data, which nothing names any
// more. Errors name the primitive.
Result<std::set<int64_t>> decodeDracoPrimitives(FixDocument& doc);

}  // namespace morph
