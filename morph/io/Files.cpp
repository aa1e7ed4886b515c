#include "morph/io/Files.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace morph {
namespace {

std::string errnoText() {
    return std::strerror(errno);
}

// The process's umask, read from /proc/self/status ("Umask:\t0022", Linux 4.7 and later): the
// umask(2) call that reads it also sets it, and for that moment a file another thread creates
// would get no mask at all. 022 where the line is missing.
mode_t currentUmask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0) return mode_t(std::strtoul(line.c_str() + 6, nullptr, 8));
    }
    return 022;
}

}  // namespace

Result<std::vector<uint8_t>> readFileBytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return Error{ErrorCode::Io, path + ": cannot read (no such file or no permission)"};
    // Whole blocks, the first as long as the file where it has a length (a pipe has none), so a
    // model is one read into one allocation. A byte at a time through istreambuf_iterator was a
    // tenth of the CPU of the sanitized CLI tests, which read the avatars' megabytes per process.
    std::error_code noLength;
    const std::uintmax_t length = std::filesystem::file_size(path, noLength);
    const size_t minimumBlock = size_t(1) << 16;
    size_t block = noLength ? minimumBlock : size_t(length) + 1;  // +1: the read that sees the end
    std::vector<uint8_t> bytes;
    while (file) {
        const size_t have = bytes.size();
        bytes.resize(have + block);
        file.read(reinterpret_cast<char*>(bytes.data() + have), std::streamsize(block));
        bytes.resize(have + size_t(file.gcount()));
        block = std::max(minimumBlock, have);
    }
    if (file.bad()) return Error{ErrorCode::Io, path + ": cannot read (I/O error)"};
    return bytes;
}

Status writeFileAtomic(const std::string& path, const void* data, size_t size) {
    // The temporary file lives in the target's folder so rename() stays on one file system and
    // is atomic (POSIX rename): readers see the old file or the new one, never half of it.
    std::string folder = ".";
    size_t slash = path.find_last_of('/');
    if (slash != std::string::npos) folder = slash == 0 ? "/" : path.substr(0, slash);
    std::string tmpl = path + ".tmp-XXXXXX";
    std::vector<char> name(tmpl.begin(), tmpl.end());
    name.push_back('\0');

    int fd = mkstemp(name.data());
    if (fd < 0)
        return Error{ErrorCode::Io,
                     path + ": cannot create a temporary file in " + folder + ": " + errnoText()};
    std::string tmp(name.data());
    auto fail = [&](const std::string& what) {
        std::string message = path + ": " + what + ": " + errnoText();
        if (fd >= 0) close(fd);
        unlink(tmp.c_str());
        return Status(Error{ErrorCode::Io, message});
    };

    const auto* p = static_cast<const uint8_t*>(data);
    size_t written = 0;
    while (written < size) {
        ssize_t n = write(fd, p + written, size - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail("write failed");
        }
        written += static_cast<size_t>(n);
    }
    // mkstemp creates 0600; give the file the usual permissions under the umask.
    fchmod(fd, 0666 & ~currentUmask());
    if (fsync(fd) != 0) return fail("fsync failed");
    if (close(fd) != 0) {
        fd = -1;
        return fail("close failed");
    }
    fd = -1;
    if (rename(tmp.c_str(), path.c_str()) != 0) return fail("rename failed");
    // Make the rename itself durable; a failure here loses nothing already visible.
    int dir = open(folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (dir >= 0) {
        fsync(dir);
        close(dir);
    }
    return Status{};
}

Status makeFolders(const std::string& path) {
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    if (ec) return Error{ErrorCode::Io, path + ": cannot create the folder (" + ec.message() + ")"};
    return {};
}

}  // namespace morph
