#pragma once
// diff --html DIR: each row's pictures (app/shots/DiffPictures: the only part of diff that
// draws, headless EGL) and DIR/index.html (DiffPage).
#include <memory>
#include <string>

#include "app/diff/DiffOutput.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/diff/DrawnModel.h"

namespace app::diff {

// One side of the comparison: its scene (its images were not decoded: the pictures show the
// materials' factors) and drawn model.
struct Side {
    std::shared_ptr<morph::Scene> scene;
    morph::DrawnModel model;
};

// Rows beyond this many that are not the same are listed without pictures.
inline constexpr size_t kPicturedRows = 60;

// DIR (made with its parents), the pictures, then DIR/index.html written atomically. Errors: one
// line naming the folder or the file, or the drawing's.
morph::Status writeDiffHtml(Side& a, Side& b, const DiffRun& run, const std::string& dir);

}  // namespace app::diff
