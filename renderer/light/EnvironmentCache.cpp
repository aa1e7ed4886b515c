#include "renderer/light/EnvironmentCache.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <unistd.h>

namespace renderer {

namespace fs = std::filesystem;

namespace {

// The layout of an entry; bump when it changes. Little-endian as written by this machine: an
// entry from another byte order fails its checksum and is recomputed.
constexpr char kCacheMagic[8] = {'M', 'V', 'E', 'N', 'V', 'C', 0, 1};
constexpr uint32_t kCacheFormat = 2;  // 2: the sheen's cube after the BRDF table
constexpr size_t kHeaderBytes = sizeof(kCacheMagic) + 4 * 4 + 8 + 27 * 4 + 8;

std::string entryName(uint64_t key) {
    char name[40];
    std::snprintf(name, sizeof(name), "env-%016llx.bin", static_cast<unsigned long long>(key));
    return name;
}

template <typename T>
void put(std::vector<uint8_t>& out, const T& value) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof(T));
}

template <typename T>
T take(const std::vector<uint8_t>& in, size_t& at) {
    T value;
    std::memcpy(&value, in.data() + at, sizeof(T));
    at += sizeof(T);
    return value;
}

uint64_t payloadHash(const CachedEnvironment& entry) {
    const uint64_t specular =
        hashBytes(entry.specular.data(), entry.specular.size() * sizeof(uint16_t), 1);
    const uint64_t lut = hashBytes(entry.lut.data(), entry.lut.size() * sizeof(uint16_t), specular);
    return hashBytes(entry.sheen.data(), entry.sheen.size() * sizeof(uint16_t), lut);
}

void trim(const std::string& folder) {
    std::error_code ec;
    std::vector<std::pair<fs::file_time_type, fs::path>> entries;
    for (const fs::directory_entry& file : fs::directory_iterator(folder, ec)) {
        const std::string name = file.path().filename().string();
        if (name.rfind("env-", 0) != 0 || file.path().extension() != ".bin") continue;
        std::error_code timeError;
        const fs::file_time_type time = file.last_write_time(timeError);
        if (!timeError) entries.emplace_back(time, file.path());
    }
    if (entries.size() <= size_t(kMaxCacheEntries)) return;
    std::sort(entries.begin(), entries.end());
    const size_t excess = entries.size() - size_t(kMaxCacheEntries);
    for (size_t i = 0; i < excess; ++i) fs::remove(entries[i].second, ec);  // raced: fine
}

}  // namespace

std::string environmentCacheFolder(const char* morphviewCacheDir, const char* xdgCacheHome,
                                   const char* home) {
    if (morphviewCacheDir) {
        const std::string folder = morphviewCacheDir;
        return folder == "off" ? "" : folder;
    }
    // XDG Base Directory: an unset, empty or relative $XDG_CACHE_HOME means $HOME/.cache.
    if (xdgCacheHome && xdgCacheHome[0] == '/') return std::string(xdgCacheHome) + "/morphview";
    if (home && home[0] == '/') return std::string(home) + "/.cache/morphview";
    return "";
}

std::string environmentCacheFolder() {
    return environmentCacheFolder(std::getenv("MORPHVIEW_CACHE_DIR"), std::getenv("XDG_CACHE_HOME"),
                                  std::getenv("HOME"));
}

uint64_t hashBytes(const void* data, size_t size, uint64_t seed) {
    constexpr uint64_t kPrime = 0x100000001b3ull;
    uint64_t h = 0xcbf29ce484222325ull ^ (seed * 0x9e3779b97f4a7c15ull);
    const auto* bytes = static_cast<const uint8_t*>(data);
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        std::memcpy(&word, bytes + i, 8);
        h = (h ^ word) * kPrime;
        h ^= h >> 29;
    }
    for (; i < size; ++i) h = (h ^ bytes[i]) * kPrime;
    h ^= uint64_t(size);
    // splitmix64's finalizer, so every input bit reaches every output bit.
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

size_t CachedEnvironment::specularHalves(int cubeSize, int levels) {
    size_t halves = 0;
    for (int level = 0; level < levels; ++level) {
        const size_t side = size_t(std::max(1, cubeSize >> level));
        halves += side * side * 6 * 4;
    }
    return halves;
}

int CachedEnvironment::sheenCubeSize(int cubeSize, int levels) {
    return std::max(cubeSize / 2, 1 << std::clamp(levels - 1, 0, 30));
}

std::optional<CachedEnvironment> readCachedEnvironment(const std::string& folder, uint64_t key,
                                                       int cubeSize, int levels, int lutSize) {
    if (folder.empty()) return std::nullopt;
    std::ifstream file(fs::path(folder) / entryName(key), std::ios::binary);
    if (!file) return std::nullopt;
    CachedEnvironment entry;
    entry.cubeSize = cubeSize;
    entry.levels = levels;
    entry.lutSize = lutSize;
    const size_t specularHalves = CachedEnvironment::specularHalves(cubeSize, levels);
    const size_t lutHalves = size_t(lutSize) * size_t(lutSize) * 2;
    const size_t sheenHalves = CachedEnvironment::specularHalves(
        CachedEnvironment::sheenCubeSize(cubeSize, levels), levels);
    const size_t expected =
        kHeaderBytes + (specularHalves + lutHalves + sheenHalves) * sizeof(uint16_t);
    std::vector<uint8_t> bytes(expected + 1);
    file.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    if (size_t(file.gcount()) != expected) return std::nullopt;  // short, or longer than it says

    if (std::memcmp(bytes.data(), kCacheMagic, sizeof(kCacheMagic)) != 0) return std::nullopt;
    size_t at = sizeof(kCacheMagic);
    if (take<uint32_t>(bytes, at) != kCacheFormat) return std::nullopt;
    if (take<uint32_t>(bytes, at) != uint32_t(cubeSize)) return std::nullopt;
    if (take<uint32_t>(bytes, at) != uint32_t(levels)) return std::nullopt;
    if (take<uint32_t>(bytes, at) != uint32_t(lutSize)) return std::nullopt;
    if (take<uint64_t>(bytes, at) != key) return std::nullopt;
    for (glm::vec3& coefficient : entry.irradiance) {
        for (int c = 0; c < 3; ++c) coefficient[c] = take<float>(bytes, at);
    }
    const uint64_t checksum = take<uint64_t>(bytes, at);
    entry.specular.resize(specularHalves);
    std::memcpy(entry.specular.data(), bytes.data() + at, specularHalves * sizeof(uint16_t));
    at += specularHalves * sizeof(uint16_t);
    entry.lut.resize(lutHalves);
    std::memcpy(entry.lut.data(), bytes.data() + at, lutHalves * sizeof(uint16_t));
    at += lutHalves * sizeof(uint16_t);
    entry.sheen.resize(sheenHalves);
    std::memcpy(entry.sheen.data(), bytes.data() + at, sheenHalves * sizeof(uint16_t));
    if (payloadHash(entry) != checksum) return std::nullopt;
    return entry;
}

bool writeCachedEnvironment(const std::string& folder, uint64_t key,
                            const CachedEnvironment& entry) {
    if (folder.empty()) return false;
    std::vector<uint8_t> bytes;
    bytes.reserve(kHeaderBytes + (entry.specular.size() + entry.lut.size() + entry.sheen.size()) *
                                     sizeof(uint16_t));
    bytes.insert(bytes.end(), std::begin(kCacheMagic), std::end(kCacheMagic));
    put(bytes, kCacheFormat);
    put(bytes, uint32_t(entry.cubeSize));
    put(bytes, uint32_t(entry.levels));
    put(bytes, uint32_t(entry.lutSize));
    put(bytes, key);
    for (const glm::vec3& coefficient : entry.irradiance) {
        for (int c = 0; c < 3; ++c) put(bytes, coefficient[c]);
    }
    put(bytes, payloadHash(entry));
    const auto* specular = reinterpret_cast<const uint8_t*>(entry.specular.data());
    bytes.insert(bytes.end(), specular, specular + entry.specular.size() * sizeof(uint16_t));
    const auto* lut = reinterpret_cast<const uint8_t*>(entry.lut.data());
    bytes.insert(bytes.end(), lut, lut + entry.lut.size() * sizeof(uint16_t));
    const auto* sheen = reinterpret_cast<const uint8_t*>(entry.sheen.data());
    bytes.insert(bytes.end(), sheen, sheen + entry.sheen.size() * sizeof(uint16_t));

    std::error_code ec;
    fs::create_directories(folder, ec);
    // A name no other writer uses (process id, then a count within the process), renamed over
    // the entry's name once complete: rename(2) replaces it atomically.
    static std::atomic<unsigned> sCount{0};
    const fs::path target = fs::path(folder) / entryName(key);
    fs::path temporary = target;
    temporary += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(sCount++);
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file) return false;
        file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!file.flush()) {
            file.close();
            fs::remove(temporary, ec);
            return false;
        }
    }
    fs::rename(temporary, target, ec);
    if (ec) {
        fs::remove(temporary, ec);
        return false;
    }
    trim(folder);
    return true;
}

}  // namespace renderer
