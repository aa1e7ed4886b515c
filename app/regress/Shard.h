#pragma once
// Which shots this process draws: `--shard K/N`, else the sharding protocol Bazel, GoogleTest
// and ctest-driven CIs already speak (TEST_TOTAL_SHARDS, TEST_SHARD_INDEX). Shot i belongs to
// shard i mod N. Slurm job arrays (SLURM_ARRAY_TASK_*) and Kubernetes Indexed Jobs
// (`--shard auto/N`, JOB_COMPLETION_INDEX) give the index too. GL-free.
#include <cstddef>
#include <functional>
#include <string>

#include "morph/Result.h"

namespace app::regress {

struct Shard {
    size_t index = 0;
    size_t count = 1;
    bool contains(size_t shot) const { return shot % count == index; }
    bool whole() const { return count == 1; }
};

// "K/N" with 0 <= K < N. Errors: "--shard: '3/3' is not K/N with 0 <= K < N".
morph::Result<Shard> parseShard(const std::string& text);

// The environment's shard: both variables set, else the whole. `total` and `index` are the
// variables' values (nullptr when unset). Errors name the variable.
morph::Result<Shard> shardFromEnvironment(const char* total, const char* index);

// A shard and what chose it, as printed and recorded in report.json: "--shard 1/4",
// "TEST_TOTAL_SHARDS=4 TEST_SHARD_INDEX=1", "SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=4
// SLURM_ARRAY_TASK_COUNT=4", "--shard auto/4 JOB_COMPLETION_INDEX=1", or "none" (the whole).
struct ShardChoice {
    Shard shard;
    std::string source = "none";
    bool fromEnvironment = false;  // the index came from a scheduler's variable
};

// A variable's value, nullptr when unset (std::getenv, or a table in tests).
using Environment = std::function<const char*(const char*)>;

// `--shard auto/N`: N shards, this one's index in JOB_COMPLETION_INDEX (a Kubernetes Indexed
// Job's pods). Errors name the variable.
morph::Result<ShardChoice> autoShard(const std::string& text, const Environment& env);

// A Slurm job array's task as a shard: SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN of
// SLURM_ARRAY_TASK_COUNT. An array with a step or gaps (SLURM_ARRAY_TASK_STEP other than 1,
// SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1 other than the count) would leave shards
// undrawn: a usage error naming the variables. No SLURM_ARRAY_TASK_ID: the whole.
morph::Result<ShardChoice> slurmShard(const Environment& env);

// The shard of `--shard TEXT` when given ("" when not), else of the scheduler's variables in
// this order: Bazel's TEST_TOTAL_SHARDS and TEST_SHARD_INDEX, then a Slurm array's; else the
// whole. Does not touch TEST_SHARD_STATUS_FILE (the caller does).
morph::Result<ShardChoice> chooseShard(const std::string& text, const Environment& env);

// A short hash of a file's bytes ("fnv1a64:" and 16 hex digits): shards of one run were given
// the same shots file.
std::string contentHash(const std::string& bytes);

}  // namespace app::regress
