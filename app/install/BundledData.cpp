#include "app/install/BundledData.h"

#include <filesystem>
#include <system_error>
#include <vector>

namespace app {

namespace {

namespace fs = std::filesystem;

fs::path executableFolder() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

}  // namespace

std::string bundledDataPath(const std::string& name) {
    const fs::path folder = executableFolder();
    if (folder.empty()) return "";
    const fs::path candidates[] = {
        folder.parent_path() / "share" / "morphview" / name,  // PREFIX/bin -> PREFIX/share
        folder.parent_path() / "assets" / name,               // build/morphview in the checkout
        folder / "assets" / name,                             // any build tree: CMake's link
    };
    for (const fs::path& path : candidates) {
        std::error_code ec;
        if (fs::is_regular_file(path, ec)) return path.lexically_normal().string();
    }
    return "";
}

std::string bundledFacePath() {
    return bundledDataPath("face.glb");
}

}  // namespace app
