# What `cmake --install` and `cpack -G DEB` ship (included from the top-level CMakeLists.txt):
#   bin/morphview
#   share/morphview/face.glb, character.glb          the bundled models (BundledData.h finds them)
#   share/applications/morphview.desktop             opens .gltf, .glb and .vrm
#   share/mime/packages/morphview.xml                their MIME types (shared-mime-info)
#   share/icons/hicolor/scalable/apps/morphview.svg
#   share/man/man1/morphview.1.gz                    every subcommand and option
#   share/bash-completion/completions/morphview
#   share/doc/morphview/copyright, changelog.gz      (Debian policy; DEP-5 copyright)
include(GNUInstallDirs)
set(MV_INSTALL_SOURCE "${CMAKE_CURRENT_LIST_DIR}")

# The executable finds its data relative to itself; a build tree outside the checkout gets links
# to the committed models in <build>/assets/, beside which build/morphview looks.
target_sources(morphview PRIVATE "${MV_INSTALL_SOURCE}/BundledData.cpp")
# Debian's hardening: the GOT read-only after start-up (relro + bindnow; lintian asks for both).
target_link_options(morphview PRIVATE -Wl,-z,relro,-z,now)
set(MV_BUNDLED_MODELS "${PROJECT_SOURCE_DIR}/assets/face.glb"
                      "${PROJECT_SOURCE_DIR}/assets/character.glb")
file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/assets")
foreach(model IN LISTS MV_BUNDLED_MODELS)
  get_filename_component(name "${model}" NAME)
  file(CREATE_LINK "${model}" "${PROJECT_BINARY_DIR}/assets/${name}" SYMBOLIC)
endforeach()

# The man page and the changelog (whose entry names the project's version) are installed gzipped
# (Debian policy 12.1, 12.7); -n leaves the time stamp out so every build makes the same bytes.
# Done at configure time (two small files), again whenever either source changes.
find_program(MV_GZIP gzip REQUIRED)
set(MV_GZIPPED "${PROJECT_BINARY_DIR}/install")
configure_file("${MV_INSTALL_SOURCE}/changelog.in" "${MV_GZIPPED}/changelog" @ONLY)
configure_file("${MV_INSTALL_SOURCE}/morphview.1" "${MV_GZIPPED}/morphview.1" COPYONLY)
foreach(file IN ITEMS morphview.1 changelog)
  execute_process(COMMAND "${MV_GZIP}" -9 -n -c "${MV_GZIPPED}/${file}"
                  OUTPUT_FILE "${MV_GZIPPED}/${file}.gz" RESULT_VARIABLE gzipResult)
  if(NOT gzipResult EQUAL 0)
    message(FATAL_ERROR "gzip failed on ${MV_GZIPPED}/${file}")
  endif()
endforeach()

install(TARGETS morphview RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(FILES ${MV_BUNDLED_MODELS} DESTINATION "${CMAKE_INSTALL_DATADIR}/morphview")
install(FILES "${MV_INSTALL_SOURCE}/morphview.desktop"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
install(FILES "${MV_INSTALL_SOURCE}/morphview.xml"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/mime/packages")
# The freedesktop thumbnailer: GNOME's and KDE's file managers run `morphview thumbnail` for
# .gltf, .glb and .vrm previews.
install(FILES "${MV_INSTALL_SOURCE}/morphview.thumbnailer"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/thumbnailers")
install(FILES "${MV_INSTALL_SOURCE}/morphview.svg"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
install(FILES "${MV_GZIPPED}/morphview.1.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES "${MV_INSTALL_SOURCE}/morphview.bash"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" RENAME morphview)
install(FILES "${MV_INSTALL_SOURCE}/copyright" "${MV_GZIPPED}/changelog.gz"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}")

# The Debian package: `cpack -G DEB` in the build folder -> morphview_<version>_amd64.deb.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME morphview)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "morphview maintainers <maintainers@users.noreply.a-seed-4c180bea.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "viewer and toolkit for glTF 2.0 morph targets")
set(CPACK_PACKAGE_DESCRIPTION
    "morphview opens glTF 2.0 models (.gltf, .glb) and VRM avatars and shows their
morph targets (blend shapes) as sliders, with their animations, skins, cameras
and lights. Its subcommands render headless shots (capture), compare images
(compare) and run visual regressions (regress). OpenGL 4.5 core; the headless
commands run through EGL without a display.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Depends: the libraries the binary links (dpkg-shlibdeps), and the GL and EGL loaders it opens
# with dlopen (glad), which dpkg-shlibdeps cannot see, with Mesa's drivers (llvmpipe: headless
# commands run on a machine without a GPU too). Recommends: the US English model `speak --audio`
# and a dropped .wav are heard with (without it they say to install it). MP4 recordings call
# ffmpeg when present.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libegl1, libgl1, libgl1-mesa-dri")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS pocketsphinx-en-us)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS ffmpeg)
include(CPack)
