#pragma once
// `regress --emit-job slurm|k8s|github --shards N`: the text that runs this regress on a farm,
// printed rather than run. Each runs N shards, each into OUT/shard-K, then one merge into OUT
// that refuses a set with a shard missing (Merge.h):
//   slurm   a shell script: an N-task job array (`sbatch --array=0-(N-1)`; each task takes its
//           shard from SLURM_ARRAY_TASK_*) and a merge job after it
//           (`--dependency=afterany:ARRAY`); prints the merge job's id
//   k8s     an Indexed Job (`completionMode: Indexed`, `completions: N`, each pod
//           `--shard auto/N`) and a merge Job; IMAGE and the volume are placeholders
//   github  a GitHub Actions workflow: a matrix of N shard jobs, each uploading its folder as an
//           artifact, and a merge job downloading them
// GL-free.
#include <cstddef>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace app::regress {

struct JobSpec {
    std::string executable = "morphview";  // slurm: this executable's absolute path
    std::string workingDirectory;          // slurm: where the jobs run (relative paths hold)
    // The command line after the executable ("regress SHOTS --references DIR ..."), without
    // --out, --emit-job and --shards.
    std::vector<std::string> arguments;
    std::string out;  // the merged report's folder
    size_t shards = 1;
};

// "slurm", "k8s" or "github"; errors (usage) name the kind.
morph::Result<std::string> emitJob(const std::string& kind, const JobSpec& spec);

// A word for a POSIX shell: as it is when it holds only safe characters, else single-quoted.
std::string shellWord(const std::string& text);

}  // namespace app::regress
