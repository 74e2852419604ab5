"""ATK, DEF and health, computed in the rulebook's order.

1. Base stats: the printed numbers (the current level's card), then every
   modifier that sets base stats, in timestamp order.
2. +1/+1 and -1/-1 counters.
3. Every other modifier (adds, swaps) in timestamp order.

A modifier is locked in when it resolves: it stores numbers, never formulas,
so later changes to whatever it looked at do not change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card, Modifier


def stats(g: Game, c: Card) -> tuple[int, int]:
    """Current (ATK, DEF) of a character. Negative values stay negative here."""
    d = g.defs.cards[c.cid]
    atk, dfn = d.atk, d.defense
    mods = c.mods
    if mods:
        for m in mods:
            k = m["k"]
            if "source" in m and source_paused(g, m):
                continue
            if k == "set_base" or (k == "impersonate" and g.impersonating(c, m)):
                if m.get("atk") is not None:
                    atk = m["atk"]
                if m.get("def") is not None:
                    dfn = m["def"]
    n = c.plus - c.minus
    if n:
        atk += n
        dfn += n
    if c.zone == "play":
        if "grows" in d.keywords or g.kw_possible("grows"):
            grown = growth(g, c)
            atk += grown
            dfn += grown
        if g.static_sources():
            mods = _with_statics(g, c, mods)
    if mods:
        for m in mods:
            k = m["k"]
            if "source" in m and source_paused(g, m):
                continue
            if k == "add":
                atk += m.get("atk", 0)
                dfn += m.get("def", 0)
            elif k == "swap":
                atk, dfn = dfn, atk
    return atk, dfn


def source_paused(g: Game, m: Modifier) -> bool:
    """Is an effect lasting 'while its source stays in play' paused, its source being hidden?

    A hidden character (002's Hide: face down but ready, no wound) is neither stunned nor gone, so
    what it made does not end (``Game.source_gone`` is for a stun or leaving play); but it has lost
    its powers, and 000's Nullify says such an effect stops while its source has no powers and comes
    back when it gets them back: it applies again once the source turns face up."""
    src = m.get("source")
    if src is None:
        return False
    s = g.cards[src]
    return s.zone == "play" and not s.face_up


def _with_statics(g: Game, c: Card, mods: list[Modifier]) -> list[Modifier]:
    """Resolved modifiers and continuous abilities together, in timestamp order."""
    from engine.capeclash.effects import amount
    from engine.capeclash.effects import probe as probe_of
    extra: list[Modifier] = []
    for ts, st, s in g.statics_on(c):
        if "atk" in st or "def" in st:
            probe = probe_of(g.controller(s), s.iid)
            extra.append({"k": "add", "ts": ts, "src": g.defs.cards[s.cid].name, "until": "static",
                          "atk": amount(g, probe, st.get("atk", 0)), "def": amount(g, probe, st.get("def", 0))})
    if not extra:
        return mods
    return sorted([*mods, *extra], key=lambda m: m["ts"])


def growth(g: Game, c: Card) -> int:
    """Grows: +1/+1 for each of something, counted continuously (its timestamp is when it
    came into play, so it applies before any modifier that resolved later)."""
    if not g.has_keyword(c, "grows"):
        return 0
    what = g.kw_param(c, "grows")
    pl = g.players[g.controller(c)]
    if what == "resources":
        return len(pl.resources)
    if what == "hand":
        return len(pl.hand)
    if what == "wounds":
        return c.wounds
    if what == "ko_pile":
        return len(pl.ko)
    if what == "allies":
        return sum(1 for o in g.characters(c.side) if o.iid != c.iid)
    if what == "enemies":
        return sum(1 for o in g.characters() if g.are_enemies(o.side, c.side))
    if what in ("stuns_by_it", "kos_by_it"):  # per-card tallies (restrictions.tally)
        return g.tallies.get(f"{what[:-6]}:{c.iid}", 0)
    if what in ("equipment", "locations"):  # (issue 18: equipment and locations as things to count)
        from engine.capeclash.effects import count_of
        return count_of(g, what, pl.index, c)
    raise AssertionError(what)


def atk(g: Game, c: Card) -> int:
    return stats(g, c)[0]


def defense(g: Game, c: Card) -> int:
    return stats(g, c)[1]


def strike_value(g: Game, c: Card) -> int:
    """What a character strikes for: its ATK, treated as 0 when below zero."""
    return max(0, stats(g, c)[0])


def health(g: Game, c: Card) -> int:
    """Maximum health (002): the printed health, raised by each vitality counter."""
    return g.defs.cards[c.cid].health + c.vitality


def health_left(g: Game, c: Card) -> int:
    """Remaining health (002): maximum health minus wounds, the wounds it would still take to KO it."""
    return health(g, c) - c.wounds


def explain(g: Game, c: Card) -> list[dict]:
    """Each step of the ATK/DEF calculation, for the UI's breakdown.

    Returns a list of ``{"step", "atk", "def"}`` rows where atk/def are the
    running totals after that step.
    """
    d = g.defs.cards[c.cid]
    atk_, dfn = d.atk, d.defense
    rows = [{"step": f"printed ({d.name}{f', level {d.level}' if d.level else ''})", "atk": atk_, "def": dfn}]
    for m in c.mods:
        if "source" in m and source_paused(g, m):
            continue
        if m["k"] == "set_base" or (m["k"] == "impersonate" and g.impersonating(c, m)):
            if m.get("atk") is not None:
                atk_ = m["atk"]
            if m.get("def") is not None:
                dfn = m["def"]
            how = f"impersonating {m['name']}" if m["k"] == "impersonate" else f"base set by {m['src']}"
            rows.append({"step": how, "atk": atk_, "def": dfn})
    if c.plus:
        atk_ += c.plus
        dfn += c.plus
        rows.append({"step": f"{c.plus} +1/+1 counter(s)", "atk": atk_, "def": dfn})
    if c.minus:
        atk_ -= c.minus
        dfn -= c.minus
        rows.append({"step": f"{c.minus} -1/-1 counter(s)", "atk": atk_, "def": dfn})
    if c.zone == "play" and ("grows" in d.keywords or g.kw_possible("grows")) and g.has_keyword(c, "grows"):
        k = growth(g, c)
        atk_ += k
        dfn += k
        rows.append({"step": f"+{k}/+{k} from Grows ({g.kw_param(c, 'grows')})", "atk": atk_, "def": dfn})
    mods = _with_statics(g, c, c.mods) if c.zone == "play" and g.static_sources() else c.mods
    for m in mods:
        if "source" in m and source_paused(g, m):
            continue
        if m["k"] == "add":
            atk_ += m.get("atk", 0)
            dfn += m.get("def", 0)
            rows.append({"step": f"{_signed(m.get('atk', 0))}/{_signed(m.get('def', 0))} from {m['src']}"
                                 f"{_until(m)}", "atk": atk_, "def": dfn})
        elif m["k"] == "swap":
            atk_, dfn = dfn, atk_
            rows.append({"step": f"ATK and DEF swapped by {m['src']}{_until(m)}", "atk": atk_, "def": dfn})
    return rows


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _until(m: Modifier) -> str:
    return {"combat": " this combat", "turn": " this turn", "next_turn": " until the end of next turn",
            "your_next_turn": " until the end of your next turn",
            "static": " (continuous)"}.get(
        m.get("until", "permanent"), "")
