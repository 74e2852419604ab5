"""Failing tests for the audit's findings (see FINDINGS.md). Kept out of tests/ so the suite stays green:
run with ``python3 -m pytest -q findings/test_audit_findings.py``."""

from __future__ import annotations

import pytest

from engine import Game
from engine.actions import Action
from engine.errors import InvalidActionError
from engine.testing import test_decks, test_pool


def _config(**kw):
    a, b = test_decks()[:2]
    c = {"mode": "duel", "seed": 1, "players": [{"name": "A", "deck": a}, {"name": "B", "deck": b}]}
    c.update(kw)
    return c


@pytest.mark.parametrize("seed", [-1, 1 << 64, 10 ** 26])
def test_a_game_refuses_a_seed_its_save_cannot_hold(seed):
    """F2: Game() accepts a seed that Game.load refuses, so the game can be played but never reloaded
    (`capeclash play -- --seed -1`, then `s FILE`)."""
    pool = test_pool()
    try:
        g = Game(pool, _config(seed=seed))
    except (ValueError, TypeError):
        return  # refused up front: fine
    g.apply(g.legal_actions(g.to_act[0])[0])
    Game.load(pool, g.save())  # must not raise


@pytest.mark.parametrize("max_turns", [0, 10 ** 6])
def test_a_game_refuses_a_turn_limit_its_save_cannot_hold(max_turns):
    pool = test_pool()
    try:
        g = Game(pool, _config(max_turns=max_turns))
    except (ValueError, TypeError):
        return
    g.apply(g.legal_actions(g.to_act[0])[0])
    Game.load(pool, g.save())


def test_a_float_seed_gets_a_clear_error():
    with pytest.raises(ValueError):
        Game(test_pool(), _config(seed=1.5))  # today: TypeError from the RNG


@pytest.mark.parametrize("text", [
    "0:recruit card=1 row=front row=back",   # an argument given twice: the last one silently wins
    "0:choose_first side=1_0",               # int() reads this as 10
    "0:choose_first side=+1",
    "0:choose_first side=01",
    "\u0660:keep",                           # an Arabic-Indic digit read as seat 0
    "0:choose_first side=\u0661",
])
def test_action_text_is_read_strictly(text):
    """F3: the action text form is read with int(), which takes '+1', '1_0', '01' and non-ASCII digits,
    and a repeated argument silently overrides the first: none of these is the text of any action."""
    with pytest.raises(InvalidActionError):
        Action.parse(text)


def test_validate_checks_expectation_values():
    """F5: `capeclash validate` accepts a scenario whose expectations can never hold: an unknown card, an
    unknown zone or decision, a number given as text, a negative count."""
    from engine.loader import load_pool
    from engine.scenario import check_scenario
    pool = load_pool(["card_data"])
    data = {"scenario": "x", "start": {"turn": 1, "active": 0, "phase": "main", "players": [
        {"name": "A", "main": "Captain Solace"}, {"name": "B", "main": "Baron Dusk"}]},
        "expect": [{"card": "Nobody At All", "zone": "play"}, {"player": 0, "hand": -1},
                   {"card": "Captain Solace", "zone": "nowhere"}, {"card": "Captain Solace", "atk": "3"},
                   {"decision": "mian"}]}
    problems = check_scenario(data, pool, "x.yaml")
    assert len(problems) >= 5, [str(p) for p in problems]


@pytest.mark.parametrize("step", [
    {"repeat": {"n": 1_000_000_000, "steps": [{"gain_xp": {"n": 1}}]}},
    {"create_token": {"card": "drone", "n": 100_000_000}},
])
def test_card_amounts_are_bounded(step):
    """F7: a card whose effect repeats a billion times (or makes 10^8 tokens) validates, then hangs the game
    when it is played (25 s and counting). Literal amounts need an upper bound, with an error naming the
    card and field."""
    from engine.cards import CardPool
    from engine.errors import DataError
    cards = [{"id": "drone", "name": "Drone", "type": "token", "atk": 1, "def": 1, "health": 1},
             {"id": "pt-huge", "name": "Huge", "type": "plot_twist", "timing": "main", "effect": [step]}]
    with pytest.raises(DataError):
        CardPool.from_data(cards)


@pytest.mark.parametrize("cards", [
    [{"id": "a1", "name": "Alpha", "type": "main", "level": 1, "team": "T", "atk": 1, "def": 1, "health": 5,
      "level_up": {"xp": 1, "when": "attacks", "into": "a1"}}],
    [{"id": "b1", "name": "Beta", "type": "main", "level": 1, "team": "T", "atk": 1, "def": 1, "health": 5,
      "level_up": {"xp": 1, "when": "attacks", "into": "b2"}},
     {"id": "b2", "name": "Beta", "type": "main", "level": 2, "team": "T", "atk": 2, "def": 2, "health": 5,
      "level_up": {"xp": 1, "when": "attacks", "into": "b1"}}],
])
def test_level_up_goes_to_a_higher_level(cards):
    """F8: a main character that levels up into itself, or whose level 2 levels up back into level 1, is
    accepted by the card checker."""
    from engine.cards import CardPool
    from engine.errors import DataError
    with pytest.raises(DataError):
        CardPool.from_data(cards, teams=[{"name": "T", "alignment": "good"}])
