#include "renderer/pass/BackgroundPass.h"

#include <utility>

#include "renderer/gl/Log.h"

namespace renderer {

void BackgroundPass::draw(const Config& config, PassOutput output) {
    if (!config.environment || config.mode == BackgroundMode::Color) return;
    const bool linear = output == PassOutput::Linear;
    gl::Program& background = mPrograms[linear ? 1 : 0];
    bool& failed = mFailed[linear ? 1 : 0];
    if (background.id() == 0 && !failed) {
        auto built = mLibrary.program({"background.vert", "background.frag"}, {},
                                      linear ? "#define MV_LINEAR_OUTPUT\n" : "");
        if (!built) {
            // Once: the colour the target was cleared to stays the background.
            logNote("background: " + built.error().message + "; the colour stands in");
            failed = true;
        } else {
            background = std::move(built).value();
        }
    }
    if (failed) return;
    if (mEmptyVertices.id() == 0) mEmptyVertices = gl::VertexArray::create();
    background.use();
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    mEmptyVertices.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDepthMask(GL_TRUE);
    glEnable(GL_DEPTH_TEST);
}

}  // namespace renderer
