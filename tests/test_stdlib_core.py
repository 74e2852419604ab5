"""The engine imports only the standard library; applications import the engine, never the reverse.

Layout (``engine/``): ``core`` (game-agnostic), ``cardlang`` (the card language), ``capeclash`` and
``dice`` (the two games), ``ai`` (computer players). Everything under ``engine/`` runs under
Pyodide in the browser, where PyYAML, Pillow, ray and rich are not installed, so it may import the
standard library and the engine only. The applications live in ``apps/`` (command line, terminal
game, simulations, balance reports, benches); ``apps/webapi.py`` runs under Pyodide too, so it is
held to the engine's rule. The layers: ``core`` imports nothing else of the engine; ``cardlang``
and ``capeclash`` import ``core`` and each other; ``dice`` imports only ``core``; the AI imports
any of them.

A module outside the standard library is allowed only when ``LAZY`` lists it with the reason, and
only inside a function (never at module level), so importing the engine never needs it. The check
reads the source (``ast``), so it also sees imports in functions no test calls.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
# applications that run under Pyodide: checked like the engine (stdlib and engine only)
PYODIDE_APPS = {"apps.webapi"}
PACKAGES = {"core", "cardlang", "capeclash", "dice", "ai"}
# what each engine package may import of the engine (besides itself)
# (the card language executes against Cape Clash's state, and Cape Clash runs its cards: the two
# depend on each other; Derring-Dice and the core know nothing of either)
LAYERS = {
    "core": set(),
    "cardlang": {"core", "capeclash"},
    "capeclash": {"core", "cardlang"},
    "dice": {"core"},
    "ai": {"core", "cardlang", "capeclash", "dice"},
}

# (module, engine module above its layer): why it is fine; the import must be inside a function
UPWARD = {
    ("engine.capeclash.tutorial", "engine.ai.simple"): "the guided first game's opponent plays by the "
                                                       "simple policy",
}

# (module, top-level package outside the standard library): why it is fine
LAZY = {
    ("engine.core.data", "yaml"): "reading YAML data is for the tools (validate, build, tests); the "
                                  "browser gets the cards as JSON built by web/build.py, so Pyodide "
                                  "never calls parse_yaml/_safe_loader",
}


def module_name(path: Path, root: Path | None = None) -> str:
    rel = path.relative_to(root or ROOT).with_suffix("")
    return ".".join(p for p in rel.parts if p != "__init__")


def imports(path: Path, root: Path | None = None) -> list[tuple[str, int, bool]]:
    """(imported module as an absolute dotted name, line, at module level) for every import in the
    file; relative imports are resolved against the file's package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    pkg = module_name(path, root).split(".")
    if path.name != "__init__.py":
        pkg = pkg[:-1]
    top_level = {id(n) for n in tree.body}
    for n in ast.walk(tree):  # module-level also counts statements under if/try at module level
        if isinstance(n, (ast.If, ast.Try)) and id(n) in top_level:
            top_level |= {id(c) for c in ast.walk(n) if not isinstance(c, (ast.FunctionDef, ast.ClassDef))}
    out = []
    for n in ast.walk(tree):
        names = []
        if isinstance(n, ast.Import):
            names = [a.name for a in n.names]
        elif isinstance(n, ast.ImportFrom):
            base = pkg[:len(pkg) - (n.level - 1)] if n.level else []
            mod = ".".join(base + ([n.module] if n.module else []))
            if n.module:
                names = [mod]
            else:  # from . import a, b
                names = [f"{mod}.{a.name}" for a in n.names]
            if mod in ("engine",) + tuple(f"engine.{p}" for p in PACKAGES):
                names = [f"{mod}.{a.name}" for a in n.names]  # from engine.capeclash import combat
        for name in names:
            out.append((name, n.lineno, id(n) in top_level))
    return out


def engine_modules(root: Path | None = None) -> list[Path]:
    base = (root or ROOT) / "engine"
    return [p for p in sorted(base.rglob("*.py")) if "__pycache__" not in p.parts]


def browser_modules() -> list[Path]:
    return engine_modules() + [ROOT / (m.replace(".", "/") + ".py") for m in sorted(PYODIDE_APPS)]


def problems_of(path: Path, root: Path | None = None) -> list[str]:
    me = module_name(path, root)
    layer = me.split(".")[1] if me.startswith("engine.") and me.count(".") >= 2 else None
    out = []
    for name, line, at_top in imports(path, root):
        where = f"{path.relative_to(root or ROOT).as_posix()}:{line}"
        top = name.split(".")[0]
        if top == "apps":
            if not me.startswith("apps."):
                out.append(f"{where}: imports the application {name}")
            continue
        if top == "engine":
            parts = name.split(".")
            target = parts[1] if len(parts) > 1 else None
            if layer and target in PACKAGES and target != layer and target not in LAYERS.get(layer, set()):
                if (me, name) in UPWARD and not at_top:
                    continue
                out.append(f"{where}: engine.{layer} may not import {name} (layers: {sorted(LAYERS[layer])})")
            continue
        if top in sys.stdlib_module_names:
            continue
        reason = LAZY.get((me, top))
        if reason is None:
            out.append(f"{where}: imports {name}, not in the standard library")
        elif at_top:
            out.append(f"{where}: imports {name} at module level (allowed only inside a function)")
    return out


def test_the_engine_folder_shows_the_layout():
    """engine/ holds the five packages and its public surface (``__init__.py``), nothing else."""
    entries = {p.name for p in ENGINE.iterdir() if p.name != "__pycache__"}
    assert entries == PACKAGES | {"__init__.py"}, entries
    assert all((ENGINE / p / "__init__.py").exists() for p in PACKAGES)


def test_the_lists_name_real_modules():
    names = {module_name(p) for p in browser_modules()}
    assert PYODIDE_APPS <= names
    assert {m for m, _ in LAZY} <= names
    assert {m for m, _ in UPWARD} <= names


@pytest.mark.parametrize("path", browser_modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_engine_module_imports_only_the_standard_library(path):
    assert problems_of(path) == []


def test_the_check_catches_a_leak(tmp_path):
    """The checker itself: a module-level yaml import, an application import, a layer broken and a
    lazy import outside the allow-list are each reported."""
    core = tmp_path / "engine" / "core"
    core.mkdir(parents=True)
    (core / "good.py").write_text("import json\nfrom . import rng\n")
    (core / "bad.py").write_text("import yaml\nfrom apps.cli import main\nfrom engine.capeclash import game\n"
                                 "def f():\n    import PIL\n")
    (core / "data.py").write_text("import yaml\n")
    assert problems_of(core / "good.py", tmp_path) == []
    bad = problems_of(core / "bad.py", tmp_path)
    assert len(bad) == 4 and "yaml" in bad[0] and "apps.cli" in bad[1] and "engine.core may not" in bad[2] \
        and "PIL" in bad[3], bad
    assert "module level" in problems_of(core / "data.py", tmp_path)[0]
