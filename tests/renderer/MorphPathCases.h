#pragma once
// The GL tests that run once per morph path: every path, and each case named after its path.
#include <string>

#include <gtest/gtest.h>

#include "renderer/morph/MorphPath.h"

namespace fixtures {

inline constexpr renderer::MorphPath kEveryMorphPath[] = {
    renderer::MorphPath::VsDense, renderer::MorphPath::VsActive, renderer::MorphPath::CsSparse,
    renderer::MorphPath::Cpu, renderer::MorphPath::Auto};

// The path's name as a test name: "vs-dense" becomes "vs_dense".
inline std::string morphPathCaseName(const ::testing::TestParamInfo<renderer::MorphPath>& info) {
    std::string name = renderer::morphPathName(info.param);
    for (char& c : name) c = c == '-' ? '_' : c;
    return name;
}

}  // namespace fixtures
