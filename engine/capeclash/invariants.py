"""Checks that must hold after every action; the soak test runs them constantly.

Each function returns a list of violations (empty when all is well).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import restrictions as R
from engine.capeclash import stats

if TYPE_CHECKING:
    from engine.capeclash.game import Game


def zone_violations(g: Game) -> list[str]:
    """Every card is in exactly one zone, and its ``zone`` field says which."""
    out = []
    seen: set[int] = set()
    total = 0
    cards = g.cards
    lists: list[tuple[int | None, str, list[int]]] = [(pl.index, z, getattr(pl, attr)) for pl in g.players
             for z, attr in (("deck", "deck"), ("hand", "hand"), ("ko", "ko"), ("removed", "removed"),
                             ("resource", "resources"), ("equipped", "equipment"))]
    lists += [(pl.index, "pile", ids) for pl in g.players for ids in pl.piles.values()]
    lists.append((None, "play", g.in_play))
    for owner, zone, ids in lists:
        total += len(ids)
        seen.update(ids)
        for iid in ids:
            c = cards[iid]
            if zone == "equipped" and c.zone == "machine":
                continue  # a player's equipment list holds their machines too
            if c.zone != zone:
                out.append(f"card {iid} ({g.name(iid)}) says zone {c.zone!r} but is listed in {zone}")
            elif owner is not None and c.owner != owner:
                out.append(f"card {iid} ({g.name(iid)}) is in player {owner}'s {zone} but belongs to {c.owner}")
    if total != len(seen):
        out.append(f"{total - len(seen)} card(s) are listed in two zones at once")
    for iid, c in cards.items():
        off_list = c.zone == "resolving" or (c.zone == "aside" and c.is_main) or (c.token and c.zone == "removed")
        if off_list == (iid in seen):
            out.append(f"card {iid} ({g.name(iid)}) is {'listed' if off_list else 'in no zone'} "
                       f"while its zone is {c.zone!r}")
    return out


def character_violations(g: Game) -> list[str]:
    out = []
    for iid in g.in_play:
        c = g.cards[iid]
        if c.plus and c.minus:
            out.append(f"{g.name(iid)} has both +1/+1 and -1/-1 counters")
        if not c.face_up and (c.plus or c.minus):
            out.append(f"{g.name(iid)} is stunned but has +1/+1 or -1/-1 counters")
        if c.face_up and stats.defense(g, c) <= 0 and g.decision is not None \
                and not R.why(g, c, "be_stunned"):  # (a character that can't be stunned stays face up)
            out.append(f"{g.name(iid)} is face up with DEF {stats.defense(g, c)}")
        if c.wounds >= stats.health(g, c) and not g.has_keyword(c, "unbreakable"):
            out.append(f"{g.name(iid)} has {c.wounds} wounds and health {stats.health(g, c)} but is in play")
    return out


def hidden_cards(g: Game, viewer: int | None) -> set[int]:
    """Card ids ``viewer`` may not know: others' hands, every deck, others' face-down resources,
    and the order of face-down piles (their cards are hidden from everyone else)."""
    out = set()
    for pl in g.players:
        out.update(pl.deck)
        if pl.index != viewer:
            out.update(pl.hand)
            out.update(i for i in pl.resources if not g.cards[i].face_up)
            for name in pl.hidden_piles:
                out.update(pl.piles[name])
    return out


def private_ids(v: dict) -> set[int]:
    """Card ids in the parts of a view that differ between viewers (hand, resources, decision)."""
    ids: set[int] = set()
    for p in v["players"]:
        for k in ("hand", "resources"):
            ids.update(x["iid"] for x in p.get(k, ()) if "iid" in x)
        for pile in p.get("piles", {}).values():
            ids.update(x["iid"] for x in pile.get("cards", ()))
    d = v["decision"]
    if d and d["type"] not in ("choose_first", "choose_player", "order", "pick"):
        ids.update(x for x in d.get("options", ()) if isinstance(x, int))
    return ids


def all_violations(g: Game, views: bool = True, events_since: int = 0) -> list[str]:
    """Every invariant. The shared public part of the views is checked once against what is
    hidden from anybody; each viewer's own parts are checked against what that viewer may not know."""
    out = zone_violations(g) + character_violations(g)
    if not views:
        return out
    from engine.capeclash.view import public_view
    pub = public_view(g)
    hidden_from_someone = hidden_cards(g, None)
    public_ids: set[int] = set()
    for s in pub["sides"]:
        public_ids.update(c["iid"] for c in s["front"])
        public_ids.update(c["iid"] for c in s["back"])
    for p in pub["players"]:
        for k in ("ko", "removed"):
            public_ids.update(x["iid"] for x in p[k])
    if pub["combat"]:
        public_ids.update(pub["combat"]["attackers"])
    leaked = public_ids & hidden_from_someone
    if leaked:
        out.append(f"the public part of every view shows hidden card ids {sorted(leaked)}")
    decks = {i for pl in g.players for i in pl.deck}
    hands = {pl.index: set(pl.hand) | {i for n in pl.hidden_piles for i in pl.piles[n]} for pl in g.players}
    face_down = {pl.index: {i for i in pl.resources if not g.cards[i].face_up} for pl in g.players}
    searching = g.decision["players"][0] if g.decision and g.decision["type"] == "search" else None
    # cards of a deck an effect shows its player (look_at_deck): that player may see their ids
    shown: set = set(g.decision.get("shown", ())) if g.decision else set()
    for viewer in [None, *range(len(g.players))]:
        v = g.view(viewer)
        hidden = set(decks)
        if viewer is not None and viewer == searching:
            hidden -= set(g.players[viewer].deck)  # a player searching their deck sees it
        if shown and viewer is not None and g.decision and viewer == g.decision["players"][0]:
            hidden -= shown
        for q in hands:
            if q != viewer:
                hidden |= hands[q] | face_down[q]
        leaked = private_ids(v) & hidden
        if leaked:
            out.append(f"view of {viewer} shows hidden card ids {sorted(leaked)}")
        for p in v["players"]:
            if p["index"] != viewer and "hand" in p:
                out.append(f"view of {viewer} holds player {p['index']}'s hand")
            if p["index"] != viewer:
                for r in p["resources"]:
                    if not r["face_up"] and set(r) != {"hidden", "face_up"}:
                        out.append(f"view of {viewer} shows player {p['index']}'s face-down resource {r}")
        for e in g.events[events_since:]:
            for q, text in e.secret.items():
                if q != viewer and text != e.text and e.for_viewer(viewer) == text:
                    out.append(f"log line meant for player {q} shown to {viewer}: {text!r}")
    return out


# ------------------------------------------------------------------ hidden cards permuted

def unseen_cards(g: Game, viewer: int | None) -> set[int]:
    """Cards in decks, hands and face-down resources that ``viewer`` may not see now (a player
    searching their deck sees it; main characters are never hidden)."""
    d = g.decision
    searching = d["players"][0] if d and d["type"] == "search" else None
    out: set[int] = set()
    for pl in g.players:
        if not (viewer is not None and viewer == pl.index == searching):
            out.update(pl.deck)
        if pl.index != viewer:
            out.update(pl.hand)
            out.update(i for i in pl.resources if not g.cards[i].face_up)
    if d and "shown" in d and (d.get("revealed") or viewer is not None and viewer == d["players"][0]):
        out.difference_update(d["shown"])  # cards of a deck an effect shows the player deciding (look_at_deck),
        # or everyone (revealed: on the table until the effect is done with them)
    cards = g.cards
    return {i for i in out if not cards[i].is_main}


_SHOWING: dict[int, tuple] = {}  # id(pool) -> (the pool, the ids of its cards with a step that may show cards)


def _may_show(g: Game) -> bool:
    """Has a card of this game a step whose verb may show hidden cards to everyone (``Verb.shows``), or a
    power that may be used from a hand (using it shows the card)?"""
    from engine.cardlang.verbs import VERBS
    from engine.cardlang.verbs.base import walk_steps
    pool = g.defs
    got = _SHOWING.get(id(pool))
    if got is None or got[0] is not pool:
        got = _SHOWING[id(pool)] = (pool, frozenset(
            c.id for c in pool.cards.values()
            if any(VERBS[v].shows for steps in (c.effect, *(pw.effect for pw in c.powers),
                                                *(t.effect for t in c.triggers)) for v, _a in walk_steps(steps or ()))
            # a power used from a hand shows its card (Mimic has its teammates' hand powers there)
            or any(pw.zone == "hand" for pw in c.powers) or "mimic" in c.keywords))
    return not got[1].isdisjoint(g.cids_in_game())


# the events by which the engine shows cards to everyone (``data["cards"]``: which), even cards that are
# hidden again by the end of the action (revealed, then put back into a deck or a hand)
SHOWING_EVENTS = ("reveal",)


def shown_by(g: Game, action) -> set[int]:
    """The hidden cards ``action`` shows everyone as it is taken: those its public reveal events name
    (``data["cards"]``), found by taking it on a copy (the engine's own account, not a second copy
    of the rules; the random generator is part of the state, so the copy does what ``g`` will)."""
    if not _may_show(g):
        return set()
    h = g.copy()
    first = len(h.events)
    h.apply_unchecked(action)
    return {i for e in h.events[first:] if e.type in SHOWING_EVENTS and not e.secret
            for i in e.data.get("cards", ())}


def permuted(g: Game, cards: set[int], rng) -> Game:
    """A copy of ``g`` in which ``cards`` are dealt again among themselves, with every cache
    dropped. A card only changes places with another card of the same owner, type, cost and teams:
    what the rules let an effect find out about hidden cards (is there a supporting character
    of cost 2 or less in your hand?) stays as it was, while everything else (names, symbols,
    abilities) is shuffled."""
    h = g.copy()
    groups: dict[tuple, list[int]] = {}
    defs = h.defs.cards
    for i in sorted(cards):
        c = h.cards[i]
        d = defs[c.cid]
        groups.setdefault((c.owner, d.type, d.cost, tuple(d.teams)), []).append(i)
    for ids in groups.values():
        cids = [h.cards[i].cid for i in ids]
        rng.shuffle(cids)
        for i, cid in zip(ids, cids, strict=True):
            h.cards[i].cid = cid
    h.drop_caches()
    return h
