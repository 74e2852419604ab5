"""Both games against the game protocol (``engine.core.protocol``): the same contract, checked the
same way (``engine.core.checks.contract_violations``) along random games of each."""

from __future__ import annotations

import pytest

from engine.ai import public_context, ruleset_for
from engine.core import checks
from engine.core.actions import Action
from engine.core.errors import IllegalActionError
from engine.core.protocol import GameState, Ruleset, ruleset, ruleset_of
from engine.core.rng import Rng


def _games():
    from engine.capeclash.testing import sample_game
    dice = ruleset("dice")
    yield "capeclash duel", sample_game(seed=3)
    yield "capeclash ffa", sample_game(seed=4, mode="ffa", players=3)
    yield "dice", dice.new_game(dice.load_pool(), {"seed": 5})


GAMES = list(_games())


@pytest.mark.parametrize("name", ["capeclash", "dice"])
def test_rulesets_satisfy_the_protocol(name):
    rs = ruleset(name)
    assert isinstance(rs, Ruleset) and rs.NAME == name
    g = next(g for label, g in GAMES if label.startswith(name))
    assert isinstance(g, GameState) and g.game == name and ruleset_of(g) is rs


def test_unknown_ruleset_names_the_known_ones():
    with pytest.raises(KeyError, match="capeclash, dice"):
        ruleset("chess")


@pytest.mark.parametrize("label,g", GAMES, ids=[lb for lb, _ in GAMES])
def test_the_contract_holds_along_a_random_game(label, g):
    g = g.copy()
    r, shuffle = Rng(11), Rng(12)
    checked = 0
    while not g.is_over and len(g.actions) < 160:
        if len(g.actions) % 4 == 0:
            bad = checks.contract_violations(g, shuffle)
            assert not bad, f"{label} after {len(g.actions)} actions: {bad}"
            checked += 1
        acts = g.legal_actions(g.to_act[0])
        leaks = checks.apply_checking_secrets(g, acts[r.below(len(acts))], shuffle)
        assert not leaks, f"{label}: {leaks}"
        assert not checks.violations(g), label
    assert checked >= 5, (label, len(g.actions))


@pytest.mark.parametrize("label,g", GAMES, ids=[lb for lb, _ in GAMES])
def test_a_refused_action_changes_nothing_and_says_why(label, g):
    g = g.copy()
    p = g.to_act[0]
    before = (g.state_hash(), g.actions, [e.text for e in g.events], g.view(p))
    for bad in (Action(p, "no_such_action"), Action(len(g.players) - 1 - p, g.legal_actions(p)[0].type)):
        with pytest.raises(IllegalActionError) as e:
            g.apply(bad)
        assert str(e.value) and e.value.code
        assert (g.state_hash(), g.actions, [e.text for e in g.events], g.view(p)) == before


@pytest.mark.parametrize("label,g", GAMES, ids=[lb for lb, _ in GAMES])
def test_copy_is_independent_and_save_load_and_undo_round_trip(label, g):
    g = g.copy()
    r = Rng(2)
    for _ in range(30):
        acts = g.legal_actions(g.to_act[0])
        g.apply(acts[r.below(len(acts))])
    rs = ruleset_of(g)
    h = g.state_hash()
    c = g.copy()
    a = c.legal_actions(c.to_act[0])[0]
    c.apply(a)
    assert g.state_hash() == h and c.state_hash() != h and len(c.actions) == len(g.actions) + 1
    loaded = rs.load(rs.pool_of(g), g.save())
    assert loaded.state_hash() == h and loaded.game == g.game
    assert c.undo() == a
    assert c.state_hash() == h and c.view(None) == g.view(None)
    assert g.replay().state_hash() == h


@pytest.mark.parametrize("label,g", GAMES, ids=[lb for lb, _ in GAMES])
def test_the_ai_resamples_a_playable_game_from_a_view(label, g):
    """The resample hook (the AI ruleset's ``sample_state``): from a seat's view alone, a game of the
    same ruleset in which that seat is to act with the same choices, whose public view matches."""
    g = g.copy()
    r = Rng(7)
    ctx = public_context(g)
    for _ in range(25):
        acts = g.legal_actions(g.to_act[0])
        g.apply(acts[r.below(len(acts))])
    p = g.to_act[0]
    view = g.view(p)
    s = ruleset_for(view).sample_state(view, p, Rng(3), ctx)
    assert isinstance(s, GameState) and s.game == g.game
    assert p in s.to_act and set(map(str, s.legal_actions(p))) == set(map(str, g.legal_actions(p)))
    s.apply(s.legal_actions(p)[0])  # and it plays on


@pytest.mark.parametrize("name,data", [
    ("dice", {"game": "dice", "scenario": "wrong on purpose", "start": {"turn": 3, "phase": "recruit",
              "bad": {"team": ["Battering Ram"]}, "good": {"team": ["Mortarman"]}},
              "actions": [{"type": "end_step", "illegal": True}], "expect": [{"phase": "recruit"}]}),
    ("capeclash", "combat-atk-equal-def-stuns.yaml"),
])
def test_one_scenario_runner_for_both_games(name, data):
    """The shared runner (``engine.core.scenario``) plays each game's script the same way: an action
    the script says is illegal but that is accepted fails the scenario and stops the script."""
    from pathlib import Path

    from engine.core.data import read_data
    from engine.core.scenario import run
    rs = ruleset(name)
    if isinstance(data, str):
        data, _ = read_data(Path(rs.SCENARIO_DIR) / data)
        first = data["actions"][0]
        data["actions"][0] = {**({"type": first} if isinstance(first, str) else first), "illegal": True}
    pool = rs.load_pool()
    assert rs.SCENARIOS.check(data, pool, "x.yaml") == []
    result = run(rs.SCENARIOS, data, pool, "x.yaml")
    assert not result.ok and "was accepted but should be illegal" in result.failures[-1]
    assert len(result.game.actions) == 1


@pytest.mark.parametrize("mode", ["duel", "dice"])
def test_one_play_loop_for_both_games(mode):
    """``engine.ai.match.play_match`` plays either game to its end through the protocol, the same
    record twice from the same seed, and sees every decision."""
    from engine.ai.match import new_match, play_match
    from engine.capeclash.testing import test_decks, test_pool
    pool = test_pool() if mode != "dice" else ruleset("dice").load_pool()
    records, seen = [], []
    for _ in range(2):
        g = new_match(pool, mode, 8, test_decks())
        r = play_match(g, ["random", "simple"], 8, on_decision=lambda p, v, legal, wall, cpu: seen.append(p))
        assert g.is_over and r["winners"] == g.result["winners"] and r["hash"] == g.state_hash()
        assert r["actions"] == len(g.actions) and r["mode"] == mode
        records.append(r)
    assert records[0] == records[1] and len(seen) == 2 * records[0]["actions"]
