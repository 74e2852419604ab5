"""Double Strike: a second strike at the same character adds to the first (rulebook 002, on a
character that strikes more than once); the combat preview shows that second strike."""

from __future__ import annotations

import pytest

from engine.capeclash.position import build
from engine.capeclash.testing import shared_pool
from engine.capeclash.view import combat_preview


def _duel(ana_front: list[str], bo_front: list[str]):
    pool = shared_pool(["card_data"])
    return build(pool, {"turn": 5, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "front": ana_front},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "front": bo_front}]})


def _named(g, name: str):
    return next(c for c in g.cards.values() if g.name(c.iid) == name and c.zone == "play")


def _attack_until_window(g, attacker: str, target: str):
    for kind, name in (("attack", attacker), ("target", target)):
        want = _named(g, name).iid
        a = next(a for a in g.legal_actions(0) if a.type == kind and want in a.args.values())
        g.apply(a)
    assert g.combat is not None and g.combat.stage == "window"


@pytest.mark.parametrize("attacker, defender, striker", [("Twin Fang", "Bulwark Ogre", "Twin Fang"),
                                                         ("Bulwark Ogre", "Twin Fang", "Twin Fang")])
def test_the_preview_shows_the_second_strike_adding_to_the_first(attacker, defender, striker):
    g = _duel([attacker], [defender])
    _attack_until_window(g, attacker, defender)
    p = combat_preview(g)
    fang, ogre = _named(g, "Twin Fang"), _named(g, "Bulwark Ogre")
    again = [s for s in p["strikes"] if s.get("again")]
    assert again == [{"by": [fang.iid], "at": ogre.iid, "atk": 6, "def": 5, "stuns": True, "again": True}]
    first = next(s for s in p["strikes"] if not s.get("again") and s["by"] == [fang.iid])
    assert (first["atk"], first["stuns"]) == (3, False)
    # and the combat does what the preview said
    while g.combat is not None:
        g.apply(next(a for p_ in g.to_act for a in g.legal_actions(p_) if a.type == "pass"))
    assert ogre.stunned and not fang.stunned


def test_no_second_strike_is_previewed_without_double_strike():
    g = _duel(["Bulwark Ogre"], ["Bulwark Ogre"])
    ogres = [c for c in g.cards.values() if c.zone == "play" and g.name(c.iid) == "Bulwark Ogre"]
    attacker = next(c for c in ogres if c.side == g.players[0].side)
    defender = next(c for c in ogres if c is not attacker)
    for kind, iid in (("attack", attacker.iid), ("target", defender.iid)):
        g.apply(next(a for a in g.legal_actions(0) if a.type == kind and iid in a.args.values()))
    assert g.combat.stage == "window"
    assert not any(s.get("again") for s in combat_preview(g)["strikes"])
