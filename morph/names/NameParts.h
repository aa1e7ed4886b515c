#pragma once
// The parts of a target's name that exporters spell differently: the side it is on (`_L`, `.R`,
// `Left`, `RIGHT`), an exporter's namespace before it (`blendShape1.`, `Face:`, `Head|`), and
// case. The weight panel's groups and pairs (morph/edit/TargetGroups) and the name sets
// (FaceNames.h) read names through these, so both agree on what a side or a namespace is.
#include <cstddef>
#include <string>
#include <string_view>

namespace morph {

enum class NameSide { None, Left, Right };

// Where a name says its side: the suffix `_L`/`_R`/`.L`/`.R`/`_l`/`_r`/`.l`/`.r` (Blender's
// conventions; `at` is the letter, `length` 1), else the last `left` or `right` in any case
// ("eyeLookInLeft", "LEFT_brow"; `length` 4 or 5). side None when the name has neither.
struct SideMarker {
    NameSide side = NameSide::None;
    size_t at = 0;
    size_t length = 0;
};
SideMarker findSideMarker(std::string_view name);

// The name after an exporter's namespace: the text after the last '.', ':' or '|'
// ("blendShape1.jawOpen" -> "jawOpen", "Face:mouthSmile", "Head|browInnerUp"); the name as it is
// when there is none or fewer than two characters follow it (a trailing ".L" is a side, not a
// namespace).
std::string_view stripNamespace(std::string_view name);

// ASCII lower case; other bytes (UTF-8 names) as they are.
std::string toLowerAscii(std::string_view text);

// What a name means with its spelling taken away: `core` is the name without its side marker,
// namespace, '_', '-', '.' and ' ' separators, in lower case; `side` is its side, when the name
// ends with it ("EyeBlink_L", "eye_blink_left", "Eye-Blink-Left" -> {"eyeblink", Left}). A side
// word inside the name ("Left_Eye") is part of the core. Two names with the same key are spellings
// of one name.
struct NameKey {
    std::string core;
    NameSide side = NameSide::None;
    std::string text() const;  // core with the side word after it: "eyeblinkleft"
    bool operator==(const NameKey& o) const { return core == o.core && side == o.side; }
};
NameKey nameKey(std::string_view name);

}  // namespace morph
