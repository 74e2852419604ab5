"""Rules audit, session 17: rules checked below the card language (see also card_data/scenarios/audit-s17-*)."""

from __future__ import annotations

from engine.capeclash import zones
from engine.capeclash.position import build
from engine.capeclash.testing import shared_pool


def _game(ana: dict, bo: dict):
    pool = shared_pool(["card_data"])
    return build(pool, {"turn": 5, "active": 0, "phase": "main", "players": [{"name": "Ana", **ana},
                                                                          {"name": "Bo", **bo}]})


def test_swarm_does_not_let_a_character_named_like_the_main_character_stay():
    """Swarm lifts the limit of one character of a name per side, but a side may still never hold a
    character named like its main character (compiled rulebook, Uniqueness). Whatever brings such a
    character in, the uniqueness check must not let it stay because it has Swarm."""
    g = _game({"main": {"card": "Brood Warden", "row": "back"}},  # also known as Swarmling
              {"main": {"card": "Captain Solace", "row": "back"}})
    token = zones.create_token(g, "fx-swarmling", 0, "front")
    assert token.zone != "play"
    assert [g.name(c.iid) for c in g.characters(0)] == ["Brood Warden"]


def test_swarm_characters_of_one_name_still_stand_together():
    """The other half of the same rule: several Swarm characters of one name stay side by side."""
    g = _game({"main": {"card": "Baron Dusk", "row": "back"}, "front": ["Gloom Imp"]},
              {"main": {"card": "Captain Solace", "row": "back"}})
    zones.create_token(g, "fx-swarmling", 0, "front")
    zones.create_token(g, "fx-swarmling", 0, "front")
    names = sorted(g.name(c.iid) for c in g.characters(0))
    assert names == ["Baron Dusk", "Gloom Imp", "Swarmling", "Swarmling"]


def test_remaining_health_is_maximum_health_minus_wounds():
    """Maximum health is the printed health plus vitality counters; remaining health is that minus the
    wounds (expansion rulebook). Vitality and wounds cancel, so a character has one kind or the other."""
    from engine.capeclash import stats
    g = _game({"main": {"card": "Baron Dusk", "row": "back"},
               "front": [{"card": "Grave Golem", "vitality": 2}, {"card": "Shade Sniper", "wounds": 1}]},
              {"main": {"card": "Captain Solace", "row": "back"}})
    golem = next(c for c in g.characters(0) if g.name(c.iid) == "Grave Golem")
    sniper = next(c for c in g.characters(0) if g.name(c.iid) == "Shade Sniper")
    assert (stats.health(g, golem), stats.health_left(g, golem)) == (5, 5)
    assert (stats.health(g, sniper), stats.health_left(g, sniper)) == (2, 1)
    zones.wound(g, golem)  # a vitality counter cancels the wound: one counter of each comes off
    assert (golem.vitality, golem.wounds, stats.health(g, golem), stats.health_left(g, golem)) == (1, 0, 4, 4)
