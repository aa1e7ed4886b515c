#pragma once
// diff's report of a morph::ModelDiff: the table on stdout, the JSON object (--json) whose keys
// are a contract (docs/FIX.md), and JUnit XML (--junit FILE: a testcase per target, and one for
// the rest pose).
#include <string>

#include "app/cli/JsonOut.h"
#include "morph/diff/ModelDiff.h"

namespace app::diff {

struct DiffRun {
    std::string a, b;  // the files as named on the command line
    morph::ModelDiff diff;
    morph::DiffOptions options;
};

// {"a", "b", "diagonal", "rest": {"maxDrift", "unmatched": [inA, inB]}, "targets": [{"name",
// "from" (renamed rows only), "status", "maxDrift", "rmsDrift", "at": [x, y, z]}], "worst":
// {"name", "maxDrift"}} ("worst" names "" at 0 without targets).
Json diffJson(const DiffRun& run);
// The files, the diagonal and the budget, then the rest pose: the table's first two lines.
std::string diffHeader(const DiffRun& run);
// diffHeader, a line per target, then a summary line.
std::string diffTable(const DiffRun& run);
std::string diffJunit(const DiffRun& run);

}  // namespace app::diff
