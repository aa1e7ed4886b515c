#!/usr/bin/env python3
"""Writes spheres.gltf (with its .bin): the probe for docs/RENDERING.md's investigation. Two rows
of five UV spheres, roughness 0, 0.25, 0.5, 0.75, 1 left to right; the top row metallic (base
colour 0.9 grey), the bottom row dielectric (0.5 grey). No textures, no morph targets.

    python3 tests/bench/khronos/spheres.py --out /tmp/khronos/spheres.gltf

With --set materials, one row of five per KHR_materials_* extension instead, its main parameter
rising left to right (factors only, no textures): clearcoat, specular, ior, sheen, iridescence,
emissive_strength and transmission (the MATERIAL_ROWS table below says how).
"""
import argparse
import base64
import json
import math
import os
import struct


def sphere(rings=48, segments=96):
    positions, indices = [], []
    for r in range(rings + 1):
        theta = math.pi * r / rings
        for s in range(segments + 1):
            phi = 2 * math.pi * s / segments
            positions.append((math.sin(theta) * math.cos(phi), math.cos(theta), math.sin(theta) * math.sin(phi)))
    for r in range(rings):
        for s in range(segments):
            a = r * (segments + 1) + s
            b = a + segments + 1
            indices += [a, a + 1, b, a + 1, b + 1, b]
    return positions, indices


def ramp(col, lo, hi):
    return lo + (hi - lo) * col / 4


# Per row: the extension, the base material, and the extension's object for column 0..4.
MATERIAL_ROWS = [
    ("KHR_materials_clearcoat", {"baseColorFactor": [0.6, 0.1, 0.1, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.8},
     lambda c: {"clearcoatFactor": ramp(c, 0, 1), "clearcoatRoughnessFactor": 0.1}),
    ("KHR_materials_specular", {"baseColorFactor": [0.5, 0.5, 0.5, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.3},
     lambda c: {"specularFactor": ramp(c, 0, 1), "specularColorFactor": [1.0, 0.8, 0.6]}),
    ("KHR_materials_ior", {"baseColorFactor": [0.2, 0.3, 0.6, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.3},
     lambda c: {"ior": [1.0, 1.25, 1.5, 2.0, 2.5][c]}),
    ("KHR_materials_sheen", {"baseColorFactor": [0.1, 0.1, 0.3, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.8},
     lambda c: {"sheenColorFactor": [ramp(c, 0, 1)] * 3, "sheenRoughnessFactor": 0.5}),
    ("KHR_materials_iridescence", {"baseColorFactor": [0.1, 0.1, 0.1, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.2},
     lambda c: {"iridescenceFactor": 1.0, "iridescenceIor": 1.3, "iridescenceThicknessMaximum": ramp(c, 100, 900)}),
    ("KHR_materials_emissive_strength", {"baseColorFactor": [0.2, 0.2, 0.2, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.5},
     lambda c: {"emissiveStrength": [0.0, 0.5, 1.0, 2.0, 4.0][c]}),
    ("KHR_materials_transmission", {"baseColorFactor": [0.9, 0.9, 0.9, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.2},
     lambda c: {"transmissionFactor": ramp(c, 0, 1)}),
]


def material_set(with_extensions):
    """(materials, node positions, extensionsUsed)."""
    materials, places, used = [], [], []
    if not with_extensions:
        for row, (metallic, grey) in enumerate(((1.0, 0.9), (0.0, 0.5))):
            for col in range(5):
                roughness = col / 4
                materials.append({"name": f"{'metal' if metallic else 'dielectric'}_r{roughness:g}",
                                  "pbrMetallicRoughness": {"baseColorFactor": [grey, grey, grey, 1.0],
                                                           "metallicFactor": metallic,
                                                           "roughnessFactor": roughness}})
                places.append([2.2 * (col - 2), 1.1 - 2.2 * row, 0.0])
        return materials, places, used
    rows = len(MATERIAL_ROWS)
    for row, (extension, base, parameters) in enumerate(MATERIAL_ROWS):
        used.append(extension)
        for col in range(5):
            material = {"name": f"{extension[len('KHR_materials_'):]}_{col}",
                        "pbrMetallicRoughness": dict(base),
                        "extensions": {extension: parameters(col)}}
            if extension == "KHR_materials_emissive_strength":
                material["emissiveFactor"] = [1.0, 0.6, 0.2]
            materials.append(material)
            places.append([2.2 * (col - 2), 1.1 * (rows - 1) - 2.2 * row, 0.0])
    return materials, places, used


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--set", choices=["roughness", "materials"], default="roughness",
                        help="roughness: the metal and dielectric rows (default); materials: a row per KHR_materials_* extension")
    options = parser.parse_args()
    positions, indices = sphere()
    # Winding: counter-clockwise seen from outside.
    p0, p1, p2 = (positions[indices[i]] for i in range(3, 6))
    e1 = [p1[k] - p0[k] for k in range(3)]
    e2 = [p2[k] - p0[k] for k in range(3)]
    n = (e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0])
    if sum(n[k] * p0[k] for k in range(3)) < 0:
        indices = [v for i in range(0, len(indices), 3) for v in (indices[i], indices[i + 2], indices[i + 1])]
    pos = b"".join(struct.pack("<3f", *p) for p in positions)
    nor = pos  # unit sphere: the normal is the position
    idx = b"".join(struct.pack("<I", i) for i in indices)
    data = pos + nor + idx
    bin_name = os.path.splitext(os.path.basename(options.out))[0] + ".bin"
    materials, places, used = material_set(options.set == "materials")
    nodes = [{"name": m["name"], "mesh": i, "translation": places[i]} for i, m in enumerate(materials)]
    gltf = {
        "asset": {"version": "2.0", "generator": "morphview tests/bench/khronos/spheres.py"},
        "scene": 0, "scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes,
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2, "material": m}]}
                   for m in range(len(materials))],
        "materials": materials,
        "buffers": [{"byteLength": len(data), "uri": bin_name}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(pos), "target": 34962},
                        {"buffer": 0, "byteOffset": len(pos), "byteLength": len(nor), "target": 34962},
                        {"buffer": 0, "byteOffset": 2 * len(pos), "byteLength": len(idx), "target": 34963}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": len(positions), "type": "VEC3",
                       "min": [-1, -1, -1], "max": [1, 1, 1]},
                      {"bufferView": 1, "componentType": 5126, "count": len(positions), "type": "VEC3"},
                      {"bufferView": 2, "componentType": 5125, "count": len(indices), "type": "SCALAR"}],
    }
    if used:
        gltf["extensionsUsed"] = used
    os.makedirs(os.path.dirname(os.path.abspath(options.out)), exist_ok=True)
    with open(options.out, "w") as f:
        json.dump(gltf, f, indent=1)
    with open(os.path.join(os.path.dirname(os.path.abspath(options.out)), bin_name), "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
