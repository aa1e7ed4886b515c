#pragma once
// Which clips a key names: `--animation` of eval, capture and the viewer, `--clip`, and a shot
// file's "animation". Existing keys keep their meaning, so a key is, in this order:
//   a clip's exact name (a clip called "all" or "a,b" is still found by its name);
//   "all": every clip, in file order (none when the file has none);
//   an index ("0", "1", ...);
//   a comma list of names and indices ("0,2", "blink,2"), in the order given.
// Several clips play at the same time, and where two drive the same channel the later one wins
// (morph::applyAnimations).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "morph/Scene.h"

namespace morph {

struct ClipSelection {
    std::vector<size_t> clips;           // indices into scene.animations
    std::optional<std::string> unknown;  // the first key (or list item) that names no clip
    bool ok() const { return !unknown; }
};

// One clip: by exact name, else by index. nullopt: neither.
std::optional<size_t> animationIndex(const Scene& scene, const std::string& key);
ClipSelection selectAnimations(const Scene& scene, const std::string& key);
// A list (a shot file's JSON array): each item a name or an index, in order.
ClipSelection selectAnimations(const Scene& scene, const std::vector<std::string>& keys);

}  // namespace morph
