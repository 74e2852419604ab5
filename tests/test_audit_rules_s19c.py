"""Rules audit, session 19 part C: how games end, multiplayer turns, levels and XP. Most cases are the
audit-s19c-* scenarios; these are the ones that need cards the card data has none of (control effects of
every duration the card language allows: until the end of the combat, until the end of your next turn,
while the character whose power it is stays face up)."""

from __future__ import annotations

from engine.capeclash.loader import load_pool
from engine.capeclash.position import build
from engine.capeclash.testing import act, named

# stand-in cards: control effects of the durations no card in the card data uses
CARDS = """cards:
  - id: s19c-brief-borrow
    name: Brief Borrow
    type: plot_twist
    timing: combat
    any_turn: true
    anywhere: true
    effect:
      - choose: {what: character, filter: {side: enemy, kind: supporting}, as: t}
      - take_control: {target: t, until: combat}
  - id: s19c-long-borrow
    name: Long Borrow
    type: plot_twist
    timing: main
    effect:
      - choose: {what: character, filter: {side: enemy, kind: supporting}, as: t}
      - take_control: {target: t, until: your_next_turn}
  - id: s19c-puppeteer
    name: Patient Puppeteer
    type: supporting
    team: Dawnwatch
    cost: 3
    atk: 1
    def: 1
    health: 2
    powers:
      - name: Hold the Strings
        timing: main
        cost: [skill]
        effect:
          - choose: {what: character, filter: {side: enemy, kind: supporting}, as: t}
          - take_control: {target: t, until: source_leaves}
"""


def _pool(tmp_path):
    (tmp_path / "s19c.yaml").write_text(CARDS)
    return load_pool(["card_data", str(tmp_path)])


def _game(pool, ana: dict, bo: dict, turn: int = 5):
    deck = ["Trooper Cole"] * 4  # (cards to draw: with every deck empty, quiet turns would end the game)
    return build(pool, {"turn": turn, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "deck": deck, **ana},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "deck": deck, **bo}]})


def _pass_turn(g, p: int) -> None:
    """Player ``p`` goes through a turn doing nothing (resource, recruit, formation, main)."""
    for kind in ("end_step", "end_step", "end_step", "end_turn"):
        assert g.to_act == [p], (g.decision, g.to_act)
        act(g, kind)


def test_control_until_the_end_of_the_combat_ends_with_the_combat(tmp_path):
    """A control effect lasts as long as it says (000/001: taking control of a character; durations):
    one "until the end of the combat" ends when the combat does, and the character goes back to the side
    it was taken from. The old engine dropped the modifier at the end of the combat but left the character
    where it was: the control became permanent."""
    g = _game(_pool(tmp_path), {"front": ["Stone Giant"], "hand": ["Brief Borrow"]},
              {"front": ["Trooper Ash"], "back": ["Trooper Birch"]})
    act(g, "attack", card=named(g, "Stone Giant").iid)
    act(g, "target", card=named(g, "Trooper Ash").iid)
    act(g, "plot", card=named(g, "Brief Borrow").iid)
    birch = named(g, "Trooper Birch")
    act(g, "choose", card=birch.iid)
    assert birch.side == 0
    while g.decision is not None and g.decision["type"] == "combat":
        act(g, "pass")
    assert g.combat is None
    assert birch.zone == "play" and birch.side == 1
    assert not any(m["k"] == "control" for m in birch.mods)


def test_control_until_the_end_of_your_next_turn_lasts_through_the_opponents_turn(tmp_path):
    """"Until the end of your next turn" is the next turn of the player who took control: taken in Ana's
    turn, the character stays hers through Bo's turn and her next one, and goes back at the end of that.
    The old engine gave it back at the end of the very next turn (Bo's)."""
    g = _game(_pool(tmp_path), {"hand": ["Long Borrow"]}, {"back": ["Trooper Birch"]})
    act(g, "plot", card=named(g, "Long Borrow").iid)
    birch = named(g, "Trooper Birch")
    if g.decision is not None and g.decision["type"] == "choose":
        act(g, "choose", card=birch.iid)
    assert birch.side == 0
    act(g, "end_turn")
    _pass_turn(g, 1)
    assert g.turn == 7 and birch.side == 0  # still Ana's in her next turn
    _pass_turn(g, 0)
    assert g.turn == 8 and birch.side == 1


def test_control_while_its_source_stays_face_up_ends_when_the_source_is_stunned(tmp_path):
    """A control effect that lasts while the character whose power made it stays face up ends when that
    character is stunned, and the controlled character goes back. The old engine never ended it (it kept
    no source), and, had it ended, would have left the character on the wrong side."""
    g = _game(_pool(tmp_path), {"front": ["Patient Puppeteer"], "resources": ["Obstacle Course"]},
              {"front": ["Stone Giant"], "back": ["Trooper Birch"]})
    puppeteer = named(g, "Patient Puppeteer")
    act(g, "power", card=puppeteer.iid)
    while g.decision is not None and g.decision["type"] != "choose":  # paying the cost
        act(g, g.legal_actions(g.to_act[0])[0].type)
    birch = named(g, "Trooper Birch")
    if g.decision is not None and g.decision["type"] == "choose":
        act(g, "choose", card=birch.iid)
    assert birch.side == 0
    act(g, "end_turn")
    # Bo's Stone Giant attacks and stuns the Puppeteer: the strings are cut
    for kind in ("end_step", "end_step", "end_step"):
        act(g, kind)
    act(g, "attack", card=named(g, "Stone Giant").iid)
    act(g, "target", card=puppeteer.iid)
    while g.decision is not None and g.decision["type"] == "combat":
        act(g, "pass")
    assert not puppeteer.face_up
    assert birch.zone == "play" and birch.side == 1
