"""Rules audit, session 18 part B: combat, keywords, super powers, equipment and the turn sequence
against the rulebooks 000-003 (see also the audit-s18b-* scenarios)."""

from __future__ import annotations

from engine.capeclash.position import build
from engine.capeclash.testing import shared_pool


def _game(ana: dict, bo: dict, phase: str = "main", active: int = 0):
    pool = shared_pool(["card_data"])
    return build(pool, {"turn": 5, "active": active, "phase": phase, "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, **ana},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, **bo}]})


def _named(g, name: str):
    return next(c for c in g.cards.values() if g.name(c.iid) == name)


def _legal(g, kind: str, **args) -> list:
    return [a for p in range(len(g.players)) for a in g.legal_actions(p)
            if a.type == kind and all(a.args.get(k) == v for k, v in args.items())]


def _act(g, kind: str, **args) -> None:
    got = _legal(g, kind, **args)
    assert got, f"no legal {kind} {args}"
    g.apply(got[0])


def _pay_all(g) -> None:
    while g.decision and g.decision["type"] == "pay":
        _act(g, "pay")


# ------------------------------------------------------------------ Mimic outside play

def test_mimic_in_the_ko_pile_uses_a_teammates_ko_pile_power():
    """000 (Mutant Power Duplication): the power works in play, in the hand and in the KO pile; from the
    KO pile it may use a face-up teammate's power that brings a card back into play, and that power's
    "this character" is the Mimic."""
    g = _game({"front": ["Undying Sentinel"], "ko": ["Echo Mime"], "resources": ["Proving Grounds"]}, {})
    mime, sentinel = _named(g, "Echo Mime"), _named(g, "Undying Sentinel")
    assert not _legal(g, "power", card=sentinel.iid)  # (its own power works only from the KO pile)
    _act(g, "power", card=mime.iid)
    _pay_all(g)
    assert mime.zone == "play" and mime.row == "front" and sentinel.zone == "play"


def test_mimic_in_hand_uses_a_teammates_hand_power_but_not_its_in_play_powers():
    """From the hand Mimic has the teammates' powers that work from a hand, and only those."""
    g = _game({"front": ["Reserve Caller", "Gale Courier"], "hand": ["Echo Mime"],
               "resources": ["Proving Grounds", "Proving Grounds"]}, {})
    mime = _named(g, "Echo Mime")
    offered = _legal(g, "power", card=mime.iid)
    assert len(offered) == 1
    first = len(g.events)
    _act(g, "power", card=mime.iid)
    # using a power from a hand shows the card to everyone (a public reveal naming it, before the power)
    shown = [e for e in g.events[first:] if e.type == "reveal" and not e.secret]
    assert shown and mime.iid in shown[0].data["cards"]
    _pay_all(g)
    assert mime.zone == "play" and mime.row == "back"


def test_mimic_outside_play_copies_only_from_its_own_sides_face_up_teammates():
    """The teammates it copies are face-up supporting characters of its team on its owner's side: not a
    stunned one, not an enemy's."""
    g = _game({"front": [{"card": "Undying Sentinel", "stunned": True}], "ko": ["Echo Mime"],
               "resources": ["Proving Grounds"]}, {})
    assert not _legal(g, "power", card=_named(g, "Echo Mime").iid)
    g = _game({"ko": ["Echo Mime"], "resources": ["Proving Grounds"]}, {"front": ["Undying Sentinel"]})
    assert not _legal(g, "power", card=_named(g, "Echo Mime").iid)
