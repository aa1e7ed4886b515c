"""What the live input's memory soaks share (live_soak.py, voice_soak.py): the viewer started
under Xvfb and waited for until it listens, its RSS sampled and printed once a minute, the viewer
stopped, and the run's result printed and written as JSON."""
import json
import os
import subprocess
import sys
import time


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def start_viewer(cmd, listening, env=None):
    """The viewer `cmd` under xvfb-run and its pid, once its stderr has said `listening` (its
    sources open once the model is loaded); the lines before that are passed on to ours."""
    # xvfb-run -a picks a free display; the shell in between says the viewer's pid, then
    # becomes the viewer.
    viewer = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 640x480x24", "sh", "-c",
                               'echo "pid $$" >&2; exec "$@"', "sh"] + cmd,
                              stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                              env=env)
    pid = 0
    for line in viewer.stderr:
        if line.startswith("pid "):
            pid = int(line.split()[1])
            continue
        if listening in line:
            break
        sys.stderr.write(line)
    return viewer, pid


class RssLog:
    """The viewer's RSS over the run: (minute, KiB) rows from the start, each printed as taken."""

    def __init__(self, pid, heading):
        self.pid = pid
        self.start = time.monotonic()
        self.rows = []
        print(f"{heading}; minute  RSS MiB", flush=True)
        self.sample(self.start)

    def sample(self, now):
        self.rows.append(((now - self.start) / 60, rss_kib(self.pid)))
        print(f"{self.rows[-1][0]:6.1f}  {self.rows[-1][1] / 1024:8.1f}", flush=True)


def stop_viewer(viewer, pid):
    """Whether the viewer was still running; it is ended either way."""
    alive = viewer.poll() is None
    if alive:
        os.kill(pid, 15)  # SIGTERM to the viewer; xvfb-run then ends its Xvfb
    viewer.wait()
    return alive


def rss_rows(rows):
    """The (minute, KiB) rows as the result's "rssKiB" list."""
    return [{"minute": round(m, 2), "rss": r} for m, r in rows]


def write_result(result, json_path):
    """`result` written as JSON to `json_path` (when given), and printed without its RSS rows."""
    if json_path:
        with open(json_path, "w") as f:
            json.dump(result, f, indent=1)
    print(json.dumps({k: v for k, v in result.items() if k != "rssKiB"}))
