"""Derring-Dice's invariants (checked after every action by the soak) and its hidden cards.

Each check returns a list of violations (empty when all is well); ``engine.core.checks`` runs them
for any game through ``engine.dice.ruleset``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dice import rules

if TYPE_CHECKING:
    from engine.core.rng import Rng
    from engine.dice.game import DiceGame

PHASES = ("recruit", "equip", "tactics", "action", "recovery")


def all_violations(g: DiceGame, views: bool = True, events_since: int = 0) -> list[str]:
    """Every card in exactly one place, marked as where it lies; characters within the rules
    (damage within Force, no aid twice in one slot, minions only with the bad guys); someone can
    act while the game goes on. (The views are checked against hidden cards by
    ``engine.core.checks.apply_checking_secrets``; ``views`` and ``events_since`` are accepted
    for the shared entry point.)"""
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
    for i, c in enumerate(g.cards):
        if c["z"] == "out":  # set aside by a scenario's position (a card it does not name): out of the game
            put(i, "out of the game")
    if len(where) != len(g.cards):
        lost = [g.name(i) for i in range(len(g.cards)) if i not in where]
        out.append(f"cards lost: {lost[:5]}")
    if g.result is None and (g.decision is None or not g.legal_actions(g.to_act[0])):
        out.append("the game is not over but nobody can act")
    if g.result is None and g.phase not in PHASES:
        out.append(f"unknown phase {g.phase}")
    return out


def unseen_cards(g: DiceGame, viewer: int | None) -> set[int]:
    """Cards ``viewer`` may not see now: both decks and the other player's hands."""
    out = set(g.rdeck) | set(g.adeck)
    for p, pl in enumerate(g.players):
        if p != viewer:
            out.update(pl["rhand"])
            out.update(pl["ahand"])
    return out


def shown_by(g: DiceGame, action) -> set[int]:
    """The card an action names is played face up (recruited, an action card played, discarded):
    everyone sees it, even when it is shuffled back into a deck before the action is over."""
    card = action.get("card")
    return {card} if isinstance(card, int) else set()


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
