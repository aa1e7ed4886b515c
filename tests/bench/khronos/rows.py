#!/usr/bin/env python3
"""Per-row numbers of a `spheres.py --set materials` side by side: for each row of spheres (one
extension each, top to bottom), the mean and 95th percentile of |Sample Renderer - morphview|
over the row's model pixels (either image not the background), averaged over R, G and B, in
1/255, and the signed mean (morphview - Sample Renderer): the table of docs/RENDERING.md
section 6.

    python3 tests/bench/khronos/rows.py DIR/materials.khronos.png DIR/materials.morphview.png

Rows are found as the horizontal bands where either image has model pixels, so both images must
show the rows apart (spheres.py spaces them); the names follow spheres.py's MATERIAL_ROWS order.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pngio  # noqa: E402
from spheres import MATERIAL_ROWS  # noqa: E402

BACKGROUND = (0x2E, 0x30, 0x36)  # run.py's default --background


def bands(model, height):
    out, y = [], 0
    while y < height:
        if any(model[y]):
            top = y
            while y < height and any(model[y]):
                y += 1
            out.append((top, y))
        y += 1
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("khronos")
    parser.add_argument("morphview")
    args = parser.parse_args()
    width, height, a = pngio.read_png(args.khronos)
    width_b, height_b, b = pngio.read_png(args.morphview)
    if (width, height) != (width_b, height_b):
        sys.exit(f"rows.py: the images differ in size: {width}x{height} and {width_b}x{height_b}")
    model = [[a[y][x] != BACKGROUND or b[y][x] != BACKGROUND for x in range(width)]
             for y in range(height)]
    found = bands(model, height)
    names = [row[0].replace("KHR_materials_", "") for row in MATERIAL_ROWS]
    if len(found) != len(names):
        sys.exit(f"rows.py: {len(found)} bands of model pixels, {len(names)} rows expected")
    print(f"{'row':18s} {'mean':>5s} {'p95':>5s} {'signed':>7s}")
    for name, (top, bottom) in zip(names, found):
        pixels = [(y, x) for y in range(top, bottom) for x in range(width) if model[y][x]]
        means, p95s = [], []
        for k in range(3):
            d = sorted(abs(a[y][x][k] - b[y][x][k]) for y, x in pixels)
            means.append(sum(d) / len(d))
            p95s.append(pngio.percentile(d, 95))
        signed = sum(b[y][x][k] - a[y][x][k] for y, x in pixels for k in range(3)) / (3 * len(pixels))
        print(f"{name:18s} {sum(means) / 3:5.1f} {sum(p95s) / 3:5.1f} {signed:+7.1f}")


if __name__ == "__main__":
    main()
