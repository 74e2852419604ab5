"""AI audit, session 19: hard's budget holds in every mode, its prior included.

Hard's search stopped at a budget counted in the heuristic's look-ahead actions (``max_work``), but
that count left out the search's own tree and playout steps and the prior's look-ahead ran before
the count began: a 4-player decision counted 10,000 and played three times as many actions (3-6 s
of CPU on CPython, issue 20). Every action the AI plays on a sampled game now counts
(``engine.ai.capeclash.charge``), the prior included, and a new sampled game (or candidate) is only
searched while its expected cost fits. In the browser the prior is cut by the deadline too: it
ran to its end whatever the clock said, and on a crowded board it alone passed the 1.5 s deadline.

The budget is a count, so each decision still replays from its seed; these tests count the actions
applied on every game object (a counter of their own, not the AI's), never seconds."""

from __future__ import annotations

import functools

import pytest

from engine.ai import LEVELS, make_policy, public_context
from engine.ai import simple as ai_simple
from engine.ai.policies import FIRM
from engine.capeclash.game import Game
from engine.core.rng import Rng


@functools.lru_cache(maxsize=1)
def _pool():
    from engine.capeclash.testing import shared_pool
    return shared_pool(["card_data"])


class _Applied:
    """Counts the actions applied to any Cape Clash game while it is active (sampled games included)."""

    def __init__(self, monkeypatch):
        self.n = 0
        orig = Game.apply_unchecked

        def counted(g, a):
            self.n += 1
            return orig(g, a)
        monkeypatch.setattr(Game, "apply_unchecked", counted)


@functools.lru_cache(maxsize=1)
def _two_v_two() -> tuple:
    """A 2v2 game on the starter decks, played by the rules of thumb to a main phase of turn 9 with
    at least four choices (a board of some size, four seats)."""
    from pathlib import Path

    from engine.capeclash.loader import find_deck
    pool = _pool()
    decks = [find_deck(str(d), pool, Path("card_data")) for d in sorted(Path("card_data/starter").glob("deck-*.yaml"))]
    g = Game(pool, {"mode": "2v2", "seed": 19, "players": [{"name": f"P{i + 1}", "deck": decks[i]} for i in range(4)]})
    rng = Rng(19)
    while True:
        p = g.to_act[0]
        v, legal = g.view(p), g.legal_actions(p)
        if g.turn >= 9 and v["decision"]["type"] == "main" and len(legal) >= 4:
            return g, p
        g.apply(ai_simple.choose(v, legal, rng))


def _position():
    g, p = _two_v_two()
    return g.copy(), p


def test_a_four_player_hard_decision_plays_a_bounded_number_of_actions_in_all(monkeypatch):
    """Everything a hard decision plays on sampled games (the prior, the tree, the playouts and the
    look-aheads inside them) stays within ``FIRM`` times its budget, and the answer replays."""
    g, p = _position()
    view, legal = g.view(p), g.legal_actions(p)
    budget = LEVELS["hard"]["max_work"][4]  # (a four-player table's budget)
    applied = _Applied(monkeypatch)
    a = make_policy("hard", public_context(g))(view, legal, Rng(5))
    assert a in legal
    assert applied.n <= FIRM * budget + 200, applied.n
    assert make_policy("hard", public_context(g))(g.view(p), legal, Rng(5)) == a


def test_the_prior_counts_against_the_budget(monkeypatch):
    """A budget smaller than the prior's look-ahead: the prior gives up (it ran to its end before,
    uncounted) and the rules of thumb's choice is played."""
    g, p = _position()
    view, legal = g.view(p), g.legal_actions(p)
    applied = _Applied(monkeypatch)
    full = make_policy("normal", public_context(g))(view, legal, Rng(5))
    prior_cost = applied.n  # what normal's look-ahead over every candidate plays
    assert full in legal and prior_cost > 40
    applied.n = 0
    pol = make_policy("hard", public_context(g), max_work=1)
    a = pol(g.view(p), legal, Rng(5))
    assert a in legal and pol.last_stats.get("cut") == "prior"
    assert applied.n < prior_cost, (applied.n, prior_cost)
    assert list(pol.last_stats["children"]) in ([], [str(a)])  # the rules of thumb's choice, at most begun


def test_the_deadline_cuts_the_prior_too(monkeypatch):
    """In the browser: the clock passes the deadline while the prior is looking ahead; the prior
    stops there (it went on to its end before, past the deadline on a crowded board)."""
    g, p = _position()
    view, legal = g.view(p), g.legal_actions(p)
    applied = _Applied(monkeypatch)
    make_policy("normal", public_context(g))(view, legal, Rng(5))
    prior_cost = applied.n  # what normal's look-ahead over every candidate plays (hard's prior)
    pol = make_policy("hard", public_context(g))
    ticks = iter([0.0] + [100.0] * 10 ** 6)  # the deadline is read at 0, everything after is late
    pol.clock = lambda: next(ticks)
    applied.n = 0
    a = pol(view, legal, Rng(5), deadline=1.5)
    assert a in legal and pol.last_stats.get("cut") == "prior"
    assert applied.n < prior_cost, (applied.n, prior_cost)  # the prior's look-ahead not even begun


@pytest.mark.slow  # (the crowded board of tests/test_audit_ai_s17.py: about 3 s)
def test_hard_on_the_crowded_board_stays_within_its_budget_in_all(monkeypatch):
    from engine.capeclash.position import build
    from tests.test_audit_ai_s17 import CROWDED
    g = build(_pool(), CROWDED, mode="two_headed", seed=13, max_turns=40)
    p = g.to_act[0]
    view, legal = g.view(p), g.legal_actions(p)
    applied = _Applied(monkeypatch)
    a = make_policy("hard", public_context(g))(view, legal, Rng(1))
    assert a in legal
    # about 0.25 ms of CPU each on CPython: at most about a second (10,000 and more before this session)
    assert applied.n <= FIRM * 2_500 + 500, applied.n
    assert LEVELS["hard"]["max_work"][4] <= 2_500


# ------------------------------------------------------------------ what the view says, the sample keeps

def _duel_position(players: list[dict]):
    from engine.capeclash.position import build
    from engine.capeclash.testing import shared_pool
    pool = shared_pool(["card_data"])
    deck = ["Trooper Birch", "Trooper Cole", "Frail Lookout", "Gloom Imp", "Alley Brute", "Bit Player"]
    mains = [("Ana", "Captain Solace"), ("Bo", "Baron Dusk")]
    specs = [{"name": n, "main": {"card": m, "row": "back"}, "deck": list(deck), **spec}
             for (n, m), spec in zip(mains, players, strict=True)]
    return build(pool, {"turn": 5, "active": 0, "phase": "main", "players": specs}, mode="duel")


def _end_turn(g) -> None:
    from engine.capeclash.testing import act
    act(g, "end_turn")


def test_a_borrowed_character_goes_back_in_the_computers_sampled_game_too():
    """A character taken 'this turn' is on the taker's side in the view, which now says when it goes back;
    the computer's sampled game gives it back at the end of the turn, as the real game does (its look-
    ahead kept it for good)."""
    from engine.ai import capeclash
    from engine.capeclash.testing import act, named
    g = _duel_position([{"hand": ["Borrowed Soldier"]}, {"front": ["Stone Giant"]}])
    act(g, "plot", card=next(i for i in g.players[0].hand if g.name(i) == "Borrowed Soldier"))
    act(g, "choose", card=named(g, "Stone Giant").iid)
    giant = named(g, "Stone Giant")
    assert giant.side == 0
    v = g.view(1)
    entry = next(c for s in v["sides"] for c in s["front"] + s["back"] if c["iid"] == giant.iid)
    assert entry["control"]["from"] == 1 and entry["control"]["until"] == "turn"
    assert entry["control"]["text"] == "goes back to Bo's side at the end of this turn"
    s = capeclash.sample_state(g.view(0), 0, Rng(2), public_context(g))
    assert s is not None
    for game in (g, s):
        _end_turn(game)
        assert game.cards[giant.iid].side == 1, game is s


def test_the_view_says_whether_a_freeze_holds_this_turn_or_the_next_and_the_sample_keeps_it():
    """A character frozen in its controller's own turn can still be readied in that turn and stays down
    in the next; the view tells the two apart (frozen_now), and the computer's sampled game has the same
    freeze as the real one."""
    from engine.ai import capeclash
    from engine.capeclash.testing import named
    g = _duel_position([{"front": [{"card": "Stone Giant", "exhausted": True}]}, {}])
    giant = named(g, "Stone Giant")
    giant.frozen = 1   # what a freeze does to a character in its controller's own turn (the freeze verb)
    def entry(game, viewer):
        v = game.view(viewer)
        return next(c for s in v["sides"] for c in s["front"] + s["back"] if c["iid"] == giant.iid)
    assert entry(g, 0)["frozen"] and not entry(g, 0)["frozen_now"]
    s = capeclash.sample_state(g.view(1), 1, Rng(2), public_context(g))
    assert s is not None and s.cards[giant.iid].frozen == g.cards[giant.iid].frozen == 1
    turn = g.turn
    from engine.capeclash.testing import act
    while not (g.decision["type"] == "main" and g.active == 0 and g.turn > turn):   # to Ana's next turn
        act(g, "end_turn" if g.decision["type"] == "main" else "end_step")
    assert entry(g, 0)["frozen_now"] and g.cards[giant.iid].exhausted
    s = capeclash.sample_state(g.view(1), 1, Rng(2), public_context(g))
    assert s is not None and s.cards[giant.iid].frozen == 2


# ------------------------------------------------------------------ session 19, part 2: what the sampled game keeps

def _same_public(real, sample, viewer: int) -> None:
    """Every field of ``viewer``'s view but the log reads the same in the sampled game."""
    a, b = real.view(viewer), sample.view(viewer)
    for k in ("sides", "players", "decision", "combat", "turn", "phase", "active_side", "declaring"):
        assert a[k] == b[k], k


def test_a_keyword_granted_for_the_turn_is_kept_in_the_sampled_game():
    """A character granted Ranged for the turn (its view lists the keyword and how long it lasts) can
    attack from the back row; the sampled game gave it its printed keywords only, so it offered other
    attacks than the real game (normal's look-ahead then gave up and hard's search did not run), and
    the keyword goes at the end of the turn in both."""
    from engine.ai import capeclash
    from engine.capeclash.testing import named
    g = _duel_position([{"back": ["Trooper Cole"]}, {"front": ["Alley Brute"]}])
    cole = named(g, "Trooper Cole", side=0)
    cole.mods.append({"k": "grant", "kw": "ranged", "ts": cole.ts, "src": "Tailwind", "until": "turn", "turn": g.turn})
    g.keyword_granted()
    g.board_changed()
    legal = g.legal_actions(0)
    assert any(a.type == "attack" and a["card"] == cole.iid for a in legal)
    s = capeclash.sample_state(g.view(0), 0, Rng(3), public_context(g))
    assert s is not None
    assert set(s.legal_actions(0)) == set(legal)
    _same_public(g, s, 0)
    for game in (g, s):
        _end_turn(game)
        assert not game.has_keyword(game.cards[cole.iid], "ranged")


def test_a_character_that_lost_its_keywords_has_none_in_the_sampled_game_either():
    """Nullified (keywords and super powers lost): the view lists no keywords; the sampled game
    gave the character back its printed ones (Ferocious here)."""
    from engine.ai import capeclash
    from engine.capeclash.testing import named
    g = _duel_position([{"front": ["Trooper Cole"]}, {"front": ["Alley Brute"]}])
    brute = named(g, "Alley Brute", side=1)
    brute.mods.append({"k": "lose", "ts": brute.ts, "src": "Nullify", "until": "turn", "turn": g.turn})
    g.board_changed()
    assert not g.has_keyword(brute, "ferocious")
    s = capeclash.sample_state(g.view(0), 0, Rng(3), public_context(g))
    assert s is not None and not s.has_keyword(s.cards[brute.iid], "ferocious")
    _same_public(g, s, 0)


def test_a_character_moved_in_this_formation_step_is_not_moved_again_in_the_sampled_game():
    """Formation: a character moves once a step. The view does not say which moved already, the
    player's legal actions do; the sampled game offered that character's move again (the search
    could move it back and forth), and now takes the book-keeping from the legal actions (``fit``),
    in the heuristic's look-ahead and in the search alike."""
    from engine.ai import capeclash
    from engine.capeclash.position import build
    from engine.capeclash.testing import act, named
    pool = _pool()
    deck = ["Trooper Birch", "Trooper Cole", "Frail Lookout", "Gloom Imp", "Alley Brute", "Bit Player"]
    g = build(pool, {"turn": 5, "active": 0, "phase": "formation", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "deck": list(deck),
         "front": ["Trooper Cole", "Trooper Birch"]},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "deck": list(deck)}]}, mode="duel")
    assert g.decision["type"] == "formation"
    act(g, "move", card=named(g, "Trooper Cole", side=0).iid)
    legal = g.legal_actions(0)
    s = capeclash.sample_state(g.view(0), 0, Rng(4), public_context(g))
    assert s is not None and set(legal) < set(s.legal_actions(0))  # the view alone cannot tell
    capeclash.fit(s, legal)
    assert set(s.legal_actions(0)) == set(legal)
    fitted = []
    orig = capeclash.fit

    def spy(game, acts):
        orig(game, acts)
        if set(acts) == set(legal):  # (the decision asked, not one inside a look-ahead)
            fitted.append(set(game.legal_actions(0)) == set(legal))
    import pytest as _pytest
    mp = _pytest.MonkeyPatch()
    try:
        mp.setattr(capeclash, "fit", spy)
        a = make_policy("hard", public_context(g), max_work=400)(g.view(0), legal, Rng(1))
    finally:
        mp.undo()
    assert a in legal and fitted and all(fitted)


def test_the_sampled_game_knows_how_near_the_out_of_cards_ending_is():
    """Quiet turns since every deck emptied are public (everyone saw nobody attack); the view says them and
    the sampled game has them, so the look-ahead sees that ending the turn ends the game (it counted 0)."""
    from engine.ai import capeclash
    g = _duel_position([{}, {}])
    g.quiet_turns, g.attacked_this_turn = 1, False
    g.view_cache = None
    v = g.view(0)
    assert v["quiet_turns"] == 1 and v["attacked_this_turn"] is False
    s = capeclash.sample_state(v, 0, Rng(2), public_context(g))
    assert s is not None and s.quiet_turns == 1 and s.attacked_this_turn is False
