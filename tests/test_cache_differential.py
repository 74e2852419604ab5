"""The engine's shortcuts change nothing: the same games played with every cache on and with
every cache off (``Game(..., caches=False)``, see ``engine.capeclash.caches``) agree after every action on
the legal actions of every player, the events the action logged and every seat's view (each
player's and the spectator's).

Games are seeded random-policy games in the five modes, half between the testbed decks and half
between decks dealt at random from every card in card_data (so keywords, machines, continuous
abilities and off-zone powers the testbed lacks are played). The long run, whole games, is in
the soak tier (tests/conftest.py); ``CAPECLASH_DIFF_GAMES`` sets its number of games (default 9; 40 for a long run).
The start of one game per mode runs in the fast tier.
"""

from __future__ import annotations

import os

from engine.capeclash.game import Game
from engine.capeclash.testing import CARD_DATA, random_deck, sample_game
from engine.core.rng import Rng

MODES = [("duel", 2), ("ffa", 3), ("ffa", 4), ("2v2", 4), ("two_headed", 4)]
GAMES = int(os.environ.get("CAPECLASH_DIFF_GAMES", "9"))
_POOL: list = []


def _pool():
    if not _POOL:
        from engine.capeclash.testing import shared_pool
        _POOL.append(shared_pool([CARD_DATA]))
    return _POOL[0]



def _games(seed: int, mode: str, players: int, full_pool: bool) -> tuple[Game, Game]:
    if not full_pool:
        on = sample_game(seed=seed, mode=mode, players=players)
        off = Game(on.defs, on.config, caches=False)
        return on, off
    pool = _pool()
    r = Rng(seed * 7919 + players)
    specs = [{"name": f"P{i + 1}", "deck": random_deck(pool, r, f"D{i}")} for i in range(players)]
    cfg = {"mode": mode, "seed": seed, "players": specs, "max_turns": 60}
    return Game(pool, cfg, caches=True), Game(pool, cfg, caches=False)


def compare_one(seed: int, mode: str, players: int, full_pool: bool,
                max_actions: int | None = None) -> tuple[int, list[str]]:
    """Play one game both ways (to its end, or ``max_actions``); returns (comparisons made, mismatches)."""
    on, off = _games(seed, mode, players, full_pool)
    assert on.caches.enabled and not off.caches.enabled
    r = Rng(seed * 1000003 + players)
    seats = [None, *range(players)]
    compared, bad = 0, []

    def check(where: str) -> None:
        nonlocal compared
        for p in range(players):
            compared += 1
            if on.legal_actions(p) != off.legal_actions(p):
                bad.append(f"{where}: legal actions of player {p} differ")
        for v in seats:
            compared += 1
            if on.view(v) != off.view(v):
                a, b = on.view(v), off.view(v)
                keys = sorted(k for k in a if a[k] != b.get(k))
                bad.append(f"{where}: view for {v} differs in {', '.join(keys)}")

    check("start")
    while not on.is_over and not bad and (max_actions is None or len(on.actions) < max_actions):
        p = on.to_act[0]
        acts = on.legal_actions(p)
        a = acts[r.below(len(acts))]
        ev_on, ev_off = on.apply(a), off.apply(a)
        where = f"{mode}/{players} seed {seed} action {len(on.actions)} ({a})"
        compared += 1
        if list(ev_on) != list(ev_off):
            bad.append(f"{where}: events differ")
        check(where)
        if not bad and len(on.actions) % 50 == 0:
            compared += 1
            if on.state_hash() != off.state_hash():
                bad.append(f"{where}: state hashes differ")
    if not bad and on.state_hash() != off.state_hash():
        bad.append(f"{mode}/{players} seed {seed}: final state hashes differ")
    return compared, bad


def _run(n: int, max_actions: int | None = None) -> tuple[int, list[str]]:
    total, bad = 0, []
    for i in range(n):
        mode, players = MODES[i % len(MODES)]
        c, b = compare_one(i // len(MODES) + 1, mode, players, i % 2 == 1, max_actions)
        total += c
        bad += b
    return total, bad


def test_caches_off_change_nothing_in_a_few_games():
    # one game per mode, its first 120 actions (setup, several turns, attacks)
    total, bad = _run(5, max_actions=120)
    assert not bad, "\n".join(bad[:5])
    assert total > 3000


def test_caches_off_change_nothing_soak():
    total, bad = _run(GAMES)
    print(f"cache differential: {GAMES} games, {total} comparisons, {len(bad)} mismatches")
    assert not bad, "\n".join(bad[:5])


def test_the_switch_reaches_copies_replays_and_the_environment(monkeypatch):
    g = sample_game(seed=2)
    off = Game(g.defs, g.config, caches=False)
    for _ in range(30):
        a = off.legal_actions(off.to_act[0])[0]
        off.apply(a)
    assert not off.copy().caches.enabled and not off.replay().caches.enabled
    off.undo()
    assert not off.caches.enabled
    # nothing is remembered with the switch off
    off.view(0), off.characters(), off.live_sides(), off.legal_actions(off.to_act[0])
    assert off.view_cache is None and off.chars_cache == {} and off.memo == {} and off.live_cache is None
    monkeypatch.setenv("CAPECLASH_NO_CACHES", "1")
    assert not sample_game(seed=2).caches.enabled
    monkeypatch.setenv("CAPECLASH_NO_CACHES", "0")
    assert sample_game(seed=2).caches.enabled


def test_the_attack_decisions_are_the_branches_that_remember_targets():
    """``moves.options`` remembers whom attackers can reach only in its "main" and "declare"
    branches: a new decision kind whose answers list attacks must get the same treatment."""
    from engine.capeclash.moves import ATTACK_DECISIONS
    assert set(ATTACK_DECISIONS) == {"main", "declare"}


def test_a_granted_triggered_ability_is_heard_with_the_caches_on_and_off():
    """``grant_trigger`` (issue 18): an event some card of the game can grant a triggered ability
    for is heard (``restrictions.heard``), though no character listens to it before the grant. Here
    the only "when it KOs a character" ability comes from a plot twist, and the events (the draw)
    are the same with the caches on and off."""
    from engine.capeclash import position
    from engine.capeclash import restrictions as R
    from engine.capeclash.scenario import resolve_action
    from engine.cardlang.cards import CardPool, parse_card

    harvest, problems = parse_card({
        "id": "t-grim-harvest", "name": "Grim Harvest", "type": "plot_twist", "timing": "main",
        "effect": [{"choose": {"what": "character", "filter": {"side": "yours"}, "as": "reaper"}},
                   {"grant_trigger": {"target": "reaper", "until": "turn",
                                      "trigger": {"when": "kos", "effect": [{"draw": {"n": 1}}]}}}]})
    assert problems == [], problems
    base = _pool()
    pool = CardPool({**base.cards, harvest.id: harvest}, base.teams)
    assert pool.grants == {**base.grants, "t-grim-harvest": frozenset({"kos"})}
    spec = {"turn": 5, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "front": ["Trooper Ash"],
         "hand": ["Grim Harvest"], "deck": ["Shield Cadet", "Arc Archer"]},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "front": ["Bit Player"],
         "deck": ["Gloom Imp", "Alley Brute"]}]}
    on = position.build(pool, spec)
    off = Game(on.defs, on.config, caches=False)
    assert on.caches.enabled and not off.caches.enabled
    # nothing in this game triggers on "kos" but the plot twist's granted ability
    assert not any("kos" in pool.listens[cid] for cid in on.cids_in_game())
    assert R.hears(on, "kos") and R.hears(off, "kos")
    script = [{"plot": "Grim Harvest"}, {"choose": "Trooper Ash"}, {"attack": "Trooper Ash"},
              {"target": "Bit Player"}, "pass", "pass"]
    for raw in script:
        a = resolve_action(on, raw)
        assert list(on.apply(a)) == list(off.apply(a)), raw
        assert on.legal_actions(on.to_act[0]) == off.legal_actions(off.to_act[0])
    for g in (on, off):
        ana = g.players[0]
        assert g.cards[next(i for i in g.cards if g.defs[g.cards[i].cid].name == "Bit Player")].zone == "ko"
        assert len(ana.hand) == 1 and len(ana.deck) == 1  # the granted ability drew a card
        assert any(e.text == "Ana draws a card." for e in g.events)
