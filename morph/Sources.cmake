# morph's sources, room by room: included by morph/CMakeLists.txt and by the fuzzers' own project
# (tests/fuzz/CMakeLists.txt), so both build the same list. MORPH_ALL_SOURCES is all of them, as
# absolute paths.
set(MORPH_SOURCES
  Expression.cpp
  MaterialVariants.cpp
  MorphChannel.cpp
  Result.cpp
  Scene.cpp)
set(MORPH_IO_SOURCES
  io/Files.cpp)
set(MORPH_GLB_SOURCES
  glb/Glb.cpp
  glb/GltfBuilder.cpp)
set(MORPH_DECODE_SOURCES
  decode/DracoDecode.cpp
  decode/ImageDecode.cpp
  decode/MeshoptDecode.cpp)
set(MORPH_NAMES_SOURCES
  names/FaceNames.cpp
  names/NameParts.cpp
  names/RenameMap.cpp)
set(MORPH_GLTF_SOURCES
  gltf/Accessor.cpp
  gltf/GltfAnimations.cpp
  gltf/GltfCameras.cpp
  gltf/GltfDocument.cpp
  gltf/GltfExtensions.cpp
  gltf/GltfImport.cpp
  gltf/GltfLights.cpp
  gltf/GltfMaterialExtensions.cpp
  gltf/GltfMaterials.cpp
  gltf/GltfMeshes.cpp
  gltf/GltfMeshopt.cpp
  gltf/GltfNodes.cpp
  gltf/GltfSkins.cpp
  gltf/GltfTargets.cpp
  gltf/GltfTextures.cpp
  gltf/GltfValidate.cpp
  gltf/GltfVariants.cpp
  gltf/Uri.cpp
  gltf/VrmExpressions.cpp)
set(MORPH_ANIM_SOURCES
  anim/Animate.cpp
  anim/ClipSelection.cpp
  anim/FramePose.cpp
  anim/Layers.cpp
  anim/PoseLayers.cpp
  anim/Sampler.cpp
  anim/Skin.cpp)
set(MORPH_TARGETS_SOURCES
  targets/ActiveWeights.cpp
  targets/Blend.cpp
  targets/Displacement.cpp
  targets/Packing.cpp
  targets/PoseTargets.cpp
  targets/SparseTargets.cpp
  targets/SyntheticMesh.cpp)
set(MORPH_IMAGE_SOURCES
  image/ImageCompare.cpp
  image/HdrImage.cpp
  image/ImageFile.cpp
  image/ImageResize.cpp)
set(MORPH_KTX2_SOURCES
  ktx2/BasisLzGlobal.cpp
  ktx2/Etc1sSlice.cpp
  ktx2/Huffman.cpp
  ktx2/Ktx2Container.cpp
  ktx2/Ktx2Decode.cpp
  ktx2/Uastc.cpp
  ktx2/Zstd.cpp)
set(MORPH_EDIT_SOURCES
  edit/ClipExport.cpp
  edit/ExpressionWeights.cpp
  edit/MorphedRegion.cpp
  edit/RayCast.cpp
  edit/TargetGroups.cpp
  edit/UserClip.cpp
  edit/WeightSpec.cpp)
set(MORPH_AUDIT_SOURCES
  audit/AuditData.cpp
  audit/NameChecks.cpp
  audit/RigAudit.cpp
  audit/ShapeChecks.cpp
  audit/SideChecks.cpp
  audit/Symmetry.cpp
  audit/WorkRegion.cpp)
set(MORPH_DIFF_SOURCES
  diff/DrawnModel.cpp
  diff/ModelDiff.cpp
  diff/VertexMatch.cpp)
set(MORPH_ALL_SOURCES ${MORPH_SOURCES} ${MORPH_IO_SOURCES} ${MORPH_GLB_SOURCES}
    ${MORPH_DECODE_SOURCES} ${MORPH_NAMES_SOURCES} ${MORPH_GLTF_SOURCES} ${MORPH_ANIM_SOURCES}
    ${MORPH_TARGETS_SOURCES} ${MORPH_IMAGE_SOURCES} ${MORPH_KTX2_SOURCES} ${MORPH_EDIT_SOURCES}
    ${MORPH_AUDIT_SOURCES} ${MORPH_DIFF_SOURCES})
# Absolute, so the fuzz project (another source folder) can use the list as it is.
list(TRANSFORM MORPH_ALL_SOURCES PREPEND "${CMAKE_CURRENT_LIST_DIR}/")
