#include "app/regress/Merge.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace app::regress {

namespace {

std::string shardName(size_t index, size_t count) {
    return "shard " + std::to_string(index) + "/" + std::to_string(count);
}

// Rows of `part` its shard does not own: a report edited by hand, or of another shots file.
void checkRows(const MergePart& part, std::vector<std::string>& problems) {
    const ShardRecord& shard = *part.report->shard;
    const std::set<std::string> owned(shard.shots.begin(), shard.shots.end());
    for (const ShotResult& row : part.report->shots) {
        if (!owned.count(row.name)) {
            problems.push_back("--merge: " + part.dir + " holds shot '" + row.name + "', which " +
                               shardName(shard.index, shard.count) + " does not own");
        }
    }
}

}  // namespace

std::vector<std::string> shardSetProblems(const std::vector<MergePart>& parts) {
    std::vector<std::string> problems;
    const MergePart* first = nullptr;  // the first part with a record: the others must agree
    std::map<size_t, std::vector<std::string>> holders;  // shard index -> folders
    for (const MergePart& part : parts) {
        if (!part.report) {
            problems.push_back(part.report.error().message +
                               " (a shard that died or never ran: its shots would be missing)");
            continue;
        }
        if (!part.report->shard) {
            problems.push_back("--merge: " + part.dir +
                               "/report.json records no shard (written by an older morphview); "
                               "run its shard again");
            continue;
        }
        const ShardRecord& shard = *part.report->shard;
        if (!first) first = &part;
        const ShardRecord& expected = *first->report->shard;
        if (shard.shotsHash != expected.shotsHash) {
            problems.push_back("--merge: " + part.dir + " drew another shots file (" +
                               shard.shotsHash + ") than " + first->dir + " (" +
                               expected.shotsHash + ")");
        } else if (shard.count != expected.count) {
            problems.push_back("--merge: " + part.dir + " is " +
                               shardName(shard.index, shard.count) + ", " + first->dir + " " +
                               shardName(expected.index, expected.count) +
                               ": the shard counts differ");
        } else {
            holders[shard.index].push_back(part.dir);
            checkRows(part, problems);
        }
    }
    if (!first) return problems;
    const size_t count = first->report->shard->count;
    for (size_t k = 0; k < count; ++k) {
        const auto held = holders.find(k);
        if (held == holders.end()) {
            problems.push_back("--merge: " + shardName(k, count) +
                               " is missing: no folder named holds it");
        } else if (held->second.size() > 1) {
            std::string dirs;
            for (const std::string& dir : held->second) dirs += (dirs.empty() ? "" : " and ") + dir;
            problems.push_back("--merge: " + shardName(k, count) + " is held twice: by " + dirs);
        }
    }
    return problems;
}

void addMissingRows(Report& part) {
    const ShardRecord& shard = *part.shard;
    std::set<std::string> reported;
    for (const ShotResult& row : part.shots) reported.insert(row.name);
    for (size_t j = 0; j < shard.shots.size(); ++j) {
        if (reported.count(shard.shots[j])) continue;
        ShotResult row;
        row.index = shard.index + j * shard.count;
        row.name = shard.shots[j];
        row.image = row.name;
        row.status = ShotStatus::Error;
        row.message = "missing from the results of " + shardName(shard.index, shard.count) +
                      " (its process ended before reporting it)";
        part.shots.push_back(std::move(row));
    }
    std::stable_sort(part.shots.begin(), part.shots.end(),
                     [](const ShotResult& a, const ShotResult& b) { return a.index < b.index; });
}

ShardRecord mergedRecord(const std::vector<Report>& parts) {
    ShardRecord merged;
    merged.source = "merge";
    std::vector<std::pair<size_t, std::string>> shots;
    for (const Report& part : parts) {
        if (!part.shard) continue;
        merged.shotsHash = part.shard->shotsHash;
        for (size_t j = 0; j < part.shard->shots.size(); ++j)
            shots.emplace_back(part.shard->index + j * part.shard->count, part.shard->shots[j]);
    }
    std::sort(shots.begin(), shots.end());
    for (auto& shot : shots) merged.shots.push_back(std::move(shot.second));
    return merged;
}

}  // namespace app::regress
