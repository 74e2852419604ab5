"""Every choice the rules give a player, as actions, and what each one does.

Action types (Cape Clash's vocabulary, ``engine.core.actions``):

* ``recruit card=C row=team``: put a hero (or, for the bad guy, a minion) into play;
* ``equip card=C target=T``: attach an aid to a hero or an upgrade to an aid;
* ``choose card=C``: in Tactics, the good guy trades a plot or minion for 2 action cards; otherwise
  the answer to a question (interceptor, an event's target, a card to discard);
* ``plot card=C``: play an action card (an event, or a battle card in a fight);
* ``power card=C power=0``: use an attached card's once-per-turn ability (Listening Dish);
* ``attack card=C``, ``target card=T``, ``cancel_attack``; ``no`` (no interception); ``pass``;
* ``end_step``: end the current phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action
from engine.dice import fight, rules
from engine.dice.cards import UPGRADE_HOSTS

if TYPE_CHECKING:
    from engine.dice.cards import DiceCard
    from engine.dice.game import DiceGame

# The action types each decision may take (when legal_actions offers none of a type, the reason is the card's).
STEP_TYPES = {"recruit": ("recruit", "end_step"), "equip": ("equip", "end_step"),
              "tactics": ("choose", "plot", "power", "end_step"), "main": ("attack", "plot", "power", "end_step"),
              "target": ("target", "cancel_attack"), "intercept": ("choose", "no"), "battle": ("plot", "pass"),
              "event_target": ("choose",), "discard": ("choose",)}
TRADE_TYPES = ("minor_plot", "major_plot", "plot_upgrade", "minion")
TARGETED = ("destroy_plot", "delay_hero", "clear_tokens", "discard_sidekick")


def options(g: DiceGame, p: int, d: dict) -> list[Action]:
    t = d["type"]
    A = Action
    if t == "recruit":
        return [A(p, "recruit", card=i, row="team") for i in recruitable(g, p)] + [A(p, "end_step")]
    if t == "equip":
        return [A(p, "equip", card=c, target=h) for c, h in equip_options(g, p)] + [A(p, "end_step")]
    if t == "tactics":
        out = []
        if g.players[p]["side"] == "good":
            out += [A(p, "choose", card=i) for i in g.players[p]["rhand"] if g.card(i).type in TRADE_TYPES]
        out += [A(p, "plot", card=i) for i in playable_now(g, p)]
        out += [A(p, "power", card=i, power=0) for i in peeks(g, p)]
        return out + [A(p, "end_step")]
    if t == "main":
        out = [A(p, "attack", card=i) for i in fight.attack_sources(g, p)]
        out += [A(p, "plot", card=i) for i in playable_now(g, p)]
        out += [A(p, "power", card=i, power=0) for i in peeks(g, p)]
        return out + [A(p, "end_step")]
    if t == "target":
        return [A(p, "target", card=i) for i in d["options"]] + [A(p, "cancel_attack")]
    if t == "intercept":
        return [A(p, "choose", card=i) for i in d["options"]] + [A(p, "no")]
    if t == "battle":
        return [A(p, "plot", card=i) for i in d["options"]] + [A(p, "pass")]
    if t == "event_target":
        return [A(p, "choose", card=i) for i in d["options"]]
    if t == "discard":
        hand = g.players[p]["rhand" if d["hand"] == "recruit" else "ahand"]
        return [A(p, "choose", card=i) for i in hand]
    raise AssertionError(t)


# ---------------------------------------------------------------------- what may be played

def recruitable(g: DiceGame, p: int) -> list[int]:
    """Heroes (and the bad guy's minions) in hand: any number, even past the team limit, whose
    excess is discarded in Recovery (seed 004)."""
    bad = g.players[p]["side"] == "bad"
    return [i for i in g.players[p]["rhand"] if g.card(i).type == "hero" or (bad and g.card(i).type == "minion")]


def equip_options(g: DiceGame, p: int) -> list[tuple[int, int]]:
    out = []
    for c in g.players[p]["rhand"]:
        for h in equip_hosts(g, p, c):
            out.append((c, h))
    return out


def equip_hosts(g: DiceGame, p: int, c: int) -> list[int]:
    """Where card ``c`` of ``p``'s hand may be attached now."""
    d = g.card(c)
    bad = g.players[p]["side"] == "bad"
    if d.is_aid:
        if d.type == "weakness":
            return [h for h in g.team(g.other(p)) if rules.is_hero(g, h) and not g.cards[h]["rcv"]]
        if (d.is_plot or d.only == "villain") and not bad or d.only == "good" and bad:
            return []
        hosts = [h for h in g.team(p) if rules.is_hero(g, h) and not g.cards[h]["rcv"]]
        if d.type == "origin":
            hosts = [h for h in hosts if g.cards[h]["rec"] == g.turn]
        return [h for h in hosts if slot_free(g, h, d)]
    if d.is_upgrade:
        if d.type == "plot_upgrade" and not bad:
            return []
        # seed 004 limits aids to one per hero per turn, not upgrades: an aid takes any number of them
        return [a for h in g.team(p) if rules.is_hero(g, h) for a in g.cards[h]["att"] if upgrade_fits(g, a, d)]
    return []


def slot_free(g: DiceGame, h: int, d) -> bool:
    if d.slot is None:
        return True
    if d.slot == "vehicle" and rules.has_flag(g, h, "any_vehicles"):
        return True
    return not any(g.card(a).slot == d.slot for a in g.cards[h]["att"])


def upgrade_fits(g: DiceGame, a: int, d) -> bool:
    host = g.card(a)
    if host.type not in UPGRADE_HOSTS[d.type]:
        return False
    if d.type == "base_upgrade" and host.type == "vehicle":
        return sum(1 for u in g.cards[a]["att"] if g.card(u).type == "base_upgrade") < host.docking
    return True


def users_ready(g: DiceGame, p: int, users, *, battle: bool = True) -> list[int]:
    """The ready (undelayed) characters of ``p`` who may use a card for ``users`` (``battle``: a battle card)."""
    return [i for i in g.team(p) if not g.cards[i]["dly"] and rules.can_use(g, i, users, battle=battle)]


def event_targets(g: DiceGame, p: int, effect: str) -> list[int]:
    q = g.other(p)
    if effect == "destroy_plot":
        return [a for h in g.play for a in g.cards[h]["att"] if g.card(a).is_plot]
    if effect == "delay_hero":
        return [h for h in g.team(q) if rules.is_hero(g, h)]
    if effect == "clear_tokens":
        return [h for h in g.team(p) if g.cards[h]["dmg"] or g.cards[h]["dly"]]
    if effect == "discard_sidekick":
        return [a for h in g.team(q) for a in g.cards[h]["att"] if g.card(a).type == "sidekick"]
    return []


def playable_now(g: DiceGame, p: int) -> list[int]:
    """Action cards ``p`` may play outside a fight now: events, and Break Free in the Action phase."""
    out = []
    for c in g.players[p]["ahand"]:
        d = g.card(c)
        if d.type == "event":
            if d.effect == "redo_phase" and g.phase != "tactics":
                continue
            if not users_ready(g, p, d.users, battle=False):
                continue
            if d.effect in TARGETED and not event_targets(g, p, d.effect):
                continue
            out.append(c)
        elif d.remove_delay and g.phase == "action" and break_free_targets(g, p, d):
            out.append(c)
    return out


def break_free_targets(g: DiceGame, p: int, d) -> list[int]:
    return [i for i in g.team(p) if g.cards[i]["dly"] and rules.can_use(g, i, d.users, battle=d.type == "battle")]


def peeks(g: DiceGame, p: int) -> list[int]:
    return [a for h in g.team(p) for a in rules.attached_all(g, h)
            if g.card(a).peek and not g.cards[a].get("peek")]


# ---------------------------------------------------------------------- carrying actions out

def do(g: DiceGame, a: Action, d: dict) -> None:
    p, t = a.player, a.type
    dt = d["type"]
    pl = g.players[p]
    who = pl["name"]
    if t == "end_step":
        g._end_phase()
    elif t == "recruit":
        c = a["card"]
        pl["rhand"].remove(c)
        g.enter_play(c, p)
        kind = g.card(c).type
        role = "minion" if kind == "minion" else "villain" if pl["side"] == "bad" else "hero"
        g.log("recruit", f"{who} recruits {g.name(c)} ({role}, Force {g.card(c).force}).", cards=[c])
    elif t == "equip":
        c, h = a["card"], a["target"]
        pl["rhand"].remove(c)
        g.attach(c, h)
        if g.card(c).is_aid:
            g.cards[h]["rcv"] = True  # the hero's one aid this turn (upgrades are not counted)
        host = g.cards[h]
        onto = g.name(h) if host["z"] == "play" else f"{g.name(h)} on {g.name(host['on'])}"
        g.log("equip", f"{who} attaches {g.name(c)} to {onto}.")
    elif t == "choose" and dt == "tactics":
        c = a["card"]
        pl["rhand"].remove(c)
        g.cards[c] = {"n": g.name(c), "z": "rdisc", "o": None}
        g.rdisc.append(c)
        g.log("trade", f"{who} discards {g.name(c)} to draw 2 action cards.")
        g.draw(p, "action", 2)
    elif t == "plot" and dt == "battle":
        fight.play_battle(g, p, a["card"])
    elif t == "plot":
        play_card(g, p, a["card"])
    elif t == "power":
        peek(g, p, a["card"])
    elif t == "attack":
        fight.start(g, p, a["card"])
    elif t == "target":
        fight.set_target(g, a["card"])
    elif t == "cancel_attack":
        fight.cancel(g)
    elif dt == "intercept":
        fight.intercept(g, a["card"] if t == "choose" else None)
    elif t == "pass":
        fight.pass_window(g, p)
    elif dt == "event_target":
        event = g.pending
        assert event is not None  # (the event waiting for its target)
        resolve_event(g, p, event["card"], a["card"])
        g.pending = None
    elif dt == "discard":
        c = a["card"]
        hand = pl["rhand" if d["hand"] == "recruit" else "ahand"]
        hand.remove(c)
        pile = "rdisc" if d["hand"] == "recruit" else "adisc"
        g.cards[c] = {"n": g.name(c), "z": pile, "o": None}
        getattr(g, pile).append(c)
        g.log("discard", f"{who} is over the {d['hand']} hand limit of {d['limit']} and discards {g.name(c)}.")
    else:
        raise AssertionError(a)


def _discard_action(g: DiceGame, p: int, c: int) -> None:
    g.players[p]["ahand"].remove(c)
    g.cards[c] = {"n": g.name(c), "z": "adisc", "o": None}
    g.adisc.append(c)


def play_card(g: DiceGame, p: int, c: int) -> None:
    d = g.card(c)
    _discard_action(g, p, c)
    who = g.players[p]["name"]
    if d.remove_delay:
        opts = break_free_targets(g, p, d)
        g.log("event", f"{who} plays {d.name}.")
        g.pending = {"card": c}
        g.ask("event_target", p, options=opts, card=c)
        return
    g.log("event", f"{who} plays {d.name}.")
    if d.effect in TARGETED:
        g.pending = {"card": c}
        g.ask("event_target", p, options=event_targets(g, p, d.effect), card=c)
        return
    resolve_event(g, p, c, None)


def resolve_event(g: DiceGame, p: int, c: int, t: int | None) -> None:
    d = g.card(c)
    if d.remove_delay or d.effect in TARGETED:
        assert t is not None, d.name  # (played with an event_target decision: it has its target)
        _resolve_on(g, d, t)
    elif d.effect == "look_at_hands":
        _reveal(g, p, d.name)
    elif d.effect == "redo_phase":
        g.phase = "equip"
        g.redo = True
        for i in g.play:  # every hero, the opposing ones a weakness goes on included
            g.cards[i]["rcv"] = False
            for a in rules.attached_all(g, i):
                g.cards[a]["rcv"] = False
        g.log("phase", "Time Travel: the Equip phase happens again (each hero may take one more aid); "
                       "then back to Tactics without a second draw.")


def _resolve_on(g: DiceGame, d: DiceCard, t: int) -> None:
    """An event played on a target ``t``: breaking free, or one of the ``TARGETED`` effects."""
    if d.remove_delay:
        g.cards[t]["dly"] = 0
        g.log("event", f"{g.name(t)} breaks free: every delay token is removed.")
    elif d.effect == "destroy_plot":
        g.log("event", f"The plot {g.name(t)} on {g.name(g.cards[t]['on'])} is foiled and discarded.")
        g.discard_aid(t)
    elif d.effect == "delay_hero":
        n = g.roll("delay")
        g.cards[t]["dly"] += n
        g.log("delay", f"{g.name(t)} is unmasked and rolls {n} for delay tokens (now {g.cards[t]['dly']}).", dice=[n])
    elif d.effect == "clear_tokens":
        g.cards[t].update(dmg=0, dly=0)
        g.log("event", f"Every damage and delay token is removed from {g.name(t)}.")
    elif d.effect == "discard_sidekick":
        g.log("event", f"The sidekick {g.name(t)} is kidnapped from {g.name(g.cards[t]['on'])} and discarded.")
        g.discard_aid(t)


def peek(g: DiceGame, p: int, c: int) -> None:
    g.cards[c]["peek"] = True
    _reveal(g, p, g.name(c))


def _reveal(g: DiceGame, p: int, source: str) -> None:
    q = g.other(p)
    op = g.players[q]
    rh = ", ".join(g.name(i) for i in op["rhand"]) or "nothing"
    ah = ", ".join(g.name(i) for i in op["ahand"]) or "nothing"
    g.log("look", f"{g.players[p]['name']} looks at {op['name']}'s hands ({source}).",
          {p: f"You look at {op['name']}'s hands ({source}). Recruit: {rh}. Action: {ah}.",
           q: f"{g.players[p]['name']} looks at your hands ({source})."})


# ---------------------------------------------------------------------- why an action is illegal

def why_illegal(g: DiceGame, a: Action) -> tuple[str, str]:
    """(code, reason) for an action that is not legal now."""
    from engine.dice.game import DECISION_NAMES
    d = g.decision
    if d is None:
        return "not_legal_now", f"{a}: nobody may act now"
    if a.player not in (0, 1):
        return "no_such_player", f"{a}: there is no player {a.player}"
    step = DECISION_NAMES.get(d["type"], d["type"])
    if a.player not in d["players"]:
        who = " or ".join(g.players[p]["name"] for p in d["players"])
        return "not_your_decision", f"{a}: it is {who}'s decision now ({step})"
    legal = g.legal_actions(a.player)
    kinds = sorted({x.type for x in legal})
    if a.type not in STEP_TYPES[d["type"]]:
        extra = ""
        if a.type == "attack" and d["type"] in ("recruit", "equip", "tactics"):
            extra = ". Attacks happen in the Action phase"
        return "wrong_step", f"{a}: {a.type!r} is not possible now ({step}); possible: {', '.join(kinds)}{extra}"
    c = a.get("card")
    if not isinstance(c, int) or not 0 <= c < len(g.cards):
        return "no_such_card", f"{a}: there is no card {c!r}"
    name = _shown_name(g, a.player, c)
    pl = g.players[a.player]
    if a.type == "choose" and d["type"] == "tactics":
        if pl["side"] != "good":
            return "good_guy_only", f"{a}: only the good guy trades cards for action cards"
        return "cannot_trade", f"{a}: only plots, plot upgrades and minions in your recruit hand can be traded"
    code, why = "not_legal_now", None
    if a.type == "recruit":
        if c not in pl["rhand"]:
            code, why = "not_in_hand", f"{name} is not in your recruit hand"
        elif g.card(c).type == "minion" and pl["side"] != "bad":
            code, why = "minions_bad_only", "only the bad guy recruits minions"
        elif not g.card(c).is_character:
            code, why = "not_a_character", f"{name} is not a hero or minion (aids are attached in the Equip phase)"
        elif a.get("row") != "team":
            code, why = "bad_row", f"a team has no rows: recruit {name} with row=team, not {a.get('row')!r}"
    elif a.type == "equip":
        code, why = _equip_reason(g, a.player, c, a.get("target"))
    elif a.type == "attack":
        code, why = _attack_reason(g, a.player, c, name)
    elif a.type == "target":
        code, why = _target_reason(g, a.player, c, name)
    elif a.type == "plot":
        code, why = _plot_reason(g, a.player, c, name, d)
    elif a.type == "power":
        code, why = _power_reason(g, a.player, c, name, a.get("power"))
    elif a.type == "choose":
        code, why = _choose_reason(g, a.player, c, name, d)
    return code, f"{a}: {why}" if why else f"{a}: not one of the legal choices now"


def _attack_reason(g: DiceGame, p: int, c: int, name: str) -> tuple[str, str | None]:
    """Why a character (or a turret) may not start an attack now."""
    if g.players[p]["turns"] < 2:
        return "first_turn", "no attacks on your first turn (seed 004: players cannot attack on their first turn)"
    z = g.cards[c]["z"]
    if z == "att" and g.card(c).turret:
        host = fight.turret_host(g, c)
        if g.cards[host]["o"] != p:
            return "not_yours", f"{name} is not on your team"
        if g.cards[host]["dly"]:
            return "delayed", f"{g.name(host)} has delay tokens: it cannot attack, nor fire {name}"
        if g.cards[host]["used"] >= 99:
            return "changed_sides", f"{g.name(host)} changed sides this turn: it makes no attack this turn"
        if g.cards[c].get("tur"):
            return "already_attacked", f"{name} has already fired this turn (once each turn)"
        return "no_target", f"there is no enemy {name} can attack now"
    if z != "play":
        return "not_in_play", f"{name} is not a character in play: only your heroes and minions (and " \
                              f"turret upgrades) attack"
    c_ = g.cards[c]
    if c_["o"] != p:
        return "not_yours", f"{name} is not on your team"
    if c_["dly"]:
        return "delayed", f"{name} has delay tokens and cannot attack"
    if c_["used"] >= 99:
        return "changed_sides", f"{name} changed sides this turn: it makes no attack this turn"
    n = fight.attacks_allowed(g, c)
    if c_["used"] >= n:
        return "already_attacked", f"{name} has made all its attacks this turn ({n})"
    if not fight.enemies(g, p, "psychic" in rules.traits(g, c)):
        return "no_target", f"there is no enemy {name} can attack now (delayed characters cannot be attacked" + \
            (", and a Psychic attacker cannot touch a hero immune to Psychic attacks)" if "psychic" in
             rules.traits(g, c) else ")")
    return "not_legal_now", None


def _target_reason(g: DiceGame, p: int, c: int, name: str) -> tuple[str, str]:
    """Why a character may not be the target of the attack under way."""
    atk = g.attack
    if g.cards[c]["z"] != "play":
        return "bad_target", f"{name} is not a character in play"
    if g.cards[c]["o"] == p:
        return "bad_target", f"{name} is on your own team: attack an enemy"
    if g.cards[c]["dly"]:
        return "delayed", f"{name} has delay tokens and cannot be attacked"
    if atk is not None and atk["psy"] and rules.immune_to(g, c, "psychic"):
        helmet = next(g.name(x) for x in rules.attached_all(g, c) if g.card(x).immune == "psychic")
        return "immune", f"{name} wears {helmet}: a Psychic attacker cannot attack it"
    if rules.has_flag(g, c, "secluded"):
        return "secluded", f"{name} is secluded: it may only be attacked when nobody else can be"
    return "bad_target", f"{name} cannot be attacked by this attack"


def _plot_reason(g: DiceGame, p: int, c: int, name: str, dec: dict) -> tuple[str, str]:
    """Why an action card may not be played now."""
    pl = g.players[p]
    if c not in pl["ahand"]:
        return "not_in_hand", f"{name} is not in your action hand"
    d = g.card(c)
    users = ", ".join(USER_WORDS.get(u, u) for u in d.users)
    if dec["type"] == "battle":
        atk = g.attack
        me = fight.fighter(g, p)
        if d.type == "event":
            return "events_outside_fights", f"{name} is an event: play it in your Tactics or Action phase, outside fights"
        if d.remove_delay:
            return "cannot_use", f"{name} is played in your Action phase outside fights, on a delayed character"
        if not rules.can_use(g, me, d.users):
            if g.card(me).type == "minion":
                return "cannot_use", f"{g.name(me)} is a minion: minions cannot use battle cards" + \
                    (" other than a trait's" if "versatile" in rules.abilities(g, me) else "")
            return "cannot_use", f"{g.name(me)} cannot use {name} (its users: {users})"
        attacking = atk is not None and p == atk["p"]
        if attacking and d.defender_force:
            return "defender_only", f"{name} helps only the defender"
        if not attacking and (d.attacker_force or d.attack_type):
            return "attacker_only", f"{name} is for the attacker only"
        if attacking and d.negate:
            return "defender_only", f"{name} cancels an attack on the defender: the defending player plays it"
        if attacking and d.single_target and atk is not None and atk["area"]:
            return "single_target_only", f"{name} helps only an attack on a single target, not an area attack"
        return "cannot_use", f"{name} would change nothing in this fight now"
    if d.type == "battle" and not d.remove_delay:
        return "battle_only_in_fights", f"{name} is a battle card: play it during a fight"
    if d.remove_delay:
        if g.phase != "action":
            return "cannot_use", f"{name} is played in your Action phase"
        return "cannot_use", f"{name} needs a delayed character of yours that can use it ({users})"
    if d.effect == "redo_phase" and g.phase != "tactics":
        return "cannot_use", f"{name} is played in your Tactics phase (it takes your Equip phase again)"
    if not users_ready(g, p, d.users, battle=False):
        return "cannot_use", f"{name} needs a character of yours that is not delayed and can use it ({users})"
    if d.effect in TARGETED and not event_targets(g, p, d.effect):
        return "no_target", f"{name} has no target now ({EVENT_TARGET_WORDS[d.effect]})"
    return "cannot_use", f"{name} cannot be played now"


def _power_reason(g: DiceGame, p: int, c: int, name: str, power) -> tuple[str, str]:
    if g.cards[c]["z"] != "att" or not g.card(c).peek:
        return "no_power", f"{name} has no ability to use"
    host = g.cards[c]["on"]
    while g.cards[host]["z"] == "att":
        host = g.cards[host]["on"]
    if g.cards[host]["o"] != p:
        return "not_yours", f"{name} is not on your team"
    if power != 0 or isinstance(power, bool):
        return "no_such_power", f"{name} has one ability, power=0, not power={power!r}"
    if g.cards[c].get("peek"):
        return "once_per_turn", f"{name} has already been used this turn (once each turn)"
    return "not_legal_now", f"{name} is used in your Tactics or Action phase, outside fights"


def _choose_reason(g: DiceGame, p: int, c: int, name: str, dec: dict) -> tuple[str, str]:
    """Why a card is not one of the answers to the open question (interceptor, event target, discard)."""
    t = dec["type"]
    if t == "discard":
        hand = dec["hand"]
        return "not_in_hand", f"{name} is not in your {hand} hand: discard down to the {hand} hand limit " \
                              f"of {dec['limit']}"
    if t == "intercept":
        atk = g.attack
        if g.cards[c]["z"] != "play" or g.cards[c]["o"] != p:
            return "not_yours", f"{name} is not a character of yours in play: intercept with one of your own"
        if atk is not None and c == atk["def"]:
            return "bad_interceptor", f"{name} is the target: intercept with another character"
        if g.cards[c]["dly"]:
            return "delayed", f"{name} has delay tokens and cannot intercept"
        if g.cards[c]["icp"]:
            return "intercepted", f"{name} has already intercepted this turn (once each turn)"
        if atk is not None and atk["psy"] and rules.immune_to(g, c, "psychic"):
            return "immune", f"{name} is immune to Psychic attacks and cannot intercept a Psychic attacker"
        return "bad_interceptor", f"{name} cannot intercept this attack"
    if t == "event_target":
        card = dec["card"]
        d = g.card(card)
        what = "a delayed character of yours that can use it" if d.remove_delay else \
            EVENT_TARGET_WORDS.get(d.effect, "a legal target")
        return "bad_target", f"{name} is not a target of {d.name}: choose {what}"
    return "not_legal_now", f"{name} is not one of the choices now"


USER_WORDS = {"villain": "a villain", "good": "a good hero", "hero": "any hero"}
EVENT_TARGET_WORDS = {"destroy_plot": "a plot in play", "delay_hero": "an opposing hero",
                      "clear_tokens": "one of your characters with damage or delay tokens",
                      "discard_sidekick": "a sidekick on an opposing hero"}


def _shown_name(g: DiceGame, p: int, c: int) -> str:
    """Card ``c`` as a reason names it to player ``p``: by its name, or as "card N" when it is hidden
    from them (a deck, the other player's hands), so that a refused action never tells what it is."""
    from engine.dice.invariants import unseen_cards
    return f"card {c}" if c in unseen_cards(g, p) else g.name(c)


def _equip_reason(g: DiceGame, p: int, c: int, h) -> tuple[str, str]:
    pl = g.players[p]
    if c not in pl["rhand"]:
        return "not_in_hand", f"{_shown_name(g, p, c)} is not in your recruit hand"
    d = g.card(c)
    if not (d.is_aid or d.is_upgrade):
        return "not_an_aid", f"{d.name} is not an aid or upgrade"
    if not isinstance(h, int) or not 0 <= h < len(g.cards) or g.cards[h]["z"] not in ("play", "att"):
        return "bad_target", "the target is not a card in play"
    bad = pl["side"] == "bad"
    if d.is_aid:
        if g.cards[h]["z"] != "play" or not rules.is_hero(g, h):
            return "heroes_only", "aids attach to heroes (minions take none)"
        if d.type == "weakness":
            return ("opposing_only", "a weakness goes on an opposing hero") if g.cards[h]["o"] == p else \
                ("one_aid_per_turn", f"{g.name(h)} has already received an aid this turn")
        if g.cards[h]["o"] != p:
            return "not_yours", f"{g.name(h)} is not on your team"
        if d.is_plot and not bad:
            return "villains_only", "only villains take plots"
        if d.only == "villain" and not bad:
            return "villains_only", f"{d.name} is for villains only"
        if d.only == "good" and bad:
            return "good_only", f"{d.name} is for good heroes only"
        if g.cards[h]["rcv"]:
            return "one_aid_per_turn", f"{g.name(h)} has already received an aid this turn"
        if d.type == "origin" and g.cards[h]["rec"] != g.turn:
            return "origin_new_heroes", "an origin goes only on a hero recruited this turn"
        return "slot_taken", f"{g.name(h)} already has a {d.slot}"
    if g.cards[h]["z"] != "att":
        return "upgrades_on_aids", f"{d.name} attaches to an aid, not to a character"
    if d.type == "plot_upgrade" and not bad:
        return "villains_only", "only villains take plots"
    hero = g.cards[h]["on"]
    if g.card(h).is_aid and (g.cards[hero]["z"] != "play" or g.cards[hero]["o"] != p):
        return "not_yours", f"{g.name(h)} is not on a hero of your team"
    host = g.card(h)
    wants = {"base_upgrade": "a base (or a vehicle with room for one)", "vehicle_upgrade": "a vehicle",
             "plot_upgrade": "a major plot"}[d.type]
    if d.type == "base_upgrade" and host.type == "vehicle":
        if not host.docking:
            return "wrong_host", f"{d.name} goes on {wants}: {g.name(h)} has no room for a base upgrade"
        return "wrong_host", f"{d.name} goes on {wants}: {g.name(h)} carries at most {host.docking} base " \
                             f"upgrade{'s' * (host.docking != 1)}"
    return "wrong_host", f"{d.name} goes on {wants}, not on {g.name(h)}"
