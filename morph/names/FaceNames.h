#pragma once
// The face name sets a model's morph targets are measured against, each as its own reference
// spells it, and the one table that turns a file's spelling ("EyeBlink_L",
// "blendShape1.jawOpen", "Fcl_MTH_A", "vrc.v_aa") into a set's name. The audit's coverage,
// --rename and the viewer's groups read names here.
//
// The sets:
//   arkit      Apple ARKit's 52 ARFaceAnchor.BlendShapeLocation names, browDownLeft ... tongueOut
//              (alphabetical, the order MediaPipe and most exporters list them in)
//   oculus     the 15 Oculus Lipsync visemes as Ready Player Me names them, viseme_sil ... viseme_U
//              (the Lipsync viseme reference's order)
//   vrm        the 18 VRM 1.0 expression presets (VRMC_vrm-1.0 expressions.md), from
//              morph/Expression.h's ExpressionPreset, in its order
//   mediapipe  MediaPipe FaceLandmarker's 52 blendshape categories: _neutral, then ARKit's names
//              without tongueOut, in the model's output order
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace morph {

enum class NameSet { Arkit, Oculus, Vrm, MediaPipe };

// Every set, in the order coverage lists them.
const std::vector<NameSet>& allNameSets();
// "arkit", "oculus", "vrm", "mediapipe".
const char* nameSetKey(NameSet set);
// The canonical names, in the set's own order.
const std::vector<std::string>& nameSetNames(NameSet set);

struct NameMapping {
    std::string from;  // the file's name
    std::string to;    // the set's name
    bool operator==(const NameMapping& o) const { return from == o.from && to == o.to; }
};

struct NameSetCoverage {
    NameSet set;
    std::vector<std::string> present;  // the set's names the file spells exactly so (set order)
    std::vector<NameMapping> mapped;   // the set's names found under another spelling (set order)
    std::vector<std::string> missing;  // the rest (set order)
};

// One entry per set, in the order arkit, oculus, vrm, mediapipe. `names` are the file's target
// names (all meshes, each name once). When several of the file's names spell one set name, the
// exact one counts (present); without it the first of them in `names` is the one mapped, and the
// others stay unclaimed.
std::vector<NameSetCoverage> coverNameSets(const std::vector<std::string>& names);

// {file name -> canonical name} for every file name that some set spells differently: the union
// of all sets' `mapped`, in set order. A file name that two sets map differently ("Neutral":
// vrm's neutral, mediapipe's _neutral) takes the first set's name; a name already canonical in
// any set is not listed.
std::vector<NameMapping> findRenameMap(const std::vector<std::string>& names);

// The canonical name a file's name stands for in `set`, or nullopt. Spellings understood: any
// case; an exporter's namespace (NameParts.h stripNamespace); a side at the end as `_L`, `.R`,
// `_l`, `Left`, `_left`, `_Left`, `-Left`; '_', '-', '.' and ' ' between words. A name never maps
// to a name of the other side or of no side. Per set besides:
//   oculus  the viseme after `viseme`, `v_` or `v-` in any case, Lipsync's own ih/oh/ou for
//           I/O/U (`viseme_AA`, `V_aa`, VRChat's `vrc.v_ih`); a bare "aa" is VRM's, not a viseme
//   vrm     VRM 0.x presets (joy, sorrow, fun, a, i, u, e, o, blink_l, lookup, ...) and VRoid
//           Studio's whole-face names whose meaning is certain (vrm0PresetName, vroidFaceName)
std::optional<std::string> canonicalName(NameSet set, std::string_view fileName);

// A VRM 0.x presetName (specification/0.0, any case: "joy", "blink_l", "lookup") as the VRM 1.0
// preset the 1.0 expressions.md renames it to ("happy", "blinkLeft", "lookUp"); nullopt for any
// other text, 0.x's "unknown" (a custom expression) included.
std::optional<std::string> vrm0PresetName(std::string_view presetName);

// A VRoid Studio blend shape (Fcl_ALL_Joy, Fcl_EYE_Close_L, Fcl_MTH_A, ...) whose VRM 1.0 preset
// is certain, as that preset; nullopt for the others (Fcl_BRW_Angry, Fcl_EYE_Joy, Fcl_HA_Fung1).
std::optional<std::string> vroidFaceName(std::string_view fileName);

}  // namespace morph
