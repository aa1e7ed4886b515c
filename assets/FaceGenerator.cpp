// Writes the bundled sample face (assets/face.glb): `face_generator [output.glb]`.
#include <cstdio>
#include <cstring>
#include <string>

#include "face/FaceAssembly.h"
#include "morph/io/Files.h"

int main(int argc, char** argv) {
    if (argc > 2 ||
        (argc == 2 && (std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "--help") == 0))) {
        std::printf("usage: face_generator [output.glb]   (default: face.glb)\n");
        return argc > 2 ? 2 : 0;
    }
    std::string path = argc == 2 ? argv[1] : "face.glb";
    std::vector<uint8_t> glb = face::buildFaceGlb();
    morph::Status status = morph::writeFileAtomic(path, glb.data(), glb.size());
    if (!status) {
        std::fprintf(stderr, "%s\n", status.error().message.c_str());
        return 1;
    }
    std::printf("%s: %zu bytes\n", path.c_str(), glb.size());
    return 0;
}
