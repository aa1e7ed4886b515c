#include "app/cli/JsonOut.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "morph/io/Files.h"

namespace app {

Json floatArray(const std::vector<float>& values) {
    Json array = Json::array();
    array.get_ref<Json::array_t&>().reserve(values.size());
    for (float v : values) array.push_back(static_cast<double>(v));
    return array;
}

Json flatArray(const std::vector<glm::vec3>& values) {
    Json array = Json::array();
    array.get_ref<Json::array_t&>().reserve(values.size() * 3);
    for (const glm::vec3& v : values) {
        array.push_back(static_cast<double>(v.x));
        array.push_back(static_cast<double>(v.y));
        array.push_back(static_cast<double>(v.z));
    }
    return array;
}

morph::Status writeText(const std::string& text, const std::string& outPath) {
    if (!outPath.empty()) return morph::writeFileAtomic(outPath, text.data(), text.size());
    // A full disk or a closed pipe must not pass for success.
    const size_t written = std::fwrite(text.data(), 1, text.size(), stdout);
    if (written != text.size() || std::fflush(stdout) != 0) {
        return morph::Error{morph::ErrorCode::Io,
                            std::string("<stdout>: write failed: ") + std::strerror(errno)};
    }
    return {};
}

}  // namespace app
