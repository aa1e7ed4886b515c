#include "app/regress/Shard.h"

#include <cctype>

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

}  // namespace app::regress
