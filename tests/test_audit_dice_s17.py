"""Derring-Dice rules audit, session 17 (seed 004): a Versatile minion's note covers battle cards and
not events; a character that changed sides this turn fires no turret; a Leader granted for one Action
phase stops counting when that phase ends, before Recovery sheds any token."""

from __future__ import annotations

import pytest

from engine.dice.scenario import game_from_position


def _id(g, name: str) -> int:
    return next(i for i, c in enumerate(g.cards) if c["n"] == name)


def _acts(g) -> list:
    return g.legal_actions(g.to_act[0])


def _do(g, typ: str, name: str | None = None):
    for a in _acts(g):
        if a.type == typ and (name is None or a.get("card") == _id(g, name)):
            return g.apply(a)
    raise AssertionError(f"no legal {typ} {name}: {[str(a) for a in _acts(g)]}")


def _played(g, name: str) -> bool:
    return any(a.type == "plot" and a.get("card") == _id(g, name) for a in _acts(g))


# ---------------------------------------------------------------------- Versatile: battle cards only

@pytest.mark.parametrize("event", ["Cellular Regeneration", "Time Travel"])
def test_versatile_minion_does_not_make_trait_events_playable(event):
    """The street-gang minion may use battle cards of any trait, but an event is not a battle card: a
    bad guy whose only ready character is that minion has no user for a Psychic/Magic event."""
    g = game_from_position({"turn": 3, "phase": "tactics",
                            "bad": {"team": [{"card": "Powered Street Crew", "damage": 2}], "action_hand": [event]},
                            "good": {"team": ["Mortarman"]}})
    assert not _played(g, event)


def test_versatile_minion_still_uses_trait_battle_cards_in_a_fight_and_break_free():
    """The same minion keeps its note for battle cards: a Strong card in its fight, and Break Free (a
    battle card used outside fights) on itself."""
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": ["Powered Street Crew"], "action_hand": ["Crush"]},
                            "good": {"team": ["Mortarman"]}, "dice": [6, 1]})
    _do(g, "attack", "Powered Street Crew")
    _do(g, "target", "Mortarman")
    assert _played(g, "Crush")
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": [{"card": "Powered Street Crew", "delay": 2}, "Cave Brutes"],
                                    "action_hand": ["Break Free"]},
                            "good": {"team": ["Mortarman"]}})
    assert _played(g, "Break Free")


def test_versatile_minion_cannot_use_hero_or_villain_cards():
    """Cards for any hero, good heroes or villains ask for a hero: no minion uses them, Versatile or not."""
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": ["Powered Street Crew"], "action_hand": ["Kick", "Human Shield"]},
                            "good": {"team": ["Mortarman"]}, "dice": [6, 1]})
    _do(g, "attack", "Powered Street Crew")
    _do(g, "target", "Mortarman")
    assert not _played(g, "Kick")


# ---------------------------------------------------------------------- changing sides ends the turn's attacks



# ---------------------------------------------------------------------- Telepathy's Leader ends with the phase

def test_phase_leader_ending_defeats_before_the_end_of_action_victory_check():
    """A Leader gained for one Action phase stops counting when that phase ends. A hero kept alive only
    by that +1 is defeated then, before anything else happens; if that leaves the defending team with
    nobody who is not defeated or delayed, the active player wins as the Action phase ends."""
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": ["Bruno Bearhug", "Captain Tremendo"]},
                            "good": {"team": ["Grand Cranium", "Battering Ram"], "action_hand": ["Telepathy"]},
                            "dice": [6, 1, 3, 2, 1]})
    _do(g, "attack", "Bruno Bearhug")
    _do(g, "target", "Grand Cranium")
    _do(g, "no")                        # the bad guy has no action card: the good guy answers first
    _do(g, "plot", "Telepathy")         # the Cranium leads its team for the rest of the phase
    # Bruno 5 + 6 beats 4 + 1: the Cranium is immobilized for 3 turns
    assert g.cards[_id(g, "Grand Cranium")]["dly"] == 3
    _do(g, "attack", "Captain Tremendo")
    _do(g, "target", "Battering Ram")
    # Tremendo 4 + 3 Damager + 2 = 9 against Ram 3 + 1 Leader + 1 = 5: 4 damage, not more than Force 4
    ram = _id(g, "Battering Ram")
    assert g.cards[ram]["dmg"] == 4 and g.cards[ram]["z"] == "play"
    _do(g, "end_step")
    assert g.result is not None and g.result["winners"] == [g.seat_of("bad")]
    assert g.result["turn"] == 3 and g.cards[ram]["z"] == "rdisc"
