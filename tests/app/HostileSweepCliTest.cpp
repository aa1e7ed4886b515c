// The hostile-file sweep through the real binary (files nobody has seen must
// all end with exit 0 or one clean error line, under sanitizers, in bounded time and memory): the
// mutants of fixtures::forEachSweepMutant, written to a folder, each run through `morphview info`,
// `eval` and (for those that load) `capture` as a child process with a memory limit and a
// wall-clock timeout. Each must exit 0, or exit 1 with its last stderr line naming the file and no
// other line but warnings and notes about the same file. Under ASan + UBSan in CI.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/Mutants.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace hostile_sweep_cli_test {

namespace {

namespace fs = std::filesystem;

// Bounded time: a child still running after this many seconds gets SIGALRM (set with alarm()
// before exec, which exec keeps), and a killed child fails its case. A hang guard, not a time
// limit: ASan and llvmpipe on a two-core machine that runs another job beside the tests give
// each child a third of a core or less, and the whole sweep took 106 s on an idle one.
unsigned timeoutSeconds() {
    return fixtures::underAddressSanitizer() ? 300 : 120;
}
// Bounded memory: RLIMIT_AS without ASan; ASan reserves terabytes of address space for its
// shadow, so there its own hard_rss_limit_mb stops the child instead.
constexpr rlim_t kAddressSpace = rlim_t(6) << 30;
constexpr const char* kBudget = "256M";  // --max-memory: the fuzzers' budget

struct Job {
    std::string file;  // the mutant's name (what the error line must name)
    std::vector<std::string> args;
    std::string outPath, errPath;
    pid_t pid = -1;
    int status = 0;
};

std::vector<std::string> childEnvironment() {
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
    if (fixtures::underAddressSanitizer()) {
        // Appended last, so these win over CI's ASAN_OPTIONS for these children.
        for (std::string& v : env) {
            if (v.rfind("ASAN_OPTIONS=", 0) == 0) v += ":hard_rss_limit_mb=2048";
        }
        bool found = false;
        for (const std::string& v : env) found = found || v.rfind("ASAN_OPTIONS=", 0) == 0;
        if (!found) env.emplace_back("ASAN_OPTIONS=hard_rss_limit_mb=2048");
    }
    return env;
}

void start(Job& job, const std::vector<std::string>& env) {
    std::vector<std::string> argv = {MORPHVIEW_EXECUTABLE};
    argv.insert(argv.end(), job.args.begin(), job.args.end());
    fixtures::ChildOptions options;
    options.environment = env;
    options.outPath = job.outPath;
    options.errPath = job.errPath;
    options.alarmSeconds = timeoutSeconds();
    if (!fixtures::underAddressSanitizer()) options.addressSpace = kAddressSpace;
    job.pid = fixtures::startChild(argv, options);
}

// Runs every job, at most nproc at a time.
void runAll(std::vector<Job>& jobs) {
    const std::vector<std::string> env = childEnvironment();
    const size_t parallel = std::max<long>(1, sysconf(_SC_NPROCESSORS_ONLN));
    std::map<pid_t, Job*> running;
    size_t next = 0;
    while (next < jobs.size() || !running.empty()) {
        while (next < jobs.size() && running.size() < parallel) {
            start(jobs[next], env);
            if (jobs[next].pid > 0) running[jobs[next].pid] = &jobs[next];
            ++next;
        }
        int status = 0;
        const pid_t done = waitpid(-1, &status, 0);
        if (done <= 0) break;
        auto it = running.find(done);
        if (it == running.end()) continue;
        it->second->status = status;
        running.erase(it);
    }
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) out.push_back(line);
    }
    return out;
}

// "" when the run ended as the contract says, else what went wrong.
std::string verdict(const Job& job) {
    const std::string err = fixtures::readWholeFile(job.errPath);
    const std::string command = job.args[0] + " " + job.file;
    if (WIFSIGNALED(job.status)) {
        return command + ": killed by signal " + std::to_string(WTERMSIG(job.status)) +
               (WTERMSIG(job.status) == SIGALRM ? " (timeout)" : "") + "\n" + err;
    }
    if (err.find("Sanitizer") != std::string::npos ||
        err.find("runtime error") != std::string::npos) {
        return command + ": a sanitizer report\n" + err;
    }
    const int code = WEXITSTATUS(job.status);
    if (code == 0) return "";
    if (code != 1) return command + ": exit " + std::to_string(code) + "\n" + err;
    const std::vector<std::string> all = lines(err);
    if (all.empty()) return command + ": exit 1 without a message";
    if (all.back().find(job.file) == std::string::npos) {
        return command + ": the error line does not name the file: " + all.back();
    }
    for (const std::string& line : all) {
        if (line.rfind("warning: ", 0) != 0 && line.find(job.file) == std::string::npos) {
            return command + ": a stray line besides the error: " + line;
        }
    }
    return "";
}

TEST(HostileSweepCli, EveryMutantEndsWithExitZeroOrOneCleanLine) {
    const std::string dir = fixtures::scratchDir("HostileSweepCli");
    const std::string empty = fixtures::scratchDir("HostileSweepCli.empty");
    // Every run is a process (under ASan about 0.3 s of CPU for info or eval, 1.2 s for a capture,
    // which needs a GL context and shaders): CI takes 1 mutant a seed (74 files, one of each
    // kind of damage) and captures the first MORPHVIEW_SWEEP_CAPTURES (default 16) of those that
    // load. The in-process sweep (HostileSweepTest) covers more files for less: what this one adds
    // is the binary's side, its exit code and its one line, the same code for every file.
    const char* capturesEnv = std::getenv("MORPHVIEW_SWEEP_CAPTURES");
    const size_t maxCaptures = capturesEnv != nullptr ? std::strtoul(capturesEnv, nullptr, 10) : 16;
    morph::ImportOptions options;
    options.maxMemoryBytes = 256ull << 20;

    std::vector<Job> jobs;
    size_t captures = 0, files = 0, runs = 0, failures = 0;
    // Batches of files are written, run and removed: the big mode makes gigabytes of them.
    auto flush = [&] {
        runAll(jobs);
        for (const Job& job : jobs) {
            const std::string problem = verdict(job);
            if (!problem.empty() && ++failures <= 20) ADD_FAILURE() << problem;
        }
        runs += jobs.size();
        jobs.clear();
        for (const auto& entry : fs::directory_iterator(dir)) fs::remove(entry.path());
    };
    fixtures::forEachSweepMutant(1, [&](const fixtures::Mutant& m) {
        ++files;
        const std::string path = (fs::path(dir) / m.name).string();
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(m.bytes.data()), std::streamsize(m.bytes.size()));
        auto add = [&](std::vector<std::string> args) {
            Job job;
            job.file = m.name;
            job.args = std::move(args);
            const std::string base =
                (fs::path(dir) / ("run-" + std::to_string(jobs.size()))).string();
            job.outPath = base + ".out";
            job.errPath = base + ".err";
            jobs.push_back(std::move(job));
        };
        add({"info", path, "--json", "--max-memory", kBudget});
        add({"eval", path, "--weights", "*=0.5", "--max-memory", kBudget});
        const bool loads = morph::importGltfMemory(m.bytes, m.name, empty, options).ok();
        if (loads && captures < maxCaptures) {
            ++captures;
            add({"capture", path, "--out", path + ".png", "--size", "64x64", "--max-memory",
                 kBudget});
        }
        if (jobs.size() >= 256) flush();
    });
    flush();
    ASSERT_GT(files, 60u);  // 74 at 1 mutant per seed: the sweep did not shrink unnoticed
    EXPECT_EQ(failures, 0u);
    std::printf("hostile sweep (cli): %zu files, %zu runs (%zu captures), %zu failed\n", files,
                runs, captures, failures);
}

}  // namespace

}  // namespace hostile_sweep_cli_test
