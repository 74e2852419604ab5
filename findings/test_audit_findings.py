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


def test_undo_never_crosses_a_draw_or_the_computers_turn():
    """F4: in a game against the computer, undo takes back the human's last decision and every computer move
    after it. After ending the turn, watching the computer's whole turn and drawing two cards, the human can
    undo to before the end of the turn: they now know their next two draws and the computer's turn (the
    replay is deterministic), and can choose their last move with that knowledge."""
    from engine.webapi import Session
    s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
    st = s.call("new_game", mode="duel", seed=3, seats=[{"name": "Ana", "deck": "Testbed Dawnwatch"},
                                                        {"name": "Bo", "ai": "normal", "deck": "Testbed Gloom Syndicate"}])
    for _ in range(400):
        if st["ai_to_act"]:
            st = s.call("ai_move", viewer=0, steps=1)
            continue
        if st["view"]["decision"]["type"] == "main" and st["view"]["turn"] >= 3:
            break
        acts = {a["type"]: a["text"] for a in st["actions"]}
        text = next((acts[t] for t in ("keep", "end_step", "end_turn", "pass", "no") if t in acts), st["actions"][0]["text"])
        st = s.call("apply", action=text, viewer=0)
    turn = st["view"]["turn"]
    st = s.call("apply", action="0:end_turn", viewer=0)
    while st["ai_to_act"]:
        st = s.call("ai_move", viewer=0, steps=1)
    seen_hand = sorted(c["iid"] for c in st["view"]["players"][0]["hand"])
    try:
        st = s.call("undo", viewer=0)
    except Exception:
        return  # refusing is fine
    back = sorted(c["iid"] for c in st["view"]["players"][0]["hand"])
    assert st["view"]["turn"] > turn and set(seen_hand) <= set(back) | set(
        c["iid"] for p in st["view"]["players"] for c in p.get("ko", [])), \
        "undo went back past cards the human has already seen drawn"


def test_the_session_does_not_hand_out_the_computers_view():
    """F6: in a game against the computer, `state` with the computer's seat as viewer returns its hand."""
    from engine.webapi import Session, WebError
    s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
    st = s.call("new_game", mode="duel", seed=3, seats=[{"name": "Ana", "deck": "Testbed Dawnwatch"},
                                                        {"name": "Bo", "ai": "normal", "deck": "Testbed Gloom Syndicate"}])
    for _ in range(20):
        if st["ai_to_act"]:
            st = s.call("ai_move", viewer=0, steps=1)
        elif st["actions"]:
            st = s.call("apply", action=st["actions"][0]["text"], viewer=0)
    try:
        st = s.call("state", viewer=1)
    except WebError:
        return
    assert not st["view"]["players"][1].get("hand"), "the computer's hand was sent to the page"


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
