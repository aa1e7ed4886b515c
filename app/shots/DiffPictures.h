#pragma once
// The pictures of `morphview diff --html DIR` (the page is app/diff/DiffPage, GL-free): per row,
// the target at weight 1 in A and in B, and a heat map of its drift on A's drawn surface, all
// three framing one world-space box, as small PNGs in DIR. One headless context and one upload of
// each scene serve every row. The drift is drawn as a target of a scene of its own
// (morph::drawnScene: A's drawn vertices in world space, each row's drift field a target), so the
// renderer's displacement heat map shows it as it shows any target's.
#include <memory>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "renderer/scene/Bounds.h"

namespace app {

struct DiffPictureRow {
    std::string nameA, nameB;  // the target in A and in B; "" where that file lacks it
    std::string driftTarget;   // its drift's target in the drift scene
    float heatScale = 0;       // the drift's largest length (world units), the ramp's top
    renderer::Aabb region;     // what the three pictures frame (world space)
    std::string stem;          // STEM-a.png, STEM-b.png, STEM-drift.png in the folder
};

struct DiffScenes {
    std::shared_ptr<const morph::Scene> a, b, drift;
};

// STEM-a.png, STEM-b.png or STEM-drift.png (which: 0, 1, 2).
std::string diffPictureFile(const std::string& stem, int which);

// Draws every row's pictures (a side without the target gets none) into `dir`, which exists.
// Returns the renderer's name (GL_RENDERER). Errors: the context or a shader ("EGL: ..."), a
// picture that cannot be drawn or a file that cannot be written (naming it).
morph::Result<std::string> drawDiffPictures(const DiffScenes& scenes, const std::string& dir,
                                            int size, const std::vector<DiffPictureRow>& rows);

}  // namespace app
