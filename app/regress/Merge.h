#pragma once
// The checks that keep `regress --merge` from reporting less than a run drew: the folders named
// must be every shard of one run (one shots file, one shard count) exactly once, each with its
// report; a shot a shard owns but did not report (its process died) becomes an error row. Each
// shard's report.json records what it owns (ShardRecord). GL-free.
#include <string>
#include <vector>

#include "app/regress/Report.h"
#include "morph/Result.h"

namespace app::regress {

// A folder named to --merge and its report as read (an error when it has none).
struct MergePart {
    std::string dir;
    morph::Result<Report> report;
};

// What keeps `parts` from being every shard of one run exactly once, one line each, naming the
// shard and the folder: a folder without a readable report, one without a shard record, shots
// files or counts that differ, a shard held twice, a shard no folder holds, a row its shard does
// not own. Empty for a sound set.
std::vector<std::string> shardSetProblems(const std::vector<MergePart>& parts);

// `part` with an error row for every shot its shard owns that its results lack (the row's index
// is the shot's in the file: owned shot j of shard K/N is shot K + j*N).
void addMissingRows(Report& part);

// The record of the parts merged: shard 0 of 1, source "merge", the parts' shots file, every
// shot in the file's order. The parts must have passed shardSetProblems.
ShardRecord mergedRecord(const std::vector<Report>& parts);

}  // namespace app::regress
