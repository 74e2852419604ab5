"""Derring-Dice audit, session 19 (seed 004): bad input to positions, saves and scenario files, and
the reasons given for refused actions.

* A new game from a config with a broken ``position`` crashed (KeyError, ValueError from ``int()``)
  instead of naming the field; a save listed its position's problems only when nothing else was wrong.
* An action accepted because its argument only compares equal to the legal one (``power=False`` for
  ``power=0``) was recorded as written, and the save holding it could not be loaded again.
* Positions the engine cannot hold were accepted: a minion with the good guys or carrying aids, an
  upgrade on the wrong kind of aid, a controlled character without ``from``/``by`` or controlled by
  a character of the other team, an action card in the Recruit deck; in scenario files (tests of the
  rules) also two aids in one slot or a vehicle over its docking room (one of our scenarios did that).
* A scenario's misspelt step key (``ilegal: true``), expectation key or value (``not_abilities:
  [dodgr]``, which then held whatever happened; ``winner: goood``) was not named, or named without a
  'did you mean'.
* A refused recruit with a wrong row told the bad guy that only the bad guy recruits minions; a
  Listening Dish used with a wrong power index was 'already used this turn'.
* A scenario game's set-aside cards were reported as 'cards lost' by the invariant checker.
"""

from __future__ import annotations

import copy
import json

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalActionError, SaveError
from engine.dice import DiceGame, load_pool
from engine.dice.invariants import all_violations
from engine.dice.scenario import check_position, check_scenario, game_from_position, run_scenario


@pytest.fixture(scope="module")
def pool():
    return load_pool()


def _id(g, name: str) -> int:
    return next(i for i, c in enumerate(g.cards) if c["n"] == name)


def _refused(g, a: Action) -> IllegalActionError:
    before, events, view = g.state_hash(), len(g.events), json.dumps(g.view(a.player), sort_keys=True)
    with pytest.raises(IllegalActionError) as e:
        g.apply(a)
    assert g.state_hash() == before and len(g.events) == events
    assert json.dumps(g.view(a.player), sort_keys=True) == view
    return e.value


DISH = {"turn": 3, "phase": "tactics",
        "bad": {"team": [{"card": "Mortarman", "attached": [{"card": "Deep Cavern", "upgrades": ["Listening Dish"]}]}]},
        "good": {"team": ["Elastica"]}}


# ---------------------------------------------------------------------- saves and new games

def test_an_action_equal_only_by_value_is_recorded_as_the_engines_own_and_the_save_loads(pool):
    g = game_from_position(DISH, pool=pool)
    g.apply(Action(0, "power", card=_id(g, "Listening Dish"), power=False))  # False == 0 in Python
    assert g.actions[-1]["power"] == 0 and not isinstance(g.actions[-1]["power"], bool)
    save = json.loads(json.dumps(g.save()))
    assert DiceGame.load(pool, save).state_hash() == g.state_hash()


@pytest.mark.parametrize("position, field, says", [
    ({"bad": {"team": ["Nobody"]}}, "position.bad.team[0]", "unknown card 'Nobody'"),
    ({"bad": {"team": ["Mortarmn"]}}, "position.bad.team[0]", "did you mean 'Mortarman'"),
    ({"bad": {"team": [{"card": "Mortarman", "damage": "x"}]}}, "position.bad.team[0].damage", "whole number"),
    ({"phase": "lunch"}, "position.phase", "unknown phase"),
    ({"good": {"team": ["Cave Brutes"]}}, "position.good.team[0]", "minions serve only the bad guys"),
])
def test_a_new_game_with_a_broken_position_names_the_field(pool, position, field, says):
    with pytest.raises(ValueError) as e:
        DiceGame(pool, {"seed": 1, "position": position})
    assert f"config '{field}'" in str(e.value) and says in str(e.value), str(e.value)


def test_a_save_lists_its_positions_problems_with_the_configs_other_problems(pool):
    save = json.loads(json.dumps(game_from_position(DISH, pool=pool).save()))
    save["version"] = 9
    save["config"]["seed"] = "x"
    save["config"]["position"]["good"]["team"] = ["Elastca"]
    with pytest.raises(SaveError) as e:
        DiceGame.load(pool, save)
    fields = {p.field for p in e.value.problems}
    assert {"version", "config.seed", "config.position.good.team[0]"} <= fields, fields
    assert "did you mean 'Elastica'" in str(e.value)


def test_a_broken_save_without_a_hash_says_so_with_its_other_problems(pool):
    save = json.loads(json.dumps(game_from_position(DISH, pool=pool).save()))
    del save["hash"]
    save["config"]["seed"] = "x"
    with pytest.raises(SaveError) as e:
        DiceGame.load(pool, save)
    assert {p.field for p in e.value.problems} == {"config.seed", "hash"}


# ---------------------------------------------------------------------- positions the engine cannot hold

@pytest.mark.parametrize("position, field, says", [
    ({"good": {"team": ["Cave Brutes"]}}, "start.good.team[0]", "minions serve only the bad guys"),
    ({"bad": {"team": [{"card": "Cave Brutes", "attached": ["Deep Cavern"]}]}}, "start.bad.team[0].attached[0]",
     "minions take no aids"),
    ({"bad": {"team": [{"card": "Mortarman", "attached": [{"card": "Deep Cavern", "upgrades": ["Doomsday Clock"]}]}]}},
     "start.bad.team[0].attached[0].upgrades", "goes on a major plot"),
    ({"bad": {"team": [{"card": "Mortarman", "attached": [{"card": "Jet Scooter", "upgrades": ["Armor Plating",
                                                                                               "Firing Range"]}]}]}},
     "start.bad.team[0].attached[0].upgrades", "goes on a base"),
    ({"good": {"team": [{"card": "Mortarman", "from": "bad"}]}}, "start.good.team[0].by", "needs 'by'"),
    ({"bad": {"team": ["Starlight Siren"]}, "good": {"team": [{"card": "Mortarman", "by": "Starlight Siren"}]}},
     "start.good.team[0].from", "needs 'from'"),
    ({"bad": {"team": ["Starlight Siren"]},
      "good": {"team": [{"card": "Mortarman", "from": "bad", "by": "Starlight Siren"}]}},
     "start.good.team[0].by", "on the bad team"),
    ({"good": {"team": [{"card": "Mortarman", "from": "good", "by": "Mortarman"}]}}, "start.good.team[0].from",
     "comes from the other side"),
    ({"good": {"team": ["Mortarman"], "recruit_hand": ["Subwoofer"]}, "bad": {"team": [
        {"card": "Elastica", "from": "good", "by": "Subwoofer"}]}}, "start.bad.team[0].by", "must name a character"),
    ({"recruit_deck": ["Crush"]}, "start.recruit_deck", "belongs in the action deck"),
    ({"action_deck": ["Mortarman"]}, "start.action_deck", "belongs in the recruit deck"),
])
def test_a_position_the_engine_cannot_hold_is_refused_by_field(pool, position, field, says):
    probs = check_position(position, pool)
    assert any(p.field == field and says in p.message for p in probs), [str(p) for p in probs]
    with pytest.raises(ValueError):  # a new game from it too (and so a save holding it)
        DiceGame(pool, {"seed": 1, "position": position})


@pytest.mark.parametrize("team, says", [
    ([{"card": "Mortarman", "attached": ["Deep Cavern", "Burrow Town"]}], "a hero carries one base"),
    ([{"card": "Mortarman", "attached": ["Runaway Train", "Steer the Asteroid"]}], "share that spot"),
    ([{"card": "Mortarman", "attached": ["Jet Scooter", "Drill Tank"]}], "a hero carries one vehicle"),
    ([{"card": "Mortarman", "attached": [{"card": "Battle Van", "upgrades": ["Armory", "Trophy Hall"]}]}],
     "room for 1 base upgrade"),
])
def test_a_scenario_cannot_start_from_a_hero_carrying_what_the_slots_forbid(pool, team, says):
    data = {"game": "dice", "scenario": "t", "start": {"turn": 3, "bad": {"team": team}}}
    probs = check_scenario(data, pool, "x.yaml")
    assert any(says in p.message and p.field.startswith("start.bad.team[0].attached") for p in probs), \
        [str(p) for p in probs]


def test_a_hangar_bay_lets_a_scenario_hero_carry_several_vehicles(pool):
    team = [{"card": "Mortarman", "attached": [{"card": "Deep Cavern", "upgrades": ["Hangar Bay"]}, "Jet Scooter",
                                               "Drill Tank", {"card": "Battle Van", "upgrades": ["Armory"]}]}]
    data = {"game": "dice", "scenario": "t", "start": {"turn": 3, "bad": {"team": team}}}
    assert check_scenario(data, pool, "x.yaml") == []


def test_every_shipped_scenario_starts_from_a_position_the_invariants_accept(pool):
    """phase-contacts-genius.yaml gave Mortarman two bases; and every card a position leaves out of the
    game was reported as 'cards lost'."""
    from engine.dice.ruleset import SCENARIO_DIR
    from engine.dice.scenario import load_scenarios
    for f, data in load_scenarios([SCENARIO_DIR]):
        assert check_scenario(data, pool, f) == [], f
        g = game_from_position(data["start"], pool=pool)
        assert all_violations(g) == [], (f, all_violations(g))


# ---------------------------------------------------------------------- scenario scripts and expectations

def _probs(pool, actions=(), expect=()) -> list[str]:
    data = {"game": "dice", "scenario": "t", "start": {"turn": 3, "bad": {"team": ["Battering Ram"]},
                                                        "good": {"team": ["Mortarman"]}},
            "actions": list(actions), "expect": list(expect)}
    return [str(p) for p in check_scenario(data, pool, "x.yaml")]


@pytest.mark.parametrize("step, field, says", [
    ({"attack": "Battering Ram", "ilegal": True}, "actions[0].ilegal", "did you mean 'illegal'"),
    ({"equip": "Deep Cavern", "targt": "Mortarman"}, "actions[0].targt", "did you mean 'target'"),
    ({"atack": "Battering Ram"}, "actions[0]", "did you mean 'attack'"),
    ({"type": "atack", "card": "Battering Ram"}, "actions[0]", "did you mean 'attack'"),
])
def test_a_misspelt_step_key_is_named_with_a_suggestion(pool, step, field, says):
    probs = _probs(pool, actions=[step])
    assert any(f"field '{field}'" in p and says in p for p in probs), probs


@pytest.mark.parametrize("expect, field, says", [
    ({"card": "Mortarman", "not_abilities": ["dodgr"]}, "expect[0].not_abilities", "did you mean 'dodger'"),
    ({"card": "Mortarman", "traits": ["strnog"]}, "expect[0].traits", "unknown trait"),
    ({"card": "Mortarman", "damge": 1}, "expect[0].damge", "did you mean 'damage'"),
    ({"card": "Mortarman", "zone": "discard"}, "expect[0].zone", "one of"),
    ({"card": "Mortarman", "damage": "two"}, "expect[0].damage", "whole number"),
    ({"card": "Mortarman", "attached_to": "Mortarmn"}, "expect[0].attached_to", "did you mean 'Mortarman'"),
    ({"player": "bad", "recruit_hnd": 1}, "expect[0].recruit_hnd", "did you mean 'recruit_hand'"),
    ({"player": "bad", "hand_limit": 7}, "expect[0].hand_limit", "[recruit limit, action limit]"),
    ({"winner": "goood"}, "expect[0].winner", "bad, good or none"),
    ({"decision": "battel"}, "expect[0].decision", "one of"),
    ({"phase": "lunch"}, "expect[0].phase", "one of"),
    ({"over": "no"}, "expect[0].over", "true or false"),
    ({"winer": "bad"}, "expect[0].winer", "did you mean 'winner'"),
])
def test_a_misspelt_expectation_is_named(pool, expect, field, says):
    probs = _probs(pool, expect=[expect])
    assert any(f"field '{field}'" in p and says in p for p in probs), probs


def test_a_negative_check_with_a_misspelt_ability_no_longer_holds_silently(pool):
    data = {"game": "dice", "scenario": "t", "start": {"turn": 3, "bad": {"team": ["Battering Ram"]},
                                                        "good": {"team": ["Mortarman"]}},
            "expect": [{"card": "Mortarman", "not_abilities": ["defendr"]}]}
    assert check_scenario(data, pool, "x.yaml")
    fails = run_scenario(copy.deepcopy(data) | {"expect": [{"card": "Mortarman", "not_abilities": ["defender"]}]},
                         pool)
    assert fails  # spelt right, the check is made (and Mortarman is a Defender)


# ---------------------------------------------------------------------- reasons for refused actions

def test_a_recruit_with_a_wrong_row_is_refused_for_its_row(pool):
    g = game_from_position({"turn": 3, "phase": "recruit", "bad": {"recruit_hand": ["Cave Brutes", "Mortarman"]}},
                           pool=pool)
    for name in ("Cave Brutes", "Mortarman"):
        e = _refused(g, Action(0, "recruit", card=_id(g, name), row="bench"))
        assert e.code == "bad_row" and "row=team" in str(e) and "only the bad guy" not in str(e), str(e)
    g = game_from_position({"turn": 4, "phase": "recruit", "good": {"recruit_hand": ["Cave Brutes"]}}, pool=pool)
    e = _refused(g, Action(1, "recruit", card=_id(g, "Cave Brutes"), row="team"))
    assert e.code == "minions_bad_only"


def test_a_power_with_a_wrong_index_is_refused_for_its_index_not_as_used(pool):
    g = game_from_position(DISH, pool=pool)
    dish = _id(g, "Listening Dish")
    for power in (1, -1):
        e = _refused(g, Action(0, "power", card=dish, power=power))
        assert e.code == "no_such_power" and "already" not in str(e), str(e)
    g.apply(Action(0, "power", card=dish, power=0))
    e = _refused(g, Action(0, "power", card=dish, power=0))
    assert e.code == "once_per_turn"
