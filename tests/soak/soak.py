#!/usr/bin/env python3
"""A long viewer session, by hand (30 minutes) or in CI (4 cycles, CTest label `soak`).

One viewer under a private Xvfb runs a script (`cycle.txt`, its paths filled in) over and over:
it opens the bundled face, the character and the shared avatars in turn through File > Open,
plays, drags, keys, switches environments and reloads, and after each model says `sample`, which
prints its resident memory, the GL objects the renderer holds, the GL errors since the last
sample, and the autosave folder's files and bytes (a private XDG_STATE_HOME), counted by the
viewer itself once what was pending is written, so no write is in flight when it is counted.
After the time is up, at a cycle's end and once at least --min-cycles whole cycles ran (3; a
busy machine makes the run longer instead of shorter than needed), or after --cycles whole cycles
when that is given instead of a time, the viewer is stopped and the
figures checked: resident memory and GL objects after the first cycle flat (at the end of every
later cycle RSS within --rss-margin of the first cycle's end, GL objects within --gl-margin of
it), no GL error, no growth in the autosave folder. Prints one JSON object; exit 0 when every
check held.

  python3 tests/soak/soak.py --morphview build/morphview --minutes 30 --avatars ../shared/avatars
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = re.compile(r"^sample (\S+) rss_kb=(\d+) gl_objects=(\d+) gl_errors=(\d+) "
                    r"autosave_files=(\d+) autosave_bytes=(\d+)$")


def models(source_dir, avatars):
    found = [os.path.join(source_dir, "assets", "face.glb"),
             os.path.join(source_dir, "assets", "character.glb")]
    for rel in ("RPM_VisageMale/male.glb", "Fox/Fox.glb"):
        path = os.path.join(avatars, rel) if avatars else ""
        if path and os.path.exists(path):
            found.append(path)
    return found


def cycle_script(paths, cycles):
    """The cycle `cycles` times. The face is keyed in the first cycle only: the key clip does not
    carry across files, so a Key in every cycle would make a new user clip each time (work that
    rightly grows the autosave)."""
    with open(os.path.join(HERE, "cycle.txt")) as f:
        template = f.read()

    def cycle(key):
        return "".join(template.replace("@MODEL@", p).replace("@LABEL@", os.path.basename(p))
                       .replace("@KEY@", key if i == 0 else "") for i, p in enumerate(paths))

    return cycle('click "Key"\nwait 2\n') + cycle("") * (cycles - 1) + "quit\n"


def start_xvfb():
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        number += chunk
    os.close(read)
    return xvfb, ":" + number.decode().strip()


def run(args):
    work = tempfile.mkdtemp(prefix="morphview-soak-")
    paths = models(args.source_dir, args.avatars)
    script = os.path.join(work, "soak.txt")
    with open(script, "w") as f:
        f.write(cycle_script(paths, 100000))
    xvfb, display = start_xvfb()
    env = dict(os.environ, DISPLAY=display, XDG_STATE_HOME=os.path.join(work, "state"),
               XDG_CONFIG_HOME=os.path.join(work, "config"))
    env.pop("XAUTHORITY", None)
    env.pop("WAYLAND_DISPLAY", None)
    viewer = subprocess.Popen([args.morphview, paths[0], "--window-size", "1280x800",
                               "--script", script], env=env, stdout=subprocess.PIPE,
                              stderr=open(os.path.join(work, "viewer.err"), "w"), text=True)
    samples, deadline, start = [], time.monotonic() + args.minutes * 60, time.monotonic()
    try:
        for line in viewer.stdout:
            m = SAMPLE.match(line.strip())
            if m:
                samples.append({"model": m.group(1), "t": round(time.monotonic() - start, 1),
                                "rss_kb": int(m.group(2)), "gl_objects": int(m.group(3)),
                                "gl_errors": int(m.group(4)),
                                "autosave_files": int(m.group(5)),
                                "autosave_bytes": int(m.group(6))})
            # At a cycle's end past the deadline, once --min-cycles whole cycles ran: a busy
            # machine makes the run longer, never its verdict a matter of the machine's load.
            whole = len(samples) % len(paths) == 0
            enough = len(samples) >= args.min_cycles * len(paths)
            if args.cycles and len(samples) >= args.cycles * len(paths):
                break
            if not args.cycles and time.monotonic() > deadline and whole and enough:
                break
    finally:
        viewer.send_signal(signal.SIGTERM)
        try:
            viewer.wait(30)
        except subprocess.TimeoutExpired:
            viewer.kill()
            viewer.wait()
        xvfb.terminate()
        xvfb.wait()
    return paths, samples, work


def verdict(paths, samples, args):
    n = len(paths)
    cycles = len(samples) // n
    result = {"models": paths, "cycles": cycles, "failures": []}
    if cycles < 2:
        result["failures"].append("fewer than 2 whole cycles ran (%d samples)" % len(samples))
        return result
    first = samples[n - 1]  # the end of cycle 1
    last = samples[cycles * n - 1]
    ends = [samples[c * n - 1] for c in range(1, cycles + 1)]
    peak_rss = max(s["rss_kb"] for s in ends)  # the same point of each cycle: its last model
    result.update({
        "rss_kb_after_cycle_1": first["rss_kb"], "rss_kb_at_end": last["rss_kb"],
        "rss_kb_peak_cycle_end": peak_rss,
        "rss_growth": round(last["rss_kb"] / first["rss_kb"] - 1, 4),
        "gl_objects_after_cycle_1": first["gl_objects"], "gl_objects_at_end": last["gl_objects"],
        "gl_objects_per_cycle_end": [s["gl_objects"] for s in ends],
        "rss_kb_per_cycle_end": [s["rss_kb"] for s in ends],
        "gl_errors": sum(s["gl_errors"] for s in samples),
        "autosave_bytes_max": max(s["autosave_bytes"] for s in samples),
        "autosave_bytes_per_cycle_end": [s["autosave_bytes"] for s in ends],
    })
    if peak_rss > first["rss_kb"] * (1 + args.rss_margin):
        result["failures"].append("resident memory grew %.1f%% after cycle 1 (margin %.0f%%)" %
                                  (100 * (peak_rss / first["rss_kb"] - 1), 100 * args.rss_margin))
    gl = [s["gl_objects"] for s in ends]
    if max(abs(g - first["gl_objects"]) for g in gl) > args.gl_margin:
        result["failures"].append("GL objects at the cycles' ends: %s" % gl)
    if result["gl_errors"]:
        result["failures"].append("%d GL errors" % result["gl_errors"])
    # One model's autosave at a time (opening the next removes the previous one's), the same work
    # after cycle 1 (a few bytes of the time it was saved may differ).
    sizes = result["autosave_bytes_per_cycle_end"]
    if max(sizes[1:], default=0) > sizes[0] + 256:
        result["failures"].append("the autosave folder grew: %s" % sizes)
    most_files = max(s["autosave_files"] for s in samples)
    result["autosave_files_max"] = most_files
    if most_files > 1:
        result["failures"].append("%d files in the autosave folder at once" % most_files)
    return result


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--morphview", required=True)
    p.add_argument("--source-dir", default=os.path.dirname(os.path.dirname(HERE)))
    p.add_argument("--avatars", default="")
    p.add_argument("--minutes", type=float, default=30)
    p.add_argument("--min-cycles", type=int, default=3,
                   help="run on past --minutes until this many whole cycles ran (at least 2)")
    p.add_argument("--cycles", type=int, default=0,
                   help="run exactly this many whole cycles instead of --minutes (at least 2)")
    p.add_argument("--rss-margin", type=float, default=0.05)
    p.add_argument("--gl-margin", type=int, default=0)
    p.add_argument("--json", default="", help="also write the result here")
    args = p.parse_args()
    paths, samples, work = run(args)
    result = verdict(paths, samples, args)
    result["samples"] = samples
    result["viewer_stderr"] = os.path.join(work, "viewer.err")
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    for failure in result["failures"]:
        print("soak: " + failure, file=sys.stderr)
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
