#include "FaceAssembly.h"

#include "InnerParts.h"
#include "MeshMath.h"
#include "Targets.h"

namespace face {

FaceModel buildFaceModel(const HeadSurface& head) {
    FaceModel model;
    model.parts.push_back(head.makePart(HeadParams{}));
    for (Part& p : makeEyeParts(head.layout())) model.parts.push_back(std::move(p));
    for (Part& p : makeMouthParts(head.layout())) model.parts.push_back(std::move(p));
    for (Part& part : model.parts) {
        part.normals = smoothNormals(part, part.positions);
        part.tangents = uvTangents(part);
    }
    buildTargets(model, head);
    return model;
}

}  // namespace face
