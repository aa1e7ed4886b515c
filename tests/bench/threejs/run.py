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
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
PINNED = "0.187.0"
# ANGLE's OpenGL backend through EGL: on this machine Mesa's llvmpipe (surfaceless, no X display
# needed). `--use-angle=gl` wants an X display; SwiftShader (Chromium's fallback) is refused below.
CHROMIUM_FLAGS = ["--headless=new", "--use-gl=angle", "--use-angle=gl-egl", "--ignore-gpu-blocklist",
                  "--no-first-run", "--no-default-browser-check",
                  "--disable-extensions", "--disable-background-networking", "--disable-sync",
                  "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                  "--disable-backgrounding-occluded-windows", "--mute-audio"]


def fail(message, code=1):
    print(f"run.py: {message}", file=sys.stderr)
    sys.exit(code)


def find_chromium(explicit):
    for name in ([explicit] if explicit else ["chromium", "chromium-browser", "google-chrome"]):
        path = shutil.which(name)
        if path:
            return path
    fail("no Chromium found (Debian: apt-get install -y chromium), or pass --chromium PATH", 2)


def check_three():
    package = os.path.join(HERE, "node_modules", "three", "package.json")
    if not os.path.exists(package):
        fail(f"three.js is not installed: run `npm install` in {HERE}", 2)
    version = json.load(open(package))["version"]
    if version != PINNED:
        fail(f"node_modules has three {version}, package.json pins {PINNED}: run `npm install` in {HERE}", 2)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, model, environment):
        super().__init__(("127.0.0.1", 0), Handler)
        self.model = model
        self.environment = environment
        self.result = None
        self.done = threading.Event()


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=HERE, **kwargs)

    def end_headers(self):
        # Cross-origin isolation gives performance.now() 5 us resolution instead of 100 us.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def translate_path(self, path):
        if urllib.parse.urlsplit(path).path == "/model.glb":
            return self.server.model
        if urllib.parse.urlsplit(path).path == "/environment.hdr" and self.server.environment:
            return self.server.environment
        return super().translate_path(path)

    def guess_type(self, path):
        if path.endswith(".js"):
            return "text/javascript"
        if path.endswith(".glb"):
            return "model/gltf-binary"
        return super().guess_type(path)

    def do_POST(self):
        if self.path != "/result":
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(204)
        self.end_headers()
        try:
            self.server.result = json.loads(body)
        except ValueError as e:
            self.server.result = {"error": f"unreadable result: {e}"}
        self.server.done.set()

    def log_message(self, *args):
        pass


def print_results(body, json_out):
    """Prints the JSON, and writes it to `json_out` too when given."""
    text = json.dumps(body, indent=2)
    print(text)
    if json_out:
        with open(json_out, "w") as f:
            f.write(text + "\n")


def stop_browser(browser):
    """Ends the Chromium this script started: its process group (start_new_session), which holds
    the browser and the GPU, renderer and zygote processes it forked."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(browser.pid, sig)
        except ProcessLookupError:
            break
        try:
            browser.wait(10)
            break
        except subprocess.TimeoutExpired:
            continue


def run_page(options, chromium):
    server = Server(os.path.abspath(options.model), os.path.abspath(options.environment) if options.environment else "")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    fields = {"model": "/model.glb", "active": options.active, "frames": options.frames,
              "warmup": options.warmup, "size": options.size, "seed": options.seed, "camera": options.camera,
              "report": "/result"}
    if options.environment:
        fields["environment"] = "/environment.hdr"
    query = urllib.parse.urlencode(fields)
    url = f"http://127.0.0.1:{port}/bench.html?{query}"
    with tempfile.TemporaryDirectory() as profile:
        command = [chromium] + CHROMIUM_FLAGS + [f"--user-data-dir={profile}"]
        if os.geteuid() == 0:
            command.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        command += options.chromium_flag + [url]
        log = open(os.path.join(profile, "chromium.log"), "w+")
        browser = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            finished = server.done.wait(options.timeout)
        finally:
            stop_browser(browser)
            server.shutdown()
            log.seek(0)
            tail = log.read()[-3000:]
    if not finished:
        fail(f"no result after {options.timeout} s; Chromium's log ends:\n{tail}")
    if "error" in server.result:
        fail(f"the page failed: {server.result['error']}\nChromium's log ends:\n{tail}")
    return server.result["results"][0], " ".join(command[:1] + CHROMIUM_FLAGS)


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
