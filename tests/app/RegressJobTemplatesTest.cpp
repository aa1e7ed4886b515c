// `regress --emit-job slurm|k8s|github --shards N`: the farm's job text, checked for its
// structure (the array's range and the merge's dependency, the Indexed Job's keys, the matrix
// and the artifacts), and through the binary: printed, nothing drawn.
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/regress/JobTemplates.h"
#include "fixtures/FaceShots.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace regress_job_templates_test {

namespace {

namespace fs = std::filesystem;

app::regress::JobSpec spec(size_t shards) {
    app::regress::JobSpec job;
    job.executable = "/opt/mv/morphview";
    job.workingDirectory = "/farm/work";
    job.arguments = {"regress", "shots.json", "--references", "refs", "--size", "64x64"};
    job.out = "report";
    job.shards = shards;
    return job;
}

std::string emit(const std::string& kind, size_t shards) {
    auto text = app::regress::emitJob(kind, spec(shards));
    EXPECT_TRUE(text.ok()) << text.error().message;
    return text.ok() ? *text : std::string();
}

bool has(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

// The lines of `text` that start with `prefix` once leading spaces are dropped.
size_t linesStarting(const std::string& text, const std::string& prefix) {
    size_t count = 0;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        const size_t first = line.find_first_not_of(' ');
        if (first != std::string::npos && line.compare(first, prefix.size(), prefix) == 0) ++count;
        start = end + 1;
    }
    return count;
}

// How many lines of `text` start with each prefix (linesStarting), a failure naming the prefix.
void expectLinesStarting(const std::string& text,
                         const std::vector<std::pair<std::string, size_t>>& counts) {
    for (const auto& [prefix, count] : counts)
        EXPECT_EQ(linesStarting(text, prefix), count) << prefix << "\n" << text;
}

TEST(RegressJobTemplatesTest, SlurmSubmitsAnArrayAndAMergeAfterIt) {
    const std::string script = emit("slurm", 4);
    EXPECT_EQ(script.rfind("#!/bin/sh\n", 0), 0u);
    EXPECT_TRUE(has(script, "\ncd /farm/work\n"));
    EXPECT_TRUE(has(script, "sbatch --parsable --job-name=morphview-regress --array=0-3 "));
    EXPECT_TRUE(has(script,
                    "exec /opt/mv/morphview regress shots.json --references refs --size "
                    "64x64 --out report/shard-\"$SLURM_ARRAY_TASK_ID\"\n"))
        << script;
    EXPECT_FALSE(has(script, "--shard "));  // each task takes its shard from SLURM_ARRAY_TASK_*
    // llvmpipe's threads are the task's CPUs, unless the user set them.
    EXPECT_TRUE(has(script,
                    "#!/bin/sh\nexport LP_NUM_THREADS=\"${LP_NUM_THREADS:-${"
                    "SLURM_CPUS_PER_TASK:-1}}\"\nexec /opt/mv/morphview regress"))
        << script;
    EXPECT_TRUE(has(script, "--dependency=afterany:\"$array\""));
    EXPECT_TRUE(has(script,
                    "exec /opt/mv/morphview regress --merge report/shard-0 report/shard-1 "
                    "report/shard-2 report/shard-3 --out report\n"))
        << script;
    EXPECT_TRUE(has(script, "echo \"${merge%%;*}\""));  // the merge job's id
    EXPECT_TRUE(has(emit("slurm", 1), "--array=0-0 "));
}

TEST(RegressJobTemplatesTest, KubernetesIsAnIndexedJobAndAMergeJob) {
    const std::string yaml = emit("k8s", 3);
    expectLinesStarting(yaml, {{"kind: Job", 2},
                               {"apiVersion: batch/v1", 2},
                               {"completionMode: Indexed", 1},
                               {"completions: 3", 1},
                               {"restartPolicy: Never", 2},
                               {"image: IMAGE", 2},
                               {"- name: JOB_COMPLETION_INDEX", 1},
                               {"claimName: morphview-regress", 2}});
    EXPECT_TRUE(
        has(yaml, R"x("--shard","auto/3","--out","report/shard-$(JOB_COMPLETION_INDEX)"])x"))
        << yaml;
    EXPECT_TRUE(has(yaml, R"(["morphview","regress","--merge","report/shard-0","report/shard-1",)"
                          R"("report/shard-2","--out","report"])"))
        << yaml;
}

TEST(RegressJobTemplatesTest, GithubIsAMatrixUploadingShardsAndAMergeDownloadingThem) {
    const std::string workflow = emit("github", 4);
    expectLinesStarting(workflow, {{"jobs:", 1},
                                   {"shard: [0, 1, 2, 3]", 1},
                                   {"fail-fast: false", 1},
                                   {"needs: shard", 1},
                                   {"- uses: actions/upload-artifact@v4", 2},
                                   {"- uses: actions/download-artifact@v4", 1},
                                   {"name: shard-${{ matrix.shard }}", 1},
                                   {"pattern: shard-*", 1}});
    EXPECT_TRUE(has(workflow,
                    "--shard ${{ matrix.shard }}/4 --out report/shard-${{ matrix.shard "
                    "}}\n"));
    EXPECT_TRUE(has(workflow,
                    "run: morphview regress --merge report/shard-0 report/shard-1 "
                    "report/shard-2 report/shard-3 --out report\n"));
    EXPECT_FALSE(has(workflow, "\t"));  // YAML indents with spaces only
}

TEST(RegressJobTemplatesTest, WordsAreQuotedForTheShellOnlyWhenTheyMustBe) {
    EXPECT_EQ(app::regress::shellWord("out/a-b_1.png"), "out/a-b_1.png");
    EXPECT_EQ(app::regress::shellWord("my out"), "'my out'");
    EXPECT_EQ(app::regress::shellWord("it's"), "'it'\\''s'");
    EXPECT_EQ(app::regress::shellWord(""), "''");
    EXPECT_FALSE(app::regress::emitJob("pbs", spec(2)).ok());
}

TEST(RegressJobTemplatesTest, TheBinaryPrintsTheJobAndDrawsNothing) {
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/shots.json")
        << nlohmann::json({fixtures::faceShot("a", "", "32x32")}).dump();
    const auto run = fixtures::runMorphview({"regress", dir + "/shots.json", "--references",
                                             dir + "/refs", "--out", dir + "/out", "--emit-job",
                                             "slurm", "--shards", "2", "--size", "32x32"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(has(run.out, "--array=0-1 ")) << run.out;
    EXPECT_TRUE(has(run.out, " --size 32x32 --out ")) << run.out;
    EXPECT_FALSE(has(run.out, "--emit-job"));
    EXPECT_FALSE(fs::exists(dir + "/out"));
    const auto base = std::vector<std::string>{
        "regress", dir + "/shots.json", "--references", dir + "/refs", "--out", dir + "/out"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return fixtures::runMorphview(args).exitCode;
    };
    EXPECT_EQ(with({"--emit-job", "slurm"}), 2);  // no --shards
    EXPECT_EQ(with({"--shards", "2"}), 2);        // no --emit-job
    EXPECT_EQ(with({"--emit-job", "pbs", "--shards", "2"}), 2);
    EXPECT_EQ(with({"--emit-job", "k8s", "--shards", "2", "--shard", "0/2"}), 2);
    EXPECT_EQ(with({"--emit-job", "k8s", "--shards", "0"}), 2);
}

}  // namespace

}  // namespace regress_job_templates_test
