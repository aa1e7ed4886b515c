#pragma once
// `morphview eval --gpu`: the same items and JSON as the CPU eval, but each primitive is morphed
// by the renderer's vertex shader (renderer::GpuOracle: mesh.vert + morph.glsl, read back with
// transform feedback) in a headless EGL context. No window and no DISPLAY needed.
#include "app/cli/EvalCommand.h"

namespace app {

// A MorphFunction for addEvalCommand. The context is made on first call; its failure ("EGL: no
// display ...") comes back as the error, which eval reports with exit code 1.
MorphFunction gpuEvalMorph();

}  // namespace app
