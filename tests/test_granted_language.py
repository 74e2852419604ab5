"""Issue 18: ``first_time_this_turn`` in an ``if`` step (and where it means nothing), and the options of
``play_from`` (row, whose, deck_bottom): validation at the field with a suggestion, text, and what the
scenarios card_data/scenarios/patterns-granted-*.yaml do not reach (a plot twist's "first time" is per
player; a character from an enemy pile in the back row)."""

from __future__ import annotations

import pytest

from engine.capeclash import position
from engine.capeclash.scenario import resolve_action
from engine.capeclash.testing import CARD_DATA, shared_pool
from engine.cardlang.cards import parse_cards
from engine.cardlang.text import render_effect

SUP = {"id": "t", "name": "T", "type": "supporting", "team": "Dawnwatch", "cost": 2, "atk": 1, "def": 1, "health": 1}
PLOT = {"id": "t", "name": "T", "type": "plot_twist", "timing": "main"}


def _problems(card: dict) -> list[str]:
    _defs, probs = parse_cards([card])
    return [f"{p.field}: {p.message}" for p in probs]


@pytest.mark.parametrize(("card", "field", "words"), [
    ({**SUP, "statics": [{"atk": 1, "while": {"first_time_this_turn": True}}]},
     "statics[0].while.first_time_this_turn", "a continuous ability's while:"),
    ({**SUP, "statics": [{"atk": 1, "while": {"any": [{"your_turn": True}, {"not": {"first_time_this_turn": True}}]}}]},
     "statics[0].while.any[1].not.first_time_this_turn", "holds or not at any moment"),
    ({**SUP, "discounts": [{"n": 1, "if": {"first_time_this_turn": True}}]},
     "discounts[0].if.first_time_this_turn", "a discount's if:"),
    ({**SUP, "keywords": [{"unbreakable": {"first_time_this_turn": True}}]},
     "keywords[0].unbreakable.first_time_this_turn", "an if step"),
])
def test_first_time_where_it_means_nothing_is_an_error_at_its_field(card, field, words):
    probs = _problems(card)
    assert len(probs) == 1 and probs[0].startswith(f"{field}: first_time_this_turn has no meaning") and words in probs[0]


def test_first_time_in_if_steps_and_triggers_is_accepted():
    ok = {**SUP, "triggers": [{"when": "appears", "if": {"not": {"first_time_this_turn": False}},
                               "effect": [{"if": {"cond": {"first_time_this_turn": True}, "then": [{"draw": {}}]}}]}]}
    assert _problems(ok) == []


def test_an_if_step_says_first_time_of_the_ability():
    steps = [{"if": {"cond": {"first_time_this_turn": False}, "then": [{"draw": {}}], "else": [{"discard": {}}]}}]
    assert render_effect(steps) == ("If this isn't the first time this turn this ability resolves, you draw a card. "
                                    "Otherwise, you discard a card.")


@pytest.mark.parametrize(("args", "field", "words"), [
    ({"from": "ko", "filter": {"type": "plot_twist"}, "row": "back"}, "effect[0].play_from.row",
     "which row a character enters"),
    ({"from": "deck_top", "whose": "enemy"}, "effect[0].play_from.whose", "give from: ko or from: removed"),
    ({"from": "ko", "whose": "enemy", "filter": {"type": "location"}}, "effect[0].play_from.whose",
     "owner's resource row"),
    ({"from": "ko", "whose": "enmy"}, "effect[0].play_from.whose", "unknown pile owner 'enmy' (did you mean 'enemy'?)"),
    ({"from": "deck_botom"}, "effect[0].play_from.from", "did you mean 'deck_bottom'"),
    ({"from": "ko", "row": "middle"}, "effect[0].play_from.row", "unknown row"),
])
def test_play_from_options_are_checked_at_their_field(args, field, words):
    probs = _problems({**PLOT, "effect": [{"play_from": args}]})
    assert probs and probs[0].startswith(f"{field}:") and words in probs[0], probs


@pytest.mark.parametrize(("args", "text"), [
    ({"from": "ko", "whose": "any", "filter": {"type": "plot_twist"}, "optional": True},
     "You may play a plot twist from any player's KO pile without paying its cost."),
    ({"from": "removed", "whose": "any", "filter": {"type": "plot_twist"}},
     "Play a plot twist from any player's removed-from-game pile without paying its cost."),
    ({"from": "deck_bottom", "optional": True, "row": "choose"},
     "Reveal the bottom card of your deck. You may play it without paying its cost. A character enters play in a "
     "row of your choice."),
])
def test_play_from_text(args, text):
    assert render_effect([{"play_from": args}]) == text


PLOTS = """cards:
  - id: t-second-wind
    name: Second Wind Drill
    type: plot_twist
    timing: main
    effect:
      - draw: {n: 1}
      - if: {cond: {first_time_this_turn: true}, then: [{draw: {n: 1}}]}
"""


def test_a_plot_twists_first_time_is_per_player_and_per_turn(tmp_path):
    (tmp_path / "x.yaml").write_text(PLOTS)
    pool = shared_pool([CARD_DATA, tmp_path])
    deck = ["Shield Cadet", "Arc Archer", "Iron Warden", "Trooper Ash", "Trooper Birch", "Trooper Cole"]
    g = position.build(pool, {"turn": 5, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "hand": ["Second Wind Drill"] * 2,
         "deck": deck},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "hand": ["Second Wind Drill"], "deck": deck}]})
    ana = g.players[0]
    g.apply(resolve_action(g, {"plot": "Second Wind Drill"}))
    assert len(ana.hand) == 1 + 2  # the first copy this turn: two cards
    g.apply(resolve_action(g, {"plot": "Second Wind Drill"}))
    assert len(ana.hand) == 3 - 1 + 1  # the second copy: one
    g.apply(resolve_action(g, "end_turn"))
    while g.decision["type"] != "main":
        g.apply(resolve_action(g, "end_step"))
    bo = g.players[1]
    before = len(bo.hand)
    g.apply(resolve_action(g, {"plot": "Second Wind Drill"}))
    assert len(bo.hand) == before - 1 + 2  # Bo's first this turn, though Ana played two before


def test_a_character_from_an_enemy_pile_enters_the_row_chosen_and_stays_its_owners():
    pool = shared_pool([CARD_DATA])
    g = position.build(pool, {"turn": 5, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "hand": ["Turncoat Recall"],
         "deck": ["Iron Warden"]},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "ko": ["Bit Player"], "deck": ["Gloom Imp"]}]})
    g.apply(resolve_action(g, {"plot": "Turncoat Recall"}))
    g.apply(resolve_action(g, {"choose": "Bit Player"}))
    g.apply(resolve_action(g, {"type": "choose_row", "side": 0, "row": "back"}))
    bit = next(c for c in g.cards.values() if g.defs[c.cid].name == "Bit Player")
    assert (bit.zone, bit.row, bit.side, bit.owner) == ("play", "back", 0, 1)
