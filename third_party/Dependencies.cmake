# Glue for system packages (Debian). No third-party source lives in this repository.

find_package(nlohmann_json 3 REQUIRED)
find_package(glm REQUIRED)
find_package(meshoptimizer CONFIG REQUIRED)
find_package(draco CONFIG REQUIRED)
find_package(CLI11 CONFIG QUIET)

add_library(mv_glm INTERFACE)
target_link_libraries(mv_glm INTERFACE glm::glm)
target_compile_definitions(mv_glm INTERFACE GLM_FORCE_CXX17 GLM_ENABLE_EXPERIMENTAL)

add_library(mv_json INTERFACE)
target_link_libraries(mv_json INTERFACE nlohmann_json::nlohmann_json)

# Debian ships stb compiled (libstb): include the headers without *_IMPLEMENTATION.
find_package(PkgConfig REQUIRED)
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
add_library(mv_stb INTERFACE)
target_link_libraries(mv_stb INTERFACE PkgConfig::STB)

# PNG files are written with Debian's libpng (morph/image/ImageFile.cpp): its fixed filter and
# zlib level encode a capture several times faster than stb_image_write.
find_package(PNG REQUIRED)
add_library(mv_png INTERFACE)
target_link_libraries(mv_png INTERFACE PNG::PNG)

# JPEG textures are decoded with Debian's libjpeg-turbo (morph/decode/ImageDecode.cpp): SIMD,
# and fuzzed upstream; stb_image keeps PNG and the rarer formats.
find_package(JPEG REQUIRED)
add_library(mv_jpeg INTERFACE)
target_link_libraries(mv_jpeg INTERFACE JPEG::JPEG)

# `speak`: Debian's libespeak-ng says a line and reports its phonemes with their times
# (app/speech/Speech.cpp); its voices come with espeak-ng-data.
pkg_check_modules(ESPEAK REQUIRED IMPORTED_TARGET espeak-ng)
add_library(mv_espeak INTERFACE)
target_link_libraries(mv_espeak INTERFACE PkgConfig::ESPEAK)

# `speak --audio`: Debian's libsamplerate brings a WAV's audio to the recognizer's 16 kHz
# (app/speech/Wav.cpp), PocketSphinx 0.8 with pocketsphinx-en-us's US English model hears its
# phonemes (app/speech/Recognizer.cpp).
pkg_check_modules(SAMPLERATE REQUIRED IMPORTED_TARGET samplerate)
add_library(mv_samplerate INTERFACE)
target_link_libraries(mv_samplerate INTERFACE PkgConfig::SAMPLERATE)
pkg_check_modules(POCKETSPHINX REQUIRED IMPORTED_TARGET pocketsphinx)
add_library(mv_pocketsphinx INTERFACE)
target_link_libraries(mv_pocketsphinx INTERFACE PkgConfig::POCKETSPHINX)

# EXT_texture_webp: Debian's libwebp decodes WebP images (morph/decode/ImageDecode.cpp); the
# tests encode their WebP fixtures with it too.
pkg_check_modules(WEBP REQUIRED IMPORTED_TARGET libwebp)
add_library(mv_webp INTERFACE)
target_link_libraries(mv_webp INTERFACE PkgConfig::WEBP)

# KHR_texture_basisu: Debian's libzstd inflates Zstandard-supercompressed KTX2 levels
# (morph/ktx2/Zstd.cpp).
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)
add_library(mv_zstd INTERFACE)
target_link_libraries(mv_zstd INTERFACE PkgConfig::ZSTD)

# Live input's VMC protocol is OSC over UDP: Debian's liblo decodes its messages (app/live/).
pkg_check_modules(LO REQUIRED IMPORTED_TARGET liblo)
add_library(mv_lo INTERFACE)
target_link_libraries(mv_lo INTERFACE PkgConfig::LO)

# The viewer's sound (app/audio/): Debian's SDL2, its audio subsystem only (the window is GLFW's).
# Its "disk" driver lets tests check the samples that went out with no sound card.
find_package(SDL2 REQUIRED)
add_library(mv_sdl2 INTERFACE)
target_link_libraries(mv_sdl2 INTERFACE SDL2::SDL2)

add_library(mv_cli11 INTERFACE)
if(TARGET CLI11::CLI11)
  target_link_libraries(mv_cli11 INTERFACE CLI11::CLI11)
endif()

if(MORPHVIEW_WITH_GL)
  # GL 4.5 core + EGL 1.5 loader, generated at configure time by Debian's python3-glad.
  find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
  set(GLAD_DIR "${CMAKE_BINARY_DIR}/glad")
  set(GLAD_EXTENSIONS
      "EGL_EXT_platform_base,EGL_MESA_platform_surfaceless,EGL_EXT_device_base,EGL_EXT_device_enumeration,EGL_EXT_device_query,EGL_EXT_platform_device,EGL_KHR_surfaceless_context,EGL_KHR_create_context,GL_KHR_debug,GL_ARB_gl_spirv")
  if(NOT EXISTS "${GLAD_DIR}/src/gl.c" OR NOT EXISTS "${GLAD_DIR}/src/egl.c")
    message(STATUS "Generating the GL 4.5 core + EGL 1.5 loader with glad")
    execute_process(
      COMMAND "${GLAD_EXECUTABLE}" --quiet --reproducible --api "gl:core=4.5,egl=1.5"
              --extensions "${GLAD_EXTENSIONS}" --out-path "${GLAD_DIR}" c --loader
      RESULT_VARIABLE gladResult OUTPUT_QUIET ERROR_VARIABLE gladError)
    if(NOT gladResult EQUAL 0)
      message(FATAL_ERROR "glad failed to generate the GL loader: ${gladError}")
    endif()
  endif()
  add_library(mv_glad STATIC "${GLAD_DIR}/src/gl.c" "${GLAD_DIR}/src/egl.c")
  target_include_directories(mv_glad SYSTEM PUBLIC "${GLAD_DIR}/include")
  target_link_libraries(mv_glad PUBLIC ${CMAKE_DL_LIBS})
  set_target_properties(mv_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)

  find_package(glfw3 3.3 REQUIRED)
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
  add_library(mv_imgui INTERFACE)
  # Debian's libimgui carries the GLFW and OpenGL3 backends; they load GL through their own loader.
  target_link_libraries(mv_imgui INTERFACE PkgConfig::IMGUI glfw)
  target_include_directories(mv_imgui SYSTEM INTERFACE /usr/include/imgui /usr/include/imgui/backends)
endif()
