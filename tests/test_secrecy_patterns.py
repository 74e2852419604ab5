"""Hidden information with the deck verbs of the pattern cards (issue 18): which cards an action shows
everyone (``ruleset.shown_by``, read from the engine's own reveal events), which cards a player looking
at their deck may see (``unseen_cards``), and the secrecy checker (``checks.apply_checking_secrets``)
catching a looked-at card that the log names to another seat.

tests/test_soak.py plays whole games of such cards through the same checker (the soak tier)."""

from __future__ import annotations

from pathlib import Path

from engine.capeclash import ruleset, zones
from engine.capeclash.invariants import shown_by, unseen_cards
from engine.capeclash.scenario import resolve_action, run_scenario
from engine.capeclash.testing import shared_pool
from engine.core import checks
from engine.core.data import read_data
from engine.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def _at(name: str, upto: int, bo_hand: list | None = None):
    """The scenario's game after its first ``upto`` actions, and its next action (as the engine's);
    ``bo_hand``: Bo's hand instead of the scenario's."""
    data, _ = read_data(ROOT / "card_data" / "scenarios" / f"patterns-{name}.yaml")
    if bo_hand is not None:
        ana, bo = data["start"]["players"]
        data = dict(data, start=dict(data["start"], players=[ana, dict(bo, hand=bo_hand)]))
    pool = shared_pool((ROOT / "card_data",))
    g = run_scenario(dict(data, actions=data["actions"][:upto], expect=[]), pool).game
    return g, resolve_action(g, data["actions"][upto])


def test_a_revealed_hand_is_shown_by_the_action_and_hidden_again_after_it():
    g, play = _at("deck-interrogation", 0)
    hand = set(g.players[1].hand)
    assert shown_by(g, play) == hand  # the reveal event names them
    assert checks.apply_checking_secrets(g.copy(), play, Rng(3)) == []
    g.apply(play)  # (then one is discarded at random)
    left = set(g.players[1].hand)
    assert left and left < hand and left <= unseen_cards(g, 0)  # public at that moment only: hidden again


def test_without_shown_by_the_checker_reports_the_revealed_cards(monkeypatch):
    # four cards the checker may deal again among themselves (same owner, type, cost and team)
    g, play = _at("deck-interrogation", 0, ["Grave Golem", "Drone Mother", "Gentle Colossus", "Masked Magnate"])
    assert checks.apply_checking_secrets(g.copy(), play, Rng(3), [0]) == []
    monkeypatch.setattr(ruleset, "shown_by", lambda g, a: set(), raising=True)
    leaks = checks.apply_checking_secrets(g, play, Rng(3), [0])
    assert leaks and "reveals their hand" in leaks[0]


def test_cards_looked_at_are_seen_by_the_looker_only():
    g, choose = _at("deck-glimpse-ahead", 1)  # Glimpse Ahead played: Ana orders the top three
    looked = set(g.decision["shown"])
    assert len(looked) == 3 and "revealed" not in g.decision
    assert looked.isdisjoint(unseen_cards(g, 0)) and looked <= unseen_cards(g, 1) and looked <= unseen_cards(g, None)
    assert checks.apply_checking_secrets(g, choose, Rng(5)) == []


def test_the_checker_catches_a_looked_at_card_named_to_another_seat(monkeypatch):
    g, choose = _at("deck-glimpse-ahead", 1)

    def leaky(g, c, seen_before, text, known_to=()):  # names the card to everyone
        g.log("put", text.replace("{card}", g.name(c.iid)))
    monkeypatch.setattr(zones, "log_move", leaky)
    leaks = checks.apply_checking_secrets(g, choose, Rng(5), [1])
    assert leaks and "viewer 1" in leaks[0]


def test_revealed_cards_stay_on_the_table_until_the_effect_is_done_with_them():
    g, play = _at("deck-open-dossier", 0)
    assert shown_by(g, play) == set(g.players[0].deck[-3:])
    g.apply(play)
    d = g.decision
    assert d["type"] == "choose" and d["revealed"] and len(d["shown"]) == 3
    for viewer in (None, 0, 1):
        assert set(d["shown"]).isdisjoint(unseen_cards(g, viewer))
    while g.decision["type"] == "choose":  # take what may be taken; the rest go to the bottom
        a = next(a for a in g.legal_actions(0) if a.type in ("no", "choose"))
        assert checks.apply_checking_secrets(g, a, Rng(7)) == []
    rest = set(d["shown"]) & set(g.players[0].deck)
    assert rest and rest <= unseen_cards(g, 1)  # back in the deck: hidden again
