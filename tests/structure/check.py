#!/usr/bin/env python3
"""The structure rules a newcomer relies on, measured from the code (run by CTest as
StructureTest; `--table` prints every measure, `--graph [PREFIX]` the rooms and their includes as a
Mermaid diagram).

  functions over 80 lines in app/, renderer/, morph/    (universal-ctags)
  command-line option names in renderer/'s code          (comments aside)
  `mutable` members other than mutexes
  ticket numbers (the word for a ticket and its number) in code, shaders, tests and build files
  rooms of morph/ that include each other both ways (any cycle)
  .cpp files in the largest folder of app/, renderer/, morph/
  .cpp files named by docs/ARCHITECTURE.md's frame walk
  machine paths and missing repo paths in docs/ and README.md   (docs_paths.py beside this file)
  lines of renderer/scene/SceneRenderer.cpp, and of each pass file (renderer/**/*Pass.cpp)
  raw GL calls in app/ outside the GLFW context (app/viewer/GlfwContext.cpp)
  clock code (std::chrono, steady_clock) in the draw and the morph stage
  test files (tests/{morph,app,renderer}/*Test.cpp) without a namespace named after the file:
  they compile in unity batches, and two files' helpers must not meet
  text members (std::string) of renderer::ShotSpec other than its name: the app resolves text
  .cpp files defining `ViewerWindow::` members, and those inside a viewer feature's room
  files outside a viewer feature's room (each folder of app/viewer/) that include from it
  app/session/'s includes of app/viewer/

Exits 1 when a rule is broken, naming each place."""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import docs_paths  # noqa: E402  (beside this file)

LIMITS = {
    "long functions": 0,
    "option names in renderer": 0,
    "mutable members": 0,
    "ticket numbers": 0,
    "morph room cycles": 0,
    "largest folder's .cpp files": 20,
    "frame walk's .cpp files": 15,
    "docs paths": 0,
    "SceneRenderer.cpp's lines": 400,
    "pass files over 250 lines": 0,
    "raw GL calls in app": 0,
    "clock code in the draw": 0,
    "test files without their namespace": 0,
    "text members in ShotSpec": 0,
    "ViewerWindow member files": 3,
    "ViewerWindow members in features": 0,
    "files including a viewer feature": 2,
    "session includes of viewer": 0,
}
# The draw runs its passes (renderer/pass/), each a file of its own; timing wraps them from
# outside (renderer/gl/Timing.h), and app/ reaches GL only through the renderer, except the
# window's own context.
SCENE_RENDERER = os.path.join("renderer", "scene", "SceneRenderer.cpp")
PASS_FILE_LINES = 250
GL_CONTEXT_FILES = (os.path.join("app", "viewer", "GlfwContext.cpp"),)
UNTIMED_FILES = (SCENE_RENDERER, os.path.join("renderer", "morph", "MorphStage.cpp"))
# The renderer takes a typed shot: what a shot names by text (weights, clips, the environment, the
# variant) is resolved in app/ before the renderer sees it; only a name may stay text.
SHOT_SPEC_FILE = os.path.join("renderer", "scene", "Capture.h")
SHOT_SPEC_TEXT_ALLOWED = ("name",)
# The viewer's window keeps the window, ImGui, the renderer, the document and the loop; each
# feature the loop walks (app/viewer/ViewerFeature.h) is a room of its own, reached from outside
# through the one list of features and little else. The session's work is the document's, never
# the window's.
FEATURE_ROOT = os.path.join("app", "viewer")  # each folder under it is a feature's room


def feature_dirs(root):
    base = os.path.join(root, FEATURE_ROOT)
    return tuple(os.path.join(FEATURE_ROOT, d) for d in sorted(os.listdir(base))
                 if os.path.isdir(os.path.join(base, d)))


CODE_DIRS = ("app", "renderer", "morph")
SOURCE_EXT = (".cpp", ".h", ".hpp", ".cc")
TICKET_DIRS = ("app", "renderer", "morph", "shaders", "tests", "assets", "third_party", ".ci")
TICKET_EXT = SOURCE_EXT + (".glsl", ".vert", ".frag", ".comp", ".geom", ".py", ".sh", ".cmake",
                           ".txt", ".in", ".mjs", ".js", ".html")


def files_under(root, dirs, exts):
    for d in dirs:
        for base, _, names in os.walk(os.path.join(root, d)):
            if "node_modules" in base:
                continue
            for n in sorted(names):
                if n.endswith(exts) or n == "CMakeLists.txt":
                    yield os.path.join(base, n)


def rel(root, path):
    return os.path.relpath(path, root)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def long_functions(root):
    ctags = shutil.which("ctags")
    if not ctags:
        sys.exit("check.py: universal-ctags is missing (third_party/setup.sh installs it)")
    out = subprocess.run(
        [ctags, "-R", "--languages=C++", "--kinds-C++=f", "--fields=+ne", "-x",
         "--_xformat=%{end} %{line} %F %N"] + list(CODE_DIRS),
        cwd=root, capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 4 or not parts[0].isdigit():
            continue
        length = int(parts[0]) - int(parts[1]) + 1
        if length > 80:
            found.append(f"{parts[2]}:{parts[1]}: {parts[3]} is {length} lines")
    return found


def option_names(root):
    found = []
    for path in files_under(root, ("renderer",), SOURCE_EXT):
        code = strip_comments(open(path, encoding="utf-8").read())
        for no, line in enumerate(code.splitlines(), 1):
            if re.search(r'"--[a-z]', line):
                found.append(f"{rel(root, path)}:{no}: {line.strip()}")
    return found


def mutable_members(root):
    found = []
    for path in files_under(root, CODE_DIRS, SOURCE_EXT):
        code = strip_comments(open(path, encoding="utf-8").read())
        for no, line in enumerate(code.splitlines(), 1):
            if re.search(r"\bmutable\b", line) and not re.search(r"mutex|\[[^\]]*\]\s*\(", line):
                found.append(f"{rel(root, path)}:{no}: {line.strip()}")
    return found


def ticket_numbers(root):
    found = []
    pattern = re.compile(r"\bissues?\s+#?[0-9]+", re.I)
    me = os.path.abspath(__file__)
    for path in files_under(root, TICKET_DIRS, TICKET_EXT):
        if os.path.abspath(path) == me:
            continue
        for no, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
            if pattern.search(line):
                found.append(f"{rel(root, path)}:{no}: {line.strip()[:100]}")
    return found


def room_of(path):
    """app/document/X.cpp -> app/document; morph/Scene.h -> morph."""
    return os.path.dirname(path)


def include_graph(root):
    edges = collections.Counter()
    for path in files_under(root, CODE_DIRS, SOURCE_EXT):
        src = room_of(rel(root, path))
        for line in open(path, encoding="utf-8"):
            m = re.match(r'\s*#\s*include\s*"((?:app|renderer|morph)/[^"]+)"', line)
            if m:
                dst = room_of(m.group(1))
                if dst != src:
                    edges[(src, dst)] += 1
    return edges


def cycles(edges, prefix):
    graph = collections.defaultdict(set)
    for (a, b) in edges:
        if a.startswith(prefix) and b.startswith(prefix):
            graph[a].add(b)
    found = []
    for (a, b) in sorted(edges):
        if a.startswith(prefix) and b.startswith(prefix):
            # Is there a path back from b to a?
            seen, stack = set(), [b]
            while stack:
                n = stack.pop()
                if n == a:
                    found.append(f"{a} -> {b} and back ({a} is reachable from {b})")
                    break
                if n in seen:
                    continue
                seen.add(n)
                stack.extend(graph[n])
    return found


def largest_folder(root):
    counts = collections.Counter()
    for path in files_under(root, CODE_DIRS, (".cpp",)):
        counts[room_of(rel(root, path))] += 1
    folder, count = counts.most_common(1)[0]
    return folder, count


def frame_walk_files(root):
    text = open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8").read()
    m = re.search(r"^## One frame.*?$(.*?)^## ", text, flags=re.S | re.M)
    if not m:
        sys.exit("check.py: docs/ARCHITECTURE.md has no section '## One frame ...'")
    names = re.findall(r"[A-Za-z0-9_/]+\.cpp", m.group(1))
    return sorted({os.path.basename(n) for n in names})


def line_count(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return sum(1 for _ in f)


def long_pass_files(root):
    found = []
    for path in files_under(root, ("renderer",), (".cpp",)):
        if path.endswith("Pass.cpp"):
            n = line_count(root, path)
            if n > PASS_FILE_LINES:
                found.append(f"{rel(root, path)}: {n} lines (at most {PASS_FILE_LINES})")
    return found


def raw_gl_calls(root):
    found = []
    call = re.compile(r"(?<![\w:.>])gl[A-Z]\w*\s*\(")
    for path in files_under(root, ("app",), SOURCE_EXT):
        if rel(root, path) in GL_CONTEXT_FILES:
            continue
        code = strip_comments(open(path, encoding="utf-8").read())
        for no, line in enumerate(code.splitlines(), 1):
            if call.search(line):
                found.append(f"{rel(root, path)}:{no}: {line.strip()}")
    return found


def clock_code(root):
    found = []
    for path in UNTIMED_FILES:
        code = strip_comments(open(os.path.join(root, path), encoding="utf-8").read())
        for no, line in enumerate(code.splitlines(), 1):
            if re.search(r"std::chrono|steady_clock", line):
                found.append(f"{path}:{no}: {line.strip()}")
    return found


def snake_case(stem):
    """MorphPathsGLTest -> morph_paths_gl_test."""
    stem = re.sub(r"GL(?=Test$)", "Gl", stem)
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", stem).lower()


def test_namespaces(root):
    found = []
    for d in ("morph", "app", "renderer"):
        folder = os.path.join(root, "tests", d)
        for name in sorted(os.listdir(folder)):
            if not name.endswith("Test.cpp"):
                continue
            ns = snake_case(name[:-4])
            code = open(os.path.join(folder, name), encoding="utf-8").read()
            if not re.search(r"^namespace (morph::)?%s \{" % ns, code, re.M):
                found.append(f"tests/{d}/{name}: no `namespace {ns} {{` (or morph::{ns})")
    return found


def shot_spec_text(root):
    code = strip_comments(open(os.path.join(root, SHOT_SPEC_FILE), encoding="utf-8").read())
    start = re.search(r"\bstruct\s+ShotSpec\s*\{", code)
    if not start:
        return [f"{SHOT_SPEC_FILE}: no struct ShotSpec"]
    depth, body = 1, []
    for ch in code[start.end():]:  # the struct's own statements; nested braces blanked
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth == 0:
            break
        body.append(ch if depth == 1 and ch != "}" else " ")
    found = []
    for member in "".join(body).split(";"):
        if "std::string" not in member or "(" in member:
            continue
        name = re.split(r"[={]", member)[0].split()[-1]
        if name not in SHOT_SPEC_TEXT_ALLOWED:
            found.append(f"{SHOT_SPEC_FILE}: ShotSpec::{name}: {' '.join(member.split())}")
    return found


def window_member_files(root):
    """The .cpp files of app/ that define a ViewerWindow member (at the start of a line)."""
    found = []
    definition = re.compile(r"^[A-Za-z].*\bViewerWindow::~?\w+\s*\(")
    for path in files_under(root, ("app",), (".cpp",)):
        code = strip_comments(open(path, encoding="utf-8").read())
        if any(definition.match(line) for line in code.splitlines()):
            found.append(rel(root, path))
    return found


def in_feature(path, dirs):
    return any(path == d or path.startswith(d + os.sep) for d in dirs)


def feature_includers(root):
    """The files outside a viewer feature's room that include from it, for the feature with the
    most ("room: file" each)."""
    by_feature = collections.defaultdict(set)
    dirs = feature_dirs(root)
    for path in files_under(root, CODE_DIRS + ("tests",), SOURCE_EXT):
        src = rel(root, path)
        for line in open(path, encoding="utf-8"):
            m = re.match(r'\s*#\s*include\s*"(app/viewer/[^"]+)"', line)
            if not m:
                continue
            for d in dirs:
                if m.group(1).startswith(d + "/") and not in_feature(src, dirs):
                    by_feature[d].add(src)
    if not by_feature:
        return []
    room, files = max(sorted(by_feature.items()), key=lambda item: len(item[1]))
    return [f"{room}: {f}" for f in sorted(files)]


def session_viewer_includes(root):
    found = []
    for path in files_under(root, (os.path.join("app", "session"),), SOURCE_EXT):
        for no, line in enumerate(open(path, encoding="utf-8"), 1):
            if re.match(r'\s*#\s*include\s*"app/viewer/', line):
                found.append(f"{rel(root, path)}:{no}: {line.strip()}")
    return found


def mermaid(edges):
    rooms = sorted({r for e in edges for r in e})
    ids = {r: "r" + re.sub(r"\W", "_", r) for r in rooms}
    lines = ["graph TD"]
    for r in rooms:
        lines.append(f'  {ids[r]}["{r}/"]')
    for (a, b), n in sorted(edges.items()):
        lines.append(f"  {ids[a]} -->|{n}| {ids[b]}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    parser.add_argument("--table", action="store_true", help="print every measure")
    parser.add_argument("--graph", nargs="?", const="", metavar="PREFIX",
                        help="print the rooms (those under PREFIX: morph, app, ...) as Mermaid")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    edges = include_graph(root)
    if args.graph is not None:
        inside = {e: n for e, n in edges.items() if all(r.startswith(args.graph) for r in e)}
        print(mermaid(inside))
        return 0
    folder, count = largest_folder(root)
    walk = frame_walk_files(root)
    window_files = window_member_files(root)
    measures = {
        "long functions": long_functions(root),
        "option names in renderer": option_names(root),
        "mutable members": mutable_members(root),
        "ticket numbers": ticket_numbers(root),
        "morph room cycles": cycles(edges, "morph"),
        "largest folder's .cpp files": count,
        "frame walk's .cpp files": len(walk),
        "docs paths": docs_paths.broken_paths(root),
        "SceneRenderer.cpp's lines": line_count(root, SCENE_RENDERER),
        "pass files over 250 lines": long_pass_files(root),
        "raw GL calls in app": raw_gl_calls(root),
        "clock code in the draw": clock_code(root),
        "test files without their namespace": test_namespaces(root),
        "text members in ShotSpec": shot_spec_text(root),
        "ViewerWindow member files": len(window_files),
        "ViewerWindow members in features": [f for f in window_files
                                             if in_feature(f, feature_dirs(root))],
        "files including a viewer feature": feature_includers(root),
        "session includes of viewer": session_viewer_includes(root),
    }
    broken = 0
    for name, value in measures.items():
        number = value if isinstance(value, int) else len(value)
        ok = number <= LIMITS[name]
        broken += not ok
        extra = f" ({folder})" if name.startswith("largest") else ""
        if args.table or not ok:
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {number}{extra} (at most {LIMITS[name]})")
        if not ok and isinstance(value, list):
            for place in value:
                print(f"       {place}")
    if args.table:
        print("frame walk names: " + ", ".join(walk))
        print("ViewerWindow member files: " + ", ".join(sorted(window_files)))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
