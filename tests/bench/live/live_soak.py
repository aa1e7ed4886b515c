#!/usr/bin/env python3
"""The live input's memory soak (run by hand, not a CTest test): the viewer under Xvfb listening
for VMC, a sender on loopback at 60 Hz whose values change every sample, and the viewer's RSS
(VmRSS from /proc) once a minute. Prints a table and writes it as JSON.

    tests/bench/live/live_soak.py build/morphview MODEL --minutes 30 --json soak.json
"""
import argparse
import socket
import struct
import sys
import time

from soak_viewer import RssLog, rss_rows, start_viewer, stop_viewer, write_result


def osc_string(text):
    data = text.encode() + b"\0"
    return data + b"\0" * (-len(data) % 4)


def vmc_val(name, value):
    return osc_string("/VMC/Ext/Blend/Val") + osc_string(",sf") + osc_string(name) + struct.pack(">f", value)


def vmc_apply():
    return osc_string("/VMC/Ext/Blend/Apply") + osc_string(",")


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
    cmd = [args.morphview, args.model, "--window-size", "320x240", "--listen", f"vmc:{port}"]
    cmd += [a for a in extra if a != "--"]
    viewer, pid = start_viewer(cmd, "listening for vmc")
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    names = ["jawOpen", "eyeBlinkLeft", "eyeBlinkRight", "mouthSmileLeft", "browInnerUp"]
    period = 1.0 / args.rate
    rss = RssLog(pid, f"viewer pid {pid}, port {port}")
    start = rss.start
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
            rss.sample(now)
            next_rss += 60
        time.sleep(max(0.0, next_send - time.monotonic()))
    alive = stop_viewer(viewer, pid)
    write_result({"samples": n, "minutes": args.minutes, "rate": args.rate, "viewerAlive": alive,
                  "rssKiB": rss_rows(rss.rows)}, args.json)
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
