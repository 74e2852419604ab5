"""Rules audit, session 17b: elimination takes what a player owns, cards put into play go to their
owner's side, and the main-character name check reads current names (see also audit-s17b-* scenarios)."""

from __future__ import annotations

from engine.capeclash import zones
from engine.capeclash.position import build
from engine.capeclash.testing import shared_pool


def _ffa(ana: dict, bo: dict, cy: dict):
    pool = shared_pool(["card_data"])
    return build(pool, {"turn": 5, "active": 0, "phase": "main",
                        "players": [{"name": "Ana", **ana}, {"name": "Bo", **bo}, {"name": "Cy", **cy}]},
                 mode="ffa")


def _named(g, name: str, owner: int | None = None):
    return next(c for c in g.cards.values() if g.name(c.iid) == name and (owner is None or c.owner == owner))


def test_eliminated_player_equipment_worn_by_another_player_leaves_the_game():
    """A player who is out takes every card they own out of the game, wherever it is: a piece of their
    equipment worn by another player's character comes off and goes with them."""
    g = _ffa({"main": {"card": "Captain Solace", "row": "back"}, "front": ["Stone Giant"]},
             {"main": {"card": "Baron Dusk", "row": "back"}, "hand": ["Jump Pack"]},
             {"main": {"card": "Warden Vale", "row": "back"}})
    giant = _named(g, "Stone Giant")
    pack = _named(g, "Jump Pack")
    zones.equip(g, pack.iid, giant)  # Bo's equipment on Ana's character
    assert giant.gear == pack.iid
    g.eliminate(1)
    assert giant.gear is None
    assert pack.zone == "removed"
    assert pack.iid in g.players[1].removed and pack.iid not in g.players[1].equipment
    assert giant.zone == "play"  # the wearer, Ana's card, stays


def test_eliminated_player_equipment_and_machines_are_removed_not_kod():
    """What an eliminated player owns is removed from the game, which is not a KO: their equipment and
    machines don't end up in a KO pile."""
    g = _ffa({"main": {"card": "Captain Solace", "row": "back"}},
             {"main": {"card": "Baron Dusk", "row": "back", "gear": "Arc Gauntlet"}, "hand": ["Sentry Turret"]},
             {"main": {"card": "Warden Vale", "row": "back"}})
    gauntlet = _named(g, "Arc Gauntlet")
    turret = _named(g, "Sentry Turret")
    zones.place_machine(g, turret.iid, g.players[1].side, "front")
    g.eliminate(1)
    assert (gauntlet.zone, turret.zone) == ("removed", "removed")
    assert g.players[1].ko == [] and g.players[1].equipment == []


def test_eliminated_player_character_controlled_by_another_player_leaves_the_game():
    """A character the eliminated player owns leaves the game even while another player controls it."""
    g = _ffa({"main": {"card": "Captain Solace", "row": "back"}},
             {"main": {"card": "Baron Dusk", "row": "back"}, "front": ["Grave Golem"]},
             {"main": {"card": "Warden Vale", "row": "back"}})
    golem = _named(g, "Grave Golem")
    zones.change_side(g, golem, g.players[0].side)
    assert golem.side == g.players[0].side
    g.eliminate(1)
    assert golem.zone == "removed" and golem.iid in g.players[1].removed
    assert golem.iid not in g.in_play


def test_no_effect_reaches_the_cards_of_a_player_who_is_out():
    """The cards of a player who is out have left the game with them: an effect choosing a card from an
    enemy's KO pile or removed-from-game pile finds none of theirs."""
    from engine.capeclash import effects as fx
    g = _ffa({"main": {"card": "Captain Solace", "row": "back"}},
             {"main": {"card": "Baron Dusk", "row": "back"}, "ko": ["Shade Sniper"], "front": ["Gloom Imp"]},
             {"main": {"card": "Warden Vale", "row": "back"}, "ko": ["Alley Brute"]})
    g.eliminate(1)
    for zone in ("enemy_ko", "any_ko", "enemy_removed", "any_removed"):
        assert all(g.cards[i].owner != 1 for i in fx.card_zone(g, 0, zone)), zone
    assert [g.name(i) for i in fx.card_zone(g, 0, "enemy_ko")] == ["Alley Brute"]


def _duel(ana: dict, bo: dict, phase: str = "main"):
    pool = shared_pool(["card_data"])
    return build(pool, {"turn": 5, "active": 0, "phase": phase, "players": [{"name": "Ana", **ana},
                                                                          {"name": "Bo", **bo}]})


def test_a_promoted_main_character_name_bars_recruiting_a_copy():
    """The ban on a character named like your main character follows your main character as it is now:
    once a supporting character has been made a main character, you can't recruit another of its name."""
    g = _duel({"main": {"card": "Captain Solace", "row": "back"}, "front": ["Stone Giant"],
                "hand": ["Stone Giant"], "recruit": 6},
               {"main": {"card": "Baron Dusk", "row": "back"}}, phase="recruit")
    giant = next(c for c in g.characters(0) if g.name(c.iid) == "Stone Giant")
    spare = g.players[0].hand[0]
    assert any(a.type == "recruit" and a.args["card"] == spare for a in g.legal_actions(0))
    giant.is_main = True  # promoted (the original main character is demoted)
    g.cards[g.players[0].main].is_main = False
    g.board_changed()
    assert not any(a.type == "recruit" and a.args["card"] == spare for a in g.legal_actions(0))


def test_main_name_check_reads_the_main_character_current_names():
    """A character may not join a side whose main character has its name, counting the names the main
    character has right now (an impersonation included), not only its printed ones."""
    g = _duel({"main": {"card": "Captain Solace", "row": "back"}},
              {"main": {"card": "Baron Dusk", "row": "back"}, "front": ["Grave Golem"]})
    solace = g.cards[g.players[0].main]
    golem = next(c for c in g.characters(1) if g.name(c.iid) == "Grave Golem")
    # Solace takes on a name no card in play has, then Grave Golem is the one named so
    solace.mods.append({"k": "impersonate", "name": "Hollow Marshal", "until": "permanent", "ts": g.tick(),
                        "turn": g.turn, "src": "test"})
    golem.mods.append({"k": "impersonate", "name": "Hollow Marshal", "until": "permanent", "ts": g.tick(),
                       "turn": g.turn, "src": "test"})
    g.board_changed()
    assert "Hollow Marshal" in g.names_of(solace)
    zones.change_side(g, golem, g.players[0].side)
    assert golem.side == g.players[1].side


def test_a_machine_sharing_a_row_with_a_face_up_character_that_cant_be_attacked_is_not_attackable():
    """A machine may be attacked only while no face-up character stands in its row; a face-up character
    that can't itself be attacked still stands there."""
    from engine.capeclash import combat
    g = _duel({"main": {"card": "Captain Solace", "row": "back"}, "front": [{"card": "Trooper Ash", "gear": "Jump Pack"}]},
              {"main": {"card": "Baron Dusk", "row": "front"}, "back": ["Smoke Shade"], "hand": ["Sentry Turret"]})
    turret = _named(g, "Sentry Turret")
    zones.place_machine(g, turret.iid, g.players[1].side, "back")
    ash = _named(g, "Trooper Ash")
    names = {g.name(c.iid) for c in combat.defenders(g, [ash])}
    assert "Smoke Shade" not in names and "Baron Dusk" in names  # (it flies over Baron Dusk)
    assert "Sentry Turret" not in names
