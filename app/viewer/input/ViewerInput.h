#pragma once
// The viewer's mouse and keyboard, a plain object the window owns and calls once a frame after
// the panels: the camera (the mouse over the 3D view only), a click that picks a vertex, and the
// keyboard shortcuts (only while no text field has the keyboard). What a shortcut asks of the
// window it posts as a request (ViewerUi.h's ViewerRequests), carried out after the frame.
#include "app/viewer/GlfwContext.h"
#include "app/viewer/ViewerApp.h"
#include "app/viewer/ViewerUi.h"
#include "app/viewer/view/ViewerView.h"

namespace app {

class ViewerInput {
public:
    ViewerInput(const GlfwContext& context, ViewerDocument& doc, ViewerUi& ui, ViewerView& view)
        : mContext(context), mDoc(doc), mUi(ui), mView(view) {}

    void handleCamera();  // orbit, pan, zoom and a click's pick, unless ImGui wants the mouse
    void handleShortcuts();

private:
    void pickAtMouse();

    const GlfwContext& mContext;
    ViewerDocument& mDoc;
    ViewerUi& mUi;
    ViewerView& mView;
};

}  // namespace app
