#!/usr/bin/env python3
"""Times three.js (the version pinned in package.json) on a GLB the way `morphview bench` times a
frame, in headless Chromium on Mesa llvmpipe (ANGLE's GL backend over EGL), and prints JSON
shaped like `morphview bench --json`. Not part of the build or CI; see README.md.

    cd tests/bench/threejs && npm install        # once, needs the network
    python3 tests/bench/threejs/run.py --model production5.glb --active 40 --frames 10 --warmup 2
    # the side by side in one command: then morphview bench on the same file and settings
    python3 tests/bench/threejs/run.py --model production5.glb --active 40 --morphview build/morphview

Serves this folder and the model on 127.0.0.1 (python3 http.server), opens bench.html in
Chromium, and takes the result the page POSTs back. Exits 1 if the page fails or WebGL did not
run on llvmpipe (e.g. Chromium fell back to SwiftShader), 2 on a usage error.
"""
import argparse
import json
import os
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(HERE))
import chromium_page as page  # noqa: E402
from chromium_page import fail, find_chromium, stop_browser  # noqa: E402,F401  (shots.py's too)

PINNED = "0.187.0"
# ANGLE's OpenGL backend through EGL: on this machine Mesa's llvmpipe (surfaceless, no X display
# needed). `--use-angle=gl` wants an X display; SwiftShader (Chromium's fallback) is refused below.
CHROMIUM_FLAGS = ["--headless=new", "--use-gl=angle", "--use-angle=gl-egl", "--ignore-gpu-blocklist",
                  "--no-first-run", "--no-default-browser-check",
                  "--disable-extensions", "--disable-background-networking", "--disable-sync",
                  "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                  "--disable-backgrounding-occluded-windows", "--mute-audio"]


def check_three():
    page.check_package(HERE, "three", PINNED, "three.js")


class Handler(page.Handler):
    folder = HERE
    types = {**page.Handler.types, ".glb": "model/gltf-binary"}

    def end_headers(self):
        # Cross-origin isolation gives performance.now() 5 us resolution instead of 100 us.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def translate_path(self, path):
        if urllib.parse.urlsplit(path).path == "/model.glb":
            return self.server.model
        return super().translate_path(path)


class Server(page.Server):
    def __init__(self, model, environment, handler=Handler):
        super().__init__(handler, environment)
        self.model = model


def print_results(body, json_out):
    """Prints the JSON, and writes it to `json_out` too when given."""
    text = json.dumps(body, indent=2)
    print(text)
    if json_out:
        with open(json_out, "w") as f:
            f.write(text + "\n")


def run_page(options, chromium):
    server = Server(os.path.abspath(options.model), os.path.abspath(options.environment) if options.environment else "")
    fields = {"model": "/model.glb", "active": options.active, "frames": options.frames,
              "warmup": options.warmup, "size": options.size, "seed": options.seed, "camera": options.camera,
              "report": "/result"}
    if options.environment:
        fields["environment"] = "/environment.hdr"
    result, command = page.run_page(server, chromium, CHROMIUM_FLAGS, options.chromium_flag, "bench.html",
                                    urllib.parse.urlencode(fields), options.timeout)
    return result["results"][0], command


def run_morphview(options):
    """`morphview bench` on the same file, active count, frames, warm-up, size and seed, after
    the browser has gone (one at a time: both use every core)."""
    command = [options.morphview, "bench", "--model", options.model, "--active", str(options.active),
               "--path", options.morphview_paths, "--frames", str(options.frames), "--warmup",
               str(options.warmup), "--size", options.size, "--seed", str(options.seed),
               "--environment", options.environment or "rig", "--camera", options.camera, "--json"]
    load = os.getloadavg()
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"{' '.join(command)} failed: {done.stderr.strip()}")
    results = json.loads(done.stdout)["results"]
    for r in results:
        r["command"] = " ".join(command)
        r["loadAverage"] = [round(v, 2) for v in load] + [round(v, 2) for v in os.getloadavg()]
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True, help="the .glb to drive")
    parser.add_argument("--active", type=int, default=40, help="active targets per morphed mesh (default 40)")
    parser.add_argument("--frames", type=int, default=10, help="counted frames (default 10)")
    parser.add_argument("--warmup", type=int, default=2, help="uncounted frames first (default 2)")
    parser.add_argument("--size", default="64x64", help="canvas WxH (default 64x64)")
    parser.add_argument("--seed", type=int, default=1, help="weights seed, as morphview bench --seed (default 1)")
    parser.add_argument("--camera", default="front",
                        help="where both cameras look from, as morphview's --camera: front (default: framed as "
                             "capture frames the model), left, right, top or orbit:AZ,EL[,DIST]")
    parser.add_argument("--environment", default="",
                        help="light both with this equirectangular .hdr (`morphview environment --out studio.hdr` "
                             "writes morphview's default, the studio) and PBR Neutral tone mapping; "
                             "default: three.js's hemisphere + directional lights, morphview's rig")
    parser.add_argument("--json-out", default="", help="also write the JSON to this file")
    parser.add_argument("--chromium", default="", help="the browser binary (default: chromium on PATH)")
    parser.add_argument("--chromium-flag", action="append", default=[], help="one more browser flag (repeatable)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds to wait for the page (default 900)")
    parser.add_argument("--morphview", default="",
                        help="then run this morphview's bench on the same file and settings and add its results")
    parser.add_argument("--morphview-paths", default="cs-sparse,cpu,auto", help="its --path (default cs-sparse,cpu,auto)")
    parser.add_argument("--allow-any-renderer", action="store_true",
                        help="do not fail when the renderer is not llvmpipe (never for published numbers)")
    options = parser.parse_args()
    if not os.path.isfile(options.model):
        fail(f"{options.model}: no such file", 2)
    if options.environment and not os.path.isfile(options.environment):
        fail(f"{options.environment}: no such file", 2)
    if options.active < 1 or options.frames < 1 or options.warmup < 0:
        fail("--active and --frames must be at least 1, --warmup at least 0", 2)
    check_three()
    chromium = find_chromium(options.chromium)

    load = os.getloadavg()
    started = time.monotonic()
    result, browser = run_page(options, chromium)
    if "llvmpipe" not in result["renderer"]:
        message = f"WebGL ran on \"{result['renderer']}\", not Mesa llvmpipe: these numbers are not comparable"
        if not options.allow_any_renderer:
            fail(message)
        print(f"run.py: warning: {message}", file=sys.stderr)
    result["model"] = os.path.basename(options.model)
    result["browser"] = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    result["browserCommand"] = browser
    result["loadAverage"] = [round(v, 2) for v in load] + [round(v, 2) for v in os.getloadavg()]
    result["loadAverageNote"] = "1/5/15 min before the run, then after it (os.getloadavg)"
    result["wallSeconds"] = round(time.monotonic() - started, 1)
    results = [result]
    if options.morphview:
        results += run_morphview(options)
    print_results({"results": results}, options.json_out)


if __name__ == "__main__":
    main()
