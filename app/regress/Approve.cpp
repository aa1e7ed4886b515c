#include "app/regress/Approve.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "morph/io/Files.h"

namespace app::regress {

namespace {

namespace fs = std::filesystem;

morph::Error usage(const std::string& message) {
    return morph::Error{morph::ErrorCode::Usage, "--approve: " + message};
}

// Where the reference a run read at `read` goes when approving into `references`.
morph::Result<fs::path> approvedPath(const ShotResult& row, const Report& report,
                                     const std::string& references) {
    const fs::path read = row.reference;
    if (!report.references.empty()) {
        const fs::path relative = read.lexically_normal().lexically_relative(
            fs::path(report.references).lexically_normal());
        if (!relative.empty() && *relative.begin() != "..") return fs::path(references) / relative;
    }
    if (read.is_absolute()) return read;
    return usage("cannot tell where the reference of '" + row.name + "' goes: " + read.string() +
                 " is not under the run's --references '" + report.references + "'");
}

void addCopies(const ShotResult& row, const fs::path& out, const fs::path& reference,
               const std::function<std::string(size_t)>& frameSuffix,
               std::vector<Approval>& copies) {
    const std::string was = statusName(row.status);
    if (row.frames <= 1) {
        copies.push_back({(out / (row.name + ".png")).string(), reference.string(), was});
        return;
    }
    for (size_t k = 0; k < row.frames; ++k) {
        const std::string suffix = frameSuffix(k);
        const fs::path frame = reference.parent_path() / (reference.stem().string() + suffix +
                                                          reference.extension().string());
        copies.push_back({(out / (row.name + suffix + ".png")).string(), frame.string(), was});
    }
}

bool sameBytes(const std::string& a, const std::string& b) {
    std::ifstream first(a, std::ios::binary), second(b, std::ios::binary);
    if (!first || !second) return false;
    return std::equal(std::istreambuf_iterator<char>(first), std::istreambuf_iterator<char>(),
                      std::istreambuf_iterator<char>(second), std::istreambuf_iterator<char>());
}

}  // namespace

morph::Result<std::vector<Approval>> approvals(
    const Report& report, const std::string& out, const std::string& references,
    const std::vector<std::string>& only, const std::function<std::string(size_t)>& frameSuffix) {
    std::set<std::string> named(only.begin(), only.end());
    std::vector<Approval> copies;
    for (const ShotResult& row : report.shots) {
        const bool asked = named.erase(row.name) > 0;
        if (only.empty() ? row.status != ShotStatus::Fail && row.status != ShotStatus::New : !asked)
            continue;
        if (row.status == ShotStatus::Error)
            return usage("'" + row.name + "' is an error row: it has no result to approve");
        auto reference = approvedPath(row, report, references);
        if (!reference) return reference.error();
        addCopies(row, out, *reference, frameSuffix, copies);
    }
    if (!named.empty()) {
        return usage("no shot '" + *named.begin() + "' in " +
                     (fs::path(out) / "report.json").string());
    }
    return copies;
}

morph::Status applyApprovals(const std::vector<Approval>& copies,
                             const std::function<void(const Approval&)>& done) {
    for (const Approval& copy : copies) {
        if (sameBytes(copy.result, copy.reference)) continue;
        std::ifstream in(copy.result, std::ios::binary);
        if (!in) return morph::Error{morph::ErrorCode::Io, copy.result + ": cannot read"};
        const std::string bytes((std::istreambuf_iterator<char>(in)), {});
        const fs::path folder = fs::path(copy.reference).parent_path();
        if (!folder.empty()) {
            if (morph::Status made = morph::makeFolders(folder.string()); !made) return made;
        }
        if (auto written = morph::writeFileAtomic(copy.reference, bytes.data(), bytes.size());
            !written)
            return written;
        done(copy);
    }
    return {};
}

}  // namespace app::regress
