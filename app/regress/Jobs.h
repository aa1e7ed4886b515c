#pragma once
// `regress --jobs N`: the same command line run as N processes, each on its own shard
// (`--shard K/N --out OUT/.jobs/K`), whose outputs the caller then merges as `--merge` would.
// Processes rather than threads: each has its own GL context and llvmpipe, nothing is shared
// but the files, and a crash in one shot's driver takes one job's rows, not the run. GL-free.
#include <string>
#include <vector>

#include "morph/Result.h"

namespace app::regress {

struct JobsRun {
    std::vector<std::string> parts;   // each job's --out, in shard order
    std::vector<std::string> failed;  // "job 2/4 ended with exit code 3" for a job with no report
    bool usage = false;               // a job without a report ended with exit code 2 (usage)
};

// This process's own arguments (from /proc/self/cmdline), without argv[0], `--jobs N` and
// `--out DIR` (either also as `--name=value`).
morph::Result<std::vector<std::string>> ownArgumentsWithoutJobs();

// This process's own arguments without argv[0] and each of `options` with its value (also as
// `--name=value`). Errors name `who` (the option asking).
morph::Result<std::vector<std::string>> ownArgumentsWithout(const std::vector<std::string>& options,
                                                            const std::string& who);

// Runs `jobs` copies of this executable with `arguments` plus `--shard K/N --out
// OUT/.jobs/K`, each with LP_NUM_THREADS set to the cores it gets (unless the environment sets
// it), and waits for all. A job that cannot start is an error; one that ends without a
// report.json is listed in `failed` (its shots are then missing from the merge).
morph::Result<JobsRun> runJobs(int jobs, const std::vector<std::string>& arguments,
                               const std::string& out);

}  // namespace app::regress
