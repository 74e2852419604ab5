"""Rules audit, session 17c: keywords and combat timing (see also the audit-s17c-* scenarios)."""

from __future__ import annotations

from engine.capeclash.position import build
from engine.capeclash.testing import act as _act
from engine.capeclash.testing import named as _named
from engine.capeclash.testing import shared_pool


def _duel(ana: dict, bo: dict, phase: str = "main", active: int = 0):
    pool = shared_pool(["card_data"])
    return build(pool, {"turn": 5, "active": active, "phase": phase,
                        "players": [{"name": "Ana", **ana}, {"name": "Bo", **bo}]})


def _attack(g, attackers, defender) -> None:
    """Declare the attack and let every player pass."""
    _act(g, "attack", card=attackers[0].iid)
    for a in attackers[1:]:
        _act(g, "add_attacker", card=a.iid)
    _act(g, "target", card=defender.iid)
    while g.combat is not None and g.decision and g.decision["type"] == "combat":
        _act(g, "pass")


# ------------------------------------------------------------------ striking needs ATK

def test_team_attacker_with_no_atk_does_not_strike_so_earns_no_stun_xp():
    """Only a character with at least 1 ATK strikes. In a team attack, a main character brought down to
    0 ATK adds nothing and takes no part in the strike, so when its partner stuns the defender the main
    character's "when it stuns" level-up condition is not met."""
    g = _duel({"main": {"card": "Captain Solace", "row": "front", "minus": 3}, "front": ["Sentinel Recruit"]},
              {"main": {"card": "Baron Dusk", "row": "back"}, "front": ["Gloom Imp"]})
    solace = g.cards[g.players[0].main]
    recruit = _named(g, "Sentinel Recruit")
    imp = _named(g, "Gloom Imp")
    _attack(g, [solace, recruit], imp)
    if g.decision and g.decision["type"] == "strike_back":
        _act(g, "strike_back", card=recruit.iid)
    assert imp.zone == "ko"  # the partner's 2 ATK stunned (and so KO'd) it
    assert g.players[0].xp == 0
    assert not any(e.type == "xp" for e in g.events)


# ------------------------------------------------------------------ Mimic and Team Up

def test_mimic_copies_from_a_character_team_up_puts_on_its_team():
    """Mimic copies the keywords of the other face-up supporting characters of its team on its side. A
    character that Team Up makes a member of that team is one of them: the Mimic gets its Flight, and
    loses it again once the Team Up character is stunned."""
    g = _duel({"main": {"card": "Captain Solace", "row": "back"},
               "front": ["Echo Mime", "Night Harrier", "Pact Emissary"]},
              {"main": {"card": "Baron Dusk", "row": "back"}})
    mime = _named(g, "Echo Mime")
    assert "Dawnwatch" in g.teams_of(_named(g, "Night Harrier"))
    assert g.has_keyword(mime, "flight")
    assert "flight" in g.keywords_of(mime)
    g2 = _duel({"main": {"card": "Captain Solace", "row": "back"},
                "front": ["Echo Mime", "Night Harrier", {"card": "Pact Emissary", "stunned": True}]},
               {"main": {"card": "Baron Dusk", "row": "back"}})
    assert not g2.has_keyword(_named(g2, "Echo Mime"), "flight")
