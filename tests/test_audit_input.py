"""Bad input found by the audit (findings/FINDINGS.md, F2 F3 F5 F7 F8 and the CLI notes): each case must be
refused with a clear error naming the field, never accepted, never a hang."""

from __future__ import annotations

import time

import pytest

from engine.capeclash import game as game_module
from engine.capeclash.loader import load_pool
from engine.capeclash.scenario import run_scenario
from engine.capeclash.testing import shared_pool
from engine.cardlang.cards import CardPool, parse_cards
from engine.core.errors import DataError

DRONE = {"id": "drone", "name": "Drone", "type": "token", "atk": 1, "def": 1, "health": 1}


def _plot(effect) -> dict:
    return {"id": "pt-huge", "name": "Huge", "type": "plot_twist", "timing": "main", "effect": effect}


# ------------------------------------------------------------------ F7: every number in card data is bounded

@pytest.mark.parametrize("step, field", [
    ({"repeat": {"n": 1_000_000_000, "steps": [{"gain_xp": {"n": 1}}]}}, "effect[0].repeat.n"),
    ({"create_token": {"card": "drone", "n": 100_000_000}}, "effect[0].create_token.n"),
    ({"draw": {"n": 1000}}, "effect[0].draw.n"),
    ({"gain_xp": {"n": -1}}, "effect[0].gain_xp.n"),
    ({"modify": {"target": "self", "atk": -1000}}, "effect[0].modify.atk"),
    ({"choose_number": {"min": 0, "max": 10 ** 9, "as": "x"}}, "effect[0].choose_number.max"),
    ({"choose_number": {"min": 5, "max": 2, "as": "x"}}, "effect[0].choose_number.max"),
    ({"if": {"cond": {"hand_at_least": 10 ** 12}, "then": [{"draw": {}}]}}, "hand_at_least"),
    ({"if": {"cond": {"count_at_least": {"count": "hand", "n": 10 ** 12}}, "then": [{"draw": {}}]}},
     "count_at_least.n"),
])
def test_card_amounts_are_bounded(step, field):
    """F7: a card whose effect repeats a billion times (or makes 10^8 tokens) validated, then hung the game
    when played. Every literal number is now bounded, with an error naming the card and field."""
    with pytest.raises(DataError) as e:
        CardPool.from_data([DRONE, _plot([step])])
    assert "card 'pt-huge'" in str(e.value) and field in str(e.value), str(e.value)


def test_a_stat_change_may_still_be_negative_and_a_card_stat_is_bounded():
    CardPool.from_data([DRONE, _plot([{"modify": {"target": "self", "atk": -2, "def": -100}}])])
    _, problems = parse_cards([{**DRONE, "atk": 10 ** 9}])
    assert any(p.field == "atk" and "at most 999" in p.message for p in problems), problems
    for step, says in (({"gain_xp": {"n": -1}}, "must be 0 or more, not -1"),
                       ({"draw": {"n": 1000}}, "must be from -999 to 999, not 1000")):
        _, problems = parse_cards([_plot([step])])
        assert any(says in p.message for p in problems), problems


def _runaway_game(monkeypatch, steps_cap):
    """A plot twist that repeats 100 x 100 x 100 rounds (each amount within bounds), played from a
    scenario start."""
    pool = shared_pool(["card_data"])
    inner = [{"gain_xp": {"n": 1}}]
    for _ in range(3):
        inner = [{"repeat": {"n": 100, "steps": inner}}]
    defs, problems = parse_cards([{**_plot(inner), "name": "Endless Drill"}])
    assert not problems
    pool = CardPool({**pool.cards, **defs}, pool.teams)
    monkeypatch.setattr(game_module, "MAX_STEPS_PER_ACTION", steps_cap)
    data = {"scenario": "x", "start": {"turn": 3, "active": 0, "phase": "main", "players": [
        {"name": "A", "main": "Captain Solace", "hand": ["Endless Drill"]}, {"name": "B", "main": "Baron Dusk"}]},
        "actions": [{"plot": "Endless Drill"}]}
    return run_scenario(data, pool)


def test_a_runaway_effect_stops_with_a_clear_error_instead_of_hanging(monkeypatch):
    """F7 (execution): a million rounds of an effect, each amount in bounds, stop at the step cap with
    an error naming what ran, in well under the time a hang would take; repeat keeps one round on the stack."""
    t = time.perf_counter()
    run = _runaway_game(monkeypatch, 20_000)
    assert time.perf_counter() - t < 20
    assert len(run.failures) == 1
    assert "stopped after 20000 steps" in run.failures[0] and "Endless Drill" in run.failures[0], run.failures
    assert len(run.game.stack) < 10  # one round at a time, not 100 frames pushed at once


# ------------------------------------------------------------------ F2: a game's config is checked as its save's is

def _config(**kw):
    from engine.capeclash.testing import test_decks
    a, b = test_decks()[:2]
    c = {"mode": "duel", "seed": 1, "players": [{"name": "A", "deck": a}, {"name": "B", "deck": b}]}
    c.update(kw)
    return c


@pytest.mark.parametrize("change, field", [
    ({"seed": -1}, "config.seed"), ({"seed": 1 << 64}, "config.seed"), ({"seed": 10 ** 26}, "config.seed"),
    ({"seed": 1.5}, "config.seed"), ({"seed": "1"}, "config.seed"),
    ({"max_turns": 0}, "config.max_turns"), ({"max_turns": 10 ** 6}, "config.max_turns"),
])
def test_a_game_refuses_a_config_its_save_cannot_hold(change, field):
    """F2: Game() took a seed or turn limit that Game.load refuses (so `capeclash play -- --seed -1` made
    unloadable saves), and a float seed raised a raw TypeError from the RNG."""
    from engine import Game
    from engine.capeclash.testing import test_pool
    with pytest.raises(DataError) as e:
        Game(test_pool(), _config(**change))
    assert f"field {field!r}" in str(e.value), str(e.value)


def test_a_game_with_the_largest_seed_and_turn_limit_saves_and_loads():
    from engine import Game
    from engine.capeclash.testing import test_pool
    pool = test_pool()
    g = Game(pool, _config(seed=(1 << 64) - 1, max_turns=10_000))
    g.apply(g.legal_actions(g.to_act[0])[0])
    assert Game.load(pool, g.save()).state_hash() == g.state_hash()


def test_a_player_name_is_bounded_in_a_game_and_a_scenario():
    from engine import Game
    from engine.capeclash.scenario import check_scenario
    from engine.capeclash.testing import test_decks, test_pool
    a, b = test_decks()[:2]
    with pytest.raises(DataError, match=r"config.players\[0\].name.*at most 40 characters, not 100000"):
        Game(test_pool(), _config(players=[{"name": "x" * 100_000, "deck": a}, {"name": "B", "deck": b}]))
    data = {"scenario": "x", "start": {"turn": 1, "active": 0, "phase": "main", "players": [
        {"name": "x" * 41, "main": "Captain Solace"}, {"name": "B", "main": "Baron Dusk"}]}}
    assert any("players[0].name" in str(p) and "at most 40" in str(p)
               for p in check_scenario(data, shared_pool(["card_data"]), "x.yaml"))


def _play(*argv) -> tuple[int, str]:
    from apps import tty
    out: list[str] = []
    rc = tty.run(list(argv), input_fn=lambda prompt: "q", output=out.append)
    return rc, "\n".join(out)


@pytest.mark.parametrize("argv, says", [
    (["--seed", "-1"], "--seed must be a whole number from 0 to 2^64 - 1"),
    (["--seed", str(1 << 64)], "--seed must be a whole number from 0 to 2^64 - 1"),
    (["--names", "A,B,C"], "--names gives 3 names for 2 players"),
    (["--names", "x" * 100_000], "at most 40 characters, not 100000"),
    (["--ai", "hard,easy"], "--ai gives 2 computer player(s) but there is 1 AI seat(s)"),
    (["--humans", "2", "--ai", "hard"], "--ai gives 1 computer player(s) but there are 0 AI seat(s)"),
])
def test_capeclash_play_refuses_what_it_used_to_ignore_or_save_unloadably(argv, says):
    """F2 and the audit's notes: `capeclash play` took a seed its save could not hold, silently dropped
    extra --names and --ai values, and took a 100,000-character name."""
    rc, text = _play(*argv)
    assert rc == 2 and says in text, text


def test_capeclash_play_still_takes_fewer_names_and_no_ai_for_a_hot_seat_game():
    rc, text = _play("--humans", "2", "--names", "Nox", "--seed", str((1 << 64) - 1))
    assert rc == 0 and "Nox (" in text, text


# ------------------------------------------------------------------ F3: the action text form is read strictly

@pytest.mark.parametrize("text, says", [
    ("0:recruit card=1 row=front row=back", "argument 'row' is given twice"),
    ("0:choose_first side=1_0", "argument 'side' must be a whole number"),
    ("0:choose_first side=+1", "argument 'side' must be a whole number"),
    ("0:choose_first side=01", "argument 'side' must be a whole number"),
    ("0:choose_first side=-0", "argument 'side' must be a whole number"),
    ("\u0660:keep", "player must be a seat number"),
    ("0:choose_first side=\u0661", "argument 'side' must be a whole number"),
    ("0:choose_first side=" + "1" * 5000, "argument 'side'"),
])
def test_action_text_is_read_strictly(text, says):
    """F3: the text form was read with int(), which takes '+1', '1_0', '01' and non-ASCII digits, and a
    repeated argument silently overrode the first: none of these is the text of any action."""
    from engine.core.actions import Action
    from engine.core.errors import InvalidActionError
    with pytest.raises(InvalidActionError) as e:
        Action.parse(text)
    assert says in str(e.value), str(e.value)


def test_the_text_of_every_legal_action_still_reads_back():
    from engine.capeclash.testing import sample_game
    from engine.core.actions import Action
    g = sample_game(seed=4)
    seen = 0
    for _ in range(40):
        if g.result is not None:
            break
        for a in g.legal_actions(g.to_act[0]):
            assert Action.parse(str(a)) == a
            seen += 1
        g.apply(g.legal_actions(g.to_act[0])[-1])
    assert seen > 40
    assert Action.parse("0:choose_row side=-1 row=front").args == {"side": -1, "row": "front"}


# ------------------------------------------------------------------ F8: a level-up goes to a higher level

_T = [{"name": "T", "alignment": "good"}]
_MAIN = {"type": "main", "team": "T", "atk": 1, "def": 1, "health": 5}


@pytest.mark.parametrize("cards, card, field", [
    ([{**_MAIN, "id": "a1", "name": "Alpha", "level": 1, "level_up": {"xp": 1, "when": "attacks", "into": "a1"}}],
     "a1", "level_up.into"),
    ([{**_MAIN, "id": "b1", "name": "Beta", "level": 1, "level_up": {"xp": 1, "when": "attacks", "into": "b2"}},
      {**_MAIN, "id": "b2", "name": "Beta", "level": 2, "level_up": {"xp": 1, "when": "attacks", "into": "b1"}}],
     "b2", "level_up.into"),
    ([{**_MAIN, "id": "c1", "name": "Gamma", "level": 1, "transform": {"when": "attacks", "into": "c1b"}},
      {**_MAIN, "id": "c1b", "name": "Gamma", "level": 1, "transform": {"when": "attacks", "into": "c1"}}],
     "c1", "transform.into"),
])
def test_level_up_goes_to_a_higher_level(tmp_path, cards, card, field):
    """F8: a main character that levelled up into itself, or whose level 2 levelled up back into level 1,
    was accepted by the card checker. Levels now strictly increase along a chain (so it has no loop)."""
    import json

    from engine.cardlang.cards import check_pool
    problems = check_pool(CardPool.from_data(cards, teams=_T))
    assert any(p.card == card and p.field == field and "higher level" in p.message for p in problems), problems
    f = tmp_path / "cards.json"
    f.write_text(json.dumps({"teams": _T, "cards": cards}), encoding="utf-8")
    with pytest.raises(DataError, match="must name a card of a higher level"):
        load_pool([str(f)])


def test_a_level_up_to_a_higher_level_is_still_accepted():
    from engine.cardlang.cards import check_pool
    cards = [{**_MAIN, "id": "d1", "name": "Delta", "level": 1, "level_up": {"xp": 1, "when": "attacks", "into": "d3"}},
             {**_MAIN, "id": "d3", "name": "Delta", "level": 3}]
    assert not [p for p in check_pool(CardPool.from_data(cards, teams=_T)) if "level" in (p.field or "")]


# ------------------------------------------------------------------ F5: validate checks expectation values

def _scenario(**kw) -> dict:
    data = {"scenario": "x", "start": {"turn": 1, "active": 0, "phase": "main", "players": [
        {"name": "A", "main": "Captain Solace"}, {"name": "B", "main": "Baron Dusk"}]}}
    data.update(kw)
    return data


@pytest.mark.parametrize("e, field, says", [
    ({"card": "Nobody At All", "zone": "play"}, "card", "no card named 'Nobody At All'"),
    ({"card": "Captain Solace@7"}, "card", "after '@' comes a player number from 0 to 1"),
    ({"card": "Captain Solace@x"}, "card", "after '@' comes a player number"),
    ({"player": 0, "hand": -1}, "hand", "must be a whole number, 0 or more, not -1"),
    ({"player": 0, "xp": "2"}, "xp", "must be a whole number, 0 or more"),
    ({"player": 0, "out": "yes"}, "out", "must be true or false"),
    ({"card": "Captain Solace", "zone": "nowhere"}, "zone", "unknown zone 'nowhere'"),
    ({"card": "Captain Solace", "row": "middle"}, "row", "unknown row 'middle'"),
    ({"card": "Captain Solace", "atk": "3"}, "atk", "must be a whole number, not '3'"),
    ({"card": "Captain Solace", "wounds": 1.5}, "wounds", "must be a whole number, 0 or more"),
    ({"card": "Captain Solace", "exhausted": 1}, "exhausted", "must be true or false"),
    ({"card": "Captain Solace", "side": 5}, "side", "names a player from 0 to 1"),
    ({"decision": "mian"}, "decision", "unknown decision 'mian' (did you mean 'main'?)"),
    ({"winner": [0, 9]}, "winner", "must be a list of player numbers"),
    ({"to_act": ["0"]}, "to_act", "must be a list of player numbers"),
])
def test_validate_checks_expectation_values(e, field, says):
    """F5: `capeclash validate` accepted a scenario whose expectations can never hold (an unknown card,
    zone or decision, a number given as text, a negative count), in `expect:` and in `check:` steps."""
    from engine.capeclash.scenario import check_scenario
    pool = shared_pool(["card_data"])
    for data, where in ((_scenario(expect=[e]), "expect[0]"),
                        (_scenario(actions=[{"check": [e]}]), "actions[0].check[0]")):
        problems = [str(p) for p in check_scenario(data, pool, "x.yaml")]
        assert any(f"field '{where}.{field}'" in p and says in p for p in problems), problems


def test_expectations_that_can_hold_still_pass_validation():
    from engine.capeclash.scenario import check_scenario
    pool = shared_pool(["card_data"])
    data = _scenario(expect=[{"card": "captain solace@0", "zone": "play", "row": None, "atk": -1, "side": None,
                              "exhausted": False}, {"player": 1, "hand": 0, "out": False},
                             {"decision": None}, {"decision": "main", "winner": [0], "to_act": [1]}])
    assert check_scenario(data, pool, "x.yaml") == []


def test_an_action_that_names_its_card_twice_is_refused():
    from engine.capeclash.scenario import check_scenario
    pool = shared_pool(["card_data"])
    data = _scenario(actions=[{"plot": "Turnabout", "card": 5}],
                     expect=[{"legal": {"attack": "Captain Solace", "card": 3}}])
    problems = [str(p) for p in check_scenario(data, pool, "x.yaml")]
    assert any("actions[0].card" in p and "give it once" in p for p in problems), problems
    assert any("expect[0].legal.card" in p and "give it once" in p for p in problems), problems


def test_a_tutorial_lesson_expectation_is_checked_the_same_way():
    import copy

    from engine.capeclash.tutorial import check_tutorial
    from engine.core.data import read_data
    pool = shared_pool(["card_data"])
    data, _ = read_data("card_data/tutorial/first-game.yaml")
    i = next(i for i, lesson in enumerate(data["lessons"]) if lesson.get("expect"))
    bad = copy.deepcopy(data)
    bad["lessons"][i]["expect"].append({"card": "Nobody At All", "zone": "play"})
    problems = [str(p) for p in check_tutorial(bad, pool, "t.yaml", play=False)]
    assert any("no card named 'Nobody At All'" in p for p in problems), problems
    assert check_tutorial(data, pool, "t.yaml", play=False) == []
