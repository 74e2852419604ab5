"""Derring-Dice card sweeps: every battle card in a real fight, every aid and upgrade attached
through the Equip phase, each checked for what its note says."""

from __future__ import annotations

import pytest

from engine.dice import fight, load_pool, rules
from engine.dice.choices import peeks
from engine.dice.scenario import game_from_position, resolve_action

POOL = load_pool()
BATTLE = [c for c in POOL.action if c.type == "battle" and not c.remove_delay]
ATTACHABLE = [c for c in POOL.recruit if c.is_aid or c.is_upgrade]


def hero_with(users, avoid=()):
    """A plain hero (no ability that changes fights) able to use a card for ``users``."""
    plain = ("leader", "genius", "regenerate", "shock", "extra_attack")
    for c in POOL.recruit:
        if c.type != "hero" or c.name in avoid or not set(c.abilities) <= set(plain):
            continue
        if any(u in c.traits or u in ("hero", "villain", "good") for u in users):
            return c.name
    raise AssertionError(users)


def act(g, **spec):
    g.apply(resolve_action(g, spec))


@pytest.mark.parametrize("card", BATTLE, ids=[c.name for c in BATTLE])
def test_every_battle_card_in_a_fight(card):
    attacking = bool(card.attacker_force or card.attack_type or card.bonus or card.leader_for_phase)
    user_side = "good" if "good" in card.users else "bad"
    other = "bad" if user_side == "good" else "good"
    user = hero_with(card.users)
    foe = "Bramble Baron" if user != "Bramble Baron" else "Mortarman"
    active = user_side if attacking else other
    pos = {"turn": 3 if active == "bad" else 4, "phase": "action", "dice": [3, 3, 3, 3, 3, 3],
           user_side: {"team": [user], "action_hand": [card.name]},
           other: {"team": [foe, "Elastica"] if card.attack_type == "area" else [foe]},
           "action_deck": ["Kick" if card.name != "Kick" else "Punch"]}
    g = game_from_position(pos)
    attacker, defender = (user, foe) if attacking else (foe, user)
    act(g, type="attack", card=attacker)
    act(g, type="target", card=defender)
    if g.decision["type"] == "intercept":
        act(g, type="no")
    assert g.decision["type"] == "battle" and g.players[g.to_act[0]]["side"] == user_side, card.name
    hand_before = len(g.players[g.to_act[0]]["ahand"])
    act(g, type="plot", card=card.name)
    while not g.is_over and g.decision["type"] == "battle":
        act(g, type="pass")
    log = "\n".join(g.log_lines(None))
    n = (card.attacker_force if attacking else card.defender_force) + card.bonus
    if card.negate:
        assert "cancelled" in log and "rolls" not in log
    elif n:
        assert f"+{n} battle cards" in log, (card.name, log)
    if card.attack_type == "area":
        assert "hits every enemy" in log and "Elastica: Force" in log
    elif card.attack_type == "immobilize":
        assert "now immobilizes" in log
    elif card.attack_type == "control":
        assert "now takes control" in log
    if card.leader_for_phase:
        assert "is a Leader" in log
    # what the fight did to the defender, from the state: a cancelled attack rolls nothing and harms
    # nobody; a hit immobilizes (delay tokens, no damage), takes control or does the damage rolled
    idx = {c["n"]: i for i, c in enumerate(g.cards) if "n" in c}
    att, dfd = idx[attacker], idx[defender]
    rolls = [e.data["roll"] for e in g.events if e.data.get("roll")]
    if card.negate:
        assert rolls == [] and g.cards[dfd].get("dmg", 0) == 0 and g.cards[dfd].get("dly", 0) == 0
    elif card.attack_type == "area":  # one roll-off for each of the two enemies
        assert sorted(r["defender"] for r in rolls) == sorted([dfd, idx["Elastica"]]), (card.name, rolls)
    elif card.attack_type != "area" and rolls and rolls[0]["hit"] and "is a Dodger" not in log:
        kind = card.attack_type if card.attack_type in ("immobilize", "control") else "damage"
        c = g.cards[dfd]
        if kind == "immobilize":
            assert c["dly"] >= 1 and c["dmg"] == 0, (card.name, c)
        elif kind == "control":
            assert c["z"] != "play" or c["o"] == g.cards[att]["o"], (card.name, c)
        else:
            assert c["z"] != "play" or c["dmg"] == rolls[0]["attack_total"] - rolls[0]["defence_total"], (card.name, c)
    if card.draw_action:
        p = g.seat_of(user_side)
        assert len(g.players[p]["ahand"]) == hand_before - 1 + card.draw_action
    assert g.cards[next(i for i, c in enumerate(g.cards) if c["n"] == card.name)]["z"] == "adisc"


def test_battle_cards_need_the_right_user():
    for card in BATTLE:
        if card.users == ("hero",) or "villain" in card.users or "good" in card.users:
            continue
        wrong = next(c.name for c in POOL.recruit if c.type == "hero" and c.traits
                     and not set(c.traits) & set(card.users)
                     and set(c.abilities) <= {"genius", "leader", "regenerate", "shock", "extra_attack"})
        g = game_from_position({"turn": 3, "phase": "action", "bad": {"team": [wrong], "action_hand": [card.name]},
                                "good": {"team": ["Bramble Baron"], "action_hand": []}})
        act(g, type="attack", card=wrong)
        act(g, type="target", card="Bramble Baron")
        assert not any(a.type == "plot" for a in g.legal_actions()), card.name  # at most a question to pass


def host_for(card):
    """A position in which ``card`` can be attached, and the expected host name."""
    if card.type == "weakness":
        return {"bad": {"team": ["Top Dog"], "recruit_hand": [card.name]}, "good": {"team": ["Mortarman"]}}, \
            "Mortarman", "bad"
    side = "good" if card.only == "good" else "bad"
    hero = "Doctor Skyline" if side == "bad" else "Professor Conundrum"
    team = [{"card": hero, "new": True}]
    target = hero
    if card.is_upgrade:
        host = {"base_upgrade": "Deep Cavern", "vehicle_upgrade": "Jet Scooter", "plot_upgrade": "Steer the Asteroid"}[
            card.type]
        team = [{"card": hero, "attached": [host]}]
        target = host
    pos = {side: {"team": team, "recruit_hand": [card.name]},
           ("good" if side == "bad" else "bad"): {"team": ["Mortarman"]}}
    return pos, target, side


@pytest.mark.parametrize("card", ATTACHABLE, ids=[c.name for c in ATTACHABLE])
def test_every_aid_and_upgrade_does_what_it_says(card):
    pos, target, side = host_for(card)
    pos.update(turn=3 if side == "bad" else 4, phase="equip")
    g = game_from_position(pos)
    p = g.seat_of(side)
    hero = next(i for i in g.play if g.card(i).type == "hero" and (card.type == "weakness") != (g.cards[i]["o"] == p))
    f0, t0, a0 = rules.force(g, hero), set(rules.traits(g, hero)), set(rules.abilities(g, hero))
    limits0 = (rules.team_limit(g, p), rules.hand_limit(g, p, "recruit"), rules.hand_limit(g, p, "action"))
    act(g, type="equip", card=card.name, target=target)
    c = g.cards[next(i for i, x in enumerate(g.cards) if x["n"] == card.name)]
    assert c["z"] == "att" and g.name(c["on"]) == target
    gains_t, gains_a = set(card.gains_traits), set(card.gains_abilities)
    had = (t0 & gains_t) or (a0 & gains_a)
    expected = f0 + card.force + (card.boost_if_had if had else 0)
    if "leader" in gains_a and not had:
        expected += 0  # a Leader lifts the others, not itself
    assert rules.force(g, hero) == max(0, expected), card.name
    assert gains_t <= rules.traits(g, hero) and gains_a <= rules.abilities(g, hero)
    team, rh, ah = rules.team_limit(g, p), rules.hand_limit(g, p, "recruit"), rules.hand_limit(g, p, "action")
    assert team == limits0[0] + card.team_size
    assert rh == limits0[1] + card.hand_size.get("recruit", 0)
    assert ah == limits0[2] + card.hand_size.get("action", 0)
    assert rules.has_flag(g, hero, "secluded") == card.secluded
    assert rules.has_flag(g, hero, "any_vehicles") == card.any_vehicles
    assert rules.immune_to(g, hero, "psychic") == (card.immune == "psychic")
    assert bool(rules.house(g, hero, "action_draw")) == bool(card.action_draw)
    if card.peek:
        assert peeks(g, p)
    if card.turret:
        g.players[p]["turns"] = 2
        g.phase = "action"
        g.touch()
        assert any(g.cards[s]["z"] == "att" for s in fight.attack_sources(g, p))
