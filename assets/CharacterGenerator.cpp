// Writes the bundled skinned character (assets/character.glb): `character_generator [output.glb]`.
#include <cstdio>
#include <cstring>
#include <string>

#include "character/Character.h"
#include "morph/io/Files.h"

int main(int argc, char** argv) {
    if (argc > 2 ||
        (argc == 2 && (std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "--help") == 0))) {
        std::printf("usage: character_generator [output.glb]   (default: character.glb)\n");
        return argc > 2 ? 2 : 0;
    }
    const std::string path = argc == 2 ? argv[1] : "character.glb";
    const std::vector<uint8_t> glb = character::buildCharacterGlb();
    const morph::Status status = morph::writeFileAtomic(path, glb.data(), glb.size());
    if (!status) {
        std::fprintf(stderr, "%s\n", status.error().message.c_str());
        return 1;
    }
    std::printf("%s: %zu bytes\n", path.c_str(), glb.size());
    return 0;
}
