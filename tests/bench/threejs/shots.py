#!/usr/bin/env python3
"""The pipeline side by side: one shots file (morphview's `capture --shots` form, one model)
rendered and encoded to PNG by three.js in headless Chromium (shots.html) and by
`morphview capture --shots`, each writing one PNG a shot into a folder. Prints JSON: per
program, the whole run's wall time (the browser's or morphview's start included), the time
from the first shot to the last file written, and ms per shot of each. Not part of the build
or CI; see README.md.

    python3 tests/bench/threejs/shots.py --shots shots.json --environment studio.hdr \\
        --morphview build/morphview --out /tmp/shots
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as bench  # noqa: E402  (the page server, Chromium's flags and its stopping)


class Handler(bench.Handler):
    def translate_path(self, path):
        if urllib.parse.urlsplit(path).path == "/shots.json":
            return self.server.shots
        return super().translate_path(path)

    def do_POST(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(204)
        self.end_headers()
        if path.startswith("/report/png/"):
            name = os.path.basename(path[len("/report/png/"):])
            with open(os.path.join(self.server.out, name + ".png"), "wb") as f:
                f.write(body)
            self.server.written = time.monotonic()
        elif path == "/report/result":
            try:
                self.server.result = json.loads(body)
            except ValueError as e:
                self.server.result = {"error": f"unreadable result: {e}"}
            self.server.done.set()


class Server(bench.Server):
    def __init__(self, model, environment, shots, out):
        super().__init__(model, environment, Handler)
        self.shots, self.out = shots, out
        self.written = 0.0


def run_three(options, model, out, chromium):
    server = Server(model, os.path.abspath(options.environment), os.path.abspath(options.shots), out)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    query = urllib.parse.urlencode({"model": "/model.glb", "shots": "/shots.json",
                                    "environment": "/environment.hdr", "report": "/report"})
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as profile:
        command = [chromium] + bench.CHROMIUM_FLAGS + [f"--user-data-dir={profile}"]
        if os.geteuid() == 0:
            command.append("--no-sandbox")
        command.append(f"http://127.0.0.1:{port}/shots.html?{query}")
        browser = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        try:
            finished = server.done.wait(options.timeout)
        finally:
            wall = time.monotonic() - start
            bench.stop_browser(browser)
            server.shutdown()
    if not finished or "error" in (server.result or {}):
        bench.fail(f"the page failed: {server.result}")
    r = server.result
    r.update({"wallSeconds": round(wall, 3), "wallMsPerShot": round(1000 * wall / r["shots"], 2),
              "msPerShot": round(r["msPerShot"], 2), "out": out})
    if "llvmpipe" not in r["renderer"] and not options.allow_any_renderer:
        bench.fail(f"WebGL ran on {r['renderer']}, not llvmpipe")
    return r


def run_morphview(options, shots, out):
    command = [options.morphview, "capture", "--shots", options.shots, "--out-dir", out]
    start = time.monotonic()
    before = os.times()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = os.times()
    if done.returncode != 0:
        bench.fail(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return {"program": "morphview capture --shots", "shots": len(shots), "command": " ".join(command),
            "wallSeconds": round(wall, 3), "wallMsPerShot": round(1000 * wall / len(shots), 2),
            "userSeconds": round(after.children_user - before.children_user, 2), "out": out}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shots", required=True, help="a capture --shots file whose shots share one model")
    p.add_argument("--environment", required=True, help="morphview's studio (`morphview environment --out`)")
    p.add_argument("--morphview", default="", help="also run this morphview's capture --shots")
    p.add_argument("--out", required=True, help="folder for the PNGs (three/ and morphview/ inside)")
    p.add_argument("--json-out", default="")
    p.add_argument("--chromium", default="")
    p.add_argument("--timeout", type=float, default=900)
    p.add_argument("--allow-any-renderer", action="store_true")
    options = p.parse_args()
    bench.check_three()
    shots = json.load(open(options.shots))
    models = {os.path.abspath(s["model"]) for s in shots}
    if len(models) != 1:
        bench.fail(f"{options.shots}: the page takes one model, the shots name {len(models)}", 2)
    results = []
    out = os.path.join(options.out, "three")
    os.makedirs(out, exist_ok=True)
    results.append(run_three(options, models.pop(), out, bench.find_chromium(options.chromium)))
    if options.morphview:
        out = os.path.join(options.out, "morphview")
        os.makedirs(out, exist_ok=True)
        results.append(run_morphview(options, shots, out))
    bench.print_results({"results": results, "loadAverage": os.getloadavg()}, options.json_out)


if __name__ == "__main__":
    main()
