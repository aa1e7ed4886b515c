#!/usr/bin/env python3
"""The live voice's memory soak (run by hand, not a CTest test): a WAV looped for N minutes into
the viewer under Xvfb, listening to it in real time, and the viewer's RSS (VmRSS from /proc)
every --every seconds. Prints a table and writes it as JSON.

    tests/bench/live/voice_soak.py build/morphview MODEL VOICE.wav --minutes 30 --json soak.json

Two ways in, neither needing a sound card:
  --via file    the WAV looped into a file of N minutes, `--listen audio:LOOPED.wav` (SDL's
                dummy driver for the playback). The file is whole in the viewer's memory (6
                bytes a sample: floats, and 16-bit PCM to play), and a WAV may be at most ten
                minutes long, so this is for runs up to 10 minutes.
  --via device  `--listen audio`, the capture device being SDL2's disk driver reading a FIFO
                (SDL_DISKAUDIOFILEIN) that this script fills with the WAV over and over (as
                32-bit float mono at 48 kHz, converted once by ffmpeg): any length, the device
                path itself, the same code after it. The default past 10 minutes.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
import wave

from soak_viewer import RssLog, rss_rows, start_viewer, stop_viewer, write_result


def write_looped(source, out_path, seconds):
    """`source` repeated until `seconds` long, in its own format."""
    with wave.open(source, "rb") as src:
        params = src.getparams()
        frames = src.readframes(params.nframes)
    want = int(seconds * params.framerate) * params.sampwidth * params.nchannels
    with wave.open(out_path, "wb") as out:
        out.setparams(params)
        written = 0
        while written < want:
            chunk = frames[: want - written]
            out.writeframes(chunk)
            written += len(chunk)


def feed_fifo(fifo, wav, stop):
    """Writes `wav` as raw float mono at 48 kHz into `fifo` over and over until `stop` is set;
    the reader (SDL's disk driver, reading in real time) paces it."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", wav, "-ac", "1", "-ar", "48000", "-f",
                          "f32le", "-"], check=True, capture_output=True).stdout
    try:
        with open(fifo, "wb") as out:
            while not stop.is_set():
                for at in range(0, len(raw), 48000 * 4 // 10):  # 100 ms at a time
                    if stop.is_set():
                        break
                    out.write(raw[at:at + 48000 * 4 // 10])
    except BrokenPipeError:
        pass  # the viewer ended


def viewer_input(args, folder):
    """The viewer's --listen argument and environment, and the FIFO's feeder (or None)."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    if args.via == "file":
        looped = os.path.join(folder, "looped.wav")
        write_looped(args.wav, looped, args.minutes * 60)
        return f"audio:{looped}", env, None
    fifo = os.path.join(folder, "capture.fifo")
    os.mkfifo(fifo)
    env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILEIN=fifo)
    stop = threading.Event()
    feeder = threading.Thread(target=feed_fifo, args=(fifo, args.wav, stop), daemon=True)
    feeder.start()
    return "audio", env, stop


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("morphview")
    parser.add_argument("model")
    parser.add_argument("wav")
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--every", type=float, default=60, help="seconds between samples")
    parser.add_argument("--json", default="")
    parser.add_argument("--via", choices=["file", "device"], default="")
    args, extra = parser.parse_known_args()  # the rest: more viewer options

    if not args.via:
        args.via = "file" if args.minutes <= 10 else "device"
    folder = tempfile.mkdtemp(prefix="voice-soak-")
    listen, env, stop = viewer_input(args, folder)
    cmd = [args.morphview, args.model, "--window-size", "320x240", "--listen", listen]
    cmd += [a for a in extra if a != "--"]
    # The file starts once the model is loaded: stderr says so.
    viewer, pid = start_viewer(cmd, "listening for audio", env)
    rss = RssLog(pid, f"viewer pid {pid}, {args.minutes} min via {args.via}")
    end = rss.start + args.minutes * 60
    next_rss = rss.start + args.every
    while time.monotonic() < end and viewer.poll() is None:
        time.sleep(max(0.0, min(next_rss, end) - time.monotonic()))
        now = time.monotonic()
        if now >= next_rss and viewer.poll() is None:
            rss.sample(now)
            next_rss += args.every
    alive = stop_viewer(viewer, pid)
    if stop:
        stop.set()
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    os.rmdir(folder)
    after_start = [r for _, r in rss.rows[1:]]
    result = {"minutes": args.minutes, "via": args.via, "viewerAlive": alive,
              "rssKiB": rss_rows(rss.rows)}
    if after_start:
        result["minKiB"], result["maxKiB"] = min(after_start), max(after_start)
    write_result(result, args.json)
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
