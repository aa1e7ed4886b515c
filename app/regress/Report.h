#pragma once
// What `morphview regress` found, as data and as the files a pipeline reads: report.json (our
// schema, read back by --merge), report.xml (JUnit, one testcase per shot, which every CI
// shows natively). GL-free, so tests build reports without a context.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace app::regress {

enum class ShotStatus { Pass, Fail, New, Error };
const char* statusName(ShotStatus status);  // "pass", "fail", "new", "error"

// What a report says as a whole; regress exits 0, 1 and 3 for them.
enum class Verdict { Passed, Differs, Unreadable };

// What the page shows about how a shot was drawn (the shot file's fields, as written there).
struct ShotSettings {
    std::string model;
    std::string weights;
    std::string animation;
    float time = 0;
    std::string camera;
    std::string size;
};

struct ShotResult {
    size_t index = 0;  // in the shots file: merged shards are put back in this order
    std::string name;
    ShotStatus status = ShotStatus::Error;
    int maxChannelDiff = 0;        // 0..255
    double differingFraction = 0;  // of the pixels, beyond the shot's maxAbsDiff
    std::optional<double> psnr;    // dB; none when the images are identical (infinite)
    double ms = 0;                 // render and compare
    std::string message;           // one line: why it failed, or the summary
    ShotSettings settings;
    std::string reference;  // the reference's path as the page reaches it from --out ("" none)
    bool hasDiff = false;   // IMAGE.diff.png written
    bool updated = false;   // --update wrote a result over its reference
    // A clip's frames or a turntable: how many images the shot compared (1 for a plain shot),
    // and the file stem of the one the row describes (the worst; NAME for a plain shot, else
    // NAME_fKK), whose IMAGE.png, IMAGE.reference.png and IMAGE.diff.png the page shows.
    size_t frames = 1;
    std::string image;
    // LDR-FLIP's mean (0..1), computed for a shot with a "flipMean" tolerance only.
    std::optional<double> flipMean;
};

// Which shard of which run a report is, so --merge can refuse a set that is not every shard of
// one run exactly once. A whole run is shard 0 of 1; a merged report too.
struct ShardRecord {
    size_t index = 0;
    size_t count = 1;
    std::string source;              // what chose it (ShardChoice::source; "merge" when merged)
    std::string shotsHash;           // contentHash of the shots file's bytes
    std::vector<std::string> shots;  // the names of the shots it owns, in the file's order
};

struct Report {
    std::string renderer;  // GL_RENDERER
    std::vector<ShotResult> shots;
    std::optional<ShardRecord> shard;  // none in reports of older versions
    std::string references;            // --references as given ("" unknown)
    std::string out;  // where the report is written, for the page's commands (not in the JSON)

    // Shots with this status (--update leaves a status as found; it sets `updated`).
    size_t count(ShotStatus status) const;
    // Unreadable when any shot is an error (a model or reference that cannot be read), else
    // Differs when any failed or is new and --update did not accept it, else Passed.
    Verdict verdict() const;
};

// {"renderer", "shots": [{"index", "name", "status", "maxChannelDiff", "differingFraction",
//  "psnr", "ms", "message", "settings", "reference", "diff", "updated", "frames", "image",
//  and "flipMean" where it was computed}],
//  "passed", "failed",
//  "new", "errors", "shard": {"index", "count", "source", "shotsHash", "shots"}, "references"},
//  indented ("shard" only when known).
std::string reportJson(const Report& report);
// Reads what reportJson wrote. Errors name the file and the field.
morph::Result<Report> readReportJson(const std::string& path);
// JUnit XML: one testsuite "morphview regress", one testcase per shot (classname the renderer);
// fail and new are <failure>, error is <error>.
std::string reportJunit(const Report& report);

// Shards joined: every shot of every part, in the shots file's order. Errors: two parts with
// the same shot, or drawn by different renderers.
morph::Result<Report> mergeReports(const std::vector<Report>& parts);

// The one-line summary: "12 shots: 10 passed, 1 failed, 1 new, 0 errors".
std::string summaryLine(const Report& report);

}  // namespace app::regress
