#include "app/regress/JobTemplates.h"

#include <nlohmann/json.hpp>

namespace app::regress {

namespace {

std::string shellLine(const std::vector<std::string>& words) {
    std::string line;
    for (const std::string& word : words) line += (line.empty() ? "" : " ") + shellWord(word);
    return line;
}

// "OUT/shard-0 OUT/shard-1 ...": the merge's folders, shell-quoted.
std::vector<std::string> shardFolders(const JobSpec& spec) {
    std::vector<std::string> folders;
    for (size_t k = 0; k < spec.shards; ++k)
        folders.push_back(spec.out + "/shard-" + std::to_string(k));
    return folders;
}

std::vector<std::string> mergeCommand(const JobSpec& spec) {
    std::vector<std::string> words = {spec.executable, "regress", "--merge"};
    for (const std::string& folder : shardFolders(spec)) words.push_back(folder);
    words.insert(words.end(), {"--out", spec.out});
    return words;
}

// A task's llvmpipe draws on the CPUs Slurm gave it (--cpus-per-task, else 1), not on every
// core of the node, which it would count otherwise; LP_NUM_THREADS set by the user wins.
const char* const kSlurmThreads =
    "export LP_NUM_THREADS=\"${LP_NUM_THREADS:-${SLURM_CPUS_PER_TASK:-1}}\"\n";

std::string slurm(const JobSpec& spec) {
    const std::string n = std::to_string(spec.shards);
    std::vector<std::string> task = {spec.executable};
    task.insert(task.end(), spec.arguments.begin(), spec.arguments.end());
    const std::string out = shellWord(spec.out);
    return "#!/bin/sh\n"
           "# morphview regress as a Slurm job array of " +
           n +
           " tasks, each drawing its shard "
           "into\n# OUT/shard-K (K from SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN), then a "
           "merge job into OUT\n# that runs when every task has ended (afterany) and refuses a "
           "set with a shard\n# missing. Run it with sh on a submit host; it prints the merge "
           "job's id.\nset -eu\ncd " +
           shellWord(spec.workingDirectory) + "\nmkdir -p " + out +
           "\narray=$(sbatch --parsable --job-name=morphview-regress --array=0-" +
           std::to_string(spec.shards - 1) + " --output=" + out +
           "/slurm-%A_%a.log <<'TASK'\n#!/bin/sh\n" + kSlurmThreads + "exec " + shellLine(task) +
           " --out " + out +
           "/shard-\"$SLURM_ARRAY_TASK_ID\"\nTASK\n)\narray=${array%%;*}\n"
           "merge=$(sbatch --parsable --job-name=morphview-regress-merge "
           "--dependency=afterany:\"$array\" --output=" +
           out + "/slurm-merge-%j.log <<'MERGE'\n#!/bin/sh\nexec " + shellLine(mergeCommand(spec)) +
           "\nMERGE\n)\necho \"${merge%%;*}\"\n";
}

// A YAML flow sequence of strings (JSON's quoting is YAML's).
std::string yamlList(const std::vector<std::string>& words) {
    return nlohmann::json(words).dump();
}

std::string kubernetesJob(const std::string& name, const std::string& extraSpec,
                          const std::string& extraContainer, const std::vector<std::string>& cmd) {
    return "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: " + name + "\nspec:\n" + extraSpec +
           "  template:\n    spec:\n      restartPolicy: Never\n      containers:\n"
           "        - name: regress\n          image: IMAGE\n          workingDir: /work\n"
           "          command: " +
           yamlList(cmd) + "\n" + extraContainer +
           "          volumeMounts:\n            - name: work\n              mountPath: /work\n"
           "      volumes:\n        - name: work\n          persistentVolumeClaim:\n"
           "            claimName: morphview-regress\n";
}

std::string kubernetes(const JobSpec& spec) {
    const std::string n = std::to_string(spec.shards);
    std::vector<std::string> task = {"morphview"};
    task.insert(task.end(), spec.arguments.begin(), spec.arguments.end());
    task.insert(task.end(),
                {"--shard", "auto/" + n, "--out", spec.out + "/shard-$(JOB_COMPLETION_INDEX)"});
    JobSpec merge = spec;
    merge.executable = "morphview";
    const std::string index =
        "          env:\n            - name: JOB_COMPLETION_INDEX\n              valueFrom:\n"
        "                fieldRef:\n                  fieldPath: "
        "metadata.annotations['batch.kubernetes.io/job-completion-index']\n";
    return "# morphview regress as a Kubernetes Indexed Job of " + n + " pods (each --shard auto/" +
           n +
           ": its index\n# from JOB_COMPLETION_INDEX), then "
           "a merge Job. IMAGE: an image with morphview; the\n# volume \"work\" (the "
           "PersistentVolumeClaim morphview-regress, ReadWriteMany) holds the\n# shots, the "
           "references and the output, mounted at /work. Apply the merge Job once the\n# first "
           "has ended: kubectl wait --for=condition=complete job/morphview-regress\n---\n" +
           kubernetesJob("morphview-regress",
                         "  completionMode: Indexed\n  completions: " + n +
                             "\n  parallelism: " + n + "\n  backoffLimit: 0\n",
                         index, task) +
           "---\n" +
           kubernetesJob("morphview-regress-merge", "  backoffLimit: 0\n", "", mergeCommand(merge));
}

std::string github(const JobSpec& spec) {
    const std::string n = std::to_string(spec.shards);
    std::string shards;
    for (size_t k = 0; k < spec.shards; ++k) shards += (k ? ", " : "") + std::to_string(k);
    std::vector<std::string> task = {"morphview"};
    task.insert(task.end(), spec.arguments.begin(), spec.arguments.end());
    JobSpec merge = spec;
    merge.executable = "morphview";
    const std::string install = "      - name: Install morphview\n        run: INSTALL_MORPHVIEW\n";
    return "# morphview regress as a GitHub Actions workflow: " + n +
           " shard jobs (a matrix), each uploading\n# its folder as an artifact, then a merge job "
           "that downloads them all and refuses a\n# set with a shard missing. INSTALL_MORPHVIEW: "
           "how your runners get morphview.\nname: morphview regress\non: [push, "
           "workflow_dispatch]\njobs:\n  shard:\n    runs-on: ubuntu-latest\n    strategy:\n"
           "      fail-fast: false\n      matrix:\n        shard: [" +
           shards +
           "]\n"
           "    steps:\n      - uses: actions/checkout@v4\n" +
           install + "      - name: Draw the shard\n        run: " + shellLine(task) +
           " --shard ${{ "
           "matrix.shard }}/" +
           n + " --out " + shellWord(spec.out) +
           "/shard-${{ matrix.shard }}\n"
           "      - uses: actions/upload-artifact@v4\n        if: always()\n        with:\n"
           "          name: shard-${{ matrix.shard }}\n          path: " +
           spec.out +
           "/shard-${{ matrix.shard }}\n  merge:\n    needs: shard\n    if: always()\n"
           "    runs-on: ubuntu-latest\n    steps:\n" +
           install +
           "      - uses: actions/download-artifact@v4\n        with:\n          pattern: shard-*\n"
           "          path: " +
           spec.out +
           "\n      - name: Merge the shards\n        run: " + shellLine(mergeCommand(merge)) +
           "\n      - uses: actions/upload-artifact@v4\n        if: always()\n        with:\n"
           "          name: regress-report\n          path: " +
           spec.out + "\n";
}

}  // namespace

std::string shellWord(const std::string& text) {
    bool safe = !text.empty();
    for (char c : text) {
        const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                          (c >= '0' && c <= '9') ||
                          std::string("_./,:=@%+-").find(c) != std::string::npos;
        safe = safe && word;
    }
    if (safe) return text;
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

morph::Result<std::string> emitJob(const std::string& kind, const JobSpec& spec) {
    if (spec.shards < 1)
        return morph::Error{morph::ErrorCode::Usage, "--shards: must be at least 1"};
    if (kind == "slurm") return slurm(spec);
    if (kind == "k8s") return kubernetes(spec);
    if (kind == "github") return github(spec);
    return morph::Error{morph::ErrorCode::Usage,
                        "--emit-job: '" + kind + "' is not slurm, k8s or github"};
}

}  // namespace app::regress
