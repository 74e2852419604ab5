"""Rules audit, session 19 part B: equipment, locations and resources, plot twists, the combat sequence, the
turn sequence and keywords. Most cases are the audit-s19b-* scenarios; these are the ones a scenario can't
reach (a main character or an Unbreakable character put into the KO pile by the zone rules themselves)."""

from __future__ import annotations

from engine.capeclash import zones
from engine.capeclash.position import build
from engine.capeclash.testing import named as _named
from engine.capeclash.testing import shared_pool

MAINS = [("Ana", "Captain Solace"), ("Bo", "Baron Dusk")]


def _game(players: list[dict], turn: int = 5, active: int = 0, phase: str = "main"):
    pool = shared_pool(["card_data"])
    specs = [{"name": name, "main": {"card": main, "row": "back"}, **spec}
             for (name, main), spec in zip(MAINS, players, strict=True)]
    return build(pool, {"turn": turn, "active": active, "phase": phase, "players": specs})


def test_a_main_character_put_into_the_ko_pile_is_kod_and_its_player_loses():
    """KO (001, 002 game terms): putting a character from play into its owner's KO pile is a KO. A main
    character put there is KO'd, so its player is out and (a duel) the other player wins. The old engine
    moved it without a KO: the player stayed in the game with no main character."""
    g = _game([{}, {}])
    dusk = _named(g, "Baron Dusk", 1)
    zones.put(g, dusk, "ko")
    g._advance()
    assert dusk.zone == "ko"
    assert g.players[1].out
    assert g.result is not None and g.result["winners"] == [0]


def test_a_character_that_cant_be_kod_is_not_put_into_the_ko_pile():
    """Can't beats can: an Unbreakable character (here: while it has a wound) can't be KO'd, and being put
    from play into the KO pile is being KO'd, so it stays in play (the old engine moved it)."""
    g = _game([{}, {"front": [{"card": "Oathbound Knight", "wounds": 1}]}])
    knight = _named(g, "Oathbound Knight", 1)
    zones.put(g, knight, "ko")
    assert knight.zone == "play"
    assert knight.iid not in g.players[1].ko


def test_a_stunned_character_put_into_the_ko_pile_triggers_nothing_of_its_own():
    """(A guard for the change above.) A character lying stunned has lost its powers: put into the KO pile,
    it is KO'd without its own 'when it is KO'd' abilities (no Immortal offered)."""
    g = _game([{}, {"front": [{"card": "Undying Revenant", "stunned": True}]}])
    rev = _named(g, "Undying Revenant", 1)
    zones.put(g, rev, "ko")
    assert rev.zone == "ko"
    assert not g.pending
