"""Effect frames (engine/capeclash/effects.py, ``Frame``): the names a card chooses live apart from
the interpreter's own working values, a frame's JSON is the dict frames were (so state hashes and
saves made before frames were typed still hold), and copies of a game resolve like the original."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.capeclash import effects
from engine.capeclash.effects import EngineVars, Frame, new_frame
from engine.capeclash.game import Game
from engine.capeclash.loader import raw_card_data
from engine.capeclash.scenario import run_scenario
from engine.capeclash.testing import TESTSET, shared_pool
from engine.cardlang.cards import CardPool

ROOT = Path(__file__).resolve().parent.parent
OLD_SAVES = json.loads((ROOT / "tests" / "data" / "saves_before_typed_frames.json").read_text())["saves"]

ANA = {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "front": ["Stone Giant"],
       "deck": ["Trooper Birch", "Trooper Cole", "Frail Lookout"]}
BO = {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "front": ["Gloom Imp"],
      "deck": ["Alley Brute", "Bit Player", "Night Harrier"]}


def _plot(cid: str, name: str, effect: list) -> dict:
    return {"id": cid, "name": name, "type": "plot_twist", "timing": "main", "effect": effect}


def _play(cards: list[dict], hand: list[str], actions: list, expect: list, seed: int = 0, monkeypatch=None):
    base, teams = raw_card_data([TESTSET])
    pool = CardPool.from_data([*base, *cards], teams)
    run = run_scenario({"scenario": "effect frames", "seed": seed, "start": {
        "turn": 3, "active": 0, "phase": "main", "players": [{**ANA, "hand": hand}, BO]},
        "actions": actions, "expect": expect}, pool)
    assert run.ok, "\n".join(run.failures)
    return run.game


# ------------------------------------------------------------------ card names apart from engine values

def test_a_card_may_name_its_choice_like_an_engine_value():
    """``_won`` and ``_row`` were the interpreter's keys in the one dict a card's names went into: a
    number chosen as ``_won`` made "if you won" true without any coin flip, and a character chosen
    as ``_row`` was taken for the row a token should enter (and crashed). Now they are two names."""
    odd = _plot("t-odd-names", "Odd Names", [
        {"choose_number": {"min": 1, "max": 1, "as": "_won"}},
        {"if": {"cond": {"you_won": True}, "then": [{"gain_xp": {"n": 1}}]}},
        {"counter": {"target": "self", "kind": "plus", "n": {"chosen": "_won"}}},
        {"choose": {"what": "character", "filter": {"side": "yours", "kind": "supporting"}, "as": "_row"}},
        {"counter": {"target": "_row", "kind": "plus", "n": {"chosen": "_won"}}},
        {"create_token": {"card": "fx-swarmling", "row": "choose"}}])
    g = _play([odd], ["Odd Names"],
              [{"plot": "Odd Names"}, {"pick": 0}, {"choose": "Stone Giant"},
               {"check": [{"decision": "choose_row", "to_act": [0]}]}, {"type": "choose_row", "side": 0, "row": "back"}],
              [{"player": 0, "xp": 0},                                   # no coin was flipped: nobody won
               {"card": "Stone Giant", "plus": 1},                      # the names still hold what was chosen
               {"card": "Swarmling", "zone": "play", "row": "back", "side": 0}])
    assert not g.stack


def test_engine_values_have_their_own_fields():
    f = new_frame(["plot", "x"], 0, None, "X")
    f.chosen["_won"] = "a name"
    f.engine.won = True
    f.engine.set_rounds_left(2, 1)
    assert f.chosen == {"_won": "a name"} and f.engine.won is True and f.engine.rounds_left(2) == 1
    assert f.engine.rounds_left(4) is None and f.engine.dance is None and f.engine.row is None


# ------------------------------------------------------------------ the JSON states are hashed and saved by

def test_a_frame_reads_as_the_dict_it_was():
    f = new_frame(["power", "hero", 0], 1, 7, "Zap", cond={"wounds_at_least": 1})
    assert list(f.to_json()) == ["t", "ref", "pc", "vars", "ctl", "src", "name", "combat_only", "cond", "card",
                                 "started"]
    f.event, f.id, f.cancelled = {"who": 3}, 12, True
    js = f.to_json()
    assert list(js)[-3:] == ["event", "id", "cancelled"] and js["event"] == {"who": 3} and js["id"] == 12


def test_engine_values_sit_among_the_names_in_the_order_they_were_set():
    """Frames once kept both in one dict: its JSON (and so state hashes) had them in the order they
    were set. Values set again keep their place; one unset and set again goes last."""
    chosen: dict = {}
    e = EngineVars(chosen)
    chosen["a"] = 1
    e.won = False
    chosen["b"] = 2
    e.set_rounds_left(4, 3)
    e.tokens = 2
    chosen["a"] = 5          # bound again: keeps its place
    e.won = True             # set again: keeps its place
    assert list(e.vars_json().items()) == [("a", 5), ("_won", True), ("b", 2), ("_repeat4", 3), ("_tokens", 2)]
    e.set_rounds_left(4, None)
    e.dance = effects.Dance([1, 0])
    chosen["c"] = 3
    e.tokens = None
    assert list(e.vars_json().items()) == [("a", 5), ("_won", True), ("b", 2), ("_dance", {"order": [1, 0], "at": 0}),
                                           ("c", 3)]


def test_a_coin_flip_between_two_choices_reads_as_before():
    """A name chosen, a coin flipped, another name chosen: the frame's ``vars`` in that order."""
    card = _plot("t-flip-between", "Flip Between", [
        {"choose": {"what": "character", "filter": {"side": "yours"}, "as": "a"}},
        {"coin_flip": {"heads": [{"draw": {}}]}},
        {"choose": {"what": "character", "filter": {"side": "enemy"}, "as": "b"}},
        {"choose": {"what": "character", "filter": {"side": "yours"}, "as": "c"}}])
    g = _play([card], ["Flip Between"], [{"plot": "Flip Between"}, {"choose": "Stone Giant"}, {"choose": "Gloom Imp"}],
              [{"decision": "choose", "to_act": [0]}])
    assert list(g.state_json()["stack"][-1]["vars"]) == ["a", "_won", "b"]


@pytest.mark.parametrize("kind", sorted(OLD_SAVES))
def test_saves_made_while_frames_were_dicts_still_load(kind):
    """Games saved in the middle of an effect by the engine before frames were typed (see the data
    file): each loads, its state hash verified, and its stack reads back as the same JSON."""
    pool = shared_pool([ROOT / "card_data"])
    old = OLD_SAVES[kind]
    g = Game.load(pool, old["save"])
    assert g.state_hash() == old["save"]["hash"]
    assert json.loads(json.dumps(g.state_json()["stack"])) == old["stack"]


# ------------------------------------------------------------------ copies

def test_a_copy_made_inside_nested_steps_resolves_like_the_original(monkeypatch):
    """Nested steps share their frame's variables. A copy of the game made while they ran used to
    give each frame its own, so a coin flip inside a "may" was lost to the "if you won" after it:
    the copy ended in another state than the original."""
    card = _plot("t-lucky-maybe", "Lucky Maybe", [
        {"may": {"prompt": "Try your luck?", "then": [
            {"choose": {"what": "character", "filter": {"side": "yours"}, "as": "h"}},
            {"coin_flip": {"heads": [{"counter": {"target": "h", "kind": "plus"}}]}}]}},
        {"if": {"cond": {"you_won": True}, "then": [{"gain_xp": {"n": 1}}]}}])
    apply, compared = Game.apply, []

    def checked_apply(g, action):
        if sum(type(f) is Frame for f in g.stack) < 2:
            return apply(g, action)
        c = g.copy()
        out = apply(g, action)
        apply(c, action)
        compared.append(g.state_hash())
        assert c.state_hash() == g.state_hash()
        return out

    monkeypatch.setattr(Game, "apply", checked_apply)
    _play([card], ["Lucky Maybe"], [{"plot": "Lucky Maybe"}, "yes", {"choose": "Stone Giant"}],
          [{"log": "flips a coin: heads"}, {"player": 0, "xp": 1}, {"card": "Stone Giant", "plus": 1}], seed=1)
    assert compared


def test_a_verb_keeps_its_own_working_values_apart_from_the_cards_names():
    f = new_frame(["plot", "x"], 0, None, "X")
    f.chosen["_look"] = 7                    # a card may name a choice like a verb's key
    f.engine.keep("_look", {"cards": [3, 4], "taken": 0})
    assert f.engine.kept("_look") == {"cards": [3, 4], "taken": 0} and f.chosen["_look"] == 7
    c = f.copy()
    c.engine.kept("_look")["cards"].append(5)
    assert f.engine.kept("_look") == {"cards": [3, 4], "taken": 0}  # copies keep their own
    f.engine.keep("_look", None)
    assert f.engine.kept("_look") is None and f.to_json()["vars"] == {"_look": 7}
    with pytest.raises(AssertionError):
        f.engine.keep("_won", True)          # the interpreter's own values have fields
