#include "MorphPath.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace renderer {

const char* morphPathName(MorphPath path) {
    switch (path) {
        case MorphPath::VsDense: return "vs-dense";
        case MorphPath::VsActive: return "vs-active";
        case MorphPath::CsSparse: return "cs-sparse";
        case MorphPath::Cpu: return "cpu";
        case MorphPath::Auto: return "auto";
    }
    return "?";
}

std::optional<MorphPath> parseMorphPath(std::string_view name) {
    for (MorphPath path : {MorphPath::VsDense, MorphPath::VsActive, MorphPath::CsSparse,
                           MorphPath::Cpu, MorphPath::Auto}) {
        if (name == morphPathName(path)) return path;
    }
    return std::nullopt;
}

morph::Result<std::vector<MorphPath>> parseMorphPathList(std::string_view list) {
    std::vector<MorphPath> paths;
    if (list == "all") {
        paths.assign(std::begin(kConcreteMorphPaths), std::end(kConcreteMorphPaths));
        paths.push_back(MorphPath::Auto);
        return paths;
    }
    size_t start = 0;
    while (start <= list.size()) {
        const size_t comma = std::min(list.find(',', start), list.size());
        const std::string_view entry = list.substr(start, comma - start);
        const std::optional<MorphPath> path = parseMorphPath(entry);
        if (!path) {
            return morph::Error{"unknown morph path '" + std::string(entry) +
                                "' (expected vs-dense, vs-active, cs-sparse, cpu, auto or all)"};
        }
        paths.push_back(*path);
        start = comma + 1;
    }
    return paths;
}

}  // namespace renderer
