#!/usr/bin/env python3
"""The live input's memory soak (run by hand, not a CTest test): the viewer under Xvfb listening
for VMC, a sender on loopback at 60 Hz whose values change every sample, and the viewer's RSS
(VmRSS from /proc) once a minute. Prints a table and writes it as JSON.

    tests/bench/live/live_soak.py build/morphview MODEL --minutes 30 --json soak.json
"""
import argparse
import json
import os
import socket
import struct
import subprocess
import sys
import time


def osc_string(text):
    data = text.encode() + b"\0"
    return data + b"\0" * (-len(data) % 4)


def vmc_val(name, value):
    return osc_string("/VMC/Ext/Blend/Val") + osc_string(",sf") + osc_string(name) + struct.pack(">f", value)


def vmc_apply():
    return osc_string("/VMC/Ext/Blend/Apply") + osc_string(",")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("morphview")
    parser.add_argument("model")
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--rate", type=float, default=60)
    parser.add_argument("--json", default="")

    args, extra = parser.parse_known_args()  # the rest: more viewer options
    port = free_port()
    # xvfb-run -a picks a free display; the shell in between says the viewer's pid, then
    # becomes the viewer.
    cmd = [args.morphview, args.model, "--window-size", "320x240", "--listen", f"vmc:{port}"]
    cmd += [a for a in extra if a != "--"]
    viewer = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 640x480x24", "sh", "-c",
                               'echo "pid $$" >&2; exec "$@"', "sh"] + cmd,
                              stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    pid = 0
    # The ports open once the model is loaded: stderr names the port.
    for line in viewer.stderr:
        if line.startswith("pid "):
            pid = int(line.split()[1])
            continue
        if "listening for vmc" in line:
            break
        sys.stderr.write(line)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    names = ["jawOpen", "eyeBlinkLeft", "eyeBlinkRight", "mouthSmileLeft", "browInnerUp"]
    period = 1.0 / args.rate
    start = time.monotonic()
    rows = [(0.0, rss_kib(pid))]
    print(f"viewer pid {pid}, port {port}; minute  RSS MiB", flush=True)
    print(f"{0:6.1f}  {rows[0][1] / 1024:8.1f}", flush=True)
    n = 0
    next_send = start
    next_rss = start + 60
    end = start + args.minutes * 60
    while time.monotonic() < end and viewer.poll() is None:
        phase = (n % 120) / 120.0
        for i, name in enumerate(names):
            sock.sendto(vmc_val(name, (phase + i * 0.2) % 1.0), ("127.0.0.1", port))
        sock.sendto(vmc_apply(), ("127.0.0.1", port))
        n += 1
        next_send += period
        now = time.monotonic()
        if now >= next_rss:
            rows.append(((now - start) / 60, rss_kib(pid)))
            print(f"{rows[-1][0]:6.1f}  {rows[-1][1] / 1024:8.1f}", flush=True)
            next_rss += 60
        time.sleep(max(0.0, next_send - time.monotonic()))
    alive = viewer.poll() is None
    if alive:
        os.kill(pid, 15)  # SIGTERM to the viewer; xvfb-run then ends its Xvfb
    viewer.wait()
    result = {"samples": n, "minutes": args.minutes, "rate": args.rate, "viewerAlive": alive,
              "rssKiB": [{"minute": round(m, 2), "rss": r} for m, r in rows]}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    print(json.dumps({k: v for k, v in result.items() if k != "rssKiB"}))
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
