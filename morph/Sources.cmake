# morph's sources, room by room: included by morph/CMakeLists.txt and by the fuzzers' own project
# (tests/fuzz/CMakeLists.txt), so both build the same list. MORPH_ALL_SOURCES is all of them.
set(MORPH_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/MorphChannel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Scene.cpp)
set(MORPH_GLTF_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/gltf/Accessor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/ClipExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/DracoDecode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/Glb.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfAnimations.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfBuilder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfDocument.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfImport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfMaterials.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfMeshes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfNodes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfSkins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfTargets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/GltfValidate.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/MeshoptDecode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf/Uri.cpp)
set(MORPH_ANIM_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/anim/Animate.cpp
  ${CMAKE_CURRENT_LIST_DIR}/anim/Sampler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/anim/Skin.cpp)
set(MORPH_TARGETS_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/targets/ActiveWeights.cpp
  ${CMAKE_CURRENT_LIST_DIR}/targets/Blend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/targets/Displacement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/targets/Packing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/targets/PoseTargets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/targets/SparseTargets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/targets/SyntheticMesh.cpp)
set(MORPH_IMAGE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/image/ImageCompare.cpp
  ${CMAKE_CURRENT_LIST_DIR}/image/ImageDecode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/image/ImageFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/image/ImageResize.cpp)
set(MORPH_EDIT_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/edit/RayCast.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edit/TargetGroups.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edit/UserClip.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edit/WeightSpec.cpp)
set(MORPH_ALL_SOURCES ${MORPH_SOURCES} ${MORPH_GLTF_SOURCES} ${MORPH_ANIM_SOURCES}
    ${MORPH_TARGETS_SOURCES} ${MORPH_IMAGE_SOURCES} ${MORPH_EDIT_SOURCES})
