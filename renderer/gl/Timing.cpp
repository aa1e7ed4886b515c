#include "renderer/gl/Timing.h"

#include "renderer/gl/Gl.h"

namespace renderer {

void finishGl() {
    glFinish();
}

}  // namespace renderer
