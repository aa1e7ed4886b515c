#!/usr/bin/env python3
"""The viewer's own frame times at its window size, the UI included: the "viewer" rows of
docs/PERFORMANCE.md. For each model, runs the real viewer on a private X server (xvfb-run, Mesa's
GLX; llvmpipe where there is no GPU):

    morphview MODEL --window-size WxH --animation 0 --script S --frame-times T.json

where the script presses space (play the first clip; `--animation 0` only where the model has
clips) and lets --frames frames pass, then quits. The
frames are timed by the viewer itself (app/document/FrameTimes.h: wall time between frames
drawn back to back); the table shows their median, 95th percentile and frames per second.

    python3 tests/bench/viewer_frames.py [--morphview build/morphview] [--size 1280x800]
        [--frames 120] [--msaa N] [--shading NAME] [--json-dir DIR] MODEL...

No MODEL: the bundled face (assets/face.glb).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(morphview, model, size, frames, folder, msaa, shading=None):
    script = os.path.join(folder, "play.txt")
    with open(script, "w") as f:
        f.write(f"key space\nwait {frames}\nquit\n")
    times = os.path.join(folder, "times.json")
    width, height = size.split("x")
    info = subprocess.run([morphview, "info", "--json", model], capture_output=True, text=True)
    if info.returncode != 0:
        sys.exit(f"viewer_frames: {model}: {info.stderr.strip()}")
    # The first clip playing where the model has clips (not `all`: the face's three clips drive
    # the same weights, and the last, blink, would win and hold still most of the time); a
    # model without clips is timed still, the script driving every frame, and shows how little
    # a frame costs that copies the view's last picture (viewDraws).
    clips = ["--animation", "0"] if json.loads(info.stdout)["animations"] else []
    command = ["xvfb-run", "-a", "-s", f"-screen 0 {width}x{height}x24", morphview, model,
               "--window-size", size, *clips, "--script", script, "--frame-times", times]
    if msaa is not None:
        command += ["--msaa", str(msaa)]
    if shading is not None:
        command += ["--shading", shading]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"viewer_frames: {model}: exit {done.returncode}: {done.stderr.strip()}")
    with open(times) as f:
        return json.load(f), command


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="*")
    parser.add_argument("--morphview", default=os.path.join(ROOT, "build", "morphview"))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--msaa", type=int, help="the view's samples (default: the viewer's)")
    parser.add_argument("--shading", choices=["auto", "forward", "deferred"],
                        help="the view's lighting (default: the viewer's, auto)")
    parser.add_argument("--json-dir", help="keep each model's --frame-times JSON here")
    args = parser.parse_args()
    models = args.models or [os.path.join(ROOT, "assets", "face.glb")]
    print("| model | window | frames | view drawn | median ms | p95 ms | fps |")
    print("|---|---|---:|---:|---:|---:|---:|")
    commands = []
    for model in models:
        with tempfile.TemporaryDirectory() as folder:
            result, command = run(args.morphview, model, args.size, args.frames, folder,
                                  args.msaa, args.shading)
        commands.append(" ".join(command))
        name = os.path.basename(model)
        print(f"| {name} | {args.size} | {result['frames']} | {result['viewDraws']} | "
              f"{result['medianMs']:.1f} | "
              f"{result['p95Ms']:.1f} | {result['fps']:.1f} |")
        if args.json_dir:
            os.makedirs(args.json_dir, exist_ok=True)
            with open(os.path.join(args.json_dir, f"viewer.{name}.json"), "w") as f:
                json.dump(result, f)
    if args.json_dir:
        with open(os.path.join(args.json_dir, "viewer-commands.txt"), "w") as f:
            f.write("\n".join(commands) + "\n")


if __name__ == "__main__":
    main()
