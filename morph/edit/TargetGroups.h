#pragma once
// How the weight panel organises a mesh's targets: groups by name prefix (ARKit faces), left/right
// pairs that one slider can drive, and the filter box. Names only: no Scene, no UI.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace morph {

// One collapsible group: `name` is the prefix ("brow", "eye", ... "other"), or "" for the single
// flat group of a mesh whose names are not ARKit-like. `targets` are indices in name order.
struct TargetGroup {
    std::string name;
    std::vector<size_t> targets;
};

// The ARKit prefixes, in panel order (top of the face first).
const std::vector<std::string>& arkitGroupPrefixes();

// The ARKit group of one name ("jawOpen" -> "jaw", "EyeBlink_L" -> "eye"), or nullopt. Case is
// ignored and an exporter's namespace ("blendShape1.jawOpen", "Face:mouthSmile") is skipped.
std::optional<std::string> arkitGroupOf(std::string_view name);

// The known group of one name: its ARKit group (arkitGroupOf), "viseme" for the Oculus visemes
// (`viseme_aa`, as Ready Player Me names them), or for a VRoid Studio name `Fcl_<PART>_...` the
// part: "expression" (ALL), "brow" (BRW), "eye" (EYE), "mouth" (MTH), "teeth" (HA), else the
// part in lower case. nullopt for any other name.
std::optional<std::string> knownGroupOf(std::string_view name);

// Groups by knownGroupOf, in face order (ARKit's brow ... tongue, viseme, expression, teeth, then
// other VRoid parts); the other names by a prefix before '_', '-' or ' ' that at least two of
// them share ("Mouth_Smile", "Mouth_Frown" -> "Mouth"), then "other" last. When fewer than half
// of the names fall in a group, one flat group named "". Empty groups are left out; never
// returns an empty list for a non-empty input.
std::vector<TargetGroup> groupTargets(const std::vector<std::string>& names);

// A left/right pair of targets whose names differ only by the side: `Left`/`Right` anywhere
// (any case: "eyeBlinkLeft", "LEFT_brow"), or the suffixes `_L`/`_R`, `.L`/`.R`, `_l`/`_r`,
// `.l`/`.r` (Blender's conventions).
struct TargetPair {
    size_t left = 0;
    size_t right = 0;
};

// The name with the side swapped ("browDownLeft" -> "browDownRight", "lid.R" -> "lid.L"), or
// nullopt when the name carries no side.
std::optional<std::string> mirrorName(std::string_view name);

// Every pair in `names`, ordered by the left target's index; a target is in at most one pair.
std::vector<TargetPair> findLeftRightPairs(const std::vector<std::string>& names);

// The filter box: every space-separated word of `filter` occurs in `name`, case ignored. An empty
// filter matches everything.
bool matchesFilter(std::string_view name, std::string_view filter);

}  // namespace morph
