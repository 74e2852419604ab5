"""Bad input found by the audit (findings/FINDINGS.md, F2 F3 F5 F7 F8 and the CLI notes): each case must be
refused with a clear error naming the field, never accepted, never a hang."""

from __future__ import annotations

import time

import pytest

from engine import game as game_module
from engine.cards import CardPool, parse_cards
from engine.errors import DataError
from engine.loader import load_pool
from engine.scenario import run_scenario

DRONE = {"id": "drone", "name": "Drone", "type": "token", "atk": 1, "def": 1, "health": 1}


def _plot(effect) -> dict:
    return {"id": "pt-huge", "name": "Huge", "type": "plot_twist", "timing": "main", "effect": effect}


# ------------------------------------------------------------------ F7: every number in card data is bounded

@pytest.mark.parametrize("step, field", [
    ({"repeat": {"n": 1_000_000_000, "steps": [{"gain_xp": {"n": 1}}]}}, "effect[0].repeat.n"),
    ({"create_token": {"card": "drone", "n": 100_000_000}}, "effect[0].create_token.n"),
    ({"draw": {"n": 101}}, "effect[0].draw.n"),
    ({"gain_xp": {"n": -1}}, "effect[0].gain_xp.n"),
    ({"modify": {"target": "self", "atk": -1000}}, "effect[0].modify.atk"),
    ({"choose_number": {"min": 0, "max": 10 ** 9, "as": "x"}}, "effect[0].choose_number.max"),
    ({"choose_number": {"min": 5, "max": 2, "as": "x"}}, "effect[0].choose_number.max"),
    ({"if": {"cond": {"hand_at_least": 10 ** 12}, "then": [{"draw": {}}]}}, "hand_at_least"),
    ({"if": {"cond": {"count_at_least": {"count": "hand", "n": 10 ** 12}}, "then": [{"draw": {}}]}},
     "count_at_least.n"),
])
def test_card_amounts_are_bounded(step, field):
    """F7: a card whose effect repeats a billion times (or makes 10^8 tokens) validated, then hung the game
    when played. Every literal number is now bounded, with an error naming the card and field."""
    with pytest.raises(DataError) as e:
        CardPool.from_data([DRONE, _plot([step])])
    assert "card 'pt-huge'" in str(e.value) and field in str(e.value), str(e.value)


def test_a_stat_change_may_still_be_negative_and_a_card_stat_is_bounded():
    CardPool.from_data([DRONE, _plot([{"modify": {"target": "self", "atk": -2, "def": -100}}])])
    _, problems = parse_cards([{**DRONE, "atk": 10 ** 9}])
    assert any(p.field == "atk" and "from 0 to 100" in p.message for p in problems), problems


def _runaway_game(monkeypatch, steps_cap):
    """A plot twist that repeats 100 x 100 x 100 rounds (each amount within bounds), played from a
    scenario start."""
    pool = load_pool(["card_data"])
    inner = [{"gain_xp": {"n": 1}}]
    for _ in range(3):
        inner = [{"repeat": {"n": 100, "steps": inner}}]
    defs, problems = parse_cards([{**_plot(inner), "name": "Endless Drill"}])
    assert not problems
    pool = CardPool({**pool.cards, **defs}, pool.teams)
    monkeypatch.setattr(game_module, "MAX_STEPS_PER_ACTION", steps_cap)
    data = {"scenario": "x", "start": {"turn": 3, "active": 0, "phase": "main", "players": [
        {"name": "A", "main": "Captain Solace", "hand": ["Endless Drill"]}, {"name": "B", "main": "Baron Dusk"}]},
        "actions": [{"plot": "Endless Drill"}]}
    return run_scenario(data, pool)


def test_a_runaway_effect_stops_with_a_clear_error_instead_of_hanging(monkeypatch):
    """F7 (execution): a million rounds of an effect, each amount in bounds, stop at the step cap with
    an error naming what ran, in well under the time a hang would take; repeat keeps one round on the stack."""
    t = time.perf_counter()
    run = _runaway_game(monkeypatch, 20_000)
    assert time.perf_counter() - t < 20
    assert len(run.failures) == 1
    assert "stopped after 20000 steps" in run.failures[0] and "Endless Drill" in run.failures[0], run.failures
    assert len(run.game.stack) < 10  # one round at a time, not 100 frames pushed at once
