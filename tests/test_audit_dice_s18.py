"""Derring-Dice rules audit, session 18 (seed 004): an action card is discarded after its effect (so
Remote Control cannot draw itself back); Recovery discards down to the hand limits before the team
limit; a card usable by "P/M" reads "Psychic or Magic"; every refused answer (interceptor, discard,
event target, attacker, target, battle card, event, power, upgrade host) names the rule and the card,
leaves the state as it was and never names a card the player may not see."""

from __future__ import annotations

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.dice import DiceGame, load_pool
from engine.dice.invariants import unseen_cards
from engine.dice.scenario import game_from_position
from engine.dice.text import card_text


def _id(g, name: str) -> int:
    return next(i for i, c in enumerate(g.cards) if c["n"] == name)


def _acts(g) -> list:
    return g.legal_actions(g.to_act[0])


def _do(g, typ: str, name: str | None = None):
    for a in _acts(g):
        if a.type == typ and (name is None or a.get("card") == _id(g, name)):
            return g.apply(a)
    raise AssertionError(f"no legal {typ} {name}: {[str(a) for a in _acts(g)]}")


def _refused(g, typ: str, card: str | int | None = None, **more) -> IllegalActionError:
    """Apply an illegal action of the player to act: it is refused and nothing changes."""
    args = dict(more)
    if card is not None:
        args["card"] = _id(g, card) if isinstance(card, str) else card
    for k, v in list(args.items()):
        if k == "target" and isinstance(v, str):
            args[k] = _id(g, v)
    a = Action(g.to_act[0], typ, **args)
    before, events = g.state_hash(), len(g.events)
    with pytest.raises(IllegalActionError) as e:
        g.apply(a)
    assert g.state_hash() == before and len(g.events) == events
    msg = str(e.value)
    assert msg.startswith(str(a)) and "not one of the legal choices" not in msg, msg
    for i in unseen_cards(g, a.player):  # a refusal never names a card hidden from the player
        assert g.name(i) not in msg, (msg, g.name(i))
    return e.value


# ---------------------------------------------------------------------- action cards: discarded after use

def test_remote_control_cannot_draw_itself_when_the_action_deck_runs_out():
    """Seed 004: "Action cards are immediately discarded after being used." Remote Control's draw is
    part of its use: with the Action deck and its discards empty, the draw finds nothing (the card is
    not yet in the discard pile to be reshuffled), and then the card is discarded."""
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": ["Doctor Skyline"], "action_hand": ["Remote Control"]},
                            "good": {"team": ["Mortarman"]}, "dice": [3, 3]})
    _do(g, "attack", "Doctor Skyline")
    _do(g, "target", "Mortarman")
    _do(g, "plot", "Remote Control")
    rc = _id(g, "Remote Control")
    assert rc not in g.players[g.seat_of("bad")]["ahand"]
    assert g.cards[rc]["z"] == "adisc" and g.adisc == [rc]


def test_remote_control_reshuffles_only_the_cards_discarded_before_it():
    """With an empty Action deck and one card in the discard pile, Remote Control draws that card."""
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": ["Doctor Skyline"], "action_hand": ["Remote Control"]},
                            "good": {"team": ["Mortarman"]}, "dice": [3, 3]})
    kick = _id(g, "Kick")
    g.cards[kick].update(z="adisc", o=None)
    g.adisc.append(kick)
    g.touch()
    _do(g, "attack", "Doctor Skyline")
    _do(g, "target", "Mortarman")
    _do(g, "plot", "Remote Control")
    bad = g.seat_of("bad")
    assert g.players[bad]["ahand"] == [kick]
    assert g.adisc[-1] == _id(g, "Remote Control") or g.cards[_id(g, "Remote Control")]["z"] == "adisc"


# ---------------------------------------------------------------------- Recovery: hands, then the team

def test_recovery_discards_to_the_hand_limit_before_the_team_limit():
    """Seed 004's Recovery cuts the hands to their limits first and the team after (the newest heroes
    go). The hands are judged first, while the
    newest hero still carries its Storage Vault (recruit hand limit 8); only then is that hero
    discarded for the team limit, and the 8 recruit cards stay."""
    team = ["Battering Ram", "Top Dog", "Payback", "Subwoofer", "Whetstone", "Slag Queen",
            {"card": "Ghost Turbine", "attached": [{"card": "Deep Cavern", "upgrades": ["Storage Vault"]}]}]
    hand = ["Mortarman", "Elastica", "Moonhowl", "Heatstroke", "Gale Force", "Lasso Lou", "Pocket Pip", "Scrapheap"]
    g = game_from_position({"turn": 3, "phase": "action", "bad": {"team": team, "recruit_hand": hand},
                            "good": {"team": ["Crimson Crab"]}, "recruit_deck": ["Jet Scooter", "Drill Tank"]})
    _do(g, "end_step")
    bad = g.seat_of("bad")
    assert g.turn == 4 and g.decision["type"] != "discard"
    assert len(g.players[bad]["rhand"]) == 8
    assert g.cards[_id(g, "Ghost Turbine")]["z"] == "rdisc"
    lines = g.log_lines(None)
    assert any("the newest hero, Ghost Turbine, is discarded" in x for x in lines)


def test_recovery_hand_discards_come_before_the_team_limit_discard():
    """Over both limits, the player is first asked to discard down to the hand limit (the team is
    still whole while they choose); the newest hero goes once the hands fit."""
    team = ["Battering Ram", "Top Dog", "Payback", "Subwoofer", "Whetstone", "Slag Queen", "Ghost Turbine"]
    hand = ["Mortarman", "Elastica", "Moonhowl", "Heatstroke", "Gale Force", "Lasso Lou", "Pocket Pip", "Scrapheap"]
    g = game_from_position({"turn": 3, "phase": "action", "bad": {"team": team, "recruit_hand": hand},
                            "good": {"team": ["Crimson Crab"]}, "recruit_deck": ["Jet Scooter", "Drill Tank"]})
    _do(g, "end_step")
    assert g.decision["type"] == "discard" and g.cards[_id(g, "Ghost Turbine")]["z"] == "play"
    _do(g, "choose", "Scrapheap")
    assert g.turn == 4 and g.cards[_id(g, "Ghost Turbine")]["z"] == "rdisc"


# ---------------------------------------------------------------------- card text: users

@pytest.mark.parametrize("name,users", [("Elemental Barrier", "Energy or Magic."),
                                        ("Cellular Regeneration", "Psychic or Magic."),
                                        ("Time Travel", "Psychic or Magic.")])
def test_a_card_for_two_traits_reads_either_of_them(name, users):
    """Seed 004's user notation "P/M" means a Psychic or a Magic hero may use the card (either one
    suffices, as the engine plays it): the card's text must not say "and"."""
    pool = load_pool()
    assert card_text(pool[name]).startswith(users)
    g = game_from_position({"turn": 3, "phase": "tactics",
                            "bad": {"team": ["Mister Nowhere"], "action_hand": ["Time Travel"]},
                            "good": {"team": ["Mortarman"]}})
    assert any(a.type == "plot" for a in _acts(g))  # a Magic hero alone is enough


# ---------------------------------------------------------------------- refusals name the rule

def test_refused_interceptors_name_the_rule():
    g = game_from_position({"turn": 3, "phase": "action", "bad": {"team": ["Battering Ram"]},
                            "good": {"team": ["Mortarman", {"card": "Elastica", "intercepted": True},
                                              {"card": "Pocket Pip", "delay": 2}, "Moonhowl"],
                                     "recruit_hand": ["Subwoofer"]}})
    _do(g, "attack", "Battering Ram")
    _do(g, "target", "Mortarman")
    assert g.decision["type"] == "intercept"
    e = _refused(g, "choose", "Elastica")
    assert e.code == "intercepted" and "Elastica" in str(e) and "once" in str(e)
    e = _refused(g, "choose", "Pocket Pip")
    assert e.code == "delayed" and "delay" in str(e)
    e = _refused(g, "choose", "Mortarman")
    assert "target" in str(e)
    e = _refused(g, "choose", "Battering Ram")
    assert e.code == "not_yours"
    _refused(g, "choose", "Subwoofer")  # in the good guy's own hand: named, not an interceptor


def test_a_psychic_attacker_is_refused_the_helmet_wearer_by_name():
    g = game_from_position({"turn": 3, "phase": "action", "bad": {"team": ["Grand Cranium"]},
                            "good": {"team": [{"card": "Mortarman", "attached": ["Lead-Lined Helmet"]}, "Elastica"]}})
    _do(g, "attack", "Grand Cranium")
    e = _refused(g, "target", "Mortarman")
    assert e.code == "immune" and "Lead-Lined Helmet" in str(e) and "Psychic" in str(e)
    e = _refused(g, "target", "Grand Cranium")
    assert "your own team" in str(e)


def test_refused_hand_limit_discard_names_the_hand_and_hides_the_opponents_cards():
    hand = ["Subwoofer", "Mortarman", "Elastica", "Moonhowl", "Pocket Pip", "Heatstroke", "Gale Force", "Lasso Lou"]
    g = game_from_position({"turn": 3, "phase": "action", "bad": {"team": ["Battering Ram"], "recruit_hand": hand},
                            "good": {"team": ["Whetstone"], "recruit_hand": ["Scrapheap"]}})
    _do(g, "end_step")
    assert g.decision["type"] == "discard"
    e = _refused(g, "choose", "Scrapheap")
    assert e.code == "not_in_hand" and "recruit hand" in str(e) and "Scrapheap" not in str(e)
    e = _refused(g, "choose", "Whetstone")
    assert "Whetstone" in str(e) and "hand limit of 7" in str(e)


def test_refused_event_target_names_what_the_event_needs():
    g = game_from_position({"turn": 4, "phase": "tactics",
                            "good": {"team": ["Mortarman"], "action_hand": ["Unmask"]},
                            "bad": {"team": ["Battering Ram", "Cave Brutes"]}})
    _do(g, "plot", "Unmask")
    assert g.decision["type"] == "event_target"
    e = _refused(g, "choose", "Cave Brutes")
    assert e.code == "bad_target" and "opposing hero" in str(e) and "Unmask" in str(e)
    _refused(g, "choose", "Mortarman")


def test_refused_attackers_name_the_reason():
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": [{"card": "Top Dog", "used": 1}, "Starlight Siren",
                                             {"card": "Battering Ram",
                                              "attached": [{"card": "Deep Cavern", "upgrades": ["Laser Turret"]}]}],
                                    "recruit_hand": ["Subwoofer"]},
                            "good": {"team": ["Mortarman", "Elastica"], "recruit_hand": ["Moonhowl"]},
                            "dice": [6, 1, 1, 3, 3]})
    e = _refused(g, "attack", "Top Dog")
    assert e.code == "already_attacked" and "Top Dog" in str(e)
    e = _refused(g, "attack", "Subwoofer")
    assert e.code == "not_in_play" and "Subwoofer" in str(e)
    e = _refused(g, "attack", "Moonhowl")  # in the other player's hand: never named
    assert e.code == "not_in_play"
    e = _refused(g, "attack", "Mortarman")
    assert e.code == "not_yours"
    _do(g, "attack", "Starlight Siren")
    _do(g, "target", "Mortarman")
    _do(g, "no")
    assert g.cards[_id(g, "Mortarman")]["o"] == g.seat_of("bad")
    e = _refused(g, "attack", "Mortarman")
    assert e.code == "changed_sides" and "changed sides" in str(e)
    _do(g, "attack", "Laser Turret")
    _do(g, "target", "Elastica")
    e = _refused(g, "attack", "Laser Turret")
    assert e.code == "already_attacked" and "once each turn" in str(e)


def test_refused_battle_cards_name_the_rule():
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": ["Battering Ram", "Cave Brutes"],
                                    "action_hand": ["Super Tough", "Blasts", "Unmask", "Break Free"]},
                            "good": {"team": ["Mortarman", "Elastica"], "action_hand": ["Crush"]},
                            "dice": [3, 3, 3, 3]})
    _do(g, "attack", "Battering Ram")
    _do(g, "target", "Mortarman")
    _do(g, "no")
    assert g.decision["type"] == "battle"
    e = _refused(g, "plot", "Super Tough")
    assert e.code == "defender_only"
    e = _refused(g, "plot", "Blasts")
    assert e.code == "cannot_use" and "Battering Ram cannot use Blasts" in str(e)
    e = _refused(g, "plot", "Unmask")
    assert e.code == "events_outside_fights"
    e = _refused(g, "plot", "Break Free")
    assert "outside fights" in str(e)
    e = _refused(g, "plot", "Crush")  # in the other player's hand
    assert e.code == "not_in_hand" and "Crush" not in str(e)
    _do(g, "pass")
    e = _refused(g, "plot", "Crush")  # the defender's player: an attacker's card
    assert e.code == "attacker_only"


def test_refused_minion_battle_card_says_minions_cannot_use_them():
    """A Versatile minion is asked for battle cards (it may use a trait's), and a card for any hero is
    refused with the rule: minions use no battle card but a trait's."""
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": ["Powered Street Crew"], "action_hand": ["Kick", "Crush"]},
                            "good": {"team": ["Mortarman"]}, "dice": [3, 3]})
    _do(g, "attack", "Powered Street Crew")
    _do(g, "target", "Mortarman")
    assert g.decision["type"] == "battle"
    e = _refused(g, "plot", "Kick")
    assert e.code == "cannot_use" and "minion" in str(e) and "Powered Street Crew" in str(e)


def test_refused_events_outside_fights_name_the_rule():
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": [{"card": "Battering Ram", "delay": 2}, "Mister Nowhere"],
                                    "action_hand": ["Time Travel", "Kidnap Sidekick", "Crush"]},
                            "good": {"team": ["Mortarman"]}})
    e = _refused(g, "plot", "Time Travel")
    assert e.code == "cannot_use" and "Tactics phase" in str(e)
    e = _refused(g, "plot", "Kidnap Sidekick")
    assert e.code == "no_target" and "sidekick" in str(e)
    e = _refused(g, "plot", "Crush")
    assert e.code == "battle_only_in_fights"
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": [{"card": "Mister Nowhere", "delay": 2}], "action_hand": ["Kidnap Sidekick"]},
                            "good": {"team": [{"card": "Mortarman", "attached": ["Ape Apprentice"]}]}})
    e = _refused(g, "plot", "Kidnap Sidekick")
    assert e.code == "cannot_use" and "not delayed" in str(e) and "villain" in str(e)


def test_refused_power_names_the_once_per_turn_rule():
    g = game_from_position({"turn": 3, "phase": "action",
                            "bad": {"team": [{"card": "Battering Ram",
                                              "attached": [{"card": "Deep Cavern", "upgrades": ["Listening Dish"]}]}]},
                            "good": {"team": ["Mortarman"], "recruit_hand": ["Elastica"]}})
    _do(g, "power", "Listening Dish")
    e = _refused(g, "power", "Listening Dish", power=0)
    assert e.code == "once_per_turn" and "Listening Dish" in str(e)
    e = _refused(g, "power", "Deep Cavern", power=0)
    assert e.code == "no_power"


def test_refused_upgrade_hosts_name_what_the_upgrade_goes_on():
    g = game_from_position({"turn": 3, "phase": "equip",
                            "bad": {"team": [{"card": "Battering Ram",
                                              "attached": [{"card": "Omni-Cruiser", "upgrades": ["Armory"]},
                                                           "Ape Apprentice"]}],
                                    "recruit_hand": ["Firing Range", "Grabber Arms"]},
                            "good": {"team": [{"card": "Mortarman", "attached": ["Deep Cavern"]}]}})
    e = _refused(g, "equip", "Firing Range", target="Omni-Cruiser")
    assert e.code == "wrong_host" and "at most 1 base upgrade" in str(e)
    e = _refused(g, "equip", "Firing Range", target="Ape Apprentice")
    assert e.code == "wrong_host" and "goes on a base" in str(e)
    e = _refused(g, "equip", "Firing Range", target="Deep Cavern")
    assert e.code == "not_yours"
    e = _refused(g, "equip", "Grabber Arms", target="Armory")
    assert e.code == "wrong_host"


def test_random_refusals_always_give_a_reason_and_never_name_hidden_cards():
    """Made-up actions thrown at random games: every refusal has a specific reason (never the bare
    "not one of the legal choices now"), leaves the state hash as it was, and names no card the
    refused player may not see."""
    pool = load_pool()
    r = Rng(18)
    kinds = ("recruit", "equip", "choose", "plot", "power", "attack", "target")
    checked = 0
    for seed in range(4):
        g = DiceGame(pool, {"seed": 1800 + seed})
        while not g.is_over and len(g.actions) < 250:
            legal = _acts(g)
            p = g.to_act[0]
            for _ in range(4):
                typ = kinds[r.below(len(kinds))]
                args: dict = {"card": r.below(len(g.cards))}
                if typ == "equip":
                    args["target"] = g.play[r.below(len(g.play))] if g.play else 0
                if typ == "power":
                    args["power"] = 0
                a = Action(p, typ, **args)
                if a in legal:
                    continue
                before = g.state_hash()
                with pytest.raises(IllegalActionError) as e:
                    g.apply(a)
                msg = str(e.value)
                assert g.state_hash() == before
                assert "not one of the legal choices" not in msg, msg
                hidden = {g.name(i) for i in unseen_cards(g, p)}
                assert not [n for n in hidden if n in msg], msg
                checked += 1
            g.apply_unchecked(legal[r.below(len(legal))])
    assert checked > 500


# ---------------------------------------------------------------------- Time Travel: every hero, one more aid

def test_time_travel_lets_an_opposing_hero_take_another_weakness():
    """Our reading of Time Travel (rulebook 'readings'): the Equip phase happens again and each hero may
    take one more aid. A weakness counts as the aid of the opposing hero it goes on, so that hero, too,
    may take one more in the repeated Equip phase."""
    g = game_from_position({"turn": 3, "phase": "equip",
                            "bad": {"team": ["Mister Nowhere"],
                                    "recruit_hand": ["Fatal Allergy", "Fatal Flaw"], "action_hand": ["Time Travel"]},
                            "good": {"team": ["Mortarman"]}})
    mort = _id(g, "Mortarman")
    _do(g, "equip", "Fatal Allergy")
    assert not any(a.type == "equip" and a.get("target") == mort for a in _acts(g))
    _do(g, "end_step")
    _do(g, "plot", "Time Travel")
    assert g.phase == "equip"
    _do(g, "equip", "Fatal Flaw")
    assert g.cards[_id(g, "Fatal Flaw")]["on"] == mort
