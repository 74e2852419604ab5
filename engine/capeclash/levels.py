"""Main characters' levels: the chain of level cards, XP and levelling up or down."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.capeclash.game import Game


def level_chain(g: Game, cid: str) -> list[str]:
    """A main character's levels, from ``cid`` up (five at most)."""
    chain = [cid]
    while len(chain) < 5:
        lu = g.defs[chain[-1]].level_up
        if not lu:
            break
        chain.append(lu.into)
    return chain


def gain_xp(g: Game, p: int, n: int) -> None:
    """The player's original main character gains XP (a demoted one too: 001 says it keeps
    its XP and still levels up, as a supporting character)."""
    pl = g.players[p]
    assert pl.main is not None
    m = g.cards[pl.main]
    d = g.defs[m.cid]
    if d.level_up is None or m.zone != "play":
        return
    if d.level_up.transform:
        g.log("transform", f"{d.name} transforms!", None, {"cards": (m.iid,)})
        g.change_level(p, +1)
        return
    pl.xp += n
    g.log("xp", f"{d.name} gains {n} XP ({pl.xp}/{d.level_up.xp}).")
    if pl.xp >= d.level_up.xp:
        g.change_level(p, +1)


def change_level(g: Game, p: int, step: int) -> None:
    """Level a player's main character up or down one level (keeping everything on it)."""
    pl = g.players[p]
    assert pl.main is not None
    m = g.cards[pl.main]
    if m.zone != "play" or m.cid not in pl.levels:
        return
    i = pl.levels.index(m.cid) + step
    if not 0 <= i < len(pl.levels):
        return
    old = g.defs[m.cid].name
    supersede_base(m)
    g.change_card(m, pl.levels[i])
    pl.level = i + 1
    pl.xp = 0
    g.log("level_up" if step > 0 else "level_down",
          f"{old} levels {'up' if step > 0 else 'down'} to level {pl.level}!", None, {"cards": (m.iid,)})
    if step > 0:
        g.emit("levels_up", m.iid)


def supersede_base(m) -> None:
    """A new level sets new base stats (001's stat order: base-setting modifiers, the level among them,
    in timestamp order, then counters, then the other modifiers): a modifier that set the base stats
    before the level changed is overridden by the new card's printed numbers, while everything else on
    the character carries over (001: every modifier keeps affecting it; 000/002: wounds, vitality,
    counters, equipment, ready/exhausted and face up/down, so freezes too). An impersonation keeps its
    name; only its base stats are overridden."""
    kept = []
    for x in m.mods:
        if x["k"] == "set_base":
            continue
        if x["k"] == "impersonate" and ("atk" in x or "def" in x):
            x = {k: v for k, v in x.items() if k not in ("atk", "def")}
        kept.append(x)
    m.mods = kept
