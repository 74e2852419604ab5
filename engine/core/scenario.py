"""The scenario runner's front, shared by the games: running a scenario's script, matching its
expectations, finding and reading the files, reporting.

A scenario is a start position, a script of actions and what must follow (see
``engine.capeclash.scenario`` and ``engine.dice.scenario`` for each game's file format). Each game
provides its part as a ``ScenarioGame``: the position builder (``start``), the action resolver
(names instead of ids, ``resolve``), the expectation matcher (``expect``: a list of failures)
and, optionally, script steps of its own (``step``, e.g. the dice game's forced die rolls). This
module runs the script the same way for every game:

* ``{check: [...]}`` matches expectations in the middle of the script;
* an action marked ``illegal: true`` must be refused, with ``error`` (text the message mentions)
  and ``code`` (the error code) when given, and the refusal must change nothing;
* any other action must be accepted; the first that is not ends the script;
* the file's ``expect`` list is matched at the end (unless the script broke off).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.errors import CapeClashError, DataError, IllegalActionError, Problem, cut


@dataclass
class ScenarioGame:
    """One game's scenario parts (see the module's documentation)."""

    name: str                                           # the ruleset ("capeclash", "dice")
    check: Callable[[Any, Any, str | None], list]       # (data, pool, source) -> problems of the file
    start: Callable[[dict, Any, str | None], Any]       # (data, pool, source) -> a game at the start
    resolve: Callable[[Any, Any], Any]                  # (game, raw step) -> an Action
    expect: Callable[[Any, list], list[str]]            # (game, expectations) -> failures
    step: Callable[[Any, Any], bool] | None = None      # (game, raw step) -> True when it was one of its own


class ScenarioRun:
    """A scenario's outcome: the game as the script left it, the failures, the game's log."""

    def __init__(self, game: Any, failures: list[str], log: list[str]):
        self.game, self.failures, self.log = game, failures, log

    @property
    def ok(self) -> bool:
        return not self.failures


def run(sg: ScenarioGame, data: dict, pool: Any, source: str | None = None) -> ScenarioRun:
    """Run a scenario (already checked with ``sg.check``): lay out the start, play the script,
    match the expectations."""
    g = sg.start(data, pool, source)
    failures, broke = run_script(sg, g, data.get("actions") or [])
    if not broke:
        failures += sg.expect(g, data.get("expect") or [])
    return ScenarioRun(g, failures, g.log_lines(None))


def run_script(sg: ScenarioGame, g: Any, steps: list) -> tuple[list[str], bool]:
    """Play a scenario's ``actions`` on ``g``; returns the failures and whether the script broke off."""
    failures: list[str] = []
    for i, raw in enumerate(steps):
        if isinstance(raw, dict) and "check" in raw:
            failures += [f"after action {i}: {f}" for f in sg.expect(g, raw["check"])]
            continue
        if sg.step is not None and sg.step(g, raw):
            continue
        want_illegal = isinstance(raw, dict) and bool(raw.get("illegal"))
        try:
            action = sg.resolve(g, raw)
        except CapeClashError as e:
            if want_illegal:  # not even offered in that shape: refused, as the script wants
                failures += _refusal_problems(raw, e, i)
                continue
            failures.append(f"action {i} ({show(raw)}): {e}")
            return failures, True
        before = g.state_hash() if want_illegal else None
        try:
            g.apply(action)
        except IllegalActionError as e:
            if not want_illegal:
                failures.append(f"action {i} ({show(raw)}) was refused: {e}")
                return failures, True
            if g.state_hash() != before:
                failures.append(f"action {i}: the refused action changed the game state")
            failures += _refusal_problems(raw, e, i)
            continue
        except CapeClashError as e:
            failures.append(f"action {i} ({show(raw)}): {e}")
            return failures, True
        if want_illegal:
            failures.append(f"action {i} ({show(raw)}: {g.describe(action)}) was accepted but should be illegal")
            return failures, True
    return failures, False


def _refusal_problems(raw: dict, e: CapeClashError, i: int) -> list[str]:
    out = []
    want = raw.get("error")
    if want and str(want).lower() not in str(e).lower():
        out.append(f"action {i}: the error should mention {want!r}, got: {e}")
    if raw.get("code") and raw["code"] != e.code:
        out.append(f"action {i}: error code {e.code!r}, expected {raw['code']!r}")
    return out


def show(raw) -> str:
    """A script step as written, for messages."""
    return raw if isinstance(raw, str) else ", ".join(f"{k}: {v}" for k, v in raw.items()) \
        if isinstance(raw, dict) else str(raw)


# ------------------------------------------------------------------ files and reporting

def scenario_files(paths: list) -> list:
    """The scenario files under ``paths`` (files or folders), each once, in order; a path that cannot
    be read, or a folder without any, as a ``DataError`` in its place (reported with the others,
    not the end of the batch)."""
    from pathlib import Path

    from engine.core.data import data_files
    out: list = []
    seen: set = set()
    for given in paths:
        try:
            found = [f for f in data_files([given]) if f.suffix in (".yaml", ".yml", ".json") or Path(given) == f]
        except DataError as e:
            out.append(e)
            continue
        if not found:
            out.append(DataError([Problem(str(given), None, None, "no scenario files (.yaml) in this folder")]))
        for f in found:
            if f.resolve() not in seen:
                seen.add(f.resolve())
                out.append(f)
    return out


def run_files(sg: ScenarioGame, pool: Any, files: list, *, quiet: bool = False, verbose: bool = False,
              out=print) -> tuple[int, int]:
    """Read, check and run scenario files (paths, or ``DataError`` for a path that named nothing:
    ``scenario_files``), printing ``ok``/``FAIL`` lines (``quiet``: the failures only; ``verbose``:
    a failing scenario's game log too). A file's problems are shown at their fields' lines; a file
    of another game's fails naming it; an engine crash fails that scenario, not the batch.
    Returns (passed, failed)."""
    from engine.core.data import read_data
    failed = 0
    for f in files:
        if isinstance(f, DataError):
            failed += 1
            out(f"FAIL {f.problems[0].file}\n  {f}")
            continue
        lines = None
        data: Any = None  # each game's checker says what is wrong with a file that is not a mapping
        try:
            dups: list[Problem] = []  # a key given twice is listed with the file's other problems
            data, lines = read_data(f, dups)
            game = data.get("game", "capeclash") if isinstance(data, dict) else sg.name
            if game != sg.name:
                raise DataError([*dups, Problem(str(f), None, "game", f"a scenario of another game ({game!r}): "
                                                                      f"run it with that game's scenario command")])
            problems = dups + sg.check(data, pool, str(f))
            if problems:
                raise DataError(problems)
            result = run(sg, data, pool, str(f))
        except DataError as e:
            failed += 1
            if lines is not None:
                lines.locate(e.problems, str(f))
                e = DataError(e.problems)
            out(f"FAIL {f}\n  {e}")
            continue
        except Exception as e:  # noqa: BLE001 - an engine bug fails this scenario, not the whole batch
            failed += 1
            out(f"FAIL {f}: the engine crashed: {type(e).__name__}: {cut(str(e), 300)}")
            continue
        if result.ok:
            if not quiet:
                out(f"ok   {f}: {data.get('scenario')}")
            continue
        failed += 1
        out(f"FAIL {f}: {data.get('scenario')}")
        for line in result.failures:
            out(f"  - {line}")
        if verbose:
            out("  log:\n    " + "\n    ".join(result.log))
    return len(files) - failed, failed
