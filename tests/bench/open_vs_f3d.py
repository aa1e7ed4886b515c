#!/usr/bin/env python3
"""Open to picture, whole process, side by side with F3D: the "open" rows of docs/PERFORMANCE.md.

Each round runs, in turn (interleaved, so a change in the machine's load hits every program
alike), from process start to exit:

    f3d MODEL --output F.png --resolution W,H          on an Xvfb started beforehand
    morphview capture MODEL --out C.png --size WxH     headless (EGL)
    morphview MODEL --window-size WxH --screenshot-after 1 --out V.png
                                                       the viewer on the same Xvfb: its first
                                                       frame (the model in it), saved, then exit

and the same for every --baseline binary (an older morphview, for a before/after). The table
shows each program's median, fastest and slowest of the rounds, and F3D's median over each
median. Each run starts after a pause (--pause, 1 s). One warm-up round first (page cache, the
shader and environment caches). --cold measures first runs instead: morphview's environment cache
emptied before every run and Mesa's shader cache off (MESA_SHADER_CACHE_DISABLE=true, for F3D as
well, which keeps no cache of its own); --cold empty gives Mesa an empty cache folder instead, as a
fresh container has. Mesa's LLVM flags (GALLIVM_PERF) are unset: each program compiles as it does
out of the box.

    python3 tests/bench/open_vs_f3d.py [--morphview build/morphview] [--baseline OLD]...
        [--size 800x800] [--rounds 9] [--cold [off|empty]] [--json FILE] MODEL

Needs f3d (Debian package `f3d`) and Xvfb. Run it by hand on an idle machine; CI does not.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command, env):
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"open_vs_f3d: {' '.join(command)} exited {done.returncode}: "
                 f"{done.stderr.decode(errors='replace').strip()[-400:]}")
    return seconds


def commands(args, folder):
    width, height = args.size.split("x")
    out = {"f3d": ["f3d", args.model, "--output", os.path.join(folder, "f3d.png"),
                   "--resolution", f"{width},{height}"]}
    for label, binary in [("morphview", args.morphview)] + [
            (f"baseline {i + 1}", b) for i, b in enumerate(args.baseline)]:
        out[f"{label} capture"] = [binary, "capture", args.model, "--out",
                                   os.path.join(folder, "capture.png"), "--size", args.size]
        out[f"{label} viewer"] = [binary, args.model, "--window-size", args.size,
                                  "--screenshot-after", "1", "--out",
                                  os.path.join(folder, "viewer.png")]
    return out


def clear_caches(folder):
    for path in (os.path.join(folder, "cache"), os.path.join(folder, "mesa")):
        shutil.rmtree(path, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("model")
    parser.add_argument("--morphview", default="build/morphview")
    parser.add_argument("--baseline", action="append", default=[])
    parser.add_argument("--size", default="800x800")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--cold", nargs="?", const="off", choices=["off", "empty"])
    parser.add_argument("--json")
    parser.add_argument("--display", default=":97")
    parser.add_argument("--pause", type=float, default=1.0,
                        help="seconds idle before each run, so one run's heat or a busy "
                        "neighbour's burst does not carry into the next (default 1)")
    args = parser.parse_args()
    if shutil.which("f3d") is None or shutil.which("Xvfb") is None:
        sys.exit("open_vs_f3d: needs f3d and Xvfb (apt-get install f3d xvfb)")

    folder = tempfile.mkdtemp(prefix="open-vs-f3d-")
    env = dict(os.environ, DISPLAY=args.display, MORPHVIEW_CACHE_DIR=os.path.join(folder, "cache"),
               MESA_SHADER_CACHE_DIR=os.path.join(folder, "mesa"),
               XDG_CONFIG_HOME=os.path.join(folder, "config"))
    env.pop("GALLIVM_PERF", None)
    env.pop("MESA_SHADER_CACHE_DISABLE", None)
    if args.cold == "off":
        env["MESA_SHADER_CACHE_DISABLE"] = "true"
    xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", "1920x1080x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        runs = commands(args, folder)
        times = {label: [] for label in runs}
        for round_index in range(args.rounds + (0 if args.cold else 1)):
            for label, command in runs.items():
                if args.cold:
                    clear_caches(folder)
                time.sleep(args.pause)
                seconds = timed(command, env)
                if args.cold or round_index > 0:
                    times[label].append(seconds)
    finally:
        xvfb.terminate()
        xvfb.wait()

    f3d = statistics.median(times["f3d"])
    print(f"{args.model} at {args.size}, {args.rounds} interleaved rounds"
          f"{f' (cold: Mesa cache {args.cold})' if args.cold else ''}, whole process, seconds")
    print(f"| program | median | fastest | slowest | F3D / it |")
    print(f"|---|---|---|---|---|")
    for label, values in times.items():
        median = statistics.median(values)
        print(f"| {label} | {median:.3f} | {min(values):.3f} | {max(values):.3f} | "
              f"{f3d / median:.2f}x |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"model": args.model, "size": args.size, "cold": args.cold,
                       "seconds": times}, f, indent=1)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
