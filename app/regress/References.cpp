#include "app/regress/References.h"

#include <cctype>
#include <filesystem>
#include <system_error>

namespace app::regress {

std::string rendererSlug(const std::string& renderer) {
    std::string slug;
    for (char c : renderer) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u)) {
            slug += char(std::tolower(u));
        } else if (!slug.empty() && slug.back() != '-') {
            slug += '-';
        }
    }
    while (!slug.empty() && slug.back() == '-') slug.pop_back();
    return slug;
}

std::string referenceFolder(const std::string& references, const std::string& renderer) {
    namespace fs = std::filesystem;
    const std::string full = rendererSlug(renderer);
    const std::string firstWord = rendererSlug(renderer.substr(0, renderer.find(' ')));
    for (const std::string& slug : {full, firstWord}) {
        std::error_code ec;
        if (!slug.empty() && fs::is_directory(fs::path(references) / slug, ec))
            return (fs::path(references) / slug).string();
    }
    return references;
}

}  // namespace app::regress
