#pragma once
// Where a shot's reference lives. References drawn by one rasterizer (llvmpipe) and compared on
// another (a GPU) differ at every edge, so --references may hold one folder per renderer,
// named by its slug, and the one for the renderer at hand is picked when present. GL-free.
#include <string>

namespace app::regress {

// GL_RENDERER as a folder name: lowercase letters and digits, runs of anything else as one '-',
// e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" -> "llvmpipe-llvm-15-0-6-256-bits".
std::string rendererSlug(const std::string& renderer);

// `references/<slug of renderer>/` when it is a folder, else `references/<slug of its first
// word>/` ("llvmpipe/": any LLVM version), else `references` itself.
std::string referenceFolder(const std::string& references, const std::string& renderer);

}  // namespace app::regress
