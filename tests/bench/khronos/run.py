#!/usr/bin/env python3
"""Renders one glTF model with the Khronos glTF Sample Renderer (@khronosgroup/gltf-viewer, the
version pinned in package.json) in headless Chromium on Mesa llvmpipe, and with `morphview
capture` at the same size, camera, environment, exposure and tone mapping, then prints the
per-channel mean and 95th-percentile absolute difference as JSON. Not part of the build or CI;
see README.md.

    cd tests/bench/khronos && npm install        # once, needs the network
    python3 tests/bench/khronos/run.py --model assets/face.glb --morphview build/morphview \
        --out-dir /tmp/khronos --name face

Writes NAME.khronos.png, NAME.morphview.png, NAME.diff.png (|khronos - morphview| x DIFF_GAIN)
and NAME.json into --out-dir. Exits 1 if the page or morphview fails or WebGL did not run on
llvmpipe, 2 on a usage error.
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(HERE))
import chromium_page as page  # noqa: E402
import pngio  # noqa: E402
from chromium_page import fail, find_chromium  # noqa: E402

PINNED = "1.1.0"
PACKAGE = "@khronosgroup/gltf-viewer"
# The same flags as tests/bench/threejs/run.py: ANGLE's OpenGL backend through EGL, i.e. Mesa's
# llvmpipe without an X display. SwiftShader (Chromium's fallback) is refused below.
CHROMIUM_FLAGS = ["--headless=new", "--use-gl=angle", "--ignore-gpu-blocklist",
                  "--no-first-run", "--no-default-browser-check",
                  "--disable-extensions", "--disable-background-networking", "--disable-sync",
                  "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                  "--disable-backgrounding-occluded-windows", "--mute-audio"]
# --backend: which WebGL 2 implementation the page runs on. "llvmpipe" is the threejs bench's
# (ANGLE's GL backend over EGL on Mesa llvmpipe), but there the Sample Renderer's IBL prefilter
# is broken: its Hammersley sequence (uint shifts in ibl_filtering.frag) evaluates to 0, so every
# GGX level and the Lambertian cube hold the unfiltered environment (vdc.html shows it; see
# docs/RENDERING.md). "swiftshader" (ANGLE on SwiftShader's Vulkan, also on the CPU) computes it
# right, and is the default.
BACKENDS = {"swiftshader": (["--use-angle=swiftshader", "--enable-unsafe-swiftshader"], "SwiftShader"),
            "llvmpipe": (["--use-angle=gl-egl"], "llvmpipe")}
DIFF_GAIN = 4
# The Sample Renderer's environmentRotation that shows a panorama the way morphview does at its
# --environment-rotation 0 (see docs/RENDERING.md, "Orientation of the environment").
DEFAULT_KHRONOS_ROTATION = 0.0


def check_package():
    page.check_package(HERE, PACKAGE, PINNED, PACKAGE)


class Handler(page.Handler):
    folder = HERE
    types = {**page.Handler.types, ".wasm": "application/wasm"}

    def translate_path(self, path):
        path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        if path.startswith("/model/"):
            # The model's folder, so a .gltf's relative buffer and image URIs resolve.
            inside = os.path.normpath(path[len("/model/"):])
            if inside.startswith(".."):
                return "/nonexistent"
            return os.path.join(self.server.model_dir, inside)
        return super().translate_path(path)


class Server(page.Server):
    def __init__(self, model_dir, environment):
        super().__init__(Handler, environment)
        self.model_dir = model_dir


def run_page(options, chromium, environment):
    model = os.path.abspath(options.model)
    server = Server(os.path.dirname(model), environment)
    query = urllib.parse.urlencode({
        "model": "/model/" + urllib.parse.quote(os.path.basename(model)), "env": "/environment.hdr",
        "size": options.size, "exposure": options.exposure, "rotation": options.khronos_rotation,
        "camera": options.camera, "clear": options.background.lstrip("#"), "report": "/result",
        **dict(kv.split("=", 1) for kv in options.page_param)})
    return page.run_page(server, chromium, CHROMIUM_FLAGS + BACKENDS[options.backend][0],
                         options.chromium_flag, "reference.html", query, options.timeout)


def morphview_command(options, environment, out):
    return [options.morphview, "capture", options.model, "--out", out, "--size", options.size,
            "--camera", options.camera, "--environment", environment,
            "--environment-rotation", str(options.environment_rotation),
            "--exposure", str(options.exposure), "--tone-mapping", "neutral",
            "--background", options.background]


def side_by_side(left, right, diff):
    """One image: khronos | morphview | diff."""
    w, h, a = left
    _, _, b = right
    rows = [a[y] + [(255, 255, 255)] * 4 + b[y] + [(255, 255, 255)] * 4 + diff[y] for y in range(h)]
    return 3 * w + 8, h, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True, help="the .gltf/.glb to render")
    parser.add_argument("--name", default="", help="output file stem (default: the model's)")
    parser.add_argument("--morphview", required=True, help="the morphview binary (capture, environment)")
    parser.add_argument("--environment", default="",
                        help="equirectangular .hdr for both (default: `morphview environment` writes the studio)")
    parser.add_argument("--environment-width", type=int, default=1024, help="width of that studio .hdr (default 1024)")
    parser.add_argument("--size", default="512x512", help="WxH (default 512x512)")
    parser.add_argument("--camera", default="front", help="morphview's --camera (default front)")
    parser.add_argument("--exposure", type=float, default=1.0, help="linear exposure for both (default 1)")
    parser.add_argument("--environment-rotation", type=float, default=0.0, help="morphview's (default 0)")
    parser.add_argument("--khronos-rotation", type=float, default=None,
                        help=f"the Sample Renderer's environmentRotation (default {DEFAULT_KHRONOS_ROTATION:g} "
                             "+ --environment-rotation, the pair that lines the two up)")
    parser.add_argument("--background", default="#2e3036", help="flat background (default #2e3036)")
    parser.add_argument("--out-dir", required=True, help="where the PNGs and NAME.json go")
    parser.add_argument("--chromium", default="", help="the browser binary (default: chromium on PATH)")
    parser.add_argument("--chromium-flag", action="append", default=[], help="one more browser flag (repeatable)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the page (default 600)")
    parser.add_argument("--backend", choices=sorted(BACKENDS), default="swiftshader",
                        help="WebGL 2 under the page: swiftshader (default) or llvmpipe (the Sample Renderer's "
                             "IBL prefilter is broken there; see README.md)")
    parser.add_argument("--page-param", action="append", default=[],
                        help="KEY=VALUE added to the page's query, e.g. debug=Roughness or hide=OES_texture_float_linear "
                             "(investigation only; repeatable)")
    parser.add_argument("--allow-any-renderer", action="store_true",
                        help="do not fail when WebGL is not on llvmpipe (never for published numbers)")
    options = parser.parse_args()
    if not os.path.isfile(options.model):
        fail(f"{options.model}: no such file", 2)
    if options.khronos_rotation is None:
        options.khronos_rotation = DEFAULT_KHRONOS_ROTATION + options.environment_rotation
    check_package()
    chromium = find_chromium(options.chromium)
    os.makedirs(options.out_dir, exist_ok=True)
    name = options.name or os.path.splitext(os.path.basename(options.model))[0]
    out = lambda suffix: os.path.join(options.out_dir, f"{name}.{suffix}")  # noqa: E731

    with tempfile.TemporaryDirectory() as scratch:
        environment = options.environment
        if not environment:
            environment = os.path.join(scratch, "studio.hdr")
            done = subprocess.run([options.morphview, "environment", "--out", environment,
                                   "--width", str(options.environment_width)], capture_output=True, text=True)
            if done.returncode != 0:
                fail(f"morphview environment failed: {done.stderr.strip()}")
        environment = os.path.abspath(environment)

        started = time.monotonic()
        page, browser = run_page(options, chromium, environment)
        expected = BACKENDS[options.backend][1]
        if expected not in page["renderer"]:
            message = f"WebGL ran on \"{page['renderer']}\", not {expected}"
            if not options.allow_any_renderer:
                fail(message)
            print(f"run.py: warning: {message}", file=sys.stderr)
        png = page.pop("png")
        with open(out("khronos.png"), "wb") as f:
            f.write(base64.b64decode(png.split(",", 1)[1]))
        browser_seconds = time.monotonic() - started

        command = morphview_command(options, environment, out("morphview.png"))
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            fail(f"{' '.join(command)} failed: {done.stderr.strip()}")
        morphview_seconds = time.monotonic() - started

    khronos = pngio.read_png(out("khronos.png"))
    morphview = pngio.read_png(out("morphview.png"))
    bg = options.background.lstrip("#")
    background = tuple(int(bg[i:i + 2], 16) for i in (0, 2, 4))
    stats, diff = pngio.difference(khronos, morphview, background)
    w, h, _ = khronos
    gained = [[tuple(min(255, DIFF_GAIN * v) for v in px) for px in row] for row in diff]
    pngio.write_png(out("diff.png"), w, h, gained)
    pngio.write_png(out("pair.png"), *side_by_side(khronos, morphview, gained))

    target = {"meanBelow": 3, "p95Below": 12}
    worst = stats["all"]
    result = {
        "model": options.model, "name": name, "size": options.size, "camera": options.camera,
        "exposure": options.exposure, "environmentRotation": options.environment_rotation,
        "khronosEnvironmentRotation": options.khronos_rotation, "background": options.background,
        "difference": stats, "differenceNote": "|khronos - morphview| per channel in 1/255: mean and "
        "95th percentile (nearest rank) over all pixels, and over the model's pixels (either image "
        "not the background)",
        "target": target,
        "meetsTarget": all(worst[c]["mean"] < target["meanBelow"] and worst[c]["p95"] < target["p95Below"] for c in "rgb"),
        "khronos": {"package": f"{PACKAGE} {PINNED}", "backend": options.backend, "renderer": page["renderer"], "camera": page["camera"],
                    "bounds": page["bounds"], "statistics": page.get("statistics"),
                    "messages": page.get("messages"), "probe": page.get("probe"), "glError": page.get("glError"),
                    "extensions": page.get("extensions"), "pageParams": options.page_param,
                    "loadMs": round(page["loadMs"], 1), "frameMs": round(page["frameMs"], 1),
                    "browser": subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip(),
                    "browserCommand": browser, "seconds": round(browser_seconds, 1)},
        "morphview": {"command": " ".join(command), "seconds": round(morphview_seconds, 1)},
        "files": {k: out(k + ".png") for k in ("khronos", "morphview", "diff", "pair")},
    }
    text = json.dumps(result, indent=2)
    print(text)
    with open(out("json"), "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
