"""Why an action is not legal now, in words a player understands (the message of
``IllegalActionError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import powers
from engine.capeclash import restrictions as R
from engine.capeclash.invariants import hidden_cards
from engine.capeclash.stack import ReactionOffer
from engine.capeclash.state import Card
from engine.core.actions import Action

if TYPE_CHECKING:
    from engine.capeclash.game import Game

DECISION_NAMES = {
    "choose_first": "choosing who goes first", "place_main": "placing a main character",
    "mulligan": "keeping or mulliganing", "resource": "the resource step", "recruit": "the recruit step",
    "formation": "the formation step", "main": "the main phase", "declare": "declaring an attack",
    "combat": "the combat window", "choose": "choosing a character", "discard": "discarding",
    "may": "a yes/no choice", "may_trigger": "a yes/no choice", "pay": "paying a cost",
    "search": "searching your deck",
    "strike_back": "choosing who the defender strikes back at", "order": "ordering triggered abilities",
    "choose_player": "choosing a player",
}


def why_illegal(g: Game, a: Action) -> str:
    d = g.decision
    if d is None:
        return f"{a}: nobody may act now"
    if a.player < 0 or a.player >= len(g.players):
        return f"{a}: there is no player {a.player}"
    if a.player not in d["players"]:
        who = " or ".join(g.players[p].name for p in d["players"])
        return f"{a}: it is {who}'s decision now ({DECISION_NAMES.get(d['type'], d['type'])})"
    legal = g.legal_actions(a.player)
    kinds = sorted({x.type for x in legal})
    if a.type == "yes" and d["type"] == "may_trigger" and d.get("reaction") and "yes" not in kinds:
        top = g.stack[-1]
        assert isinstance(top, ReactionOffer)  # (the reaction offered)
        cost = " or ".join(", ".join(k) for k in powers.reaction_costs(g, top.trig))
        return f"{a}: you cannot pay {cost} (face-up locations or locations in hand); you can only decline"
    if a.type not in kinds:
        step = DECISION_NAMES.get(d["type"], d["type"])
        reason = card_reason(g, a)
        return (f"{a}: {a.type!r} is not possible now ({step}); possible: {', '.join(kinds)}"
                + (f". {reason}" if reason else ""))
    return card_reason(g, a) or f"{a}: not one of the legal choices now"


def card_reason(g: Game, a: Action) -> str | None:
    """Why this card can't be used this way, when the action names a card. A card hidden from the
    acting player (another's hand or face-down resource, any deck) is never named: the reason would
    tell them what it is."""
    card = a.get("card")
    if isinstance(card, int) and card in g.cards and card in hidden_cards(g, a.player):
        return f"{a}: card {card} is not one of the cards you can use now"
    restricted = R.reason(g, a)
    if restricted:
        return restricted
    if card is not None and isinstance(card, int) and card in g.cards:
        c = g.cards[card]
        cd = g.defs[c.cid]
        if a.type in ("recruit", "recruit_ally"):
            if g.decision is None or g.decision["type"] != "recruit":
                return f"{a}: characters are recruited in the recruit step of your build phase"
            if card not in g.players[a.player].hand:
                return f"{a}: {cd.name} is not in your hand"
            if cd.type != "supporting":
                return f"{a}: {cd.name} is not a supporting character"
            if powers.recruit_cost(g, a.player, cd) > g.players[a.player].recruit:
                return (f"{a}: {cd.name} costs {cd.cost} and you have "
                        f"{g.players[a.player].recruit} recruit point(s)")
            return f"{a}: you may not recruit {cd.name} (a character of that name is your main character)"
        if a.type in ("target",):
            return f"{a}: {cd.name} cannot be attacked by these attackers now"
        if a.type == "attack":
            return f"{a}: {cd.name} cannot attack now (it must be ready, face up, and able to reach a defender)"
        if a.type == "power":
            return power_reason(g, a, c, cd)
        if a.type == "plot":
            if card not in g.players[a.player].hand:
                return f"{a}: {cd.name} is not in your hand"
            if cd.type != "plot_twist":
                return f"{a}: {cd.name} is not a plot twist"
            if cd.requires and not powers.requirements_met(g, a.player, cd):
                need = ", ".join(f"{n} face-up {t}" for t, n in cd.requires)
                return f"{a}: {cd.name} needs {need} character(s) on your side"
            when = " or ".join(cd.timing)
            return f"{a}: {cd.name} is played in {when} timing" + \
                ("" if cd.any_turn else " on your own turn")
        if a.type == "power_up":
            return f"{a}: power up needs a face-up character of yours with the discarded card's name" \
                   " (in combat: a character in the combat)"
        return f"{a}: not allowed for {cd.name} now"
    return None


def power_reason(g: Game, a: Action, c: Card, cd) -> str:
    k = a.get("power")
    have = powers.powers_of(g, c)
    if c.zone != "play" or not c.face_up:
        return f"{a}: {cd.name} is not a face-up character in play (stunned characters lose their powers)"
    if not isinstance(k, int) or not 0 <= k < len(have):
        return f"{a}: {cd.name} has no super power number {k!r} now"
    pw = have[k][2]
    if powers.used_key(c, pw) in g.used_powers:
        return f"{a}: {pw.name} was already used this turn"
    if pw.once_per_game and pw.name in c.used_once:
        return f"{a}: {pw.name} can be used once per game and was used"
    if not powers.payable(g, a.player, powers.power_cost(g, a.player, c, pw), c):
        return f"{a}: you cannot pay {', '.join(pw.cost)} for {pw.name} (face-up locations or locations in hand)"
    return f"{a}: {pw.name} is a {pw.timing.replace('_', ' ')} power" + \
        ("" if pw.any_turn else " for your own turn")
