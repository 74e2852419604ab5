"""Two small computer players: a "simple" rule-of-thumb policy and a random one.

Both see exactly what a human at that seat sees: the player's view
(``Game.view(p)``) and the list of legal actions. They never touch the
``Game`` object, so they cannot peek at hidden cards. Ties are broken with
the ``Rng`` passed in, so a game between computer players seeded from the
game seed replays exactly.

The simple policy, decision by decision:

* setup: go first, put the main character in the back row, mulligan only a
  hand without a single supporting character;
* resource step: a location face up; otherwise, while it has fewer than
  ``RESOURCE_TARGET`` resources, a card face down (plot twist first, then
  the least useful character);
* recruit step: the most expensive card it can afford (a character to the
  front row, equipment onto its strongest character, a machine), so recruit
  points are not left unspent while the hand holds something to buy;
* formation: ranged characters (and the main character) to the back row,
  the rest to the front row; once the game drags on (see ``pressure``) the
  main character goes to the front row too, where it can attack;
* main phase: attack when the attackers' ATK reaches a reachable defender's
  DEF (a team attack when one character alone is not enough), preferring the
  enemy main character and defenders that cannot strike back; never risks its
  own main character against a defender that would stun it; then ends the turn.
  When a quiet turn could end the game against it (every deck empty and its
  main character has more wounds than an enemy one) or the game drags on, it
  attacks with its strongest character rather than end the turn;
* combat windows: pass; questions from effects: sensible defaults.

>>> from engine.capeclash.testing import sample_game
>>> from engine.core.rng import Rng
>>> g = sample_game(seed=2)
>>> p = g.to_act[0]
>>> choose(g.view(p), g.legal_actions(p), Rng(0)).type
'choose_first'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.rng import Rng

RESOURCE_TARGET = 7
# From this turn on a game "drags on": the computer players press (attack rather than wait, the
# main character joins the front row). Games between normal players last about 30 turns (the
# longest of 1,000 about 60 before this rule); the pressure grows by one a turn from here.
PRESSURE_TURN = 50


def pressure(view: dict) -> int:
    """How long the game has dragged on past ``PRESSURE_TURN`` (0 before): the computer players
    press harder the longer a game goes, so every game between them ends by the rules."""
    return max(0, view.get("turn", 0) - PRESSURE_TURN)


def quiet_loses(view: dict, player: int) -> bool:
    """Would a round without an attack end the game against ``player``? Once every deck is empty
    a full round without an attack ends the game, won by the fewest wounds on a main character."""
    players = view["players"]
    if any(pl["deck_count"] for pl in players if not pl["out"]):
        return False
    wounds: dict[int, int] = {}
    for s in view["sides"]:
        for c in s["front"] + s["back"]:
            if c["main"]:
                wounds[c["owner"]] = min(wounds.get(c["owner"], 1 << 30), c["wounds"])
    me = players[player]
    mine = min((w for o, w in wounds.items() if players[o]["team"] == me["team"]), default=1 << 30)
    return any(w < mine for o, w in wounds.items() if players[o]["team"] != me["team"] and not players[o]["out"])


# ------------------------------------------------------------------ the random player

def choose_random(view: dict, legal: list[Action], rng: Rng) -> Action:
    """Any legal action, uniformly at random."""
    if not legal:
        raise ValueError("no legal action to choose from")
    return rng.choice(legal)


# ------------------------------------------------------------------ reading the view

class _Seen:
    """What the acting player knows, indexed for the policy."""

    def __init__(self, view: dict, player: int):
        self.view = view
        self.p = player
        self.me = view["players"][player]
        self.side = self.me["side"]
        self.team = self.me["team"]
        self.chars: dict[int, dict] = {}
        self.others: dict[int, tuple[int, int]] = {}  # equipment and face-up locations: (side, value)
        self.side_team: dict[int, int] = {}
        self.live: set[int] = set()
        for s in view["sides"]:
            pls = [view["players"][i] for i in s["players"]]
            self.side_team[s["side"]] = pls[0]["team"]
            if any(not pl["out"] for pl in pls):
                self.live.add(s["side"])
            for c in s["front"] + s["back"]:
                self.chars[c["iid"]] = c
                if c.get("equipment"):  # equipment and locations can be chosen too (their side, their cost)
                    self.others[c["equipment"]["iid"]] = (c["side"], c["equipment"].get("cost") or 0)
        for pl in view["players"]:
            for r in pl.get("resources") or ():
                if r.get("iid") is not None and r.get("type") == "location":
                    self.others[r["iid"]] = (pl["side"], 2)
        self.hand: dict[int, dict] = {c["iid"]: c for c in self.me.get("hand", [])}
        self.resources = self.me["resources"]

    def is_enemy_side(self, side: int | None) -> bool:
        return side is not None and side != self.side and self.side_team.get(side) != self.team

    def mine(self) -> list[dict]:
        return [c for c in self.chars.values() if c["side"] == self.side]

    def defenders(self, attackers: list[dict]) -> list[dict]:
        """The enemy characters these attackers could attack (the rulebook's reach rules)."""
        all_fly = all("flight" in a["keywords"] for a in attackers)
        out = []
        for s in self.view["sides"]:
            if s["side"] not in self.live or not self.is_enemy_side(s["side"]):
                continue
            front = [c for c in s["front"] if not c["stunned"]]
            back = [c for c in s["back"] if not c["stunned"]]
            out += front
            if not front or (all_fly and not any("flight" in c["keywords"] for c in front)):
                out += back
        return out


def _can_attack(c: dict) -> bool:
    return not c["stunned"] and not c["exhausted"] and (c["row"] == "front" or "ranged" in c["keywords"])


def _strike(c: dict) -> int:
    return max(0, c["atk"])


def _target_score(attackers: list[dict], d: dict) -> float | None:
    """How good attacking ``d`` with ``attackers`` is; None when it is not worth it."""
    total = sum(_strike(a) for a in attackers)
    if total < 1 or total < d["def"]:
        return None
    ranged = attackers[0]["row"] == "back"
    strikes_back = _strike(d) >= 1 and (not ranged or "ranged" in d["keywords"])
    # the defender strikes back at one attacker of its controller's choice: assume the worst
    hurt = [a for a in attackers if strikes_back and _strike(d) >= a["def"]]
    if any(a["main"] for a in hurt):
        return None  # never trade our main character's health for a supporting character
    score = d["atk"] + d["def"] + (20 if d["main"] else 0)
    if hurt:
        score -= 4 + max(a["atk"] + a["def"] for a in hurt) / 2
    score -= len(attackers) - 1  # team attacks exhaust more characters
    return score


def _best(items, key, rng: Rng):
    """The item with the highest key; ties broken at random."""
    items = list(items)
    if not items:
        return None
    top = max(key(x) for x in items)
    return rng.choice([x for x in items if key(x) == top])


# ------------------------------------------------------------------ the simple player

def choose(view: dict, legal: list[Action], rng: Rng) -> Action:
    """The simple policy's pick among ``legal`` for the player whose ``view`` this is."""
    if not legal:
        raise ValueError("no legal action to choose from")
    seen = _Seen(view, legal[0].player)
    d = view.get("decision") or {}
    kind: str = d.get("type") or ""  # ("": no decision, the fallback)
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    pick = _DECIDERS.get(kind, _fallback)(seen, by_type, rng)
    return pick if pick is not None else _fallback(seen, by_type, rng)


def _fallback(seen: _Seen, by: dict, rng: Rng) -> Action:
    for t in ("end_step", "end_turn", "pass", "keep", "no", "cancel_attack"):
        if t in by:
            return by[t][0]
    return next(iter(by.values()))[0]


def _choose_first(seen, by, rng):
    return next((a for a in by["choose_first"] if a["side"] == seen.side), None)


def _place_main(seen, by, rng):
    return next((a for a in by["place_main"] if a["row"] == "back"), None)


def _mulligan(seen, by, rng):
    has_char = any(c["type"] == "supporting" for c in seen.hand.values())
    return by["keep"][0] if has_char else by["mulligan"][0]


def _resource(seen, by, rng):
    res = by.get("resource", [])
    face_up = [a for a in res if a["face_up"]]
    if face_up:
        return face_up[0]
    if len(seen.resources) >= RESOURCE_TARGET or not res:
        return by.get("end_step", [None])[0]
    have = len(seen.resources) + 1

    def waste(a):  # the higher, the less we lose by turning the card face down
        c = seen.hand.get(a["card"], {})
        if c.get("type") == "plot_twist":
            return 100
        cost = c.get("cost") or 0
        if cost > have + 2:
            return 50 + cost  # out of reach for a while
        return -cost if sum(1 for h in seen.hand.values() if h.get("type") == "supporting") > 2 else -100
    best = _best(res, waste, rng)
    if waste(best) == -100:
        return by.get("end_step", [best])[0]  # our only characters: keep them
    return best


def _recruit(seen, by, rng):
    recs = [a for a in by.get("recruit", []) if a["row"] == "front"]
    # equipment onto the strongest character that wears it (the main character first)
    wearer: dict[int, tuple[int, Action]] = {}  # equipment card -> (its wearer's worth, the action)
    for a in by.get("equip", []):
        c = seen.chars.get(a["target"])
        if c is None or c.get("equipment"):
            continue
        v = c["atk"] + c["def"] + (20 if c["main"] else 0)
        if a["card"] not in wearer or v > wearer[a["card"]][0]:
            wearer[a["card"]] = (v, a)
    recs += [a for _v, a in wearer.values()]
    if not recs:
        return by.get("end_step", [None])[0]
    return _best(recs, lambda a: seen.hand.get(a["card"], {}).get("cost") or 0, rng)


def _wanted_row(c: dict, main_front: bool = False) -> str:
    if "ranged" in c["keywords"]:
        return "back"
    return "front" if not c["main"] or main_front else "back"


def _formation(seen, by, rng):
    main_front = pressure(seen.view) > 0
    for a in by.get("move", []):
        c = seen.chars.get(a["card"])
        if c is None or c["row"] == a["row"]:
            continue
        if a["row"] == _wanted_row(c, main_front):
            return a
    return by.get("end_step", [None])[0]


def _main(seen, by, rng):
    plans = []
    mine = seen.mine()
    for a in by.get("attack", []):
        att = seen.chars.get(a["card"])
        if att is None:
            continue
        alone = [(s, a) for d in seen.defenders([att]) if (s := _target_score([att], d)) is not None]
        plans += alone
        if alone:
            continue
        # a team attack: everyone ready in the same row who shares a team with the first attacker
        mates = [c for c in mine if c["iid"] != att["iid"] and _can_attack(c) and c["row"] == att["row"]
                 and set(c["teams"]) & set(att["teams"])]
        if mates:
            team = [att, *mates]
            plans += [(s - 2, a) for d in seen.defenders(team) if (s := _target_score(team, d)) is not None]
    if plans:
        top = max(s for s, _ in plans)
        return rng.choice([a for s, a in plans if s == top])
    if pressure(seen.view) or quiet_loses(seen.view, seen.p):
        # waiting loses (or the game drags on): attack with the strongest character that has a target
        able = [a for a in by.get("attack", []) if (c := seen.chars.get(a["card"])) is not None and seen.defenders([c])]
        if able:
            return _best(able, lambda a: _strike(seen.chars[a["card"]]), rng)
    return by.get("end_turn", [None])[0]


def _declare(seen, by, rng):
    declared = [seen.chars[i] for i in seen.view.get("declaring", []) if i in seen.chars]
    targets = by.get("target", [])
    scored = [(s, t) for t in targets
              if (d := seen.chars.get(t["card"])) is not None and (s := _target_score(declared, d)) is not None]
    if scored:
        top = max(s for s, _ in scored)
        return rng.choice([t for s, t in scored if s == top])
    adds = by.get("add_attacker", [])
    if adds:
        return _best(adds, lambda a: _strike(seen.chars.get(a["card"], {"atk": 0})), rng)
    if targets:  # nothing good after all: hit the weakest defender rather than loop attack/cancel
        return _best(targets, lambda t: -seen.chars.get(t["card"], {"def": 99})["def"], rng)
    return by.get("cancel_attack", [None])[0]


def _combat(seen, by, rng):
    return by.get("pass", [None])[0]


def _choose_card(seen, by, rng):
    opts = by.get("choose", [])
    if not opts:
        return None
    kind = (seen.view.get("decision") or {}).get("type")
    if kind == "discard":  # a card from our hand: lose the least useful one
        def keep(a):
            c = seen.hand.get(a["card"], {})
            return {"plot_twist": 1, "location": 2}.get(c.get("type"), 3) * 10 + (c.get("cost") or 0)
        return _best(opts, lambda a: -keep(a), rng)

    def value(a):
        c = seen.chars.get(a["card"])
        if c is None:
            side, v = seen.others.get(a.get("card"), (None, 0))
            return 2 * v if seen.is_enemy_side(side) else 2 * v + 0.5
        v = c["atk"] + c["def"] + (20 if c["main"] else 0)
        return v if seen.is_enemy_side(c["side"]) else v + 0.5
    return _best(opts, value, rng)


def _choose_player(seen, by, rng):
    opts = by.get("choose_player", [])
    enemies = [a for a in opts if seen.is_enemy_side(seen.view["players"][a["who"]]["side"])]
    return (enemies or opts or [None])[0]


def _yes(seen, by, rng):
    return by.get("yes", [None])[0]


def _pay(seen, by, rng):
    opts = by.get("pay", [])
    from_resources = {r["iid"] for r in seen.resources if "iid" in r}
    return next((a for a in opts if a["source"] in from_resources), opts[0] if opts else None)


def _strike_back(seen, by, rng):
    opts = by.get("strike_back", [])
    cb = seen.view.get("combat") or {}
    d = seen.chars.get(cb.get("defender"))
    atk = _strike(d) if d else 0

    def value(a):
        c = seen.chars.get(a["card"])
        if c is None:
            return 0
        ours = not seen.is_enemy_side(c["side"])
        stun = atk >= c["def"]
        v = (c["atk"] + c["def"] + (20 if c["main"] else 0)) * (1 if stun else 0.1)
        return -v if ours else v
    return _best(opts, value, rng)


def _first(kind):
    return lambda seen, by, rng: by.get(kind, [None])[0]


_DECIDERS = {
    "choose_first": _choose_first, "place_main": _place_main, "mulligan": _mulligan,
    "resource": _resource, "recruit": _recruit, "formation": _formation, "main": _main,
    "declare": _declare, "combat": _combat, "choose": _choose_card, "discard": _choose_card,
    "choose_player": _choose_player, "may": _yes, "may_trigger": _yes, "pay": _pay,
    "strike_back": _strike_back, "order": _first("order"),
}

POLICIES = {"simple": choose, "random": choose_random}
