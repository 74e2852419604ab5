"""Every repository path written in backquotes in the README files and docs/ exists.

A path is a backquoted text starting with one of the repository's folders (``engine/``, ``apps/``,
``tests/``, ``tools/``, ``card_data/``, ``printgen/``, ``web/``). A placeholder (``<card id>``) or a
glob (``*``) stands for files to be made or many files: then the folder before it must exist
(for a placeholder, that folder or the one holding it: an art folder appears with the first
picture; for a glob, at least one file must match). Files a build writes (``dist/``, ``out/``) are not
repository paths and are not checked.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "web" / "README.md",
        ROOT / "printgen" / "README.md"]
PREFIXES = ("engine/", "apps/", "tests/", "tools/", "card_data/", "printgen/", "web/")
TICKS = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"[^\s<]*(?:<[^>]*>[^\s<]*)*")  # up to the first space outside a <placeholder>


def repo_paths(text: str) -> list[tuple[int, str]]:
    """(line number, path) for each backquoted path in ``text``. A command line (`capeclash ...`)
    is no path; a path followed by an argument or ``::test`` is cut at it."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in TICKS.finditer(line):
            t = m.group(1).strip()
            if t.startswith(PREFIXES):
                path = PATH.match(t).group(0).split("::")[0]
                out.append((n, path.rstrip(".,;:")))
    return out


def missing(path: str) -> str | None:
    """Why ``path`` does not exist in the repository, or None when it does."""
    if "<" in path or "*" in path:
        fixed = re.split(r"[<*]", path)[0]
        folder = fixed if fixed.endswith("/") else fixed.rsplit("/", 1)[0] + "/"
        # a folder for files the user adds (card art) may not exist yet: then its parent must
        parent = folder.rstrip("/").rsplit("/", 1)[0] + "/" if "<" in path else folder
        if not (ROOT / folder).is_dir() and not (ROOT / parent).is_dir():
            return f"no folder {folder}"
        if "*" in path and "<" not in path and not glob.glob(str(ROOT / path), recursive=True):
            return "no file matches"
        return None
    return None if (ROOT / path).exists() else "does not exist"


@pytest.mark.parametrize("doc", DOCS, ids=[d.relative_to(ROOT).as_posix() for d in DOCS])
def test_backquoted_repo_paths_exist(doc):
    problems = [f"{doc.relative_to(ROOT)}:{n}: `{p}` {why}"
                for n, p in repo_paths(doc.read_text(encoding="utf-8")) if (why := missing(p))]
    assert problems == [], "\n".join(problems)


def test_the_check_sees_paths_and_catches_a_stale_one():
    text = ("Run `capeclash scenario`; see `engine/core/protocol.py`, `engine/game.py`, `tests/test_soak.py::test_x`,\n"
            "`card_data/art/<card id>.png`, `engine/**/*.py`, `apps/nowhere/*.py` and `web/static/`,\n"
            "`card_data/nowhere/art/<card id>.png`, `tools/*.nothing`.")
    found = repo_paths(text)
    assert [p for _n, p in found] == ["engine/core/protocol.py", "engine/game.py", "tests/test_soak.py",
                                      "card_data/art/<card id>.png", "engine/**/*.py", "apps/nowhere/*.py",
                                      "web/static/", "card_data/nowhere/art/<card id>.png", "tools/*.nothing"]
    assert {p: missing(p) for _n, p in found} == {
        "engine/core/protocol.py": None, "engine/game.py": "does not exist", "tests/test_soak.py": None,
        "card_data/art/<card id>.png": None, "engine/**/*.py": None, "apps/nowhere/*.py": "no folder apps/nowhere/",
        "web/static/": None, "card_data/nowhere/art/<card id>.png": "no folder card_data/nowhere/art/",
        "tools/*.nothing": "no file matches"}
