#include "app/regress/Shard.h"

#include <cctype>
#include <cstdint>
#include <cstdio>

namespace app::regress {

namespace {

bool parseCount(const std::string& text, size_t& value) {
    if (text.empty() || text.size() > 9) return false;
    value = 0;
    for (char c : text) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        value = value * 10 + size_t(c - '0');
    }
    return true;
}

}  // namespace

morph::Result<Shard> parseShard(const std::string& text) {
    const size_t slash = text.find('/');
    Shard shard;
    if (slash == std::string::npos || !parseCount(text.substr(0, slash), shard.index) ||
        !parseCount(text.substr(slash + 1), shard.count) || shard.count == 0 ||
        shard.index >= shard.count) {
        return morph::Error{morph::ErrorCode::Usage,
                            "--shard: '" + text + "' is not K/N with 0 <= K < N"};
    }
    return shard;
}

morph::Result<Shard> shardFromEnvironment(const char* total, const char* index) {
    if (!total || !index) return Shard{};
    Shard shard;
    if (!parseCount(total, shard.count) || shard.count == 0) {
        return morph::Error{morph::ErrorCode::Usage, std::string("TEST_TOTAL_SHARDS: '") + total +
                                                         "' is not a positive count"};
    }
    if (!parseCount(index, shard.index) || shard.index >= shard.count) {
        return morph::Error{morph::ErrorCode::Usage,
                            std::string("TEST_SHARD_INDEX: '") + index +
                                "' is not an index below TEST_TOTAL_SHARDS"};
    }
    return shard;
}

namespace {

std::string variable(const char* name, const char* value) {
    return std::string(name) + "=" + value;
}

morph::Error slurmError(const std::string& what) {
    return morph::Error{morph::ErrorCode::Usage, what};
}

// SLURM_ARRAY_TASK_* as counts; `name` unset or not a count is an error naming it.
morph::Result<size_t> slurmCount(const Environment& env, const char* name) {
    const char* value = env(name);
    size_t count = 0;
    if (!value) return slurmError(std::string(name) + " is not set, but SLURM_ARRAY_TASK_ID is");
    if (!parseCount(value, count))
        return slurmError(std::string(name) + ": '" + value + "' is not a count");
    return count;
}

}  // namespace

morph::Result<ShardChoice> autoShard(const std::string& text, const Environment& env) {
    size_t count = 0;
    if (!parseCount(text.substr(5), count) || count == 0) {
        return morph::Error{morph::ErrorCode::Usage,
                            "--shard: '" + text + "' is not auto/N with N > 0"};
    }
    const char* index = env("JOB_COMPLETION_INDEX");
    if (!index) {
        return morph::Error{morph::ErrorCode::Usage,
                            "--shard " + text +
                                ": JOB_COMPLETION_INDEX is not set (a Kubernetes Indexed Job "
                                "sets it in each pod)"};
    }
    ShardChoice choice;
    choice.shard.count = count;
    if (!parseCount(index, choice.shard.index) || choice.shard.index >= count) {
        return morph::Error{morph::ErrorCode::Usage, std::string("JOB_COMPLETION_INDEX: '") +
                                                         index + "' is not an index below " +
                                                         std::to_string(count) + " (--shard " +
                                                         text + ")"};
    }
    choice.source = "--shard " + text + " " + variable("JOB_COMPLETION_INDEX", index);
    choice.fromEnvironment = true;
    return choice;
}

morph::Result<ShardChoice> slurmShard(const Environment& env) {
    const char* id = env("SLURM_ARRAY_TASK_ID");
    if (!id) return ShardChoice{};
    size_t task = 0;
    if (!parseCount(id, task))
        return slurmError(std::string("SLURM_ARRAY_TASK_ID: '") + id + "' is not a count");
    auto min = slurmCount(env, "SLURM_ARRAY_TASK_MIN");
    if (!min) return min.error();
    auto count = slurmCount(env, "SLURM_ARRAY_TASK_COUNT");
    if (!count) return count.error();
    if (const char* step = env("SLURM_ARRAY_TASK_STEP"); step && std::string(step) != "1") {
        return slurmError(std::string("SLURM_ARRAY_TASK_STEP=") + step +
                          ": a job array with a step leaves shards undrawn; submit "
                          "--array=0-(N-1) with no step");
    }
    if (const char* max = env("SLURM_ARRAY_TASK_MAX")) {
        size_t last = 0;
        if (!parseCount(max, last) || last < *min || last - *min + 1 != *count) {
            return slurmError(std::string("SLURM_ARRAY_TASK_MIN=") + env("SLURM_ARRAY_TASK_MIN") +
                              " SLURM_ARRAY_TASK_MAX=" + max +
                              " SLURM_ARRAY_TASK_COUNT=" + env("SLURM_ARRAY_TASK_COUNT") +
                              ": a job array with gaps leaves shards undrawn; submit "
                              "--array=0-(N-1)");
        }
    }
    if (*count == 0 || task < *min || task - *min >= *count) {
        return slurmError(std::string("SLURM_ARRAY_TASK_ID=") + id +
                          " is not within SLURM_ARRAY_TASK_MIN=" + env("SLURM_ARRAY_TASK_MIN") +
                          " and SLURM_ARRAY_TASK_COUNT=" + env("SLURM_ARRAY_TASK_COUNT"));
    }
    ShardChoice choice;
    choice.shard = {task - *min, *count};
    choice.source = variable("SLURM_ARRAY_TASK_ID", id) + " " +
                    variable("SLURM_ARRAY_TASK_MIN", env("SLURM_ARRAY_TASK_MIN")) + " " +
                    variable("SLURM_ARRAY_TASK_COUNT", env("SLURM_ARRAY_TASK_COUNT"));
    choice.fromEnvironment = true;
    return choice;
}

morph::Result<ShardChoice> chooseShard(const std::string& text, const Environment& env) {
    ShardChoice choice;
    if (text.rfind("auto/", 0) == 0) return autoShard(text, env);
    if (!text.empty()) {
        auto shard = parseShard(text);
        if (!shard) return shard.error();
        choice.shard = *shard;
        choice.source = "--shard " + text;
        return choice;
    }
    const char* total = env("TEST_TOTAL_SHARDS");
    const char* index = env("TEST_SHARD_INDEX");
    if (total && index) {
        auto shard = shardFromEnvironment(total, index);
        if (!shard) return shard.error();
        choice.shard = *shard;
        choice.source =
            variable("TEST_TOTAL_SHARDS", total) + " " + variable("TEST_SHARD_INDEX", index);
        choice.fromEnvironment = true;
        return choice;
    }
    return slurmShard(env);
}

std::string contentHash(const std::string& bytes) {
    uint64_t hash = 14695981039346656037ull;  // FNV-1a, 64 bits
    for (char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return std::string("fnv1a64:") + hex;
}

}  // namespace app::regress
