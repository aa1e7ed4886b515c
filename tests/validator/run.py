#!/usr/bin/env python3
"""Runs `morphview fix`'s operations over real and generated rigs and checks each output with the
Khronos glTF-Validator: an output may carry no error (by the validator's code) that its input did
not already carry. By hand, not in the build or CI (see README.md).

    python3 tests/validator/run.py --morphview build/morphview --avatars ../shared/avatars \
        --corpus ../shared/corpus [--work DIR] [--json report.json]
"""
import argparse
import collections
import json
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


def validate(files):
    """{path: report} for each file, from validate.mjs (one node process for them all)."""
    out = subprocess.run(["node", str(HERE / "validate.mjs"), *map(str, files)], check=True,
                         capture_output=True, text=True).stdout
    reports = {}
    for line in out.splitlines():
        report = json.loads(line)
        reports[report["file"]] = report
    return reports


def target_names(morphview, model):
    info = json.loads(subprocess.run([morphview, "info", "--json", str(model)], check=True,
                                     capture_output=True, text=True).stdout)
    moving, still = [], []
    for mesh in info["meshes"]:
        for target in mesh["targets"]:
            name = target["name"]
            if name and name not in moving + still:
                (moving if target["movedVertices"] > 0 else still).append(name)
    return moving + still  # the operations take the first names: ones that move something


def operations(names, work, stem):
    """(label, fix arguments, output path) for each operation that fits a rig of these names."""
    ops = [("prune", ["--prune", "dead,duplicate"]), ("sparse", ["--sparse"]),
           ("names-arkit", ["--names", "arkit"]), ("names-oculus", ["--names", "oculus"]),
           ("normals-flagged", ["--recompute-normals", "flagged"])]
    if names:
        a = names[0]
        rename = work / f"{stem}.rename.json"
        rename.write_text(json.dumps({a: a + "_renamed"}))
        mix = f"{a}=0.5" + (f",{names[1]}=1" if len(names) > 1 else "")
        ops += [("rename", ["--rename", str(rename)]), ("from-mix", ["--from-mix", "mixed=" + mix]),
                ("normals-one", ["--recompute-normals", a]), ("mirror", ["--mirror", f"{a}={a}Mirrored"]),
                ("split", ["--split", a])]
    if len(names) >= 3:
        rig = work / f"{stem}.rig.json"
        rig.write_text(json.dumps({"combinations": [{"target": names[2], "drivers": names[:2]}]}))
        ops.append(("rig-logic", ["--rig-logic", str(rig)]))
    result = [(label, args, work / f"{stem}.{label}.glb") for label, args in ops]
    result.append(("sparse-gltf", ["--sparse"], work / f"{stem}.sparse-gltf.gltf"))
    return result


def inputs(args):
    models = sorted(pathlib.Path(args.avatars).glob("*/*.glb"))
    corpus = pathlib.Path(args.corpus)
    models += sorted(corpus.glob("*/glTF/*.gltf")) + sorted(corpus.glob("*/variants/*.glb"))
    models += [HERE.parent.parent / "assets" / "face.glb", HERE.parent.parent / "assets" / "character.glb"]
    rig = args.work / "bench-rig.glb"
    subprocess.run([args.morphview, "bench", "--vertices", "3000", "--targets", "40", "--density", "0.3",
                    "--write-model", str(rig)], check=True, capture_output=True)
    return models + [rig]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--morphview", required=True)
    parser.add_argument("--avatars", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--work", type=pathlib.Path,
                        help="where the outputs go (default: a new temporary folder)")
    parser.add_argument("--json", type=pathlib.Path)
    args = parser.parse_args()
    args.work = args.work or pathlib.Path(tempfile.mkdtemp(prefix="morphview-validator-"))
    args.work.mkdir(parents=True, exist_ok=True)

    runs, refused = [], []
    models = inputs(args)
    for model in models:
        stem = f"{model.parent.name}-{model.stem}"
        for label, extra, out in operations(target_names(args.morphview, model), args.work, stem):
            done = subprocess.run([args.morphview, "fix", str(model), "--out", str(out), *extra],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                refused.append((str(model), label, done.stderr.strip().splitlines()[-1:]))
                continue
            runs.append((model, label, out))

    reports = validate(models + [out for _, _, out in runs])
    rows, new_errors = [], 0
    for model, label, out in runs:
        before = collections.Counter(e["code"] for e in reports[str(model)]["errorList"])
        after = collections.Counter(e["code"] for e in reports[str(out)]["errorList"])
        added = {code: n - before[code] for code, n in after.items() if n > before[code]}
        new_errors += sum(added.values())
        rows.append({"input": str(model), "operation": label, "inputErrors": sum(before.values()),
                     "outputErrors": sum(after.values()), "newErrors": added,
                     "inputWarnings": reports[str(model)]["warnings"], "outputWarnings": reports[str(out)]["warnings"],
                     "newErrorExamples": [e for e in reports[str(out)]["errorList"] if e["code"] in added][:3]})

    print(f"validator {reports[str(models[0])]['validator']}: {len(models)} inputs, {len(runs)} outputs "
          f"written, {len(refused)} operations refused (not applicable to the file)")
    print(f"{'input':<44} {'operation':<16} {'errors in':>9} {'out':>4} {'warnings in':>11} {'out':>4}  new errors")
    for row in rows:
        new = ", ".join(f"{c} x{n}" for c, n in row["newErrors"].items()) or "-"
        print(f"{pathlib.Path(row['input']).name[:44]:<44} {row['operation']:<16} "
              f"{row['inputErrors']:>9} {row['outputErrors']:>4} {row['inputWarnings']:>11} {row['outputWarnings']:>4}  {new}")
    for model, label, why in refused:
        print(f"refused: {pathlib.Path(model).name} {label}: {' '.join(why)}")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "refused": refused}, indent=1))
    print(f"new errors: {new_errors}")
    return 1 if new_errors else 0


if __name__ == "__main__":
    sys.exit(main())
