"""``play_from`` (issue 18): play a card from another zone than the hand. The pattern scenarios
(card_data/scenarios/patterns-deck-encore-performance*.yaml, ...-top-deck-gamble*.yaml) cover a plot
twist from the KO pile and a character from the top of the deck; these tests cover the rest: the
removed-from-game pile, a location, declining an optional play, a played plot twist kept in a saved
state, and the data checks."""

from __future__ import annotations

import pytest

from engine.capeclash import position
from engine.capeclash.loader import load_pool
from engine.capeclash.scenario import resolve_action
from engine.capeclash.testing import CARD_DATA
from engine.cardlang.cards import parse_card

EXTRA = """cards:
  - id: t-pf-limbo
    name: Out of Limbo
    type: plot_twist
    timing: main
    effect:
      - play_from: {from: removed, optional: true}
  - id: t-pf-peek
    name: Lucky Peek
    type: plot_twist
    timing: main
    effect:
      - play_from: {from: deck_top, optional: true}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    d = tmp_path_factory.mktemp("playfrom")
    (d / "extra.yaml").write_text(EXTRA)
    return load_pool([CARD_DATA, d])


def _game(pool, ana: dict):
    spec = {"turn": 5, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, **ana},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "deck": ["Gloom Imp", "Alley Brute"]}]}
    return position.build(pool, spec)


def _do(g, *raws):
    for raw in raws:
        g.apply(resolve_action(g, raw))


def _zone(g, name):
    return next(c.zone for c in g.cards.values() if g.defs[c.cid].name == name)


def test_a_location_from_the_removed_pile_goes_into_the_resource_row_face_up(pool):
    g = _game(pool, {"hand": ["Out of Limbo"], "removed": ["Proving Grounds", "Arc Archer"], "deck": ["Shield Cadet"]})
    _do(g, {"plot": "Out of Limbo"}, {"choose": "Proving Grounds"})
    ana = g.players[0]
    grounds = next(c for c in g.cards.values() if g.defs[c.cid].name == "Proving Grounds")
    assert grounds.zone == "resource" and grounds.face_up and ana.resources == [grounds.iid]
    assert _zone(g, "Arc Archer") == "removed" and _zone(g, "Out of Limbo") == "ko"
    assert any("Ana plays Proving Grounds from their removed-from-game pile without paying its cost" in line
               for line in g.log_lines(1))


def test_a_character_from_the_removed_pile_enters_play_and_declining_plays_nothing(pool):
    g = _game(pool, {"hand": ["Out of Limbo"], "removed": ["Arc Archer"], "deck": ["Shield Cadet"]})
    _do(g, {"plot": "Out of Limbo"}, {"choose": "Arc Archer"})
    archer = next(c for c in g.cards.values() if g.defs[c.cid].name == "Arc Archer")
    assert (archer.zone, archer.row, archer.side) == ("play", "front", g.players[0].side)
    g = _game(pool, {"hand": ["Out of Limbo"], "removed": ["Arc Archer"], "deck": ["Shield Cadet"]})
    _do(g, {"plot": "Out of Limbo"}, "no")
    assert _zone(g, "Arc Archer") == "removed" and g.players[0].removed and g.decision["type"] == "main"


def test_the_top_card_is_revealed_to_everyone_and_may_be_left_on_top(pool):
    g = _game(pool, {"hand": ["Lucky Peek"], "deck": ["Sudden Surge", "Shield Cadet"]})
    _do(g, {"plot": "Lucky Peek"})
    assert g.decision["type"] == "choose"  # optional: asked, with the card already revealed
    assert "Ana reveals Sudden Surge from the top of their deck." in g.log_lines(1)
    _do(g, "no")
    assert g.defs[g.cards[g.players[0].deck[-1]].cid].name == "Sudden Surge" and len(g.players[0].deck) == 2


def test_a_plot_twist_played_from_the_ko_pile_survives_saving_mid_resolution(pool):
    g = _game(pool, {"hand": ["Encore Performance", "Sudden Surge"], "ko": ["Late Night Study"],
                     "deck": ["Iron Warden", "Gloom Imp", "Shield Cadet"]})
    _do(g, {"plot": "Encore Performance"}, {"choose": "Late Night Study"})
    assert g.decision["type"] == "discard"  # Late Night Study is resolving; Encore Performance waits
    assert g.replay().state_hash() == g.state_hash()
    _do(g, {"choose": "Sudden Surge"})
    assert _zone(g, "Late Night Study") == "removed" and g.plots_played["0"] == 2


@pytest.mark.parametrize(("args", "field", "says"), [
    ({"from": "remove"}, "from", "zone to play from"),
    ({"from": "ko", "filter": {"type": "equipment"}}, "filter", "not an equipment"),
    ({"from": "ko", "filter": {"kind": "main"}}, "filter", "not a main character"),
    ({"from": "ko", "filter": {"type": "supporting"}, "then": "removed"}, "then", "give filter: {type: plot_twist}"),
])
def test_bad_data_names_the_field(args, field, says):
    _card, problems = parse_card({"id": "t-x", "name": "X", "type": "plot_twist", "timing": "main",
                                  "effect": [{"play_from": args}]})
    assert [p.field for p in problems] == [f"effect[0].play_from.{field}"]
    assert says in problems[0].message
