"""Derring-Dice's computer players: fairness (decisions depend on the view only), the hard level's
cut-off search and its budget, replays from the seed, and the optional house rules."""

from __future__ import annotations

import json

import pytest

from engine.ai import LEVELS, make_policy, public_context
from engine.ai.match import play_dice_game, seat_rng
from engine.core.rng import Rng
from engine.dice import DiceGame, load_pool
from engine.dice import ai as dice_ai

HARD_SMALL = {"iterations": 3}  # hard's own search, with fewer sampled games (a fast test)


@pytest.fixture(scope="module")
def pool():
    return load_pool()


def _positions(pool, seeds=(5, 8, 11), every=5):
    """(game, seat) at searched decisions of normal-vs-normal games, every few of them."""
    for seed in seeds:
        g = DiceGame(pool, {"seed": seed})
        pol = make_policy("normal", public_context(g))
        rng = Rng(seed)
        k = 0
        while not g.is_over:
            p = g.to_act[0]
            v, legal = g.view(p), g.legal_actions(p)
            if dice_ai.searchable(v, legal):
                if k % every == 0:
                    yield g.copy(), p
                k += 1
            g._apply(pol(v, legal, rng))


def _with_hidden_cards_replaced(g: DiceGame, p: int) -> DiceGame:
    """A copy of ``g`` whose cards hidden from ``p`` differ: the opponent's hands swapped with cards
    from the decks, both decks reordered."""
    h = g.copy()
    q = 1 - p
    rng = Rng(99)
    for zone, deck in (("rhand", "rdeck"), ("ahand", "adeck")):
        hand, pile = h.players[q][zone], getattr(h, deck)
        for i in range(min(len(hand), len(pile))):
            a, b = hand[i], pile[-1 - i]
            hand[i], pile[-1 - i] = b, a
            h.cards[a].update(z=deck, o=None)
            h.cards[b].update(z=zone, o=q)
        rng.shuffle(pile)
    h.touch()
    return h


def _public(view: dict) -> dict:
    return json.loads(json.dumps(view))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decisions_depend_only_on_the_view(level, pool):
    """Same view, same seat generator: same decision, whatever the hidden cards really are."""
    budget = HARD_SMALL if level == "hard" else {}
    checked = 0
    for g, p in _positions(pool):
        h = _with_hidden_cards_replaced(g, p)
        q = 1 - p
        assert sorted(g.players[q]["rhand"]) != sorted(h.players[q]["rhand"]) or not g.players[q]["rhand"]
        v1, v2 = _public(g.view(p)), _public(h.view(p))
        assert v1 == v2  # the player cannot tell the two games apart
        a1 = make_policy(level, public_context(g), **budget)(v1, g.legal_actions(p), Rng(7))
        a2 = make_policy(level, public_context(h), **budget)(v2, h.legal_actions(p), Rng(7))
        assert a1 == a2, (level, g.turn, g.phase)
        checked += 1
        if checked >= 5:
            break
    assert checked >= 5


def test_hard_searches_with_a_cut_off_and_a_fixed_budget(pool):
    """Hard plays its candidates on in sampled games until the opponent's reply is over (not to the
    end of the game), the same number of sampled games for each, and its answer depends only on the
    view and its generator."""
    spec = LEVELS["hard"]["per_game"]["dice"]
    assert spec["horizon"] >= 1 and spec["paired"] and spec["widen"] >= 2
    for g, p in _positions(pool, seeds=(5,)):
        v, legal = g.view(p), g.legal_actions(p)
        pol = make_policy("hard", public_context(g))
        a = pol(v, legal, Rng(3))
        stats = pol.last_stats
        if stats.get("iterations"):
            visits = [n for n, _ in stats["children"].values()]
            assert len(set(visits)) == 1 and visits[0] == spec["iterations"]  # paired: equal samples each
            assert len(visits) <= spec["widen"]
        assert make_policy("hard", public_context(g))(v, legal, Rng(3)) == a
        break
    # the playout stops when the turn limit of the look-ahead is reached
    g = DiceGame(pool, {"seed": 5})
    assert not dice_ai.playout_done(g, 0, g.turn, 2)
    g.turn += 2
    assert dice_ai.playout_done(g, 0, g.turn - 2, 2) and not dice_ai.playout_done(g, 0, g.turn - 1, 2)


def test_a_game_with_the_hard_level_replays_from_its_seed(pool):
    budgets = {"hard": {"iterations": 2, "horizon": 1}}
    r1 = play_dice_game(pool, ["hard", "normal"], 21, budgets=budgets)
    r2 = play_dice_game(pool, ["hard", "normal"], 21, budgets=budgets)
    assert r1["hash"] == r2["hash"] and r1["actions"] == r2["actions"]
    assert r1["winners"] or r1["reason"].startswith("turn limit")


# ---------------------------------------------------------------------- house rules

def test_house_rules_are_off_by_default_and_checked(pool):
    g = DiceGame(pool, {"seed": 4})
    assert g.house_rule == "off" and g.players[g.active]["side"] == "bad"
    assert len(g.players[0]["rhand"]) == len(g.players[1]["rhand"]) + 2  # the bad guys drew 2 for their turn
    with pytest.raises(ValueError) as e:
        DiceGame(pool, {"seed": 4, "options": {"house_rule": "bad_skips_everything"}})
    assert str(e.value) == "config 'options.house_rule' must be one of off, good_reserves, not 'bad_skips_everything'"


def test_house_rule_good_reserves(pool):
    from engine.dice.game import RESERVES
    g = DiceGame(pool, {"seed": 4, "options": {"house_rule": "good_reserves"}})
    off = DiceGame(pool, {"seed": 4})
    good, bad = g.seat_of("good"), g.seat_of("bad")
    assert len(g.players[good]["rhand"]) == len(off.players[good]["rhand"]) + RESERVES[0] > 10
    assert len(g.players[good]["ahand"]) == RESERVES[1] > 0
    assert len(g.players[bad]["rhand"]) == len(off.players[bad]["rhand"]) and g.players[bad]["ahand"] == []
    assert g.players[g.active]["side"] == "bad" and "House rule" in g.log_lines(None)[0]
    # the opponent sees how many cards the good guys hold, never which
    v = g.view(bad)["players"][good]
    assert v["recruit_hand_count"] == len(g.players[good]["rhand"]) and not v.get("recruit_hand")
    assert not any(g.name(i) in line for i in g.players[good]["ahand"] for line in g.log_lines(bad))


def test_sampled_games_keep_the_house_rule(pool):
    g = DiceGame(pool, {"seed": 4, "options": {"house_rule": "good_reserves"}})
    p = g.to_act[0]
    s = dice_ai.sample_state(g.view(p), p, seat_rng(4, p), public_context(g))
    assert s.house_rule == "good_reserves" and s.legal_actions(p) == g.legal_actions(p)
    assert len(s.players[1 - p]["ahand"]) == len(g.players[1 - p]["ahand"]) > 0
