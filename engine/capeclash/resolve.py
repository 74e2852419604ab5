"""Carrying out an action: what each kind of action does to the game (``do``). ``Game.apply`` checks
the action is legal, calls ``do``, then runs the game on to the next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from engine.capeclash import combat, effects, flow, powers, queries, triggers, zones
from engine.capeclash import restrictions as R
from engine.capeclash.stack import CombatStep, KeepMain, Payment, ReactionOffer, StackEntry, Waiting
from engine.capeclash.state import Decision
from engine.core.actions import Action

if TYPE_CHECKING:
    from engine.capeclash.game import Game

E = TypeVar("E", bound=StackEntry)


def do(g: Game, a: Action, d: Decision) -> None:
    t = a.type
    p = a.player
    args = a.args  # read directly: this runs for every action
    pl = g.players[p]
    if t == "pass":
        g.log("pass", f"{pl.name} passes.")
        combat.pass_priority(g, acted=False)
    elif t == "move":
        c = g.cards[args["card"]]
        c.row = args["row"]
        g.moved.append(c.iid)
        g.log("formation", f"{g.name(c.iid)} moves to the {args['row']} row.")
    elif t == "end_step":
        if d["type"] == "resource":
            flow.next_build_player(g, "resource")
        elif d["type"] == "recruit":
            flow.next_build_player(g, "recruit")
        else:
            flow.next_build_player(g, "formation")
    elif t == "attack":
        g.declaring = [args["card"]]
        g.declaring_player = p
    elif t == "target":
        attackers, g.declaring = g.declaring, []
        if g.cards[args["card"]].zone == "machine":
            combat.attack_machine(g, p, attackers, args["card"])
        else:
            combat.start(g, p, attackers, args["card"])
    elif t == "resource":
        zones.put_into_resources(g, args["card"], args["face_up"])
        flow.next_build_player(g, "resource")
    elif t == "recruit":
        cd = g.defs[g.cards[args["card"]].cid]
        pl.recruit -= powers.recruit_cost(g, p, cd)
        if cd.machine:
            zones.place_machine(g, args["card"], pl.side, args["row"])
            recruited(g, p, None)  # a machine is a card played, as equipment is (not a character recruited)
        else:
            zones.enter_play(g, args["card"], pl.side, args["row"])
            g.emit_player("you_recruit", p)
            recruited(g, p, args["card"])
    elif t == "end_turn":
        g.log("end_turn", f"{pl.name} ends the turn.")
        g.phase = "end"
    elif t == "cancel_attack":
        g.declaring = []
    elif t == "add_attacker":
        g.declaring.append(args["card"])
    elif t in ("choose", "choose_player"):
        top = g.stack[-1] if g.stack else None
        if isinstance(top, KeepMain):
            flow.keep_main(g, top, args["card"])
        elif d["type"] == "discard":
            zones.discard(g, args["card"])
            effects.answer(g, _effect(g), args["card"])
        else:
            effects.answer(g, _effect(g), args.get("card", args.get("who")))
    elif t == "pay":
        powers.pay(g, _top(g, Payment), args["source"])
    elif t == "plot":
        powers.play_plot_twist(g, p, args["card"])
        recruited(g, p, None)
        after_play(g, p)
    elif t == "strike_back":
        _top(g, CombatStep).target = args["card"]
    elif t == "choose_first":
        g.first_side = args["side"]
        g.log("setup", f"{g.side_name(args['side'])} will go first.")
        g.phase = "setup_place"
        g.queue = queries.players_in_turn_order(g)
    elif t == "place_main":
        g.queue.pop(0)
        assert pl.main is not None
        m = g.cards[pl.main]
        m.zone = "deck"  # enter_play takes it from wherever it is
        zones.enter_play(g, m.iid, pl.side, args["row"], how="places their main character")
    elif t in ("keep", "mulligan"):
        g.queue.pop(0)
        if t == "mulligan":
            pl.mulliganed = True
            pl.deck += pl.hand
            for iid in pl.hand:
                g.cards[iid].zone = "deck"
            pl.hand = []
            pl.deck.sort()
            zones.shuffle_deck(g, p)
            g.log("mulligan", f"{pl.name} mulligans.")
            zones.draw(g, p, 7)
        else:
            g.log("mulligan", f"{pl.name} keeps their hand.")
    elif t == "recruit_ally":
        cost = powers.recruit_cost(g, p, g.defs[g.cards[args["card"]].cid])
        pl.recruit -= cost
        ally = g.players[args["ally"]]
        zones.enter_play(g, args["card"], ally.side, args["row"])
        g.emit_player("you_recruit", p)
        recruited(g, p, args["card"])
    elif t == "equip":
        pl.recruit -= powers.recruit_cost(g, p, g.defs[g.cards[args["card"]].cid])
        zones.equip(g, args["card"], g.cards[args["target"]])
        recruited(g, p, None)
    elif t == "shift":
        c = g.cards[args["card"]]
        g.used_powers.append(f"mobile:{c.iid}")
        c.row = "back" if c.row == "front" else "front"
        g.log("mobile", f"{g.name(c.iid)} moves to the {c.row} row (Mobile).")
    elif t == "power":
        powers.use_power(g, p, args["card"], args["power"])
        after_play(g, p)
    elif t == "power_up":
        powers.power_up(g, p, args["card"], args["discard"])
        after_play(g, p)
    elif t == "choose_row":
        effects.answer(g, _effect(g), {"side": args["side"], "row": args["row"]})
    elif t == "pick":
        top = g.stack[-1]
        if isinstance(top, Payment):  # which of a reaction's alternative costs to pay
            top.need, top.alts = list(top.alts[args["option"]]), []
        else:
            effects.answer(g, _effect(g), d["options"][args["option"]])
    elif t in ("yes", "no"):
        if d["type"] == "may_trigger":
            if d.get("reaction"):
                trig = _top(g, ReactionOffer).trig
                g.stack.pop()
                if t == "yes":
                    assert trig.frame is not None and trig.cost is not None and trig.key is not None  # (a reaction's)
                    assert trig.frame.src is not None
                    c = g.cards[trig.frame.src]
                    g.used_powers.append(trig.key)
                    if trig.once:
                        c.used_once.append(trig.once)
                    g.log("power", f"{pl.name} uses {trig.name}.", None, {"cards": (c.iid,)})
                    costs = powers.reaction_costs(g, trig)
                    g.stack.append(Payment(p, list(costs[0]) if len(costs) == 1 else [], [], c.iid, trig.label,
                                           trig.frame, reaction=True,
                                           alts=[list(k) for k in costs] if len(costs) > 1 else []))
            elif t == "no":
                g.stack.pop()
        elif d["type"] in ("choose", "choose_player", "choose_row", "dance", "search"):  # declined or dropped out
            effects.answer(g, _effect(g), None)
        else:
            effects.answer(g, _effect(g), t == "yes")
    elif t == "order":
        chosen = g.pending.pop(args["trigger"])
        rest, g.pending = g.pending, []
        g.stack.append(Waiting(rest))
        triggers.start_trigger(g, chosen)
    else:
        raise AssertionError(t)


def recruited(g: Game, p: int, iid: int | None) -> None:
    """Player ``p`` played a card (recruited ``iid``, equipped, played a plot twist): "when it's
    recruited" and "when a player plays a card" abilities, only if some card has one."""
    heard = R.heard(g)
    if iid is not None and "recruited" in heard:
        g.emit("recruited", iid)
    if "card_played" in heard:
        for c in g.characters():
            g.emit("card_played", c.iid, {"player": p})


def _effect(g: Game) -> effects.Frame:
    """The effect frame on top of the stack, whose step asked the question being answered."""
    return effects.top(g)


def _top(g: Game, kind: type[E]) -> E:
    """The entry on top of the stack, which the decision being answered says is a ``kind``."""
    top = g.stack[-1]
    assert isinstance(top, kind), top
    return top


def after_play(g: Game, p: int) -> None:
    if g.combat is not None and g.combat.stage == "window":
        combat.pass_priority(g, acted=True)
