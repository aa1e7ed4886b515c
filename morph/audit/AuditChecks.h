#pragma once
// The checks of RigAudit.h, each appending its findings. auditScene runs them in this order:
// nonfinite and huge first, since they mark the targets they find `broken` and the shape checks
// leave those out; leak before side and asymmetric, since it marks the vertices it finds.
#include <string>
#include <vector>

#include "morph/Scene.h"
#include "morph/audit/AuditData.h"
#include "morph/audit/RigAudit.h"

namespace morph {

// NameChecks.cpp: what the names and the sizes of the deltas say.
void checkNonFinite(const Scene& scene, std::vector<MeshData>& meshes, std::vector<Finding>& out);
void checkHuge(std::vector<MeshData>& meshes, const AuditOptions& options,
               std::vector<Finding>& out);
void checkDead(const std::vector<MeshData>& meshes, const AuditOptions& options,
               std::vector<Finding>& out);
void checkDuplicates(const std::vector<MeshData>& meshes, const AuditOptions& options,
                     std::vector<Finding>& out);
void checkMissingOnMesh(const std::vector<MeshData>& meshes, const AuditOptions& options,
                        std::vector<Finding>& out);

// SideChecks.cpp: side and asymmetric, over each mesh's mirror plane; a mesh without one, whose
// targets name sides, goes to `unchecked`.
void checkSides(const std::vector<MeshData>& meshes, const AuditOptions& options,
                std::vector<Finding>& out, std::vector<Unchecked>& unchecked);

// ShapeChecks.cpp: leak and normals. checkLeaks marks each target's leaked entries, which
// asymmetric then leaves out (the leak is their finding), so it runs before checkSides.
void checkLeaks(std::vector<MeshData>& meshes, const AuditOptions& options,
                std::vector<Finding>& out);
void checkNormals(const std::vector<MeshData>& meshes, const AuditOptions& options,
                  std::vector<Finding>& out);

// RigLogicChecks.cpp: rig-logic, the derived targets' rules against their data.
void checkRigLogic(const Scene& scene, const std::vector<MeshData>& meshes,
                   const AuditOptions& options, std::vector<Finding>& out);

// Numbers in a detail sentence: `digits` significant digits ("0.0042", "15.2"), and a share as a
// whole percentage ("40%").
std::string number(double value, int digits = 3);
std::string percent(double share);

}  // namespace morph
