#pragma once
// The pictures of `morphview audit --html DIR` (the page itself is app/audit/AuditPage, GL-free):
// per row, the region the target moves at weight 0 and at 1 and its displacement heat map, as
// small PNGs in DIR. One headless context, one upload of the audit's own import and one
// environment serve every row; each target's region and heat scale come from its own deltas (a
// walk over the vertices it moves), so a shot never walks the other targets' vertices.
// Only `audit --html` calls this: without --html the audit makes no context.
#include <memory>
#include <string>
#include <vector>

#include "app/audit/AuditPage.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace app {

struct AuditPictureOptions {
    std::string dir;  // where the PNGs go (it exists)
    int size = 256;   // width and height in pixels
};

// Draws the pictures of every row that has a stem (PageRow::pictures) and sets its heat scale; a
// row whose target moves nothing where the default scene draws it (or that the audit found dead)
// loses its stem and gets a note instead. Returns the renderer's name (GL_RENDERER). Errors: the
// context or a shader ("EGL: ..."), a file that cannot be written (naming it).
morph::Result<std::string> drawAuditPictures(std::shared_ptr<const morph::Scene> scene,
                                             const AuditPictureOptions& options,
                                             std::vector<audit::PageRow>& rows);

}  // namespace app
