#pragma once
// File > Export: a new .glb holding everything of the source model plus a user clip as a glTF
// weights animation. The source JSON is kept as it is (unknown extensions and extras included);
// external and data: URI buffers and images are embedded in the BIN chunk so the result stands
// alone. The source file is never written.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/edit/UserClip.h"

namespace morph {

// A glTF document with all its bytes in one binary chunk: buffers[0] is `bin` (buffers with no
// data at all, such as EXT_meshopt_compression fallbacks, follow it as they were), and no buffer
// or image refers to a URI any more.
struct SelfContainedGltf {
    nlohmann::json json;
    std::vector<uint8_t> bin;
    std::vector<std::string> files;  // every file read: the source and the files its URIs named
};

// Reads a .gltf or .glb and embeds every external or data: URI buffer and image. URIs are
// resolved against the file's folder; errors are "<path>: <problem>".
Result<SelfContainedGltf> readSelfContained(const std::string& path);

// Appends `clip` as animation `animations[last]` driving the weights of every node that uses
// `mesh` (a glTF mesh index; -1 picks the mesh named clip.mesh, else the first mesh that has all
// of the clip's target names). The clip's weights follow the mesh's target names
// (extras.targetNames, else "0", "1", ...); targets the clip does not name keep mesh.weights.
// With `rigOf` (the file's scene, its meshes in the file's order), each key's targets that rig
// logic derives (Mesh::rigRules) are baked from the key's drivers, so a viewer without rig logic
// plays the clip as this one shows it at every key (between keys the derived weights are
// interpolated like any other). Returns the new animation's index.
Result<int> appendClip(SelfContainedGltf& gltf, const UserClip& clip, int mesh = -1,
                       const Scene* rigOf = nullptr);

// The whole export: read `sourcePath`, append the clip, write `outputPath` as GLB through a
// temporary file. Refused when `outputPath` is the source or a file the source refers to.
Status exportClip(const std::string& sourcePath, const std::string& outputPath,
                  const UserClip& clip, int mesh = -1, const Scene* rigOf = nullptr);

// Reads back a float accessor of a self-contained document (tests and tools): tightly packed or
// strided, no sparse. Errors name the accessor.
Result<std::vector<float>> readFloatAccessor(const SelfContainedGltf& gltf, int accessor);

}  // namespace morph
