#!/usr/bin/env python3
"""Paths in the documentation lead somewhere in the checkout (python3, stdlib only; run by
tests/structure/check.py as its "docs paths" measure, or alone: `python3
tests/structure/docs_paths.py --root .`).

What it reads: README.md and every text file under docs/ (markdown, JSON, logs; files with a NUL
byte, such as images, are skipped). Each broken rule is printed as FILE:LINE: what, and the
script exits 1 if there is any.

  1. No absolute machine path: /tmp, /root, /home or /work followed by `/` or the end of the
     name, anywhere in those files (a run's scratch files are written `<scratch>/NAME`, the test
     corpus beside the checkout `../shared/corpus/...`, `../shared/avatars/...`).
  2. In markdown files only, a repo path that does not exist in the checkout:
     - a relative link `[text](target)`, resolved from the file's own folder (an `#anchor` is
       dropped; http(s):, mailto: and pure anchors are not paths);
     - a word in backticks that starts with app/ renderer/ morph/ shaders/ tests/ docs/ assets/
       third_party/ or .ci/ (read from the repository root; a trailing `:LINE`, `,`, `.`, `;`
       or `)` is not part of it).
     A path exists when it is a file or folder of the checkout (`git ls-files` with untracked,
     not ignored files; a plain walk where git is not available), or when it names a file
     without its extension (`renderer/EglContext` for EglContext.h and .cpp).
     A missing path is not reported when it is a pattern or a placeholder: it holds `*`, `<`,
     `{` or `$`, or (backticked words only) `...`, or one of its parts, less the extension, is
     an upper-case word of two or more letters (NAME, FILE, DIR) or contains `Xxx`
     (XxxCommand.cpp).
"""
import argparse
import os
import re
import subprocess
import sys

MACHINE_PATH = re.compile(r"(?<![\w.~/-])/(?:tmp|root|home|work)(?=[/\s\"'`),;:\]]|$)")
REPO_PREFIXES = ("app/", "renderer/", "morph/", "shaders/", "tests/", "docs/", "assets/",
                 "third_party/", ".ci/")
BACKTICKS = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")  # the text may span lines
PLACEHOLDER_PART = re.compile(r"^[A-Z][A-Z0-9_]+$")


def checkout_paths(root):
    """Every file of the checkout, and every folder above one, relative to root."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                             cwd=root, capture_output=True, check=True).stdout.decode("utf-8")
        files = [f for f in out.split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for base, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in (".git", "build", "node_modules")]
            files += [os.path.relpath(os.path.join(base, n), root) for n in names]
    files = [f.replace(os.sep, "/") for f in files if os.path.exists(os.path.join(root, f))]
    paths, stems = set(files), set()
    for f in files:
        stems.add(os.path.splitext(f)[0])
        parent = os.path.dirname(f)
        while parent:
            paths.add(parent)
            parent = os.path.dirname(parent)
    return paths, stems


def exists(path, paths, stems):
    path = os.path.normpath(path).replace(os.sep, "/")
    return path in paths or path in stems or path == "."


def is_placeholder(path):
    if re.search(r"[*<{$]|\.\.\.", path):
        return True
    for part in path.split("/"):
        stem = part.split(".")[0]
        if "Xxx" in part or PLACEHOLDER_PART.match(stem):
            return True
    return False


def doc_files(root):
    if os.path.isfile(os.path.join(root, "README.md")):
        yield "README.md"
    for base, dirs, names in os.walk(os.path.join(root, "docs")):
        dirs.sort()
        for n in sorted(names):
            yield os.path.relpath(os.path.join(base, n), root).replace(os.sep, "/")


def read_text(root, rel):
    data = open(os.path.join(root, rel), "rb").read()
    if b"\0" in data:
        return None
    return data.decode("utf-8", errors="replace")


def repo_word(word):
    """The repo path a backticked word names, or None."""
    word = word.strip().strip("\"'(")
    word = re.sub(r"(:[0-9]+(-[0-9]+)?)?[,.;:)]*$", "", word)
    if word.startswith(REPO_PREFIXES) and "://" not in word:
        return word
    return None


def check_links(root, rel, text, paths, stems, found):
    for m in LINK.finditer(text):
        no = text.count("\n", 0, m.start(1)) + 1
        target = m.group(1).split("#")[0]
        if not target or re.match(r"^[a-z]+:", target):
            continue
        resolved = os.path.relpath(os.path.join(root, os.path.dirname(rel), target), root)
        if resolved.startswith(".."):
            continue  # beside the checkout (../shared/...): not the checkout's to hold
        if not exists(resolved, paths, stems) and not re.search(r"[*<{$]", target):
            found.append(f"{rel}:{no}: link to a missing file: {m.group(1)}")


def check_backticks(rel, no, line, paths, stems, found):
    for m in BACKTICKS.finditer(line):
        for word in m.group(1).split():
            path = repo_word(word)
            if path and not exists(path, paths, stems) and not is_placeholder(path):
                found.append(f"{rel}:{no}: missing repo path: {path}")


def broken_paths(root):
    """FILE:LINE: what, for every broken rule under root."""
    root = os.path.abspath(root)
    paths, stems = checkout_paths(root)
    found = []
    for rel in doc_files(root):
        text = read_text(root, rel)
        if text is None:
            continue
        for no, line in enumerate(text.splitlines(), 1):
            for m in MACHINE_PATH.finditer(line):
                snippet = line[m.start():m.start() + 60].split()[0].rstrip("\"'`,;:)]")
                found.append(f"{rel}:{no}: machine path: {snippet}")
            if rel.endswith(".md"):
                check_backticks(rel, no, line, paths, stems, found)
        if rel.endswith(".md"):
            check_links(root, rel, text, paths, stems, found)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    args = parser.parse_args()
    found = broken_paths(args.root)
    for place in found:
        print(place)
    if found:
        print(f"docs_paths.py: {len(found)} broken path(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
