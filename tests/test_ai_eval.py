"""The search's shortcuts against the plain path they replace (engine.ai.capeclash).

``evaluate_game`` must give exactly ``evaluate`` of the player's view, and ``_simple_move`` exactly
the rule of thumb's choice (with the same random numbers used), in every position of games
between computer players: duels, free-for-all and 2 vs 2 (teams, players out), starter and testbed decks.
"""

from __future__ import annotations

import functools

import pytest

from engine.ai import capeclash as ai
from engine.ai import simple
from engine.ai.match import new_match, seat_rng
from engine.capeclash.testing import test_decks, test_pool
from engine.core.rng import Rng


@functools.lru_cache(maxsize=1)
def _starter_world():
    from apps.ai_bench import _world
    return _world(None)[:2]


def _positions(mode: str, seed: int, actions: int = 700, starter: bool = False):
    if starter:
        pool, decks = _starter_world()
    else:
        pool, decks = test_pool(), test_decks()
    g = new_match(pool, mode, seed, decks)
    rngs = [seat_rng(seed, i) for i in range(len(g.players))]
    for _ in range(actions):
        if g.is_over:
            break
        p = g.to_act[0]
        legal = g.legal_actions(p)
        yield g, p, legal
        g.apply_unchecked(simple.choose(g.view(p), legal, rngs[p]))
    yield g, None, []


@pytest.mark.parametrize("mode,seed,starter", [("duel", 1, True), ("duel", 2, False), ("ffa", 3, True),
                                               ("2v2", 4, False)])
def test_evaluate_game_is_evaluate_of_the_view(mode, seed, starter):
    seen = 0
    for g, _p, _legal in _positions(mode, seed, starter=starter):
        for q in range(len(g.players)):
            view = g.view(q)
            assert ai.evaluate_game(g, q) == ai.evaluate(view, q), (mode, seed, g.turn, q)
            for name, direct in ai.game_evaluations.items():
                assert direct(g, q) == ai.evaluations[name](view, q), (name, mode, seed, g.turn, q)
            seen += 1
    assert seen > 200


def test_at_a_turns_start_only_a_frozen_character_is_worth_less_for_being_exhausted():
    for g, _p, _legal in _positions("duel", 1, starter=True):
        c = next((c for c in g.characters(g.players[0].side) if not c.is_main and c.face_up), None)
        if c is not None and g.decision["type"] == "main":
            break
    c.exhausted, c.frozen = False, 0
    ready = (ai.evaluate_game(g, 0), ai.evaluate_game_at_turn_start(g, 0))
    c.exhausted = True
    exhausted = (ai.evaluate_game(g, 0), ai.evaluate_game_at_turn_start(g, 0))
    c.frozen = 1
    frozen = (ai.evaluate_game(g, 0), ai.evaluate_game_at_turn_start(g, 0))
    # within a turn an exhausted character cannot attack again: worth less, frozen or not
    assert ready[0] > exhausted[0] == frozen[0]
    # at a turn's start it readies in its owner's next recovery, unless frozen
    assert ready[1] == exhausted[1] > frozen[1]
    assert frozen[1] == ai.evaluate_at_turn_start(g.view(0), 0)


@pytest.mark.parametrize("mode,seed,starter", [("duel", 5, True), ("2v2", 6, False)])
def test_the_playout_move_is_the_rule_of_thumb(mode, seed, starter):
    combat = 0
    for g, p, legal in _positions(mode, seed, starter=starter):
        if p is None:
            continue
        kind = g.decision["type"]
        r1, r2 = Rng(seed * 7 + g.clock), Rng(seed * 7 + g.clock)
        assert ai._simple_move(g, kind, p, legal, r1) == simple.choose(g.view(p), legal, r2)
        assert r1.state == r2.state
        combat += kind == "combat"
    assert combat > 10


@pytest.mark.parametrize("reply", [False, True])
def test_the_last_candidate_played_on_the_sample_itself_values_like_a_copy(monkeypatch, reply):
    """``lookahead_values`` plays its last candidate (and an attack's last target) on the sampled
    game itself instead of a copy: every value must be the same as with copies only."""
    pool, _decks = _starter_world()
    ctx = None
    checked = attacks = 0
    plain = ai._value_after

    def always_copy(*args, **kw):
        if len(args) > 10:
            args = args[:10]
        kw.pop("own", None)
        return plain(*args, **kw)

    for g, p, legal in _positions("duel", 7, actions=260, starter=True):
        if p is None or len(legal) < 2 or g.decision["type"] not in ("main", "recruit", "declare"):
            continue
        if ctx is None:
            from engine.ai import public_context
            ctx = public_context(g)
        view = g.view(p)
        kw = {"horizon": 2, "reply": True} if reply else {}
        if reply and g.decision["type"] != "main":
            continue
        fast = ai.lookahead_values(view, legal, Rng(g.clock), ctx, **kw)
        monkeypatch.setattr(ai, "_value_after", always_copy)
        slow = ai.lookahead_values(view, legal, Rng(g.clock), ctx, **kw)
        monkeypatch.setattr(ai, "_value_after", plain)
        assert fast == slow, (g.turn, g.decision["type"])
        checked += 1
        attacks += any(a.type == "attack" for a in legal)
        if checked >= (6 if reply else 25):
            break
    assert checked >= (6 if reply else 25) and attacks > 0
