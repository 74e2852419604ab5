"""docs/architecture.md's code tree matches the code: every package and module listed with the first
sentence of its docstring, none that is gone (regenerate with ``python3 tools/tree.py --write``)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


def _tree():
    spec = importlib.util.spec_from_file_location("tools_tree", ROOT / "tools" / "tree.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


tree = _tree()


def test_architecture_doc_tree_matches_the_code():
    problems = tree.stale(DOC.read_text(encoding="utf-8"))
    assert problems == [], "docs/architecture.md's tree is stale; run: python3 tools/tree.py --write\n" + \
        "\n".join(problems)


def test_tree_lists_every_module_once():
    lines = tree.tree_lines()
    listed = []
    folder = None
    for line in lines:
        name = line.split()[0]
        if name.endswith("/"):
            folder = name
        else:
            listed.append(folder + name)
    on_disk = sorted(p.relative_to(ROOT).as_posix() for top in tree.TOP for p in (ROOT / top).rglob("*.py")
                     if "__pycache__" not in p.parts and p.name != "__init__.py")
    assert sorted(listed) == on_disk
    assert len(listed) == len(set(listed))


def test_stale_and_missing_lines_are_both_reported(tmp_path):
    text = DOC.read_text(encoding="utf-8")
    block = tree.current(text)
    lines = block.splitlines()
    core = next(i for i, ln in enumerate(lines) if ln.startswith("engine/core/"))
    gone = "    gone.py                             A module that no longer exists."
    edited = "\n".join(lines[:core + 1] + [gone] + [ln for ln in lines[core + 1:] if "protocol.py" not in ln])
    problems = tree.stale(text.replace(block, edited))
    assert any("gone.py" in p and p.startswith("stale") for p in problems)
    assert any("protocol.py" in p and p.startswith("missing") for p in problems)
    assert tree.stale("no tree here")[0].startswith("docs/architecture.md has no tree section")


def test_summary_is_the_first_sentence(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('"""First line goes\non here, e.g. with a wrap. Second sentence.\n\nMore."""\n')
    assert tree.summary(f) == "First line goes on here, e.g. with a wrap."
    f.write_text("x = 1\n")
    assert tree.summary(f) == "(no docstring)"
    f.write_text('"""' + "word " * 60 + '."""\n')
    s = tree.summary(f)
    assert len(s) <= tree.LONGEST and s.endswith(" ...")


def test_architecture_doc_answers_with_files_that_exist():
    """The four answers name files; each backquoted repo path in the page exists (the general check
    is tests/test_doc_paths.py; this one also fails if a section disappears)."""
    text = DOC.read_text(encoding="utf-8")
    for heading in ("## Where does Ferocious live?", "## How do I add an effect verb?", "## How do I add a keyword?",
                    "## How does a new game plug in?", "## Where tests go"):
        assert heading in text, heading
    assert re.search(r"`engine/capeclash/combat\.py`.*`_ferocious_stage`", text, re.S)
