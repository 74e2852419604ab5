"""Derring-Dice soak: 1,000 games of uniformly random legal actions, with the rules' invariants
checked after every action and exact replays (seed + actions -> same state hash) on a sample.

Games are capped at 30 turns (a draw) to keep the soak near a minute on one core; the cap is a
rule of the game (the ``max_turns`` option), so capped games are real, finished games.
"""

from __future__ import annotations

import json

from engine.core.rng import Rng
from engine.dice import DiceGame, load_pool, rules

GAMES = 1000
REPLAY_EVERY = 40


def invariant_violations(g: DiceGame) -> list[str]:
    out = []
    where: dict[int, str] = {}

    def put(i, place):
        if i in where:
            out.append(f"card {g.name(i)} is both in {where[i]} and {place}")
        where[i] = place

    for name in ("rdeck", "adeck", "rdisc", "adisc"):
        for i in getattr(g, name):
            put(i, name)
            if g.cards[i]["z"] != name:
                out.append(f"{g.name(i)} listed in {name} but its zone is {g.cards[i]['z']}")
    for p, pl in enumerate(g.players):
        for key in ("rhand", "ahand"):
            for i in pl[key]:
                put(i, f"{key}{p}")
                if g.cards[i]["z"] != key or g.cards[i]["o"] != p:
                    out.append(f"{g.name(i)} in {key} of {p} but marked {g.cards[i]}")
    for i in g.play:
        put(i, "play")
        c = g.cards[i]
        if c["z"] != "play" or not g.card(i).is_character:
            out.append(f"{g.name(i)} in play but marked {c}")
        if c["dmg"] > rules.force(g, i):
            out.append(f"{g.name(i)} has {c['dmg']} damage over Force {rules.force(g, i)} and is still in play")
        if c["dmg"] < 0 or c["dly"] < 0:
            out.append(f"{g.name(i)} has negative tokens")
        if g.card(i).type == "minion" and (c["att"] or g.players[c["o"]]["side"] == "good"):
            out.append(f"minion {g.name(i)} has aids or serves the good guy")
        slots = [g.card(a).slot for a in c["att"] if g.card(a).slot]
        if not rules.has_flag(g, i, "any_vehicles"):
            if len(slots) != len(set(slots)):
                out.append(f"{g.name(i)} has two aids in one slot: {slots}")
        for a in c["att"]:
            put(a, f"on {g.name(i)}")
            if not g.card(a).is_aid or g.cards[a]["on"] != i:
                out.append(f"{g.name(a)} attached to {g.name(i)} wrongly")
            for u in g.cards[a]["att"]:
                put(u, f"on {g.name(a)}")
                if not g.card(u).is_upgrade:
                    out.append(f"{g.name(u)} on an aid is not an upgrade")
    if len(where) != len(g.cards):
        lost = [g.name(i) for i in range(len(g.cards)) if i not in where]
        out.append(f"cards lost: {lost[:5]}")
    if g.result is None and (g.decision is None or not g.legal_actions(g.to_act[0])):
        out.append("the game is not over but nobody can act")
    if g.result is None and g.phase not in ("recruit", "equip", "tactics", "action", "recovery"):
        out.append(f"unknown phase {g.phase}")
    return out


def test_random_soak_1000_games():
    pool = load_pool()
    ends = {"bad": 0, "good": 0, "draw": 0}
    total = 0
    for k in range(GAMES):
        g = DiceGame(pool, {"seed": 10_000 + k, "options": {"max_turns": 30}})
        r = Rng(k * 7919 + 1)
        n = 0
        while not g.is_over:
            p = g.to_act[0]
            acts = g.legal_actions(p)
            assert acts, f"game {k}: no legal action for the player to act"
            g._apply(acts[r.below(len(acts))])
            n += 1
            bad = invariant_violations(g)
            assert not bad, f"game {k} after {n} actions ({g.actions[-1]}): {bad}"
            assert n < 5000, f"game {k} does not end"
        total += n
        w = g.result["winners"]
        ends[g.players[w[0]]["side"] if w else "draw"] += 1
        if k % REPLAY_EVERY == 0:
            h = g.state_hash()
            assert g.replay().state_hash() == h, f"game {k}: the replay differs"
            again = DiceGame.load(pool, json.loads(json.dumps(g.save())))
            assert again.state_hash() == h
    assert sum(ends.values()) == GAMES
    # both sides win some random games, and most games finish before the cap
    assert ends["bad"] > 0 and ends["good"] > 0, ends
    assert ends["draw"] < GAMES // 2, ends
    print(f"\n{GAMES} random games, {total / GAMES:.0f} actions each: {ends}")


# ---------------------------------------------------------------- hidden cards stay hidden

SECRET_GAMES = 100


def unseen(g: DiceGame, viewer: int | None) -> list[int]:
    """Cards ``viewer`` may not see now: both decks and the other player's hands."""
    out = list(g.rdeck) + list(g.adeck)
    for p, pl in enumerate(g.players):
        if p != viewer:
            out += pl["rhand"] + pl["ahand"]
    return out


def permuted(g: DiceGame, cards: set[int], rng: Rng) -> DiceGame:
    """A copy of ``g`` in which ``cards`` are dealt again among themselves, each with another card
    of the same deck and type (what the rules let a player count stays as it was)."""
    h = g.copy()
    groups: dict[tuple, list[int]] = {}
    for i in sorted(cards):
        d = h.card(i)
        groups.setdefault((d.deck, d.type), []).append(i)
    for ids in groups.values():
        names = [h.cards[i]["n"] for i in ids]
        rng.shuffle(names)
        for i, n in zip(ids, names, strict=True):
            h.cards[i]["n"] = n
    h.touch()
    return h


def secret_leaks(g: DiceGame, action, rng: Rng, viewer: int | None) -> list[str]:
    """Apply ``action``; what ``viewer`` sees afterwards must not depend on the cards hidden from
    them before and after it (the same action on a copy with those cards dealt again)."""
    before = g.copy()
    hidden = set(unseen(g, viewer))
    first = len(g.events)
    g._apply(action)
    if any(e.type == "look" and viewer in e.secret for e in g.events[first:]):
        return []  # the viewer looked at the other player's hands
    keep = hidden & set(unseen(g, viewer))
    if not keep:
        return []
    h = permuted(before, keep, rng)
    h._apply(action)
    mine = [e.for_viewer(viewer) for e in g.events[first:]]
    theirs = [e.for_viewer(viewer) for e in h.events[first:]]
    if mine != theirs:
        return [f"after {action} the log of {viewer} depends on hidden cards: {mine} / {theirs}"]
    a, b = g.view(viewer), h.view(viewer)
    if a != b:
        return [f"after {action} the view of {viewer} depends on hidden cards "
                f"(in {', '.join(sorted(k for k in a if a[k] != b.get(k)))})"]
    return []


def _secret_soak(check) -> tuple[list[str], int]:
    pool = load_pool()
    leaks: list[str] = []
    actions = 0
    for k in range(SECRET_GAMES):
        g = DiceGame(pool, {"seed": 50_000 + k, "options": {"max_turns": 30}})
        r, shuffle = Rng(k * 31 + 7), Rng(k)
        while not g.is_over and len(leaks) < 5:
            acts = g.legal_actions(g.to_act[0])
            leaks += check(g, acts[r.below(len(acts))], shuffle, [None, 0, 1][actions % 3])
            actions += 1
    return leaks, actions


def view_leaks(g: DiceGame, action, rng: Rng, viewer: int | None) -> list[str]:
    """The view as it stands (engine/dice/view.py alone): the same with the hidden cards dealt
    again. Then ``action`` is applied."""
    h = permuted(g, set(unseen(g, viewer)), rng)
    a, b = g.view(viewer), h.view(viewer)
    g._apply(action)
    if a != b:
        return [f"the view of {viewer} depends on hidden cards (in {', '.join(sorted(k for k in a if a[k] != b.get(k)))})"]
    return []


def test_soak_views_never_show_hidden_cards():
    leaks, actions = _secret_soak(view_leaks)
    assert not leaks, "\n".join(leaks[:5])
    print(f"\n{SECRET_GAMES} games, {actions} views checked: none depends on a hidden card")


def test_soak_hidden_cards_never_show():
    """Random games: after every action, one viewer in turn (either player or a spectator) sees
    exactly the same view and log lines as in a copy whose hidden cards were dealt again."""
    leaks, actions = _secret_soak(secret_leaks)
    assert not leaks, "\n".join(leaks[:5])
    print(f"\n{SECRET_GAMES} games, {actions} actions checked: no view or log line depends on a hidden card")
