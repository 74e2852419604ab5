"""One entry point for the invariant checks of any game (each ruleset provides its own checks).

``violations(g)``: the ruleset's invariants (``Ruleset.invariant_violations``) after an action.
``apply_checking_secrets(g, action, rng, viewers)``: apply an action and check that what each
viewer sees afterwards (their view, their lines of the new log) does not depend on the cards
hidden from them: the same action on a copy whose hidden cards were dealt again
(``Ruleset.unseen_cards``, ``Ruleset.permuted``) must look exactly the same to them.
``view_leaks(g, viewer, rng)``: the same for the view as it stands.

>>> from engine.core.protocol import ruleset
>>> from engine.core.rng import Rng
>>> rs = ruleset("dice")
>>> g = rs.new_game(rs.load_pool(), {"seed": 4})
>>> violations(g), apply_checking_secrets(g, g.legal_actions(g.to_act[0])[0], Rng(1))
([], [])
"""

from __future__ import annotations

from typing import Any

from engine.core.protocol import ruleset_of


def violations(g: Any, views: bool = True, events_since: int = 0) -> list[str]:
    """Every invariant of ``g``'s ruleset that does not hold now (empty when all is well);
    ``events_since``: the first event whose log lines are checked for leaks."""
    return ruleset_of(g).invariant_violations(g, views=views, events_since=events_since)


def seats(g: Any) -> list[int | None]:
    """Every viewer of ``g``: the spectator (``None``) and each seat."""
    return [None, *range(len(g.players))]


def apply_checking_secrets(g: Any, action, rng, viewers: list | None = None) -> list[str]:
    """Apply ``action`` to ``g`` (trusted) and check that what each viewer (default: everyone) sees
    afterwards does not depend on the cards hidden from them before and after the action. Returns
    the differences found (empty when none)."""
    rs = ruleset_of(g)
    before = g.copy()
    if viewers is None:
        viewers = seats(g)
    hidden_before = {v: rs.unseen_cards(g, v) for v in viewers}
    # a card the action plays face up is seen by everyone, even if it is hidden again by the end of
    # the action (played, then shuffled back into its deck)
    shown_by = getattr(rs, "shown_by", None)
    shown = shown_by(g, action) if shown_by is not None else set()
    first = len(g.events)
    g.apply_unchecked(action)
    out = []
    for v in viewers:
        if any(e.type == "look" and v in e.secret for e in g.events[first:]):
            continue  # the viewer looked at a hand: those cards were shown to them
        keep = (hidden_before[v] & rs.unseen_cards(g, v)) - shown
        if not keep:
            continue
        h = rs.permuted(before, keep, rng)
        h.apply_unchecked(action)
        mine = [e.for_viewer(v) for e in g.events[first:]]
        theirs = [e.for_viewer(v) for e in h.events[first:]]
        if mine != theirs:
            diff = [(a, b) for a, b in zip(mine, theirs, strict=False) if a != b] or [(mine, theirs)]
            out.append(f"viewer {v}: after {action} the log depends on hidden cards: {diff[0][0]!r} / {diff[0][1]!r}")
            continue
        va, vb = g.view(v), h.view(v)
        if va != vb:
            out.append(f"viewer {v}: after {action} the view depends on hidden cards (in {_keys(va, vb)})")
    return out


def view_leaks(g: Any, viewer: int | None, rng) -> list[str]:
    """Does ``viewer``'s view of ``g`` as it stands depend on the cards hidden from them?"""
    rs = ruleset_of(g)
    h = rs.permuted(g, rs.unseen_cards(g, viewer), rng)
    a, b = g.view(viewer), h.view(viewer)
    return [f"the view of {viewer} depends on hidden cards (in {_keys(a, b)})"] if a != b else []


def contract_violations(g: Any, rng) -> list[str]:
    """The protocol's behaviour contract (``engine.core.protocol``) at ``g``'s current position:
    the seats to act have actions and nobody else has; an action that is not offered raises
    ``IllegalActionError`` and changes nothing; a copy is independent; a save loads to the same
    state hash; no view depends on the cards hidden from its viewer. ``g`` is left as it was."""
    import json

    from engine.core.actions import Action
    from engine.core.errors import IllegalActionError
    from engine.core.protocol import GameState
    rs = ruleset_of(g)
    out: list[str] = []
    if not isinstance(g, GameState):
        return [f"{type(g).__name__} lacks part of the GameState protocol"]
    h0, n0, e0 = g.state_hash(), len(g.actions), len(g.events)
    views0 = {v: g.view(v) for v in seats(g)}
    if g.is_over != (g.result is not None) or bool(g.to_act) == g.is_over:
        out.append(f"is_over {g.is_over}, result {g.result}, to_act {g.to_act} disagree")
    offered: list = []
    for p in range(len(g.players)):
        mine = g.legal_actions(p)
        if (p in g.to_act) != bool(mine):
            out.append(f"seat {p} {'is' if p in g.to_act else 'is not'} to act but has {len(mine)} legal actions")
        if any(a.player != p for a in mine):
            out.append(f"legal_actions({p}) offers another seat's action")
        offered += mine
    if set(offered) != set(g.legal_actions(None)):
        out.append("legal_actions(None) is not every seat's legal actions")
    for a in offered:
        if not g.describe(a):
            out.append(f"{a} has no description")
    refused = [Action(p, "no_such_action") for p in range(len(g.players))]
    refused += [Action(p, a.type, **a.args) for a in offered for p in range(len(g.players))
                if p not in g.to_act][:3]
    for a in refused:
        try:
            g.apply(a)
            out.append(f"{a} (not offered) was accepted")
        except IllegalActionError:
            pass
        if (g.state_hash(), len(g.actions), len(g.events)) != (h0, n0, e0):
            out.append(f"refusing {a} changed the game")
            return out
    if offered:
        c = g.copy()
        c.apply(offered[-1])
        if g.state_hash() != h0 or len(g.events) != e0 or any(g.view(v) != views0[v] for v in views0):
            out.append(f"applying {offered[-1]} to a copy changed the original")
    again = rs.load(rs.pool_of(g), json.loads(json.dumps(g.save())))
    if again.state_hash() != h0 or again.actions != g.actions:
        out.append("a save does not load to the same state")
    for v in seats(g):
        out += view_leaks(g, v, rng)
    return out


def _keys(a: dict, b: dict) -> str:
    return ", ".join(sorted(k for k in a if a[k] != b.get(k)))


__all__ = ["apply_checking_secrets", "contract_violations", "seats", "view_leaks", "violations"]
