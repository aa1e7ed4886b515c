#!/usr/bin/env python3
"""Runs every `morphview bench` scenario with --json and prints the markdown tables and the
benchmark's target checks (docs/PERFORMANCE.md's figures; the full tables of each run are kept
beside its JSON under docs/bench-runs/). Every number comes from the tool's JSON; nothing
is typed in except the peer's (three.js) quoted timings, which are labelled as such and are
replaced by measured ones where --threejs-dir has them.

    python3 tests/bench/perf_tables.py [--morphview build/morphview] [--json-dir DIR] [--threejs-dir D]
    python3 tests/bench/perf_tables.py --from-json DIR [--threejs-dir D]   # a run kept with --json-dir

--json-dir keeps each run's raw JSON (and the command line, in DIR/commands.txt).
--threejs-dir D holds the JSON of tests/bench/threejs/run.py for the two peer workloads:
D/production-file.json (production5.glb at 40 active) and D/face.json (the face at 52 active);
see tests/bench/threejs/README.md. A check whose file is missing keeps the quoted number.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

SIZE = "64x64"  # three.js was timed at 64x64 on the same driver

# (title, arguments, counted frames, warm-up frames, vs-dense frames). Each path draws warm-up +
# frames untimed frames, then frames more with the GL timer on, so a setting costs about
# 2 x frames + warm-up frames per path. On llvmpipe a vs-dense frame of 50,000 x 300 takes
# seconds (one thread runs the vertex stage, looping over every target): where the last number is
# given, vs-dense runs as its own command with that many frames (and one warm-up), the other
# paths with the run's. Its rows are still one `morphview bench` process each.
RUNS = [
    ("arkit", ["--scenario", "arkit"], 40, 3, None),
    ("production", ["--scenario", "production"], 10, 2, 2),
    ("dense", ["--scenario", "dense"], 3, 1, 1),
    ("crowd", ["--scenario", "crowd"], 5, 1, 1),
    ("multipass", ["--scenario", "multipass"], 10, 2, 1),
    # The CPU check compares microseconds of bookkeeping: more frames for its trimmed mean, and
    # vs-dense with them (about 1 s a frame at 256 targets) rather than 2 frames of its own.
    ("target-count", ["--scenario", "target-count"], 60, 3, None),
]
OTHER_PATHS = "vs-active,cs-sparse,cpu,auto"
# The peers' workloads: the 50,000 x 300 file (5%, sparse accessors) loaded from disk at 40
# active, and a face-sized 2,694 x 52 mesh (ARKit density) with every target active.
PRODUCTION_FILE = ["--vertices", "50000", "--targets", "300", "--density", "0.05"]
FACE = ["--vertices", "2694", "--targets", "52", "--density", "0.3", "--active", "52"]
THREEJS_PRODUCTION_MS = 620.0  # three.js r187, Chromium, llvmpipe, 64x64 (a quoted number)
THREEJS_FACE_MS = 8.0
# What a measured peer run must have been (vertices, targets, active) to stand for its check.
PEER_WORKLOADS = {"production-file": (50000, 300, 40), "face": (2694, 52, 52)}


def load_peers(folder):
    """Per peer check: three.js's ms/frame and the words for it; measured where `folder` has
    the runner's JSON for that workload, the number quoted when the targets were set otherwise."""
    peers = {"production-file": {"ms": THREEJS_PRODUCTION_MS,
                                 "text": f"three.js's ~{THREEJS_PRODUCTION_MS:.0f} ms/frame (quoted)"},
             "face": {"ms": THREEJS_FACE_MS,
                      "text": f"three.js's ~{THREEJS_FACE_MS:.0f} ms/frame (quoted)"}}
    if folder and not os.path.isdir(folder):
        sys.exit(f"perf_tables: --threejs-dir {folder}: no such folder")
    for name, workload in PEER_WORKLOADS.items():
        path = os.path.join(folder, name + ".json") if folder else ""
        if not path or not os.path.exists(path):
            continue
        # run.py's JSON: three.js first, then morphview's results where it ran --morphview too.
        r = next(r for r in json.load(open(path))["results"] if r["path"].startswith("three.js"))
        if "llvmpipe" not in r["renderer"]:
            sys.exit(f"perf_tables: {path}: three.js ran on {r['renderer']}, not llvmpipe")
        if (r["vertices"], r["targets"], r["active"]) != workload:
            sys.exit(f"perf_tables: {path}: vertices, targets, active "
                     f"{(r['vertices'], r['targets'], r['active'])}, expected {workload}")
        ms = r["frameMsMedian"]
        load = " / ".join(f"{v:.1f}" for v in r.get("loadAverage", [])[:3]) or "not recorded"
        peers[name] = {
            "ms": ms,
            "text": f"{r['path']}'s {ms:.{0 if ms >= 100 else 1}f} ms/frame (measured, {r['renderer']})",
            "source": f"{path}: {r['path']} on {r['model']}, {r['active']} active, median "
                      f"{ms:.2f} / p95 {r['frameMsP95']:.2f} ms of {r['frames']} frames after "
                      f"{r['warmup']} warm-up, {r['size']}, {r.get('browser', 'Chromium')}, "
                      f"load average before the run {load} (1 / 5 / 15 min)"}
    return peers


def peer_sources(peers):
    """Where the measured peer numbers came from, one line each (nothing when all are quoted)."""
    lines = [f"three.js measured: {p['source']}." for p in peers.values() if "source" in p]
    return "\n\n" + "\n\n".join(lines) if lines else ""


def run_bench(morphview, args, frames, warmup, json_dir, name, paths="all"):
    command = [morphview, "bench"] + args + ["--path", paths, "--frames", str(frames),
                                             "--warmup", str(warmup), "--size", SIZE, "--json"]
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        sys.exit(f"perf_tables: {' '.join(command)} failed: {done.stderr.strip()}")
    if json_dir:
        with open(os.path.join(json_dir, name + ".json"), "w") as f:
            f.write(done.stdout)
    shown = " ".join(["morphview", "bench"] + command[2:])
    return json.loads(done.stdout)["results"], shown, seconds


def merge_dense(dense, rest):
    """vs-dense's rows (its own run) before the other paths' rows, setting by setting."""
    merged = []
    for setting in dict.fromkeys(r["setting"] for r in rest):
        merged += [r for r in dense if r["setting"] == setting]
        merged += [r for r in rest if r["setting"] == setting]
    return merged


def run_setting(morphview, name, args, frames, warmup, dense_frames, json_dir):
    """One run's results, the command(s) shown for it and their seconds."""
    if dense_frames is None:
        return run_bench(morphview, args, frames, warmup, json_dir, name)
    dense, dense_command, dense_seconds = run_bench(morphview, args, dense_frames, 1, json_dir,
                                                    name + ".vs-dense", "vs-dense")
    rest, command, seconds = run_bench(morphview, args, frames, warmup, json_dir, name, OTHER_PATHS)
    return merge_dense(dense, rest), command, seconds, dense_command, dense_seconds


def path_label(r):
    return r["path"] if r["path"] == r["resolvedPath"] else f"{r['path']} ({r['resolvedPath']})"


def timing_mark(r):
    # gl-timer: no mark; wall-clock vertex-only pass: *; wall-clock synchronous dispatch: #;
    # the cpu path's blend and upload (wall clock): +.
    return {"gl-timer": "", "wall-clock vertex-only pass": " *",
            "wall-clock pre-pass (synchronous dispatch)": " #"}.get(r["morphTiming"], " +")


def mb(value):
    return f"{value / 1e6:.2f}"


def table(results):
    lines = ["| setting | path | morph ms | frame ms (median) | frame ms (p95) | CPU µs/frame "
             "| resident MB | read MB/frame | GB/s | of bound |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        setting = r["setting"].replace(os.path.dirname(r["model"]) + "/", "") if r["model"] else r["setting"]
        lines.append(
            f"| {setting} | {path_label(r)} | {r['morphMsMedian']:.3f}{timing_mark(r)} | "
            f"{r['frameMsMedian']:.2f} | {r['frameMsP95']:.2f} | {r['cpuMsPerFrame'] * 1000:.2f} | "
            f"{mb(r['residentBytes'])} | {mb(r['bytesReadPerFrame'])} | {r['gbPerSec']:.2f} | "
            f"{r['fractionOfBound']:.3f} |")
    return "\n".join(lines)


def by_path(results, setting=None):
    return {r["path"]: r for r in results if setting is None or r["setting"] == setting}


def verdict(ok):
    return "**met**" if ok else "**missed**"


def checks(all_results, peers=None):
    peers = peers or load_peers("")
    out = ["| target | measured | verdict |", "|---|---|---|"]
    for name in ("production-file", "face", "production", "target-count"):
        if name not in all_results:
            out.append(f"| (the {name} run) | not in this run | - |")
    if "production-file" in all_results:
        out += peer_checks(all_results, peers)
    if "production" in all_results:
        out += production_checks(all_results)
    if "target-count" in all_results:
        out += target_count_checks(all_results)
    if "production-file" in all_results:
        out += load_checks(all_results)
    return "\n".join(out)


def best_of(results):
    return min(results.values(), key=lambda r: r["frameMsMedian"])


def peer_checks(all_results, peers):
    out = []
    prod_peer, face_peer = peers["production-file"], peers["face"]
    peer = by_path(all_results["production-file"])
    best = min(peer.values(), key=lambda r: r["frameMsMedian"])
    auto = peer["auto"]
    for label, r in (("auto", auto), (f"best ({best['path']})", best)):
        speedup = prod_peer["ms"] / r["frameMsMedian"]
        out.append(f"| 50,000 x 300 file, 40 active: >= 20x {prod_peer['text']} "
                   f"| {label}: {r['frameMsMedian']:.2f} ms/frame = "
                   f"{speedup:.1f}x | {verdict(speedup >= 20)} |")
    if "face" not in all_results:
        return out
    face = by_path(all_results["face"])
    for label, r in (("auto", face["auto"]), (f"best ({best_of(face)['path']})", best_of(face))):
        speedup = face_peer["ms"] / r["frameMsMedian"]
        out.append(f"| 2,694 x 52 face, 52 active: >= 2x {face_peer['text']} "
                   f"| {label}: {r['frameMsMedian']:.2f} ms/frame = {speedup:.1f}x | "
                   f"{verdict(speedup >= 2)} |")
    return out


def production_checks(all_results):
    out = []
    prod = [r for r in all_results["production"] if r["density"] == 0.05 and r["active"] == 40]
    p = by_path(prod)
    if "cs-sparse" in p and "vs-dense" in p:
        faster = p["vs-dense"]["morphMsMedian"] / max(p["cs-sparse"]["morphMsMedian"], 1e-9)
        smaller = p["cs-sparse"]["residentBytes"] / max(p["vs-dense"]["residentBytes"], 1)
        out.append(f"| production 5%, 40 active: cs-sparse morphs >= 3x faster than vs-dense | "
                   f"{p['cs-sparse']['morphMsMedian']:.3f} vs {p['vs-dense']['morphMsMedian']:.3f} "
                   f"ms = {faster:.1f}x | {verdict(faster >= 3)} |")
        out.append(f"| ... and holds <= 1/8 of its bytes | {mb(p['cs-sparse']['residentBytes'])} vs "
                   f"{mb(p['vs-dense']['residentBytes'])} MB = 1/{1 / max(smaller, 1e-12):.1f} | "
                   f"{verdict(smaller <= 1 / 8)} |")
    return out


def target_count_checks(all_results):
    out = []
    tc = all_results["target-count"]
    for path in [r["path"] for r in tc if r["targets"] == 8]:
        few = next(r for r in tc if r["targets"] == 8 and r["path"] == path)
        many = next(r for r in tc if r["targets"] == 256 and r["path"] == path)
        ratio = many["cpuMsPerFrame"] / max(few["cpuMsPerFrame"], 1e-12)
        out.append(f"| CPU ms/frame, 256 vs 8 targets at 8 active, within 1.25x ({path}) | "
                   f"{many['cpuMsPerFrame'] * 1000:.2f} vs {few['cpuMsPerFrame'] * 1000:.2f} µs = {ratio:.2f}x | "
                   f"{verdict(ratio <= 1.25)} |")
    return out


def load_checks(all_results):
    out = []
    for path, r in by_path(all_results["production-file"]).items():
        # The first frame builds the path's GPU data; what it took beyond a usual frame is that.
        build = max(r["firstFrameMs"] - r["frameMsMedian"], 0.0)
        total = r["loadMs"] + r["uploadMs"] + build
        out.append(f"| load + pack production (file, 5%) < 1 s ({path}: import {r['loadMs']:.0f} + "
                   f"upload {r['uploadMs']:.0f} + build {build:.0f} ms, the first frame less a "
                   f"median one) | {total:.0f} ms | {verdict(total < 1000)} |")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--morphview", default="build/morphview")
    parser.add_argument("--json-dir", default="")
    parser.add_argument("--from-json", default="", help="print the tables of a kept run")
    parser.add_argument("--only", default="", help="comma list of runs (default: all)")
    parser.add_argument("--threejs-dir", default="",
                        help="tests/bench/threejs/run.py JSON: DIR/production-file.json, DIR/face.json")
    options = parser.parse_args()
    peers = load_peers(options.threejs_dir)  # before the long run: a bad file fails now
    if options.from_json:
        report_kept(options.from_json, peers)
        return
    if options.json_dir:
        os.makedirs(options.json_dir, exist_ok=True)

    started = time.monotonic()
    all_results, sections = {}, []
    with tempfile.TemporaryDirectory() as scratch:
        model = os.path.join(scratch, "production5.glb")
        wrote = subprocess.run([options.morphview, "bench"] + PRODUCTION_FILE +
                               ["--write-model", model], capture_output=True, text=True)
        if wrote.returncode != 0:
            sys.exit(f"perf_tables: --write-model failed: {wrote.stderr.strip()}")
        runs = RUNS + [("production-file", ["--model", model, "--active", "40"], 10, 2, 2),
                       ("face", FACE, 100, 5, None)]
        if options.only:
            runs = [r for r in runs if r[0] in options.only.split(",")]
        for name, args, frames, warmup, dense_frames in runs:
            print(f"perf_tables: {name} ...", file=sys.stderr, flush=True)
            done = run_setting(options.morphview, name, args, frames, warmup, dense_frames,
                               options.json_dir)
            results, command, seconds = done[:3]
            all_results[name] = results
            command = command.replace(model, "production5.glb")
            if options.json_dir:
                with open(os.path.join(options.json_dir, "commands.txt"), "a") as f:
                    f.write(f"{name}\t{seconds:.0f}\t{command}\n")
            shown = f"`{command}` ({seconds:.0f} s)"
            if len(done) > 3:
                dense_command = done[3].replace(model, "production5.glb")
                shown = f"`{dense_command}` ({done[4]:.0f} s), then {shown}"
                if options.json_dir:
                    with open(os.path.join(options.json_dir, "commands.txt"), "a") as f:
                        f.write(f"{name}.vs-dense\t{done[4]:.0f}\t{dense_command}\n")
            sections.append(f"### {name}\n\n{shown}\n\n{table(results)}\n")

    first = next(iter(all_results.values()))[0]
    load = os.getloadavg()
    print(f"Device: {first['device']}; copy bandwidth {first['copyGbPerSec']:.1f} GB/s "
          f"(read + write); frames {SIZE}; {os.cpu_count()} CPUs, load average at the end "
          f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1 / 5 / 15 min).\n")
    print("\n".join(sections))
    print("### Benchmark targets\n")
    print(checks(all_results, peers) + peer_sources(peers))
    print(f"\nWhole run: {time.monotonic() - started:.0f} s "
          "(`python3 tests/bench/perf_tables.py`).")


def command_line(name):
    """The command perf_tables runs for `name` (the model file as production5.glb); for a run
    with a separate vs-dense command, the other paths' one."""
    runs = {r[0]: r for r in RUNS}
    runs["production-file"] = ("production-file", ["--model", "production5.glb", "--active", "40"], 10, 2, 2)
    runs["face"] = ("face", FACE, 100, 5, None)
    _, args, frames, warmup, dense_frames = runs[name]
    paths = "all" if dense_frames is None else OTHER_PATHS
    return " ".join(["morphview", "bench"] + args + ["--path", paths, "--frames", str(frames),
                                                      "--warmup", str(warmup), "--size", SIZE,
                                                      "--json"])


def report_kept(folder, peers=None):
    """The same report from DIR/NAME.json and DIR/commands.txt of an earlier --json-dir run."""
    commands = {}
    path = os.path.join(folder, "commands.txt")
    if os.path.exists(path):
        for line in open(path):
            name, seconds, command = line.rstrip("\n").split("\t")
            commands[name] = (command, float(seconds))
    all_results, sections = {}, []
    for name in [r[0] for r in RUNS] + ["production-file", "face"]:
        file = os.path.join(folder, name + ".json")
        if not os.path.exists(file):
            sections.append(f"### {name}\n\nnot in this run\n")
            continue
        all_results[name] = json.load(open(file))["results"]
        command, seconds = commands.get(name, (command_line(name), None))
        shown = f"`{command}`" + (f" ({seconds:.0f} s)" if seconds is not None else "")
        dense_file = os.path.join(folder, name + ".vs-dense.json")
        if os.path.exists(dense_file):
            all_results[name] = merge_dense(json.load(open(dense_file))["results"], all_results[name])
            dense_command, dense_seconds = commands.get(name + ".vs-dense", ("(vs-dense run)", None))
            took = f" ({dense_seconds:.0f} s)" if dense_seconds is not None else ""
            shown = f"`{dense_command}`{took}, then {shown}"
        sections.append(f"### {name}\n\n{shown}\n\n{table(all_results[name])}\n")
    first = next(iter(all_results.values()))[0]
    bandwidths = [r["copyGbPerSec"] for results in all_results.values() for r in results]
    print(f"Device: {first['device']}; copy bandwidth {min(bandwidths):.1f} to "
          f"{max(bandwidths):.1f} GB/s (read + write; each run measures its own); frames {SIZE}.\n")
    print("\n".join(sections))
    print("### Benchmark targets\n")
    print(checks(all_results, peers) + peer_sources(peers or {}))
    if commands:
        total = sum(seconds for _, seconds in commands.values())
        print(f"\nBenchmark wall time of the runs that recorded it: {total:.0f} s.")


if __name__ == "__main__":
    main()
