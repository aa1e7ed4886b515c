#include "app/regress/Jobs.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace app::regress {

namespace {

namespace fs = std::filesystem;

// The environment of a job: this one's, with LP_NUM_THREADS set to its share of the cores
// unless the user set it (llvmpipe otherwise starts a raster thread per core in every job).
std::vector<std::string> jobEnvironment(int jobs) {
    std::vector<std::string> env;
    bool userSet = false;
    for (char** e = environ; e && *e; ++e) {
        env.emplace_back(*e);
        if (env.back().rfind("LP_NUM_THREADS=", 0) == 0) userSet = true;
    }
    if (!userSet) {
        const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
        env.push_back("LP_NUM_THREADS=" + std::to_string(std::max(1, cores / jobs)));
    }
    return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (std::string& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

std::string endedHow(int status) {
    if (WIFEXITED(status)) return "ended with exit code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
    return "ended abnormally";
}

}  // namespace

morph::Result<std::vector<std::string>> ownArgumentsWithoutJobs() {
    // Each job gets its own --out.
    return ownArgumentsWithout({"--jobs", "--out"}, "--jobs");
}

morph::Result<std::vector<std::string>> ownArgumentsWithout(const std::vector<std::string>& options,
                                                            const std::string& who) {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (all.empty())
        return morph::Error{morph::ErrorCode::Io,
                            who + ": cannot read this process's command line"};
    std::vector<std::string> args;
    for (size_t start = 0; start < all.size();) {
        const size_t end = all.find('\0', start);
        args.push_back(all.substr(start, end - start));
        start = end == std::string::npos ? all.size() : end + 1;
    }
    std::vector<std::string> kept;
    for (size_t i = 1; i < args.size(); ++i) {
        bool dropped = false;
        for (const std::string& option : options) {
            if (args[i] == option) {
                ++i;  // and its value
                dropped = true;
            } else if (args[i].rfind(option + "=", 0) == 0) {
                dropped = true;
            }
            if (dropped) break;
        }
        if (!dropped) kept.push_back(args[i]);
    }
    return kept;
}

morph::Result<JobsRun> runJobs(int jobs, const std::vector<std::string>& arguments,
                               const std::string& out) {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec)
        return morph::Error{morph::ErrorCode::Io,
                            "--jobs: cannot find this executable (" + ec.message() + ")"};
    std::vector<std::string> env = jobEnvironment(jobs);
    std::vector<char*> envp = pointers(env);
    JobsRun run;
    std::vector<pid_t> pids;
    for (int k = 0; k < jobs; ++k) {
        const fs::path part = fs::path(out) / ".jobs" / std::to_string(k);
        fs::remove_all(part, ec);  // a report left by an earlier run must not pass for this one's
        run.parts.push_back(part.string());
        std::vector<std::string> argv{self.string()};
        argv.insert(argv.end(), arguments.begin(), arguments.end());
        for (const std::string& extra :
             {std::string("--shard"), std::to_string(k) + "/" + std::to_string(jobs),
              std::string("--out"), part.string()})
            argv.push_back(extra);
        std::vector<char*> argp = pointers(argv);
        pid_t pid = 0;
        if (int error = posix_spawn(&pid, self.c_str(), nullptr, nullptr, argp.data(), envp.data());
            error != 0) {
            for (pid_t started : pids) waitpid(started, nullptr, 0);
            return morph::Error{morph::ErrorCode::Io, "--jobs: cannot start job " +
                                                          std::to_string(k + 1) + " (" +
                                                          std::string(std::strerror(error)) + ")"};
        }
        pids.push_back(pid);
    }
    for (int k = 0; k < jobs; ++k) {
        int status = 0;
        while (waitpid(pids[size_t(k)], &status, 0) < 0 && errno == EINTR) {
        }
        if (!fs::exists(fs::path(run.parts[size_t(k)]) / "report.json", ec)) {
            if (WIFEXITED(status) && WEXITSTATUS(status) == 2) run.usage = true;
            run.failed.push_back("job " + std::to_string(k + 1) + "/" + std::to_string(jobs) + " " +
                                 endedHow(status) + " without a report");
        }
    }
    return run;
}

}  // namespace app::regress
