# morph's sources, room by room: included by morph/CMakeLists.txt and by the fuzzers' own project
# (tests/fuzz/CMakeLists.txt), so both build the same list. MORPH_ALL_SOURCES is all of them, as
# absolute paths; MORPH_FUZZ_SOURCES the fuzzers' share.
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
  anim/IdleLife.cpp
  anim/Layers.cpp
  anim/PoseLayers.cpp
  anim/Sampler.cpp
  anim/Skin.cpp
  anim/TargetWeights.cpp)
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
  image/ImageResize.cpp
  image/Flip.cpp)
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
  audit/RigLogicChecks.cpp
  audit/RigAudit.cpp
  audit/ShapeChecks.cpp
  audit/SideChecks.cpp
  audit/Symmetry.cpp
  audit/WorkRegion.cpp)
set(MORPH_RIG_SOURCES
  rig/RigLogic.cpp)
set(MORPH_DIFF_SOURCES
  diff/DrawnModel.cpp
  diff/ModelDiff.cpp
  diff/VertexMatch.cpp)
set(MORPH_FIX_SOURCES
  fix/FixDocument.cpp
  fix/FixDraco.cpp
  fix/FixMirror.cpp
  fix/FixNormals.cpp
  fix/FixRigLogic.cpp
  fix/FixSparse.cpp
  fix/FixTargets.cpp
  fix/FixVrm.cpp)
set(MORPH_ALL_SOURCES ${MORPH_SOURCES} ${MORPH_IO_SOURCES} ${MORPH_GLB_SOURCES}
    ${MORPH_DECODE_SOURCES} ${MORPH_NAMES_SOURCES} ${MORPH_GLTF_SOURCES} ${MORPH_ANIM_SOURCES}
    ${MORPH_TARGETS_SOURCES} ${MORPH_IMAGE_SOURCES} ${MORPH_KTX2_SOURCES} ${MORPH_EDIT_SOURCES}
    ${MORPH_AUDIT_SOURCES} ${MORPH_RIG_SOURCES} ${MORPH_DIFF_SOURCES} ${MORPH_FIX_SOURCES})
# What the fuzzers reach (the importer, the KTX2 transcoder and the CPU pipeline after them):
# all but the audit, diff and fix rooms, which run on a scene already imported, and the editing,
# idle life and image comparison code no fuzzer calls (the links of the fuzzers and their seed
# writer say what must stay). Their instrumented copy then compiles without them
# (tests/fuzz/CMakeLists.txt).
set(MORPH_FUZZ_SOURCES ${MORPH_ALL_SOURCES})
list(REMOVE_ITEM MORPH_FUZZ_SOURCES
  ${MORPH_AUDIT_SOURCES} ${MORPH_DIFF_SOURCES} ${MORPH_FIX_SOURCES}
  edit/ClipExport.cpp edit/MorphedRegion.cpp edit/RayCast.cpp
  edit/UserClip.cpp anim/IdleLife.cpp image/ImageCompare.cpp image/Flip.cpp image/HdrImage.cpp
  image/ImageResize.cpp)
# Absolute, so the fuzz project (another source folder) can use the lists as they are.
list(TRANSFORM MORPH_ALL_SOURCES PREPEND "${CMAKE_CURRENT_LIST_DIR}/")
list(TRANSFORM MORPH_FUZZ_SOURCES PREPEND "${CMAKE_CURRENT_LIST_DIR}/")
