#include "app/diff/DiffHtml.h"

#include <algorithm>

#include "app/audit/HtmlPage.h"
#include "app/diff/DiffPage.h"
#include "app/shots/DiffPictures.h"
#include "morph/diff/ModelDiff.h"
#include "morph/io/Files.h"

namespace app::diff {

namespace {

constexpr int kPictureSize = 256;

// The world-space box of the vertices `name` moves in `model`, at rest and at weight 1.
void extendByTarget(const morph::DrawnModel& model, const std::string& name,
                    renderer::Aabb& region) {
    const auto at = std::find(model.names.begin(), model.names.end(), name);
    if (name.empty() || at == model.names.end()) return;
    const morph::DisplacementField& field = model.fields[size_t(at - model.names.begin())];
    for (size_t e = 0; e < field.vertices.size(); ++e) {
        const glm::vec3& p = model.rest[field.vertices[e]];
        region.extend(p);
        region.extend(p + field.deltas[e]);
    }
}

// The row's names in A and in B ("" where that file lacks it).
DiffPictureRow pictureRow(const morph::TargetDrift& t) {
    DiffPictureRow row;
    const bool inA = t.status != morph::DriftStatus::Added;
    const bool inB = t.status != morph::DriftStatus::Removed;
    row.nameA = !inA ? std::string() : t.status == morph::DriftStatus::Renamed ? t.from : t.name;
    row.nameB = inB ? t.name : std::string();
    return row;
}

}  // namespace

morph::Status writeDiffHtml(Side& a, Side& b, const DiffRun& run, const std::string& dir) {
    if (morph::Status made = audit::makeFolder(dir); !made) return made;
    std::vector<PageRow> rows = pageRows(run, kPicturedRows);
    std::vector<DiffPictureRow> pictures;
    std::vector<std::pair<std::string, std::vector<glm::vec3>>> drifts;
    for (PageRow& row : rows) {
        if (row.pictures.empty()) continue;
        DiffPictureRow picture = pictureRow(*row.target);
        extendByTarget(a.model, picture.nameA, picture.region);
        extendByTarget(b.model, picture.nameB, picture.region);
        if (!picture.region.valid) {
            row.note = "moves no vertex where either file draws it: no pictures";
            row.pictures.clear();
            continue;
        }
        std::vector<glm::vec3> drift =
            morph::driftField(a.model, b.model, run.diff, picture.nameA, picture.nameB);
        for (const glm::vec3& d : drift)
            picture.heatScale = std::max(picture.heatScale, glm::length(d));
        picture.driftTarget = row.pictures;
        picture.stem = row.pictures;
        row.hasA = !picture.nameA.empty();
        row.hasB = !picture.nameB.empty();
        row.heatScale = picture.heatScale;
        drifts.emplace_back(row.pictures, std::move(drift));
        pictures.push_back(std::move(picture));
    }
    std::string renderer = "nothing (no pictures)";
    if (!pictures.empty()) {
        // The import read geometry only: without the textures that name undecoded images, the
        // pictures show the materials' factors, and the upload notes no image it cannot show.
        a.scene->textures.clear();
        b.scene->textures.clear();
        DiffScenes scenes{a.scene, b.scene,
                          std::make_shared<const morph::Scene>(morph::drawnScene(a.model, drifts))};
        auto drawn = drawDiffPictures(scenes, dir, kPictureSize, pictures);
        if (!drawn) return drawn.error();
        renderer = *drawn;
    }
    const std::string page = diffPage(run, rows, renderer, kPictureSize);
    return morph::writeFileAtomic(dir + "/index.html", page.data(), page.size());
}

}  // namespace app::diff
