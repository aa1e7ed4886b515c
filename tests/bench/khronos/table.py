#!/usr/bin/env python3
"""Prints the docs/RENDERING.md table from run.py's NAME.json files:

    python3 tests/bench/khronos/table.py /tmp/khronos/face.json /tmp/khronos/character.json ...
"""
import json
import sys


def main():
    print("| model | mean R | mean G | mean B | p95 R | p95 G | p95 B | max | model-pixel mean (R,G,B) | model-pixel p95 | target |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|")
    for path in sys.argv[1:]:
        d = json.load(open(path))
        a, m = d["difference"]["all"], d["difference"]["model"]
        mx = max(a[c]["max"] for c in "rgb")
        print(f"| {d['name']} | " + " | ".join(f"{a[c]['mean']:.2f}" for c in "rgb") + " | "
              + " | ".join(str(a[c]["p95"]) for c in "rgb") + f" | {mx} | "
              + ", ".join(f"{m[c]['mean']:.1f}" for c in "rgb") + " | "
              + ", ".join(str(m[c]["p95"]) for c in "rgb") + f" ({m['pixels']} px) | "
              + ("met" if d["meetsTarget"] else "**not met**") + " |")


if __name__ == "__main__":
    main()
