"""The dice game's hooks for the computer players of ``engine.ai`` (all levels).

* ``public_context(game)``: the card pool (public: every card exists once) - nothing else;
* ``evaluate(view, player)``: 0..1 from the board in the view;
* ``sample_state(view, player, rng, context)``: a playable game consistent with the view, the
  opponent's hands and both decks' order dealt at random from the cards the view does not show;
* ``heuristic(view, legal, rng, context, slack)``: a quick rule-of-thumb choice from the view;
* ``searchable(view, legal)``: the hard level searches fights and attacks, not recruiting or equipping;
* ``prior(view, legal, ...)``: the rules of thumb's order of the actions (hard searches the best few);
* ``playout_done(game, player, turn, horizon)``: where hard's playouts stop and the evaluation judges.

Everything here reads views only, never a real game.

>>> from engine.dice import DiceGame
>>> from engine.core.rng import Rng
>>> g = DiceGame(config={"seed": 4})
>>> ctx = public_context(g)
>>> s = sample_state(g.view(0), 0, Rng(1), ctx)
>>> s.legal_actions(0) == g.legal_actions(0), s.players[1]["rhand"] != g.players[1]["rhand"]
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

from engine.core.rng import Rng

ABILITY_VALUE = {"damager": 1.5, "defender": 1.5, "area": 2.5, "dodger": 1.5, "extra_attack": 2.0,
                 "immobilize": 2.0, "control": 2.5, "shock": 0.5, "genius": 0.8, "regenerate": 1.0,
                 "leader": 1.5, "unstoppable": 0.5, "versatile": 0.5}


def public_context(game) -> dict:
    return {"pool": game.pool}


def _pool(context):
    if context and context.get("pool") is not None:
        return context["pool"]
    from engine.dice.cards import load_pool
    return load_pool()


# ---------------------------------------------------------------------- evaluation

def char_value(c: dict) -> float:
    left = max(0, c["force"] + 1 - c["damage"])
    v = c["force"] * 0.7 + left * 0.8 + sum(ABILITY_VALUE.get(a, 0.3) for a in c["abilities"])
    if c["delayed"]:
        v *= max(0.15, 0.6 - 0.1 * c["delay"])
    return v


def side_value(pv: dict) -> float:
    chars = pv["characters"]
    v = sum(char_value(c) for c in chars)
    if not any(not c["delayed"] for c in chars):
        v -= 6
    return v + 0.5 * pv["action_hand_count"] + 0.25 * min(pv["recruit_hand_count"], 8)


def evaluate(view: dict, player: int) -> float:
    """How well ``player`` stands: 1 won, 0 lost, else a logistic of the board difference."""
    res = view.get("result")
    if res is not None:
        if player in res["winners"]:
            return 1.0
        return 0.0 if res["winners"] else 0.5
    me = view["players"][player]
    them = view["players"][1 - player]
    diff = side_value(me) - side_value(them)
    return 1.0 / (1.0 + math.exp(-diff / 8.0))


# ---------------------------------------------------------------------- sampling hidden cards

def sample_state(view: dict, player: int, rng: Rng, context: Any):
    """A game consistent with ``view`` (``player`` to act); hidden cards dealt at random."""
    from engine.dice.game import DiceGame
    pool = _pool(context)
    eng = view.get("engine")
    if eng is None or view.get("result") is not None:
        return None
    names = [d.name for d in pool.recruit] + [d.name for d in pool.action]
    seats = [{"name": p["name"], "side": p["side"]} for p in view["players"]]
    g = DiceGame.blank(pool, {"seed": 0, "players": seats,
                              "options": {"max_turns": eng["max_turns"], "house_rule": eng.get("house_rule", "off")}})
    g.cards = [{"n": n, "z": "out", "o": None} for n in names]
    for pl, pv in zip(g.players, view["players"], strict=True):
        pl["turns"] = pv["turns"]
        for c in pv["characters"]:
            g.cards[c["id"]] = dict(c["raw"], att=list(c["raw"]["att"]))
            for a in c["attached"]:
                g.cards[a["id"]] = dict(a["raw"], att=list(a["raw"]["att"]))
                for u in a["upgrades"]:
                    g.cards[u["id"]] = dict(u["raw"], att=[])
    me = view["players"][player]
    for key, zone in (("recruit_hand", "rhand"), ("action_hand", "ahand")):
        for f in me.get(key) or []:
            g.cards[f["id"]].update(z=zone, o=player)
            g.players[player][zone].append(f["id"])
    g.rdisc = [f["id"] for f in view["discards"]["recruit"]]
    g.adisc = [f["id"] for f in view["discards"]["action"]]
    for i in g.rdisc:
        g.cards[i]["z"] = "rdisc"
    for i in g.adisc:
        g.cards[i]["z"] = "adisc"
    n_rec = len(pool.recruit)
    hidden_r = [i for i in range(n_rec) if g.cards[i]["z"] == "out"]
    hidden_a = [i for i in range(n_rec, len(names)) if g.cards[i]["z"] == "out"]
    opp = 1 - player
    ov = view["players"][opp]
    if len(hidden_r) != ov["recruit_hand_count"] + view["decks"]["recruit"] or \
            len(hidden_a) != ov["action_hand_count"] + view["decks"]["action"]:
        return None
    rng.shuffle(hidden_r)
    rng.shuffle(hidden_a)
    for hidden, key, zone, deck in ((hidden_r, "recruit_hand_count", "rhand", "rdeck"),
                                    (hidden_a, "action_hand_count", "ahand", "adeck")):
        k = ov[key]
        hand, rest = hidden[:k], hidden[k:]
        for i in hand:
            g.cards[i].update(z=zone, o=opp)
        g.players[opp][zone] = hand
        for i in rest:
            g.cards[i]["z"] = deck
        setattr(g, deck, rest)
    g.play = list(eng["play"])
    g.turn, g.active, g.phase = view["turn"], view["active"], view["phase"]
    g.redo, g.tactics_drawn = eng["redo"], eng["drawn"]
    g.phase_leaders = list(eng["leaders"])
    g.attack = dict(eng["attack"], queue=list(eng["attack"]["queue"]), bonus=list(eng["attack"]["bonus"])) \
        if eng["attack"] else None
    g.pending = dict(eng["pending"]) if eng["pending"] else None
    d = view.get("decision")
    if d is None or player not in d["players"] or "detail" not in d:
        return None
    g.decision = {"type": d["type"], "players": list(d["players"]), **d["detail"]}
    g.rng = Rng(rng.next64())
    g.lite_views = True  # the search reads boards, not menus or logs
    g.touch()
    return g


# ---------------------------------------------------------------------- the heuristic

def _chars(view, p) -> dict[int, dict]:
    return {c["id"]: c for c in view["players"][p]["characters"]}


def _fight_margin(view, me: int) -> float:
    """Attacker's expected total minus the defender's, before dice, as the view shows it."""
    atk = view["attack"]
    allc = {**_chars(view, 0), **_chars(view, 1)}
    a, d = allc.get(atk["attacker"]), allc.get(atk["defender"])
    if a is None or d is None:
        return 0.0
    af = 3 if atk["turret"] else a["force"] + 3 * ("damager" in a["abilities"])
    df = d["force"] + 3 * ("defender" in d["abilities"])
    return af + atk["bonus"][0] - df - atk["bonus"][1]


def _card_score(pool, name: str, me_attacking: bool, view) -> float:
    d = pool[name]
    if d.negate:
        return 10
    s = (d.attacker_force if me_attacking else d.defender_force) + d.bonus
    atk = view["attack"]
    if me_attacking and d.attack_type == "area":
        others = len([c for c in view["players"][1 - atk["player"]]["characters"] if not c["delayed"]])
        s = max(s, 2.5 * (others - 1))
    if me_attacking and d.attack_type == "control":
        s = max(s, 4)
    if me_attacking and d.attack_type == "immobilize":
        s = max(s, 2)
    return s


# Actions that put the game back where it was before the player's own previous action.
# ``cancel_attack`` (after ``attack``) is the only one: every other action of the dice game uses up a
# card, an attack, an interception or a once-a-turn power, or moves the phase on, so a game in which
# nobody takes an attack back ends within its turn limit. A computer player never takes one: it chose
# to start that attack in that very state, so it would start it again and loop for ever (as it did
# against a lone, heavily equipped Defender). Going through with an attack never costs the attacker
# anything: a miss does nothing to it.
RETURNING = ("cancel_attack",)


def candidates(view: dict, legal: list) -> list:
    """The actions a computer player may weigh: never one that undoes its own previous action
    (``RETURNING``), unless nothing else is legal. The search's root and the heuristic both use it."""
    keep = [a for a in legal if a.type not in RETURNING]
    return keep or legal


def heuristic(view: dict, legal: list, rng: Rng, context: Any = None, slack: float = 0.0):
    """A rule-of-thumb choice among ``legal`` from the view only; ``slack`` adds noise (easy level)."""
    pool = _pool(context)
    legal = candidates(view, legal)
    scored = [(score_action(view, a, pool), i, a) for i, a in enumerate(legal)]
    if slack:
        scored = [(s + (rng.below(1000) / 1000.0) * slack * 40, i, a) for s, i, a in scored]
    best = max(s for s, _, _ in scored)
    top = [a for s, _, a in scored if s >= best - 1e-9]
    return top[rng.below(len(top))]


fast_policy = None  # the search uses ``heuristic`` in its playouts

# The hard level (``engine.ai.LEVELS["hard"]["per_game"]["dice"]``) counts sampled games and actions,
# never seconds, so a game replays from its seed: the rules of thumb rank the root's actions
# (``prior``) and only the best ``widen`` are searched; each is played on in the same ``iterations``
# sampled games with the same random numbers (``paired``), the heuristic playing both sides, until
# ``horizon`` turns have begun (``playout_done``; 1: the end of this turn, 2: the opponent's reply is
# over) or ``playout`` actions, and judged by ``evaluate``. Below the root the tree follows the heuristic
# (``pw`` near 0). Against dice normal, sides swapping: 60.5 % of 200 games (95 % CI 53.6-67.0).

# Decisions worth a search; recruiting, attaching and discarding are left to the heuristic.
SEARCHED = ("main", "target", "intercept", "battle", "event_target")


def searchable(view: dict, legal: list, decisions: tuple | None = None) -> bool:
    d = view.get("decision")
    if not d:
        return False
    return d["type"] in (decisions or SEARCHED) and len(candidates(view, legal)) > 1


def prior(view: dict, legal: list, rng: Rng, context: Any = None, samples: int = 1, **_) -> dict:
    """The search's order of the root's actions: the heuristic's own scores (no look-ahead, no
    random numbers), the heuristic's choice first. With ``widen`` the hard level searches only the
    best few; every searched action is then judged by playouts alone (``prior_weight`` 0)."""
    pool = _pool(context)
    values = {a: score_action(view, a, pool) for a in legal}
    best = max(values.values())
    for a in legal:  # the heuristic's tie-break is random: the first of the top goes first
        if values[a] >= best - 1e-9:
            values[a] += 1e-3
            break
    return values


def playout_done(g, me: int, turn: int, horizon: int = 0) -> bool:
    """Where the search's playouts stop and the evaluation judges: once ``horizon`` turns have begun
    since the playout started (1: the end of the turn being played; 2: the opponent has had their
    reply), or the game is over."""
    return g.result is not None or g.turn >= turn + max(1, horizon)


def score_action(view: dict, a, pool) -> float:
    t = a.type
    me = a.player
    d = view["decision"]
    dt = d["type"] if d else None
    mine, theirs = _chars(view, me), _chars(view, 1 - me)
    hand = {f["id"]: f["name"] for f in (view["players"][me].get("recruit_hand") or [])
            + (view["players"][me].get("action_hand") or [])}
    if t == "end_step":
        return 0.0
    if t == "recruit":
        cd = pool[hand[a["card"]]]
        pv = view["players"][me]
        if cd.type == "hero" and pv.get("heroes", 0) >= pv["team_limit"]:
            return -1.0  # past the team limit: the newest hero is discarded in Recovery
        return 5 + cd.force + sum(ABILITY_VALUE.get(x, 0) for x in cd.abilities)
    if t == "equip":
        cd = pool[hand[a["card"]]]
        tgt = mine.get(a["target"]) or theirs.get(a["target"])
        if cd.type == "weakness":
            return 2 + (tgt["force"] if tgt else 0) * 0.3
        gain = sum(ABILITY_VALUE.get(x, 0) for x in cd.gains_abilities) + 0.5 * len(cd.gains_traits)
        base = 2 + cd.force + gain + cd.boost_if_had * 0.5 + cd.team_size + cd.turret * 0.6
        if tgt is not None:
            base += 0.1 * tgt["force"] - (2 if tgt["delayed"] else 0)
        return base
    if t == "choose" and dt == "tactics":
        return 3.0
    if t == "power":
        return 0.5
    if t == "plot" and dt == "battle":
        atk = view["attack"]
        attacking = atk["player"] == me
        margin = _fight_margin(view, me)
        need = margin < 3 if attacking else margin > -3
        s = _card_score(pool, hand[a["card"]], attacking, view)
        cd = pool[hand[a["card"]]]
        if attacking and not (cd.attack_type or cd.leader_for_phase) and margin + s <= -5:
            return -1.0  # even a 6 against a 1 would not hit: a Force card is wasted on this roll
        return s if need and s > 0 else -1.0
    if t == "pass":
        return 0.0
    if t == "plot":
        cd = pool[hand[a["card"]]]
        if cd.effect == "look_at_hands":
            return -1.0
        if cd.effect == "redo_phase":
            return 1.0 if any(pool[n].is_aid for n in hand.values()) else -1.0
        if cd.effect == "clear_tokens":
            return 2.0 if any(c["damage"] + c["delay"] >= 2 for c in mine.values()) else -1.0
        return 3.0
    if t == "attack":
        src = a["card"]
        c = mine.get(src)
        if c is None:
            return 2.5  # a turret shot
        return 3 + c["force"] + 3 * ("damager" in c["abilities"]) + 2 * ("area" in c["abilities"])
    if t == "cancel_attack":
        return -0.5 if theirs else 0.0
    if t == "target":
        tgt = theirs[a["card"]]
        dfn = tgt["force"] + 3 * ("defender" in tgt["abilities"]) + 2 * ("dodger" in tgt["abilities"])
        left = tgt["force"] - tgt["damage"]
        return 20 - dfn - 0.5 * left + 0.3 * char_value(tgt)
    if t == "choose" and dt == "intercept":
        target = (d.get("detail") or {}).get("target")
        tgt = mine.get(target) if target is not None else None
        c = mine[a["card"]]
        mine_def = c["force"] - c["damage"] + 3 * ("defender" in c["abilities"])
        their_def = (tgt["force"] - tgt["damage"] + 3 * ("defender" in tgt["abilities"])) if tgt else 0
        return 1.0 if mine_def >= their_def + 3 else -1.0
    if t == "no":
        return 0.0
    if t == "choose" and dt == "event_target":
        card = pool[view_name(view, (d.get("detail") or {}).get("card"))]
        c = mine.get(a["card"]) or theirs.get(a["card"])
        if card.effect == "delay_hero" and c:
            return char_value(c)
        if card.effect == "clear_tokens" and c:
            return c["damage"] + c["delay"]
        if card.remove_delay and c:
            return c["delay"]
        return 1.0
    if t == "choose" and dt == "discard":
        cd = pool[hand[a["card"]]]
        side = view["players"][me]["side"]
        keep = cd.force + 1 + (3 if cd.is_character else 0) + cd.attacker_force + cd.defender_force + cd.bonus
        if side == "good" and (cd.type == "minion" or cd.is_plot or cd.type == "plot_upgrade"):
            keep = -5
        return -keep
    return 0.0


def view_name(view: dict, iid) -> str:
    for f in view["discards"]["action"] + view["discards"]["recruit"]:
        if f["id"] == iid:
            return f["name"]
    for pv in view["players"]:
        for f in (pv.get("action_hand") or []) + (pv.get("recruit_hand") or []):
            if f["id"] == iid:
                return f["name"]
    return ""
