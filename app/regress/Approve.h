#pragma once
// `regress --approve OUT`: a finished run's results copied over their references without
// drawing again, from what OUT/report.json says: every failed and new shot, or the ones named.
// Each copy is atomic (a temporary file and a rename); a reference whose bytes already equal the
// result is left as it is. GL-free.
#include <functional>
#include <string>
#include <vector>

#include "app/regress/Report.h"
#include "morph/Result.h"

namespace app::regress {

// One copy: the result in OUT, the reference it replaces, and the row's status ("fail", "new",
// or "pass" for a passing shot named by --only).
struct Approval {
    std::string result;
    std::string reference;
    std::string was;
};

// The copies approving `report` (read from `out`) makes under `references`: the rows named in
// `only` (any status but error), else every fail and new row. A row's reference is where the
// run read it, moved from the run's --references to `references` (the same file when the run's
// was the same folder; an absolute reference from the shots file stays). A shot of several
// frames is a copy per frame (`frameSuffix(k)` after the name and the reference's stem).
// Errors (usage): a name that is not in the report, an error row named, a reference that is
// not under the run's --references and not absolute.
morph::Result<std::vector<Approval>> approvals(
    const Report& report, const std::string& out, const std::string& references,
    const std::vector<std::string>& only, const std::function<std::string(size_t)>& frameSuffix);

// Copies each result over its reference atomically (making its folder), and calls `done` with
// each copy made; an approval whose reference already has the result's bytes is not copied.
// Errors name the file.
morph::Status applyApprovals(const std::vector<Approval>& copies,
                             const std::function<void(const Approval&)>& done);

}  // namespace app::regress
