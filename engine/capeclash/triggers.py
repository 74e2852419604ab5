"""Triggered abilities: events (``emit``, ``emit_player``, ``emit_enemies``) queue the abilities that
trigger on them in ``g.pending`` (card triggers, keyword triggers, equipment, reaction super powers,
level-up conditions); ``queue_triggers`` puts the next one on the stack, asking the player whose
turn it is to order simultaneous ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import effects, powers
from engine.capeclash.lasting import lasting_triggers
from engine.capeclash.stack import ReactionOffer, XpGain
from engine.capeclash.state import Card, Modifier, Trigger
from engine.cardlang.cards import KEYWORD_TRIGGERS, TriggerDef
from engine.cardlang.language import EVENTS
from engine.cardlang.text import NOT_ABOUT_THIS_CHARACTER

if TYPE_CHECKING:
    from engine.capeclash.game import Game

# Events whose triggers look back: the character had its powers the moment before.
LOOK_BACK = ("is_stunned", "is_ko")


def _event_phrase(event: str) -> str:
    """The trigger's event as the log and the prompts name it: "it is attacked", "your turn starts",
    "another character appears on your side" (the rules text's own subject, ``text.trigger_line``)."""
    return EVENTS[event] if event in NOT_ABOUT_THIS_CHARACTER else "it " + EVENTS[event]


def emit(g: Game, event: str, subject: int, data: dict | None = None, had_powers: bool = True) -> None:
    """Something happened to character ``subject``: queue the abilities that trigger.
    ``had_powers`` (a look-back event): False when the character was already face down the moment
    before (a stunned character KO'd): it had lost its powers, and nothing of it triggers."""
    c = g.cards[subject]
    if event in g.defs.listens[c.cid] or c.mods or c.gear is not None or g.statics_grant:
        if event in LOOK_BACK and not had_powers and c.zone == "play" and not c.face_up:
            return
        triggers_of(g, c, event, data or {}, event in LOOK_BACK)
    if event == "appears":
        listens, grants = g.defs.listens, g.statics_grant
        for other in g.characters():
            if other.iid == subject:
                continue
            if other.side == c.side:
                ev = "ally_appears"
            elif g.are_enemies(other.side, c.side):
                ev = "enemy_appears"
            else:
                continue
            if ev in listens[other.cid] or other.mods or other.gear is not None or grants:
                triggers_of(g, other, ev, {"who": subject})


def emit_player(g: Game, event: str, p: int, characters: bool = True) -> None:
    """Something happened to player ``p``: their lasting abilities and the characters on their side
    may trigger. ``characters=False``: only the lasting abilities (the characters of a side shared by
    two-headed teammates hear a turn's start or end once, not once for each teammate)."""
    if g.lasting:
        lasting_triggers(g, event, p)
    if not characters:
        return
    listens, grants = g.defs.listens, g.statics_grant
    for c in g.characters(g.players[p].side):
        if event in listens[c.cid] or c.mods or c.gear is not None or grants:
            triggers_of(g, c, event, {})


def emit_enemies(g: Game, event: str, p: int, data: dict | None = None) -> None:
    """Something player ``p`` did that the characters of ``p``'s enemies may react to."""
    data = data or {}
    side = g.players[p].side
    listens, grants = g.defs.listens, g.statics_grant
    for c in g.characters():
        if c.side != side and g.are_enemies(c.side, side) and (
                event in listens[c.cid] or c.mods or c.gear is not None or grants):
            triggers_of(g, c, event, data)


def triggers_of(g: Game, c: Card, event: str, data: dict, look_back: bool = False) -> None:
    """Queue ``c``'s abilities that trigger on ``event``. The callers first check that ``c`` may
    listen to it at all (the event is among its card's, or modifiers, equipment or continuous
    abilities could add some): most events skip most characters there."""
    if c.zone != "play" and not look_back:
        return
    if not c.face_up and c.zone == "play" and not look_back:
        return
    d = g.defs.cards[c.cid]
    ctl = g.controller(c)
    lost = bool(c.mods) and g.powers_lost(c)  # keywords and super powers are gone; other abilities stay
    # (only the abilities that trigger on this event are listed, and named: the loop below takes no other)
    abilities = [(["trigger", c.cid, i], t, f"{d.name}'s ability") for i, t in enumerate(d.triggers)
                 if t.on == event]
    if c.gear is not None and c.zone == "play":
        ed = g.defs.cards[g.cards[c.gear].cid]
        abilities += [(["trigger", ed.id, i], t, f"{ed.name} on {d.name}") for i, t in enumerate(ed.triggers)
                      if t.on == event]
    if not lost:
        kws = g.keywords_of(c) if (c.mods or c.gear is not None or "mimic" in d.keywords
                                   or g.statics_grant) else d.keywords
        if look_back and c.zone == "play" and not c.face_up:
            # it had its keywords the moment before it turned face down: printed and granted alike
            # (a granted Immortal works where the printed one does)
            c.face_up = True
            try:
                kws = g.keywords_of(c)
            finally:
                c.face_up = False
        for kw in sorted(kws):
            for i, t in enumerate(KEYWORD_TRIGGERS.get(kw, ())):
                if t.on == event:
                    abilities.append((["kw", kw, i], t, f"{d.name}'s {kw.replace('_', ' ').title()}"))
    if c.mods and g.defs.grants:  # abilities granted for a while (``grant_trigger``: only if a card can)
        for m in c.mods:
            if m["k"] == "trig" and m["on"] == event:
                abilities.append((m["ref"], granted_trigger(g, m), f"{d.name}'s ability from {m['src']}"))
    if not lost and c.face_up and c.zone == "play":
        reactions_of(g, c, d, event, data, ctl)
    for ref, t, label in abilities:
        if t.on != event:
            continue
        frame = effects.new_frame(ref, ctl, c.iid, f"{label} (when {_event_phrase(event)})", cond=t.cond)
        if data:
            frame.event = {k: v for k, v in data.items() if isinstance(v, int)}
        if t.cond and not effects.condition(g, t.cond, frame):
            continue  # an intervening "if" must hold when the ability triggers
        g.pending.append(Trigger(ctl, frame, t.optional))
    lu = d.level_up
    if lu and event in lu.when and (c.face_up or event in LOOK_BACK):
        owner = c.owner
        # the level-up condition belongs to the original main card, demoted or not (001: a
        # demoted level 1 main keeps its XP and still levels up, staying a supporting character)
        if g.players[owner].main == c.iid:
            if lu.cond and not effects.condition(g, lu.cond, effects.probe(ctl, c.iid)):
                return
            g.pending.append(Trigger(ctl, name=f"{d.name}'s level-up condition", xp=owner, src=c.iid,
                                     cond=lu.cond))


def granted_trigger(g: Game, m: Modifier) -> TriggerDef:
    """The triggered ability a ``grant_trigger`` modifier gives (its ``ref`` points at the effect)."""
    frame_ref, pc = m["ref"][:-2], m["ref"][-2]
    (_verb, args), = effects.steps_of(g, frame_ref)[pc].items()
    t = args[m["ref"][-1]]
    return TriggerDef(on=t["when"], effect=t["effect"], cond=t.get("if"), optional=bool(t.get("optional")))


def reactions_of(g: Game, c: Card, d, event: str, data: dict, ctl: int) -> None:
    """Reaction super powers: offered (to pay and use) when their event happens."""
    for cid, i, pw in powers.powers_of(g, c):
        if pw.reaction != event:
            continue
        key = powers.used_key(c, pw)
        if key in g.used_powers or (pw.once_per_game and pw.name in c.used_once):
            continue
        costs = powers.power_costs(g, ctl, c, pw)  # discounted, each alternative
        if not powers.payable_as_seen_any(g, ctl, costs, c):
            continue  # (offered in front of everyone: whether it can really be paid is asked on "yes")
        frame = effects.new_frame(["power", cid, i], ctl, c.iid, pw.name)
        frame.event = {k2: v for k2, v in data.items() if isinstance(v, int)}
        g.pending.append(Trigger(ctl, frame, True, f"{d.name}'s reaction {pw.name}", list(costs[0]), key,
                                 pw.name if pw.once_per_game else None))


def queue_triggers(g: Game) -> None:
    if len(g.pending) == 1:
        start_trigger(g, g.pending.pop())
        return
    # the active player orders simultaneous triggers (the next player still in, if they are out)
    chooser = orderer(g)
    opts = list(range(len(g.pending)))
    g.ask("order", [chooser], options=opts, prompt="Choose which triggered ability resolves first",
          names=[t.label for t in g.pending])


def orderer(g: Game) -> int:
    live = g.live_players_of(g.active)
    if live:
        return live[0]
    first = g.players_of(g.active)[0]
    return next((p for p in g.turn_order_from(first) if not g.players[p].out), first)


def start_trigger(g: Game, trig: Trigger) -> None:
    """Put a waiting ability on the stack (asking first when it is a reaction or a "may")."""
    if trig.xp is not None:
        g.stack.append(XpGain(trig.xp, trig.src, trig.ctl, trig.cond, trig.name))
        return
    frame = trig.frame
    assert frame is not None
    if trig.cost is not None:
        g.stack.append(ReactionOffer(trig))
        costs = powers.reaction_costs(g, trig)
        g.ask("may_trigger", [trig.ctl], reaction=True,
              prompt=f"Use {trig.name} (pay {' or '.join(', '.join(k) for k in costs)})?")
        return
    if trig.optional:
        g.stack.append(frame)
        g.ask("may_trigger", [trig.ctl], prompt=f"Use {frame.name}?")
        return
    g.stack.append(frame)
