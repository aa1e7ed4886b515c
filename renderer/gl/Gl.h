#pragma once
// The one include for GL in the renderer: glad's GL 4.5 core loader (generated at configure time
// into <build>/glad). Whoever makes a context current loads it (EglContext, or the viewer's GLFW).
#include <glad/gl.h>
