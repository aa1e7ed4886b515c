# Shared by tests/run.sh and tests/ci-stress.sh (sourced, not run).

# Fails (after ending them) when processes started by a test run are still alive: anything whose
# working directory or executable lies in a build tree of this checkout ("$1", e.g. $root/build),
# as the tests' children (morphview, Xvfb) do. Nothing a run starts may outlive it.
mv_check_no_leftovers() {
  local tree=$1 pid cwd exe found=0
  for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    [[ $pid == "$$" || $pid == "$BASHPID" ]] && continue
    cwd=$(readlink "$dir/cwd" 2>/dev/null) || continue
    exe=$(readlink "$dir/exe" 2>/dev/null) || exe=""
    if [[ $cwd == "$tree" || $cwd == "$tree"/* || $exe == "$tree"/* ]]; then
      echo "left running after the tests in $tree: pid $pid: $(tr '\0' ' ' <"$dir/cmdline" 2>/dev/null)" >&2
      kill -KILL "$pid" 2>/dev/null || true
      found=1
    fi
  done
  return $found
}
