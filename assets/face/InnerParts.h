#pragma once
// The parts that sit inside the skin: eyeballs (white, iris, pupil as separate materials) and
// the mouth (a dark cavity, teeth, tongue). All are primitives of the one face mesh.
#include <vector>

#include "FaceModel.h"
#include "HeadSurface.h"

namespace face {

// Eye white, iris and pupil; each part holds both eyes (tags.eye says which).
std::vector<Part> makeEyeParts(const HeadLayout& layout);

// The dark inside (mouth cavity and eye sockets, facing inwards), teeth, tongue.
std::vector<Part> makeMouthParts(const HeadLayout& layout);
// Dark shells behind the eyeballs, added to the inside part.
void addEyeSockets(Part& inside, const HeadLayout& layout);

// Where the jaw pivots (head space) and the centre of the tongue, shared with the targets.
glm::vec3 jawHinge();
glm::vec3 cavityCenter(const HeadLayout& layout);
glm::vec3 tongueCenter(const HeadLayout& layout);

}  // namespace face
