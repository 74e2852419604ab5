"""hard_all searches every decision that matters (issue 20): the turn's decisions on games sampled
from the view, the questions asked inside effects (paying a cost, choosing a card, an optional
ability) on games rebuilt by replaying its own actions, who the defender strikes back at; a
deadline cuts the search, never a candidate's look-ahead; hard_v1 (the hard before) stays."""

from __future__ import annotations

import functools
import json
import time

from engine.ai import LEVELS, capeclash, make_policy, public_context
from engine.ai import simple as ai_simple
from engine.capeclash.game import Game
from engine.core.rng import Rng


@functools.lru_cache(maxsize=1)
def _starter():
    from pathlib import Path

    from engine.capeclash.loader import find_deck
    from engine.capeclash.testing import shared_pool
    pool = shared_pool(["card_data"])
    decks = sorted(Path("card_data/starter").glob("deck-*.yaml"))
    return pool, [find_deck(str(d), pool, Path("card_data")) for d in decks]


def _game(seed: int, k: int = 0) -> Game:
    pool, decks = _starter()
    two = [decks[k % len(decks)], decks[(k + 1) % len(decks)]]
    return Game(pool, {"mode": "duel", "seed": seed, "players": [{"name": f"P{i + 1}", "deck": d}
                                                                  for i, d in enumerate(two)]})


def _public(view: dict) -> dict:
    return json.loads(json.dumps({k: v for k, v in view.items() if k != "log"}))


def test_hard_v1_is_the_hard_before_issue_20_and_normal_is_unchanged():
    v1 = LEVELS["hard_v1"]
    assert v1["decisions"] == ("main",) and not v1.get("replay")
    assert LEVELS["normal"] == {"policy": "heuristic", "slack": 0.0}
    # hard: hard_v1's search in three sampled games, the build steps of its turn searched too, and the
    # browser's early stop (only with a deadline)
    hard = LEVELS["hard"]
    assert hard["iterations"] == 3 and hard["decisions"] == ("main", "recruit", "resource", "formation")
    assert hard["go_first"] is False and "go_first" not in v1
    assert {k: v for k, v in hard.items() if k not in ("soft_seconds", "iterations", "decisions", "go_first",
                                                                    "max_work")} == \
        {k: v for k, v in v1.items() if k not in ("iterations", "decisions")}
    wide = LEVELS["hard_all"]
    assert {"main", "declare", "combat", "recruit", "strike_back", "pay", "choose"} <= set(wide["decisions"])
    # the dice game's hard keeps its numbers at every hard level
    assert wide["per_game"]["dice"] == v1["per_game"]["dice"] == LEVELS["hard"]["per_game"]["dice"]
    assert not wide["per_game"]["dice"]["replay"]


def test_hard_lets_the_opponent_go_first_in_a_duel_and_the_other_levels_go_first():
    from engine.capeclash.testing import sample_game
    g = _game(5)
    p = g.to_act[0]
    assert g.decision["type"] == "choose_first"
    view, legal, ctx = g.view(p), g.legal_actions(p), public_context(g)
    mine = g.players[p].side
    a = make_policy("hard", ctx)(view, legal, Rng(1))
    assert a.type == "choose_first" and a["side"] != mine
    for level in ("normal", "hard_v1", "hard_all"):
        assert make_policy(level, ctx)(view, legal, Rng(1))["side"] == mine, level
    assert capeclash.seat_choice(view, legal, go_first=True)["side"] == mine
    g.apply(a)
    while g.turn == 0:  # the setup (mulligans) played by the rules of thumb
        q = g.to_act[0]
        g.apply(ai_simple.choose(g.view(q), g.legal_actions(q), Rng(2)))
    assert g.active != mine
    # with more than two sides, going later was not measured: the heuristic decides
    g3 = sample_game(seed=5, mode="ffa")
    q = g3.to_act[0]
    assert g3.decision["type"] == "choose_first"
    assert capeclash.seat_choice(g3.view(q), g3.legal_actions(q), go_first=False) is None
    assert make_policy("hard", public_context(g3))(g3.view(q), g3.legal_actions(q), Rng(1))["side"] == \
        g3.players[q].side
    # any other decision is not a seat choice
    assert capeclash.seat_choice(g.view(g.to_act[0]), g.legal_actions(g.to_act[0]), go_first=False) is None


def test_hard_searches_the_combat_recruiting_and_the_questions_inside_effects():
    """Hard (seat 0) against simple: every kind of decision it meets with a choice is searched, the
    questions inside effects on games rebuilt by replay (most of them: a replay that draws other
    cards than the real game is not trusted and normal decides)."""
    searched, met = {}, {}
    for seed in (11, 12, 13):
        g = _game(seed, seed)
        ctx = public_context(g)
        hard = make_policy("hard_all", ctx)
        rng, srng = Rng(seed), Rng(seed + 100)
        while not g.is_over and g.turn <= 14:
            p = g.to_act[0]
            v = g.view(p)
            legal = g.legal_actions(p)
            if p == 0:
                hard.last_stats = {}
                a = hard(v, legal, rng)
                t = v["decision"]["type"]
                if len(legal) > 1 and t in LEVELS["hard_all"]["decisions"] and not ai_simple.pressure(v):
                    met[t] = met.get(t, 0) + 1
                    if hard.last_stats:  # the search ran (its prior may leave one candidate)
                        searched[t] = searched.get(t, 0) + 1
            else:
                a = ai_simple.choose(v, legal, srng)
            assert a in legal
            g.apply(a)
    for t in ("main", "declare", "recruit", "pay"):
        assert searched.get(t, 0) >= 1, (t, met, searched)
    assert searched["main"] == met["main"] and searched["recruit"] == met["recruit"]
    assert searched.get("pay", 0) + searched.get("choose", 0) + searched.get("may_trigger", 0) > 0


def _to_question(seed: int):
    """Play simple against simple until seat 0 is asked a question inside an effect that hard
    searches on a replay of seat 0's actions; returns (game at seat 0's last decision between
    effects, its view there, seat 0's actions since, game now)."""
    g = _game(seed, seed)
    ctx = public_context(g)
    rng, srng = Rng(seed), Rng(seed + 100)
    anchor = None
    while not g.is_over and g.turn <= 30:
        p = g.to_act[0]
        v = g.view(p)
        legal = g.legal_actions(p)
        if p != 0:
            g.apply(ai_simple.choose(v, legal, srng))
            continue
        if capeclash.samplable(v):
            anchor = (g.copy(), v, [])
        elif anchor is not None and len(legal) > 1 and v["decision"]["type"] in ("pay", "choose"):
            probe = make_policy("hard_all", ctx)
            probe._trail = [0, anchor[1], list(anchor[2])]
            probe(v, legal, Rng(1))
            if probe.last_stats.get("children"):
                return anchor[0], anchor[1], list(anchor[2]), g
        a = ai_simple.choose(v, legal, rng)
        if anchor is not None:
            anchor[2].append(a)
        g.apply(a)
    return None


def test_a_question_inside_an_effect_is_rebuilt_by_replay_and_depends_only_on_what_hard_saw():
    found = next(r for r in (_to_question(s) for s in (11, 12, 13, 14)) if r is not None)
    g_anchor, v_anchor, actions, g_now = found
    p = 0
    v_now = g_now.view(p)
    legal = g_now.legal_actions(p)
    ctx = public_context(g_now)
    # the rebuilt game asks the same question with the same options, whatever is hidden
    pol = make_policy("hard_all", ctx)
    pol._trail = [p, v_anchor, actions]
    sample = pol._sampler(v_now, p, capeclash)
    rebuilt = sample(v_now, p, Rng(5), ctx)
    assert rebuilt is not None and set(rebuilt.legal_actions(p)) == set(legal)
    assert rebuilt.stack and capeclash.consistent(rebuilt, v_now, p)
    # fairness: the opponent's hand at the anchor swapped with cards of their deck, the same own
    # actions replayed: the same view, so the same decision
    h = g_anchor.copy()
    opp = h.players[1]
    for i in range(min(len(opp.hand), len(opp.deck))):
        a, b = opp.hand[i], opp.deck[-1 - i]
        opp.hand[i], opp.deck[-1 - i] = b, a
        h.cards[a].zone, h.cards[b].zone = "deck", "hand"
    h.view_cache = None
    assert sorted(h.players[1].hand) != sorted(g_anchor.players[1].hand)
    vh_anchor = h.view(p)
    assert _public(vh_anchor) == _public(v_anchor)
    for a in actions:
        h.apply(a)
    assert _public(h.view(p)) == _public(v_now)
    decided = []
    for anchor_view, now_view in ((v_anchor, v_now), (vh_anchor, h.view(p))):
        pol = make_policy("hard_all", ctx)
        pol._trail = [p, json.loads(json.dumps(anchor_view)), list(actions)]
        decided.append(pol(json.loads(json.dumps(now_view)), legal, Rng(7)))
        assert pol.last_stats.get("children")  # searched, not left to normal
    assert decided[0] == decided[1]


def test_a_replay_that_does_not_match_the_view_is_not_used():
    """Another player's action since hard's last decision (not replayable: hard did not see it
    taken) makes the rebuilt game disagree with the view: hard then decides as normal does."""
    found = next(r for r in (_to_question(s) for s in (11, 12, 13, 14)) if r is not None)
    _, v_anchor, actions, g_now = found
    v_now = g_now.view(0)
    pol = make_policy("hard_all", public_context(g_now))
    pol._trail = [0, v_anchor, actions[:-1] if len(actions) > 1 else []]  # one own action forgotten
    sample = pol._sampler(v_now, 0, capeclash)
    assert sample(v_now, 0, Rng(5), public_context(g_now)) is None


def _board(g: Game, p: int) -> list:
    return [[(c["iid"], c["stunned"], c["wounds"]) for c in sd["front"] + sd["back"]] for sd in g.view(p)["sides"]]


def test_the_strike_back_choice_is_sampled_from_the_view():
    for seed in range(20, 60):
        g = _game(seed, seed)
        rng = Rng(seed)
        while not g.is_over and g.turn <= 30:
            p = g.to_act[0]
            v = g.view(p)
            legal = g.legal_actions(p)
            if v["decision"]["type"] == "strike_back" and capeclash.samplable(v):
                s = capeclash.sample_state(v, p, Rng(3), public_context(g))
                assert s is not None and set(s.legal_actions(p)) == set(legal)
                for a in legal:  # each choice resolves the combat as in the real game
                    real, fake = g.copy(), s.copy()
                    real.apply(a)
                    fake.apply(a)
                    assert _board(real, p) == _board(fake, p)
                return
            g.apply(ai_simple.choose(v, legal, rng))
    raise AssertionError("no strike back choice in 40 games")


def test_a_deadline_drops_an_unfinished_playout_and_keeps_the_priors_best():
    g = _game(3)
    rng = Rng(3)
    while not (g.decision["type"] == "main" and len(g.legal_actions(g.to_act[0])) >= 3):
        p = g.to_act[0]
        g.apply(ai_simple.choose(g.view(p), g.legal_actions(p), rng))
    p = g.to_act[0]
    legal = g.legal_actions(p)
    pol = make_policy("hard", public_context(g))
    full = pol(g.view(p), legal, Rng(3))
    order = list(pol.last_stats["children"])
    assert len(order) == 3
    a = pol(g.view(p), legal, Rng(3), deadline=0.0)  # expired: no playout is finished
    assert pol.last_stats["children"] == {} and a in legal
    assert full in legal
    # soft_seconds passed at once, the deadline far away: the prior's best alone is played out
    pol = make_policy("hard", public_context(g), soft_seconds=1e-9)
    a = pol(g.view(p), legal, Rng(3), deadline=time.monotonic() + 600)
    assert list(pol.last_stats["children"]) == [str(a)]
    # no deadline (tests, simulations): the budget alone decides, the same way every time
    again = make_policy("hard", public_context(g))
    assert again(g.view(p), legal, Rng(3)) == full and list(again.last_stats["children"]) == order


def test_a_match_gives_hard_the_browsers_deadline_on_the_clock_it_is_handed():
    """``play_match(deadlines=..., search_clock=...)`` (``capeclash bench ai --browser-clock``): a
    clock that never moves cuts nothing (the same game as without a deadline); one that runs far
    ahead cuts every search to the prior's best, which is still a legal move."""
    from engine.ai.match import new_match, play_match
    pool, decks = _starter()

    def run(clock=None):
        g = new_match(pool, "duel", 11, decks[:2])
        ctx = public_context(g)
        pols = [make_policy("hard", ctx), make_policy("normal", ctx)]
        widths = []

        def seen(p, view, legal, wall, cpu):
            if p == 0 and len(legal) > 1 and pols[0].last_stats:
                widths.append(len(pols[0].last_stats["children"]))
                pols[0].last_stats = {}
        kw = {"deadlines": {"hard": 1.5}, "search_clock": clock} if clock else {}
        r = play_match(g, ["hard", "normal"], 11, max_actions=70, policies=pols, on_decision=seen, **kw)
        return r["hash"], widths

    plain, plain_widths = run()
    assert max(plain_widths) == 3
    assert run(lambda: 0.0) == (plain, plain_widths)
    ticks = iter(range(0, 10 ** 9, 100))
    cut_hash, cut_widths = run(lambda: float(next(ticks)))
    assert cut_widths and max(cut_widths) <= 1
