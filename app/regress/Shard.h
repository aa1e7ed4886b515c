#pragma once
// Which shots this process draws: `--shard K/N`, else the sharding protocol Bazel, GoogleTest
// and ctest-driven CIs already speak (TEST_TOTAL_SHARDS, TEST_SHARD_INDEX). Shot i belongs to
// shard i mod N. GL-free.
#include <cstddef>
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

}  // namespace app::regress
