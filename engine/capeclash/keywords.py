"""What a character has now: keywords (printed, from equipment, granted, copied by Mimic), a
keyword's parameter, names (impersonation), continuous abilities in force, and whether its powers
were taken.

``Game`` offers the public ones as methods: ``g.has_keyword(c, "dodge")``, ``g.keywords_of(c)``,
``g.kw_possible("jammer")``, ``g.statics_on(c)``...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import effects
from engine.capeclash.state import Card, Modifier
from engine.capeclash.stats import source_paused

if TYPE_CHECKING:
    from engine.capeclash.game import Game


class _Everything:
    """A set that holds every keyword."""

    def __contains__(self, _item) -> bool:
        return True


EVERY_KEYWORD = _Everything()


def granting_statics_possible(g: Game) -> bool:
    """Does any card of this game (or a main character's other level) have a continuous ability
    that grants keywords? When none does, keyword checks skip continuous abilities entirely."""
    if not g.caches.enabled:
        return True
    defs = g.defs.cards
    return any(st.get("grant") for cid in g.cids_in_game() for st in defs[cid].statics)


def offzone_possible(g: Game) -> bool:
    """Could any card of this game have super powers that work from a hand or KO pile?
    (Worked out from the game's cards and main character levels; redone when cards are added.)"""
    if not g.caches.enabled:
        return True
    key = len(g.cards)
    if g.offzone_cache[0] != key:
        off = g.defs.offzone
        g.offzone_cache = (key, bool(off and not off.isdisjoint(g.cids_in_game())))
    return g.offzone_cache[1]


def static_sources(g: Game) -> list[Card]:
    """Characters in play with continuous abilities (whether they work now is checked later)."""
    got = g.statics_cache
    if got is None:
        cards = g.defs.cards
        got = [c for c in g.characters()
               if cards[c.cid].statics or (c.gear is not None and cards[g.cards[c.gear].cid].statics)]
        got += [g.cards[i] for i in g.machines if cards[g.cards[i].cid].statics]
        if g.caches.enabled:
            g.statics_cache = got
    return got


def statics_on(g: Game, c: Card) -> list[tuple[int, dict, Card]]:
    """Continuous abilities affecting ``c`` now: (timestamp, ability, source).

    Whom a continuous ability affects, and whether its condition holds, is read from the
    characters as they are without continuous abilities (printed keywords and teams,
    counters, resolved effects, equipment). Otherwise two abilities could each decide the
    other: an aura for a team's characters and Team Up granted by another aura."""
    if g.in_statics:
        return []
    g.in_statics = True
    try:
        return _statics_on(g, c)
    finally:
        g.in_statics = False


def _statics_on(g: Game, c: Card) -> list[tuple[int, dict, Card]]:
    out = []
    for s in g.static_sources():
        if not s.face_up:
            continue
        probe = effects.probe(g.controller(s), s.iid)
        abilities = [(st, s.ts) for st in g.defs.cards[s.cid].statics]
        if s.gear is not None:  # equipment's continuous abilities work through its wearer
            e = g.cards[s.gear]
            abilities += [(st, e.ts) for st in g.defs.cards[e.cid].statics]
        for st, ts in abilities:
            flt = st.get("affects")
            if flt is None:
                if c.iid != s.iid:
                    continue
            elif not effects.matches(g, c, flt, probe):
                continue
            if "while" in st and not effects.condition(g, st["while"], probe):
                continue
            out.append((ts, st, s))
    return out


def kw_possible(g: Game, kw: str) -> bool:
    """Could any character in play have this keyword? (printed, granted or copied).
    A fast 'no' lets rules for keywords nobody has cost nothing."""
    present = g.kw_present
    if present is None:
        present = g.kw_present = possible_keywords(g)
    return kw in present


def possible_keywords(g: Game):
    """The keywords characters in play could have now (everything once a keyword has been
    granted, or while a Mimic could copy one)."""
    if g.any_grants or not g.caches.enabled:
        return EVERY_KEYWORD
    present: set[str] = set()
    defs = g.defs.cards
    sources = [defs[c.cid] for c in g.characters()]
    if any(pl.equipment for pl in g.players):
        # worn equipment and machines count too (equipping, dropping and machines reset this)
        sources += [defs[g.cards[i].cid] for pl in g.players for i in pl.equipment]
    for d in sources:
        present |= d.keywords
        for st in d.statics:
            present.update(st.get("grant", ()))
    return EVERY_KEYWORD if "mimic" in present else present


def has_keyword(g: Game, c: Card, kw: str) -> bool:
    """Does a character have a keyword now? Stunned characters and characters whose powers
    were taken lose their keywords (Swarm excepted); granted keywords count, and so do
    keywords copied by Mimic."""
    if kw == "swarm":
        return has_swarm(g, c)
    if not c.face_up and c.zone == "play":  # stunned: only Swarm stays
        return False
    if c.mods or c.gear is not None or (g.statics_grant and (g.static_sources() or not g.caches.enabled)):
        if g.powers_lost(c):
            return False
        return kw in own_keywords(g, c) or mimicked(g, c, kw)
    kws = g.defs.cards[c.cid].keywords  # the common case: printed keywords only
    if kw in kws:
        return True
    return "mimic" in kws and kw != "swarm" and mimicked(g, c, kw)


def has_swarm(g: Game, c: Card) -> bool:
    """Swarm, printed or granted (by an effect, equipment or a continuous ability), works wherever the
    printed keyword does: it can't be lost (Nullify) and isn't turned off by a stun (000: Swarm can't be
    lost or turned off by the character getting stunned). A granted Swarm lasts as long as its grant."""
    if "swarm" in g.defs.cards[c.cid].keywords:
        return True
    if not (c.mods or c.gear is not None or (g.statics_grant and (g.static_sources() or not g.caches.enabled))):
        return False
    return "swarm" in own_keywords(g, c)


def own_keywords(g: Game, c: Card) -> set[str]:
    kws = set(g.defs.cards[c.cid].keywords)
    if c.gear is not None and c.zone == "play":
        kws |= g.defs.cards[g.cards[c.gear].cid].keywords
    for m in c.mods:
        if m["k"] == "grant" and not source_paused(g, m):
            kws.add(m["kw"])
    if c.zone == "play" and g.static_sources():
        for _ts, st, _s in g.statics_on(c):
            kws.update(st.get("grant", ()))
    return kws


def keywords_of(g: Game, c: Card) -> set[str]:
    """Every keyword a character has now (see ``has_keyword``)."""
    if c.zone == "play" and not c.face_up or g.powers_lost(c):
        return {"swarm"} if has_swarm(g, c) else set()
    kws = own_keywords(g, c)
    if "mimic" in kws and c.zone == "play":  # Mimic copies from teammates only in play
        for other in g.mimic_sources(c):
            kws |= own_keywords(g, other)
    return kws


def mimic_sources(g: Game, c: Card, side: int | None = None) -> list[Card]:
    """The other face-up supporting characters of Mimic's team on the side: a character Team Up
    makes a member of that team counts too (read without Mimic itself, which could otherwise copy
    the Team Up that decides whom it copies from)."""
    team = g.defs.cards[c.cid].kw_param("mimic")
    chars = g.characters(c.side if side is None else side)
    # every supporting character on the side is of the team when a face-up one there has Team Up for it
    teamed = g.kw_possible("team_up") and any(
        o.face_up and "team_up" in own_keywords(g, o) and not g.powers_lost(o) and _own_param(g, o, "team_up") == team
        for o in chars)
    return [o for o in chars
            if o.iid != c.iid and o.face_up and not o.is_main and (teamed or team in g.defs.cards[o.cid].teams)
            and not g.powers_lost(o)]


def mimicked(g: Game, c: Card, kw: str) -> bool:
    if c.zone != "play" or "mimic" not in own_keywords(g, c):
        return False
    return any(kw in own_keywords(g, o) for o in g.mimic_sources(c))


def _own_param(g: Game, c: Card, kw: str):
    """A keyword's parameter from the character's own card or its equipment (``kw_param`` without Mimic)."""
    d = g.defs.cards[c.cid]
    if kw not in d.keywords and c.gear is not None:
        ed = g.defs.cards[g.cards[c.gear].cid]
        if kw in ed.keywords:
            return ed.kw_param(kw)
    return d.kw_param(kw)


def kw_param(g: Game, c: Card, kw: str):
    """A keyword's parameter as the character has it now: from its own card, its equipment,
    a continuous ability or (Mimic) the character it copies the keyword from."""
    d = g.defs.cards[c.cid]
    if kw in d.keywords:
        return d.kw_param(kw)
    if c.gear is not None:
        ed = g.defs.cards[g.cards[c.gear].cid]
        if kw in ed.keywords:
            return ed.kw_param(kw)
    if "mimic" in d.keywords and c.zone == "play":
        for o in g.mimic_sources(c):
            od = g.defs.cards[o.cid]
            if kw in od.keywords:
                return od.kw_param(kw)
    return d.kw_param(kw)


def names_of(g: Game, c: Card) -> tuple[str, ...]:
    """A character's names: its own (and AKA), plus a name it impersonates right now."""
    names = g.defs.cards[c.cid].names
    if c.mods:
        extra = tuple(m["name"] for m in c.mods if m["k"] == "impersonate" and g.impersonating(c, m))
        return names + extra
    return names


def impersonating(g: Game, c: Card, m: Modifier) -> bool:
    """An impersonation switches off while the impersonated character is on any side."""
    want = m["name"].lower()
    return not any(o.iid != c.iid and want in {n.lower() for n in g.defs.cards[o.cid].names}
                   for o in g.characters())


def powers_lost(g: Game, c: Card) -> bool:
    """Has the character lost its keywords and super powers (to Nullify or the like)?"""
    for m in c.mods:
        if m["k"] == "lose":
            src = m.get("source")
            if src is None:
                return True
            s = g.cards[src]
            if s.zone == "play" and not s.face_up:
                continue  # a hidden source: its effect is paused until it turns face up (source_paused)
            # a source that lost its own powers stops taking them, for now
            if not any(x["k"] == "lose" and x.get("source") != c.iid for x in s.mods):
                return True
    return False
