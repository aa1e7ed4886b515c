#include "morph/glb/Glb.h"

#include <cstring>

#include "morph/ByteOrder.h"

namespace morph {
namespace {

void writeU32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

std::string chunkTypeName(uint32_t type) {
    std::string name;
    for (int i = 0; i < 4; ++i) {
        const char c = char(type >> (8 * i));
        name += (c >= 32 && c < 127) ? c : '?';
    }
    return name;
}

}  // namespace

bool looksLikeGlb(const uint8_t* data, size_t size) {
    return size >= 4 && readU32(data) == kGlbMagic;
}

Result<GlbView> parseGlb(const uint8_t* data, size_t size) {
    if (size == 0) return Error{ErrorCode::Container, "empty file"};
    if (size < 12)
        return Error{ErrorCode::Container,
                     "truncated GLB: " + std::to_string(size) + " bytes, header needs 12"};
    if (readU32(data) != kGlbMagic)
        return Error{ErrorCode::Container, "not a GLB file (bad magic)"};
    const uint32_t version = readU32(data + 4);
    if (version != 2)
        return Error{ErrorCode::Unsupported,
                     "GLB version " + std::to_string(version) + " (only 2 is supported)"};
    const uint32_t length = readU32(data + 8);
    if (length > size) {
        return Error{ErrorCode::Container, "truncated GLB: header says " + std::to_string(length) +
                                               " bytes, file has " + std::to_string(size)};
    }
    // 4.4.2: trailing bytes after `length` are not part of the GLB; ignore them like other readers.
    GlbView view;
    size_t offset = 12;
    int chunkIndex = 0;
    while (offset < length) {
        if (length - offset < 8) {
            return Error{ErrorCode::Container, "GLB chunk " + std::to_string(chunkIndex) +
                                                   " header at byte " + std::to_string(offset) +
                                                   " runs past the end (" + std::to_string(length) +
                                                   " bytes)"};
        }
        const uint32_t chunkLength = readU32(data + offset);
        const uint32_t chunkType = readU32(data + offset + 4);
        offset += 8;
        if (chunkLength > length - offset) {
            return Error{ErrorCode::Container,
                         "GLB chunk " + std::to_string(chunkIndex) + " (" +
                             chunkTypeName(chunkType) + ") length " + std::to_string(chunkLength) +
                             " runs past the end (" + std::to_string(length - offset) +
                             " bytes left)"};
        }
        if (chunkIndex == 0) {
            if (chunkType != kGlbChunkJson) {
                return Error{ErrorCode::Container,
                             "first GLB chunk is " + chunkTypeName(chunkType) + ", not JSON"};
            }
            view.json = data + offset;
            view.jsonSize = chunkLength;
        } else if (chunkIndex == 1 && chunkType == kGlbChunkBin) {
            view.bin = data + offset;
            view.binSize = chunkLength;
        } else if (chunkType == kGlbChunkJson || chunkType == kGlbChunkBin) {
            // 4.4.3: exactly one JSON chunk, first; at most one BIN chunk, second.
            return Error{ErrorCode::Container, "GLB chunk " + std::to_string(chunkIndex) +
                                                   " is an extra " + chunkTypeName(chunkType) +
                                                   " chunk"};
        }
        // Unknown chunk types are skipped (4.4.3.1: "clients MUST ignore chunks with unknown
        // types").
        offset += chunkLength;
        // Chunks are 4-byte aligned; a writer that forgot the padding still ends exactly at
        // `length`.
        ++chunkIndex;
    }
    if (chunkIndex == 0) return Error{ErrorCode::Container, "GLB has no JSON chunk"};
    if (view.jsonSize == 0) return Error{ErrorCode::Container, "GLB JSON chunk is empty"};
    return view;
}

std::vector<uint8_t> writeGlb(const std::string& json, const uint8_t* bin, size_t binSize) {
    const size_t jsonPadded = (json.size() + 3) & ~size_t(3);
    const size_t binPadded = (binSize + 3) & ~size_t(3);
    const size_t total = 12 + 8 + jsonPadded + (bin ? 8 + binPadded : 0);
    std::vector<uint8_t> out;
    out.reserve(total);
    writeU32(out, kGlbMagic);
    writeU32(out, 2);
    writeU32(out, uint32_t(total));
    writeU32(out, uint32_t(jsonPadded));
    writeU32(out, kGlbChunkJson);
    out.insert(out.end(), json.begin(), json.end());
    out.resize(out.size() + (jsonPadded - json.size()), ' ');
    if (bin) {
        writeU32(out, uint32_t(binPadded));
        writeU32(out, kGlbChunkBin);
        out.insert(out.end(), bin, bin + binSize);
        out.resize(out.size() + (binPadded - binSize), 0);
    }
    return out;
}

}  // namespace morph
