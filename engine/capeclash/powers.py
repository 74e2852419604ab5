"""Plot twists, super powers, power-ups, and paying power symbols with locations.

A super power is paid one symbol at a time: each symbol by turning a face-up
location in your resource row face down, or by discarding a location from
your hand. A team's special location makes any symbol, but only for a
character of that team. A power is only offered when its whole cost can be
paid, and each payment offered keeps the rest of the cost payable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import effects, zones
from engine.capeclash.stack import Payment, Waiting
from engine.core.actions import Action, act

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card
    from engine.cardlang.cards import CardDef, PowerDef


# ------------------------------------------------------------------ paying

def sources(g: Game, p: int, symbol: str, for_card: Card | None, exclude=(), locs=None) -> list[int]:
    """Locations player ``p`` may use to make ``symbol`` for ``for_card``."""
    teams = g.teams_of(for_card) if for_card is not None else set()
    return [iid for iid, d in (locs if locs is not None else locations(g, p))
            if iid not in exclude and _can_pay(d, symbol, teams)]


def locations(g: Game, p: int) -> list[tuple[int, CardDef]]:
    """Every location player ``p`` could pay with: face-up in the resource row, or in hand."""
    pl = g.players[p]
    cards, places = g.cards, g.defs.location_defs
    out = [(i, places[cards[i].cid]) for i in pl.resources if cards[i].face_up and cards[i].cid in places]
    out += [(i, places[cards[i].cid]) for i in pl.hand if cards[i].cid in places]
    return out


def _can_pay(d, symbol: str, teams: set[str]) -> bool:
    if d.symbol is not None:
        return symbol == "any" or d.symbol == symbol
    return bool(teams & set(d.teams))


def payable(g: Game, p: int, cost, for_card: Card | None, exclude=(), locs=None, any_more: int = 0) -> bool:
    """Can the whole ``cost`` be paid with distinct locations? A symbol is made by a location of
    that symbol or by a team location for that team (which makes any symbol), an 'any' symbol by
    either. So it can be paid when there are locations enough in all and the team locations make
    up for the symbols missing among the others. ``any_more``: that many more locations of any
    symbol (see ``payable_as_seen``)."""
    if not cost:
        return True
    if locs is None:
        locs = locations(g, p)
    made: dict[str, int] = {}  # symbol -> locations of that symbol
    unusable = 0  # excluded, or a team location of another team
    wild = any_more  # team locations this card may use (and locations of any symbol)
    teams = None
    for iid, d in locs:
        if iid in exclude:
            unusable += 1
        elif d.symbol is not None:
            made[d.symbol] = made.get(d.symbol, 0) + 1
        else:
            if teams is None:
                teams = g.teams_of(for_card) if for_card is not None else set()
            if teams & set(d.teams):
                wild += 1
            else:
                unusable += 1
    if len(locs) + any_more - unusable < len(cost):
        return False
    for symbol in cost:
        if symbol == "any":
            continue
        if made.get(symbol, 0):
            made[symbol] -= 1
        else:
            wild -= 1
            if wild < 0:
                return False
    return True


def payable_as_seen(g: Game, p: int, cost, for_card: Card | None) -> bool:
    """Could player ``p`` pay ``cost`` as far as anyone else can tell? Face-up locations count as
    they are and every card in ``p``'s hand as a location of any symbol. Whether a question is
    asked in front of everyone (a reaction's "use it?") depends on this, never on the hand itself."""
    pl = g.players[p]
    cards, places = g.cards, g.defs.location_defs
    seen = [(i, places[cards[i].cid]) for i in pl.resources if cards[i].face_up and cards[i].cid in places]
    return payable(g, p, cost, for_card, (), seen, any_more=len(pl.hand))


def payable_any(g: Game, p: int, costs, for_card: Card | None, locs=None) -> bool:
    """Can one of the alternative ``costs`` (a power with ``or_cost``) be paid whole?"""
    if locs is None:
        locs = locations(g, p)
    return any(payable(g, p, k, for_card, (), locs) for k in costs)


def payable_as_seen_any(g: Game, p: int, costs, for_card: Card | None) -> bool:
    """``payable_as_seen`` for one of the alternative ``costs``."""
    return any(payable_as_seen(g, p, k, for_card) for k in costs)


def reaction_costs(g: Game, trig) -> tuple[tuple, ...]:
    """What the reaction super power a ``Trigger`` offers costs its controller now: each of its
    alternative costs, discounted (worked out again when asked: discounts may have changed)."""
    frame = trig.frame
    cid, i = frame.ref[1], frame.ref[2]
    return power_costs(g, trig.ctl, g.cards[frame.src], g.defs.cards[cid].powers[i])


def cost_text(cost) -> str:
    """A cost as a choice reads: 'might + might'."""
    return " + ".join(cost)


def pay_options(g: Game, frame: Payment) -> list[int]:
    p = frame.player
    need = frame.need
    for_card = g.cards[frame.for_card] if frame.for_card is not None else None
    paid = tuple(frame.paid)
    locs = locations(g, p)
    return [s for s in sources(g, p, need[0], for_card, paid, locs)
            if payable(g, p, need[1:], for_card, (*paid, s), locs)]


def pay(g: Game, frame: Payment, src: int) -> None:
    c = g.cards[src]
    pl = g.players[frame.player]
    sym = frame.need.pop(0)
    frame.paid.append(src)
    if c.zone == "resource":
        c.face_up = False
        g.log("pay", f"{pl.name} turns {g.name(src)} face down to pay {sym}.")
    else:
        zones.discard(g, src, f" to pay {sym}")
    since = len(g.pending)
    g.emit_player("pays_symbol", pl.index)
    after_it_resolves(g, since)


def run_payment(g: Game, frame: Payment) -> None:
    if frame.alts:  # a reaction with alternative costs: the payer picks one of those payable now
        p = frame.player
        for_card = g.cards[frame.for_card] if frame.for_card is not None else None
        locs = locations(g, p)
        alts = [k for k in frame.alts if payable(g, p, k, for_card, (), locs)] or frame.alts[:1]
        if sum(payable_as_seen(g, p, k, for_card) for k in frame.alts) <= 1:
            frame.need, frame.alts = list(alts[0]), []
        else:  # asked whenever the others can't tell that only one cost is payable (the hand stays secret)
            frame.alts = alts
            g.ask("pick", [p], options=[cost_text(k) for k in alts],
                  prompt=f"Choose which cost to pay for {frame.name}")
            return
    if frame.need:
        g.ask("pay", [frame.player], options=pay_options(g, frame),
              prompt=f"Pay {frame.need[0]} for {frame.name}")
        return
    g.stack.pop()
    then = frame.then
    then.id = g.tick()
    g.stack.append(then)
    if not frame.reaction:
        since = len(g.pending)
        g.emit_enemies("enemy_uses_power", frame.player, {"power_frame": then.id})
        after_it_resolves(g, since)


def after_it_resolves(g: Game, since: int) -> None:
    """Abilities that playing a plot twist or using a super power (paying for it included) has just
    triggered (``g.pending`` from ``since`` on) wait until it has resolved: it resolves at once
    (001 timing). Reactions are the exception and resolve before what they react to. The waiting
    abilities go into a frame under the one on top of the stack (the plot twist, the power or its
    payment), which hands them back once that is done."""
    pending = g.pending
    later = [t for t in pending[since:] if t.cost is None]
    if not later:
        return
    pending[since:] = [t for t in pending[since:] if t.cost is not None]
    stack = g.stack
    top = stack.pop()
    under = stack[-1] if stack else None
    if isinstance(under, Waiting) and under.after:
        under.items += later  # more of the same: paid symbols, then the use itself
    else:
        stack.append(Waiting(later, after=True))
    stack.append(top)


# ------------------------------------------------------------------ what a player may play now

def context_timing(g: Game, p: int) -> str | None:
    """'build', 'main' or 'combat': the timing a player's plays must have now."""
    d = g.decision
    if d is None:
        return None
    return {"resource": "build", "recruit": "build", "formation": "build", "main": "main",
            "combat": "combat"}.get(d["type"])


def plays(g: Game, p: int, timing: str) -> list[Action]:
    """Plot twists, super powers and power-ups player ``p`` may use at this timing."""
    out: list[Action] = []
    pl = g.players[p]
    plots_own, plots_other, own_powers, offzone = possible_plays(g)[p][timing]
    my_turn = pl.side == g.active
    plots_now = plots_own if my_turn else plots_other
    # power-ups need a same-name card in hand and are never a build-step play
    if not plots_now and own_powers is None and timing == "build":
        return out
    side_chars = g.characters(pl.side)
    hand_names: dict[str, list[int]] | None = {} if side_chars and timing != "build" else None
    pool = g.defs
    cards = g.cards
    # the hand, in order: plot twists playable now, and cards that may power up a character
    powers_up = pool.power_up_names if hand_names is not None else {}
    team_counts = None
    for iid in pl.hand if plots_now or powers_up else ():
        cid = cards[iid].cid
        if cid in plots_now:
            requires = plots_now[cid]
            if requires:
                by_kind = any(":" in k for k, _n in requires)
                counts = team_counts if team_counts is not None and not by_kind else \
                    _team_counts(g, [c for c in side_chars if c.face_up], requires)
                if team_counts is None and not by_kind:
                    team_counts = counts
                if any(counts.get(team, 0) < n for team, n in requires):
                    continue
            out.append(act(p, "plot", {"card": iid}))
        elif cid in powers_up and hand_names is not None:  # (powers_up is empty when hand_names is None)
            for n in powers_up[cid]:
                hand_names.setdefault(n, []).append(iid)
    locs = None
    combat = g.combat
    in_combat = combat.involves if combat is not None else _in_no_combat  # (timing "combat": there is one)
    for c in side_chars if own_powers is not None else ():
        if c.cid not in own_powers and c.gear is None:
            continue  # no powers of its own for this timing, no Mimic, no equipment
        if not c.face_up:
            continue
        own = own_powers.get(c.cid)
        if own and c.gear is None and not c.mods:
            # the common case: the card's own powers
            for k, pcid, i, pw in own:
                if not my_turn and not pw.any_turn:
                    continue
                if timing == "combat" and pw.timing == "combat" and not in_combat(c.iid):
                    continue
                if _used(g, c, pcid, i, pw):
                    continue
                if locs is None:
                    locs = locations(g, p)
                if payable(g, p, power_cost(g, p, c, pw), c, (), locs):
                    out.append(act(p, "power", {"card": c.iid, "power": k}))
            continue
        if locs is None:
            locs = locations(g, p)
        _offer_powers(g, p, c, timing, my_turn, locs, out)
    if offzone:
        off = pool.offzone
        for c in [cards[i] for i in (*pl.hand, *pl.ko)
                  if cards[i].cid in off or "mimic" in pool.cards[cards[i].cid].keywords]:
            if locs is None:
                locs = locations(g, p)
            _offer_powers(g, p, c, timing, my_turn, locs, out)
    # power-ups: discard a card with the same name as a face-up character you control
    if hand_names:
        lnames = pool.lnames
        no_name_in_hand = hand_names.keys().isdisjoint
        for c in side_chars:
            if no_name_in_hand(lnames[c.cid]) and not c.mods:
                continue  # the usual case, checked first
            if not c.face_up or (timing == "combat" and not in_combat(c.iid)):
                continue
            names = lnames[c.cid] if not c.mods else tuple(n.lower() for n in g.names_of(c))
            if len(names) == 1:
                for iid in hand_names.get(names[0], ()):
                    out.append(act(p, "power_up", {"card": c.iid, "discard": iid}))
                continue
            seen = set()
            for n in names:
                for iid in hand_names.get(n, ()):
                    if iid not in seen:
                        seen.add(iid)
                        out.append(act(p, "power_up", {"card": c.iid, "discard": iid}))
    return out


def possible_plays(g: Game) -> list[dict[str, tuple]]:
    """For each player and timing, what could ever be used then in this game: (the plot twists
    playable on the player's own turn, those on another player's turn, the cards' own in-play
    powers, could powers work from a hand or KO pile). Plot twists and powers are the pool's tables
    for the timing, or empty (powers: None) when no card of the game can use them. Worked out once
    from the game's cards (again when tokens join): a hand only ever holds its owner's cards, but a
    character of any owner (or a main character's other level) may be on a player's side, and
    Mimic copies only powers of the game's cards."""
    key, table = g.plays_cache
    if key != len(g.cards):
        pool = g.defs
        if not g.caches.enabled:  # the plain path: everything in the pool may be playable
            return [{t: (pool.plots_at[True][t], pool.plots_at[False][t], pool.own_powers_at[t], True)
                     for t in ("build", "main", "combat")} for _pl in g.players]
        powers = {pw.timing for cid in g.cids_in_game() for pw in pool.cards[cid].powers if not pw.reaction}
        power_at = {"build": "build" in powers, "main": "main" in powers,
                    "combat": bool(powers & {"combat", "any_combat"})}
        offzone = g.offzone_possible()
        table = []
        for pl in g.players:
            own = {c.cid for c in g.cards.values() if c.owner == pl.index}
            table.append({t: (*(plots if not own.isdisjoint(plots) else {}
                                for plots in (pool.plots_at[True][t], pool.plots_at[False][t])),
                              pool.own_powers_at[t] if power_at[t] else None, power_at[t] and offzone)
                          for t in ("build", "main", "combat")})
        g.plays_cache = (len(g.cards), table)
    return table


def used_key(c: Card, pw) -> str:
    """What 'used this turn' records: the character and the power's name. The limit follows the
    character (its card id changes when it levels up or transforms), and a power of the same name
    on its new card is the same power."""
    return f"{c.iid}:{pw.name}"


def _used(g: Game, c: Card, cid: str, i: int, pw) -> bool:
    """Used up this turn (or, for a once-per-game power, this game)?"""
    if pw.once_per_game and pw.name in c.used_once:
        return True
    if pw.uses != 1:  # any number of times (0), or N times per turn (issue 18, part B)
        return pw.uses > 0 and g.used_powers.count(used_key(c, pw)) >= pw.uses
    return bool(g.used_powers) and used_key(c, pw) in g.used_powers


def _usable(g: Game, p: int, c: Card, cid: str, i: int, pw, locs) -> bool:
    """Not used up, and its cost can be paid."""
    return not _used(g, c, cid, i, pw) and payable(g, p, power_cost(g, p, c, pw), c, (), locs)


def _in_no_combat(iid: int) -> bool:
    return False


def _offer_powers(g: Game, p: int, c: Card, timing: str, my_turn: bool, locs, out: list) -> None:
    """Every power of ``c`` usable now (the general case: equipment, Mimic, lost powers, powers
    that work from a hand or KO pile)."""
    for k, (cid, i, pw) in enumerate(powers_of(g, c)):
        if power_timing_ok(g, c, pw, timing, my_turn) and _usable(g, p, c, cid, i, pw, locs):
            out.append(act(p, "power", {"card": c.iid, "power": k}))


def _team_counts(g: Game, chars, requires=()) -> dict[str, int]:
    """How many face-up characters count for each requirement: by team, by alignment, by keyword
    (alignments and keywords are only worked out when a requirement asks for them)."""
    want_align = any(k.startswith("alignment:") for k, _n in requires)
    want_kw = any(k.startswith("keyword:") for k, _n in requires)
    counts: dict[str, int] = {}
    for c in chars:
        teams = g.teams_of(c)
        keys = set(teams)
        if want_align:
            keys |= {f"alignment:{a}" for a in (g.defs.alignment(t) for t in teams) if a}
        if want_kw:
            keys |= {f"keyword:{k}" for k in g.keywords_of(c)}
        for k in keys:
            counts[k] = counts.get(k, 0) + 1
    return counts


def powers_of(g: Game, c: Card) -> list[tuple[str, int, PowerDef]] | tuple[()]:
    """A character's super powers now, as (card id, index, power): its own, then its equipment's,
    then those Mimic copies. In play: the powers that work in play; in a hand or KO pile: the
    powers that work from there (Mimic copies only in play). None while its powers are lost."""
    d = g.defs.cards[c.cid]
    where = c.zone
    if where == "play":
        if c.mods and g.powers_lost(c):
            return []
        if c.gear is None and "mimic" not in d.keywords:
            return g.defs.play_powers[c.cid]
    elif where not in ("hand", "ko"):
        return []
    out = [(c.cid, i, pw) for i, pw in enumerate(d.powers) if pw.zone == where]
    if where == "play" and c.gear is not None:
        e = g.cards[c.gear]
        out += [(e.cid, i, pw) for i, pw in enumerate(g.defs.cards[e.cid].powers)]
    if "mimic" in d.keywords and (where != "play" or g.has_keyword(c, "mimic")):
        # Mimic works in a hand and a KO pile too (000): there it has the powers of its face-up teammates
        # on its owner's side that work from where it is (a power that brings a card back from the KO
        # pile, say); a power that works in play is of no use there
        side = c.side if where == "play" else g.players[c.owner].side
        for o in g.mimic_sources(c, side):
            out += [(o.cid, i, pw) for i, pw in enumerate(g.defs.cards[o.cid].powers) if pw.zone == where]
    return out


def power_timing_ok(g: Game, c: Card, pw, timing: str, my_turn: bool) -> bool:
    if pw.reaction:
        return False  # reactions are offered when their event happens
    if not my_turn and not pw.any_turn:
        return False
    if timing == "combat":
        if pw.timing == "any_combat":
            return True
        if c.zone != "play":
            return False
        return pw.timing == "combat" and g.combat is not None and g.combat.involves(c.iid)
    return pw.timing == timing


def requirements_met(g: Game, p: int, d, requires=None) -> bool:
    """A team card needs that many face-up characters of the team on your side."""
    requires = d.requires if requires is None else requires
    if not requires:
        return True
    counts = _team_counts(g, [c for c in g.characters(g.players[p].side) if c.face_up], requires)
    return all(counts.get(team, 0) >= n for team, n in requires)


# ------------------------------------------------------------------ using them

def play_plot_twist(g: Game, p: int, iid: int) -> None:
    c = g.cards[iid]
    d = g.defs.cards[c.cid]
    pl = g.players[p]
    pl.hand.remove(iid)
    c.zone = "resolving"
    g.log("plot", f"{pl.name} plays {d.name}.", None, {"cards": (iid,), "cid": c.cid})
    g.plots_played[str(p)] = g.plots_played.get(str(p), 0) + 1
    combat_only = g.combat is not None and not d.anywhere and bool({"combat", "any_combat"} & set(d.timing))
    frame = effects.new_frame(["plot", c.cid], p, None, d.name, combat_only=combat_only, card=iid)
    frame.id = g.tick()
    g.stack.append(frame)
    since = len(g.pending)
    g.emit_player("you_play_plot_twist", p)
    g.emit_enemies("enemy_plays_plot_twist", p, {"power_frame": frame.id})
    after_it_resolves(g, since)


def use_power(g: Game, p: int, iid: int, index: int) -> None:
    c = g.cards[iid]
    cid, i, pw = powers_of(g, c)[index]
    g.used_powers.append(used_key(c, pw))
    if pw.once_per_game:
        c.used_once.append(pw.name)
    if c.zone == "hand":  # a power used from a hand shows the card to everyone
        g.log("reveal", f"{g.players[p].name} reveals {g.name(iid)} from their hand.", None, {"cards": (iid,)})
    g.log("power", f"{g.players[p].name} uses {g.name(iid)}'s super power {pw.name}.", None, {"cards": (iid,)})
    then = effects.new_frame(["power", cid, i], p, iid, pw.name)
    g.stack.append(Payment(p, list(power_cost(g, p, c, pw)), [], iid, pw.name, then))


def power_up(g: Game, p: int, target: int, discard: int) -> None:
    zones.discard(g, discard, f" to power up {g.name(target)}")
    zones.add_counters(g, g.cards[target], "plus", 1)
    g.emit("powered_up", target)


def recruit_cost(g: Game, p: int, cd) -> int:
    """What recruiting (or equipping) card ``cd`` costs player ``p`` now: its cost, less the discounts of
    the face-up characters on ``p``'s side (issue 18, part B), never below 0."""
    cost = cd.cost or 0
    if not g.defs.discounts or not cost:
        return cost
    side = g.players[p].side
    for c in g.characters(side):
        if c.cid not in g.defs.discounts or not c.face_up:
            continue
        frame = effects.probe(p, c.iid)
        for dc in g.defs.cards[c.cid].discounts:
            if _discount_applies(g, cd, dc, frame):
                cost -= dc["n"]
    return max(0, cost)


def _discount_applies(g: Game, cd, dc: dict, frame: effects.Frame) -> bool:
    flt = dc["card_filter"]
    if cd.type != flt.get("type", "supporting"):  # (without a type: supporting characters)
        return False
    if not effects.card_matches(g, _Probe(cd.id), flt, frame):  # type: ignore[arg-type]  # reads only .cid
        return False
    return "if" not in dc or effects.condition(g, dc["if"], frame)


class _Probe:
    """A card by id only, for ``effects.card_matches`` (which reads only its card id)."""

    __slots__ = ("cid",)

    def __init__(self, cid: str):
        self.cid = cid


def power_costs(g: Game, p: int, c: Card, pw) -> tuple[tuple, ...]:
    """Every way player ``p`` may pay for super power ``pw`` of ``c`` now: its cost, or each of its
    alternative costs (``or_cost``), each discounted (``power_cost``), the same cost once."""
    if not pw.costs:
        return (power_cost(g, p, c, pw),)
    return tuple(dict.fromkeys(power_cost(g, p, c, pw, k) for k in pw.costs))


def power_cost(g: Game, p: int, c: Card, pw, printed: tuple | None = None) -> tuple:
    """What using super power ``pw`` of ``c`` costs player ``p`` now: its cost (or ``printed``, one of
    its alternative costs), less one symbol for each super power discount of a face-up character on
    ``p``'s side whose ``affects`` filter matches ``c`` (issue 18, part B). A cost never drops below
    one symbol."""
    if printed is None:
        printed = pw.cost
    if not g.defs.power_discounts:
        return printed
    cost = list(printed)
    for s in g.characters(g.players[p].side):
        if s.cid not in g.defs.power_discounts or not s.face_up:
            continue
        frame = effects.probe(p, s.iid)
        for dc in g.defs.cards[s.cid].discounts:
            if "power" not in dc or len(cost) <= 1:
                continue
            if not effects.matches(g, c, dc["affects"], frame) or ("if" in dc and not effects.condition(g, dc["if"],
                                                                                                      frame)):
                continue
            sym = dc["power"]
            if sym in cost:
                cost.remove(sym)
            elif sym == "any":
                cost.pop()
    return tuple(cost)
