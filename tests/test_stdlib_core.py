"""The engine's core imports only the standard library and never an application.

The core is every module of ``engine/`` except the applications listed in ``APPS``: it runs under
Pyodide in the browser, where PyYAML, Pillow, ray and rich are not installed, and an application
must be free to import the engine, never the other way round. The web API (``engine/webapi.py``)
is an application too, but it runs under Pyodide, so it may import the core and the standard
library only, like the core.

A module outside the standard library is allowed in the core only when ``LAZY`` lists it with the
reason, and only inside a function (never at module level), so importing the core never needs it.
The check reads the source (``ast``), so it also sees imports in functions no test calls.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "engine"

# the applications: they import the engine; no core module may import them
APPS = {
    "cli": "the command line (argparse front end of every tool)",
    "tty": "the terminal game (curses/rich-free text front end)",
    "simulate": "simulations: ray for parallel runs, rich for progress bars",
    "balance": "the balance report: Pillow for charts",
    "bench": "the engine benches",
    "starter_balance": "the starter decks' balance report (runs simulations)",
    "ai.bench": "the AI benches (imports simulate)",
    "ai.tune": "fits the learned evaluation offline (imports ai.bench)",
    "dice.bench": "the dice game's benches (imports bench)",
    "dice.cli": "the dice game's command line",
}
# applications that run under Pyodide: checked like the core (stdlib and core only)
PYODIDE_APPS = {"webapi"}

# (core module, top-level package outside the standard library): why it is fine
LAZY = {
    ("loader", "yaml"): "reading the YAML card data is for the tools (validate, build, tests); "
                        "the browser gets the cards as JSON built by web/build.py, so Pyodide "
                        "never calls parse_yaml/_safe_loader",
}


def module_name(path: Path) -> str:
    rel = path.relative_to(ENGINE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(parts)


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """(imported module as ``engine``-relative dotted name or absolute top name, line, at module
    level) for every import in the file; relative imports are resolved against the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    pkg = module_name(path).split(".")
    if path.name != "__init__.py":
        pkg = pkg[:-1]
    pkg = [p for p in pkg if p]
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
            if n.level:
                base = pkg[:len(pkg) - (n.level - 1)] if n.level > 1 else pkg
                mod = ".".join(base + ([n.module] if n.module else []))
                if n.module:
                    names = ["engine." + mod if mod else "engine"]
                else:  # from . import a, b
                    names = ["engine." + ".".join(base + [a.name]) if base else "engine." + a.name
                             for a in n.names]
            else:
                names = [n.module]
                if n.module == "engine":
                    names = ["engine." + a.name for a in n.names]
        for name in names:
            out.append((name, n.lineno, id(n) in top_level))
    return out


def core_modules() -> list[Path]:
    return [p for p in sorted(ENGINE.rglob("*.py"))
            if "__pycache__" not in p.parts and module_name(p) not in APPS]


def problems_of(path: Path) -> list[str]:
    me = module_name(path)
    out = []
    for name, line, at_top in imports(path):
        where = f"engine/{path.relative_to(ENGINE).as_posix()}:{line}"
        if name.startswith("engine."):
            target = name[len("engine."):]
            app = next((a for a in APPS if target == a or target.startswith(a + ".")), None)
            if app:
                out.append(f"{where}: imports the application engine.{app}")
            elif me not in PYODIDE_APPS and target in PYODIDE_APPS:
                out.append(f"{where}: imports the application engine.{target}")
            continue
        top = name.split(".")[0]
        if top == "engine" or top in sys.stdlib_module_names:
            continue
        reason = LAZY.get((me, top))
        if reason is None:
            out.append(f"{where}: imports {name}, not in the standard library")
        elif at_top:
            out.append(f"{where}: imports {name} at module level (allowed only inside a function)")
    return out


def test_the_lists_name_real_modules():
    names = {module_name(p) for p in ENGINE.rglob("*.py")}
    assert set(APPS) <= names, set(APPS) - names
    assert PYODIDE_APPS <= names
    assert {m for m, _ in LAZY} <= names


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_core_module_imports_only_the_standard_library(path):
    assert problems_of(path) == []


def test_the_check_catches_a_leak(tmp_path, monkeypatch):
    """The checker itself: a module-level yaml import, an application import and a lazy yaml
    import outside the allow-list are each reported."""
    fake = tmp_path / "engine"
    fake.mkdir()
    (fake / "good.py").write_text("import json\nfrom . import rng\n")
    (fake / "bad.py").write_text("import yaml\nfrom .cli import main\nfrom engine import tty\n"
                                 "def f():\n    import PIL\n")
    (fake / "loader.py").write_text("import yaml\n")
    monkeypatch.setattr(sys.modules[__name__], "ENGINE", fake)
    assert problems_of(fake / "good.py") == []
    bad = problems_of(fake / "bad.py")
    assert len(bad) == 4 and "yaml" in bad[0] and "engine.cli" in bad[1] and "engine.tty" in bad[2] \
        and "PIL" in bad[3], bad
    assert "module level" in problems_of(fake / "loader.py")[0]
