#pragma once
// A glTF file as `morphview fix` edits it: its JSON as it is and every buffer's bytes merged into
// one (buffers[0], the GLB BIN chunk), so an operation edits the JSON and appends accessors for
// what it changes while everything else (materials, images' bytes, skins, animations, cameras,
// lights, extensions, extras) is written back as it was read. docs/FIX.md.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "morph/Result.h"

namespace morph {

struct FixDocument {
    nlohmann::json json;
    std::vector<uint8_t> bin;  // buffers[0]: every buffer of the file, one after another
    // Accessors an operation replaced with new ones: compactFixDocument empties those nothing
    // uses any more and drops their views' bytes.
    std::vector<int64_t> replaced;
    // What reading changed that the user should know ("EXT_meshopt_compression: written
    // uncompressed"), one line each.
    std::vector<std::string> warnings;
};

// The document of a .glb/.vrm or .gltf file in memory: each buffer (the BIN chunk, a data: URI or
// a file in `baseDir`) appended to one, its views moved with it, and each image read from a file
// embedded as a buffer view of the same bytes; EXT_meshopt_compression's views are decoded in
// place and KHR_draco_mesh_compression's primitives into plain accessors (each extension then
// dropped, with a warning). Meant for a file the importer has read (its
// views and URIs are then checked); every offset is still checked here. Errors are one line
// naming `name`.
Result<FixDocument> readFixDocument(const std::vector<uint8_t>& bytes, const std::string& name,
                                    const std::string& baseDir);

// A compression extension whose data reading decoded (EXT_meshopt_compression,
// KHR_draco_mesh_compression) dropped from extensionsUsed and extensionsRequired, with the one
// warning that says the file is written uncompressed.
void dropCompressionExtension(FixDocument& doc, const std::string& extension);

// The document as GLB bytes.
std::vector<uint8_t> fixDocumentGlb(const FixDocument& doc);
// The document as .gltf text with its buffer embedded as a data: URI.
std::string fixDocumentGltf(const FixDocument& doc);

// accessors[index] as floats (normalized integers scaled, a sparse accessor applied).
Result<std::vector<float>> fixAccessorFloats(const FixDocument& doc, int64_t index);
// Appends a float accessor of `type` ("SCALAR", "VEC3") over a new view of `values`; its index.
int appendFloatAccessor(FixDocument& doc, const std::vector<float>& values,
                        const std::string& type);

// A new buffer view of `size` bytes (16-byte aligned); its index.
int appendBufferView(FixDocument& doc, const void* data, size_t size);

// Every replaced accessor that no mesh, animation, skin or instancing node uses any more loses
// its data (an accessor without a view reads as zeros; indices are kept, so nothing else is
// renumbered), and the bytes of each view no "bufferView" anywhere in the JSON names any more are
// dropped from the buffer (the view left as one byte at 0): the output does not keep what an
// operation replaced. Views nothing replaced are never touched, whatever refers to them.
void compactFixDocument(FixDocument& doc);

// The same for VEC3 deltas, with min and max (which POSITION needs) when `withBounds`.
int appendVec3Accessor(FixDocument& doc, const std::vector<float>& values, bool withBounds);

}  // namespace morph
