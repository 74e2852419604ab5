"""Cross-runtime determinism: the same seeded games on CPython and under Pyodide.

``tests/pyodide/run_games.mjs`` plays random-policy games under Pyodide (Node,
no network) from a JSON card bundle written here; this module plays the same
games in-process with the same policy (``tests/pyodide/random_games.py``) and
requires identical action counts and state hashes at every checkpoint.

Needs Node and ``npm ci`` (Pyodide pinned in package.json / package-lock.json).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "pyodide"
SCRIPT = HERE / "run_games.mjs"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_VERSION = "314.0.7"
MODES = ["duel", "ffa", "2v2", "two_headed"]
SEEDS = [1, 2]
NODE_TIMEOUT = 180

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _random_games():
    spec = importlib.util.spec_from_file_location("random_games", HERE / "random_games.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_bundle(path: Path) -> None:
    """The testbed card set and its two decks as JSON (Pyodide has no PyYAML)."""
    from engine.capeclash.loader import raw_card_data
    from engine.capeclash.testing import TESTSET, test_decks

    cards, teams = raw_card_data([TESTSET])
    bundle = {"cards": cards, "teams": teams, "decks": [d.to_json() for d in test_decks()]}
    path.write_text(json.dumps(bundle, indent=1), encoding="utf-8")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: the Pyodide determinism check needs `node` (>= 18) on PATH")
    if not (PYODIDE_DIR / "pyodide.mjs").exists() or not (PYODIDE_DIR / "pyodide.asm.wasm").exists():
        pytest.fail(f"Pyodide is missing from {PYODIDE_DIR}: run `npm ci` in {ROOT}")
    bundle = tmp_path_factory.mktemp("pyodide") / "cards.json"
    write_bundle(bundle)
    cmd = [node, str(SCRIPT), "--bundle", str(bundle), "--modes", ",".join(MODES),
           "--seeds", ",".join(map(str, SEEDS)), "--timeout", str(NODE_TIMEOUT - 20)]
    try:
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=NODE_TIMEOUT,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"run_games.mjs did not finish within {NODE_TIMEOUT} s")
    if proc.returncode != 0:
        pytest.fail(f"run_games.mjs exited {proc.returncode}:\n{proc.stderr[-4000:]}\n{proc.stdout[-2000:]}")
    lines = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    games = {(g["mode"], g["seed"]): g for g in lines if "mode" in g}
    summaries = [x["summary"] for x in lines if "summary" in x]
    assert len(summaries) == 1, proc.stdout[-2000:]

    rg = _random_games()
    pool, decks = rg.read_bundle(str(bundle))
    cpython = {(m, s): rg.play(pool, decks, m, s) for m in MODES for s in SEEDS}
    return {"pyodide": games, "summary": summaries[0], "cpython": cpython, "bundle": bundle}


def test_pyodide_is_python_314(runs):
    s = runs["summary"]
    assert s["pyodide_version"] == PYODIDE_VERSION
    assert s["platform"] == "emscripten"
    assert s["python_version"].startswith("3.14."), s["python_version"]
    for g in runs["pyodide"].values():
        assert g["python_version"].startswith("3.14."), g


def test_same_games_on_cpython_and_pyodide(runs):
    py, cp = runs["pyodide"], runs["cpython"]
    assert sorted(py) == sorted(cp), "Pyodide did not play every game"
    problems = []
    for key in sorted(cp):
        a, b = cp[key], py[key]
        ha, hb = a["hashes_every_50_actions"], b["hashes_every_50_actions"]
        first = next((i for i, (x, y) in enumerate(zip(ha, hb, strict=False)) if x != y), None)
        if first is not None:
            problems.append(f"{key[0]} seed {key[1]}: first differing checkpoint after {first * 50} actions "
                            f"(CPython {ha[first]}, Pyodide {hb[first]})")
        elif a["actions"] != b["actions"] or a["final_hash"] != b["final_hash"] or len(ha) != len(hb):
            problems.append(f"{key[0]} seed {key[1]}: CPython {a['actions']} actions -> {a['final_hash']}, "
                            f"Pyodide {b['actions']} actions -> {b['final_hash']}")
        elif a["result"] != b["result"]:
            problems.append(f"{key[0]} seed {key[1]}: results differ: {a['result']} vs {b['result']}")
    assert not problems, "runtimes disagree:\n" + "\n".join(problems)
    for g in cp.values():
        assert g["is_over"], g


def test_engine_imports_only_the_standard_library_in_pyodide(runs):
    s = runs["summary"]
    assert s["yaml_loaded"] is False
    assert s["non_stdlib_modules"] == []
    assert s["loaded_packages"] == []
    assert "engine.capeclash.game" in s["new_modules"]
    assert not any(m == "yaml" or m.startswith("yaml.") for m in s["new_modules"])


def test_pyodide_run_touched_no_network(runs):
    s = runs["summary"]
    assert s["network_guard"] is True
    assert s["cdn_fallback_refused"] is True
    assert s["network_attempts"] == []


def test_json_bundle_plays_like_the_yaml_cards(runs):
    """The card bundle handed to Pyodide is faithful: the YAML-loaded testbed pool plays the same games.

    The decks go through ``Deck.to_json``/``Deck.from_json`` on both sides (the form a save
    stores): the order of a deck's card list changes the game for the same seed."""
    from engine.capeclash.decks import Deck
    from engine.capeclash.testing import test_decks, test_pool

    rg = _random_games()
    decks = [Deck.from_json(d.to_json()) for d in test_decks()]
    for mode in ("duel", "two_headed"):
        yaml_game = rg.play(test_pool(), decks, mode, SEEDS[0])
        bundle_game = runs["cpython"][(mode, SEEDS[0])]
        assert yaml_game["hashes_every_50_actions"] == bundle_game["hashes_every_50_actions"]
        assert yaml_game["final_hash"] == bundle_game["final_hash"]


def test_report_speed(runs):
    s = runs["summary"]
    py_ms = sum(g["ms"] for g in runs["pyodide"].values())
    cp_ms = sum(g["ms"] for g in runs["cpython"].values())
    n = len(runs["cpython"])
    assert py_ms > 0 and cp_ms > 0
    print(f"\nPyodide {s['pyodide_version']} (Python {s['python_version']}): boot {s['boot_ms'] / 1000:.2f} s; "
          f"{n} games: {py_ms / n:.0f} ms/game under Pyodide, {cp_ms / n:.0f} ms/game on CPython "
          f"{sys.version.split()[0]} (ratio {py_ms / cp_ms:.2f}x)")
