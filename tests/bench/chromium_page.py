"""What the browser benches (khronos/run.py, threejs/run.py and threejs/shots.py) share: finding
Chromium and the pinned npm package, a local server for the page's folder that takes the result
the page POSTs back, and one headless Chromium run of the page with its log's tail. Not part of
the build or CI."""
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.parse


def fail(message, code=1):
    print(f"run.py: {message}", file=sys.stderr)
    sys.exit(code)


def find_chromium(explicit):
    for name in ([explicit] if explicit else ["chromium", "chromium-browser", "google-chrome"]):
        path = shutil.which(name)
        if path:
            return path
    fail("no Chromium found (Debian: apt-get install -y chromium), or pass --chromium PATH", 2)


def check_package(here, package, pinned, label):
    """Exits 2 unless node_modules in `here` holds `package` at the `pinned` version; messages
    call it `label`."""
    path = os.path.join(here, "node_modules", *package.split("/"), "package.json")
    if not os.path.exists(path):
        fail(f"{label} is not installed: run `npm install` in {here}", 2)
    version = json.load(open(path))["version"]
    if version != pinned:
        fail(f"node_modules has {package} {version}, package.json pins {pinned}: run `npm install` in {here}", 2)


class Server(http.server.ThreadingHTTPServer):
    """Serves on a port the system picks; `result` is the JSON POSTed to /result, `done` is set
    when it came; `environment`, a panorama's path ("" none), is served as /environment.hdr."""
    daemon_threads = True

    def __init__(self, handler, environment=""):
        super().__init__(("127.0.0.1", 0), handler)
        self.environment = environment
        self.result = None
        self.done = threading.Event()


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder `folder` names (set by a subclass), with the server's environment, and
    takes the page's result. `types`: a file ending's MIME type where the guess is wrong or
    missing (a subclass adds its own)."""
    folder = None
    types = {".js": "text/javascript"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=self.folder, **kwargs)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def translate_path(self, path):
        if urllib.parse.urlsplit(path).path == "/environment.hdr" and self.server.environment:
            return self.server.environment
        return super().translate_path(path)

    def guess_type(self, path):
        for ending, kind in self.types.items():
            if path.endswith(ending):
                return kind
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


def run_page(server, chromium, flags, extra_flags, page, query, timeout):
    """Opens http://127.0.0.1:PORT/PAGE?QUERY on `server` in Chromium with `flags` (then
    --user-data-dir, --no-sandbox as root, `extra_flags`) and waits up to `timeout` s for the
    page's result. Returns the result and the command that ran, without its profile and URL;
    exits 1 when no result came or the page reported an error."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{page}?{query}"
    with tempfile.TemporaryDirectory() as profile:
        command = [chromium] + flags + [f"--user-data-dir={profile}"]
        if os.geteuid() == 0:
            command.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        command += extra_flags + [url]
        log = open(os.path.join(profile, "chromium.log"), "w+")
        browser = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            finished = server.done.wait(timeout)
        finally:
            stop_browser(browser)
            server.shutdown()
            log.seek(0)
            tail = log.read()[-3000:]
    if not finished:
        fail(f"no result after {timeout} s; Chromium's log ends:\n{tail}")
    if "error" in server.result:
        fail(f"the page failed: {server.result['error']}\nChromium's log ends:\n{tail}")
    return server.result, " ".join(command[:1] + flags)
