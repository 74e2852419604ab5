"""Cape Clash for the AI: public knowledge, a state sampler, an evaluation and a heuristic.

What the sampler may use: the acting player's view and the public context, which holds the
card pool, the game mode and options, and every seat's deck list. **Deck lists are public
knowledge** here, as they are for the starter decks a table plays with (a player announces
the deck they sit down with); the seed, the hands and the deck orders are not in the
context. The sampler rebuilds a game from the view: every card the view shows is put back
where it is, with its counters, wounds and stats; the cards the player cannot see (other
players' hands and face-down resources, every deck's order) are dealt at random from each
owner's deck list minus the cards already seen. Book-keeping the view does not show (powers
used this turn, modifiers' sources) is approximated: ATK/DEF differences are restored as
one modifier until the end of the turn.

The heuristic reads only the view. It plays like ``engine.ai.simple`` in the build steps
and for effects' questions, and in the main phase and in combat it plays out each
candidate (each attack with each target, each super power or plot twist, ending the turn)
in its head: on a sampled game, until the combat is over, then evaluates the board.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import cast

from engine.ai import simple as ai_simple
from engine.ai.learned import WEIGHTS
from engine.capeclash import futility, stats
from engine.capeclash.game import Game
from engine.capeclash.stack import CombatStep
from engine.capeclash.state import Card, Combat, Decision, Modifier, Player
from engine.cardlang.phrases import DURATION
from engine.core.rng import Rng

# the decisions ``searchable`` lets a search weigh by default (a level names its own: hard adds who
# strikes back and the questions asked inside effects, whose book-keeping, the effect being
# resolved, is not in the view: those are rebuilt by replay, see ``samplable`` and ``consistent``)
SEARCHED = ("main", "declare", "combat", "recruit")
# decisions a game can be rebuilt at from the view alone: the turn's own steps, with no effect
# under way (the others, asked inside an effect, are rebuilt by replay: see ``consistent``)
SAMPLABLE = ("main", "declare", "combat", "recruit", "resource", "formation", "draw", "start", "recovery")
LOOKAHEAD = ("main", "declare", "combat")
QUIET_LIMIT = 80  # actions a look-ahead plays at most before it evaluates
HORIZON_LIMIT = 400  # the same, for a look-ahead over whole turns
# once a game drags on, each turn past ``simple.PRESSURE_TURN`` adds this to the value of every
# attack in the main phase: sooner or later attacking beats waiting, and the game ends by the rules
PRESSURE_BONUS = 0.004
# actions the AI has applied to sampled games in this process so far (``work``): the heuristic's
# look-aheads count theirs here, a search its own tree and playout steps (``charge``); a search counts
# its cost in them, not in seconds, so a game replays from its seed whatever the machine
# (``ISMCTSPolicy(max_work=...)``). On the starter decks one such action costs a median of 0.25 ms of
# CPU on CPython (5 % of decisions below 0.17 ms, 5 % above 0.37 ms, in every mode, 186 hard decisions):
# a closer count than the look-aheads' actions alone, which left a search's own steps and its prior
# out (issue 20: a 4-player decision counted 10,000 and took 3.5 s).
_WORK = [0]


def work() -> int:
    """How many actions the AI has played on sampled games in this process so far: a search reads
    it before and after to know what it cost (a count, never a clock)."""
    return _WORK[0]


def charge(n: int = 1) -> None:
    """Count ``n`` actions a search applied to a sampled game itself (its tree and playout steps) in
    ``work``; the heuristic's look-aheads count their own."""
    _WORK[0] += n


class Context:
    """Public knowledge about one game: pool, mode, options and deck lists (no seed)."""

    def __init__(self, pool, decks: list, mode: str = "duel", options: dict | None = None, max_turns: int = 200):
        self.pool = pool
        self.decks = list(decks)
        self.mode = mode
        self.options = dict(options or {})
        self.max_turns = max_turns
        self._template: Game | None = None

    def template(self, names: list[str]) -> Game:
        """A game at its setup with these decks; only its fixed parts (card definitions, sides,
        config) are reused by the sampler. Its seed is fixed and says nothing about the real game."""
        if self._template is None:
            self._template = Game(self.pool, {
                "mode": self.mode, "seed": 0, "max_turns": self.max_turns, "options": self.options,
                "players": [{"name": n, "deck": d} for n, d in zip(names, self.decks, strict=True)]})
        return self._template


def public_context(game: Game) -> Context:
    """The public knowledge of ``game``: its pool, mode, options and deck lists (never its seed)."""
    cfg = game.config
    return Context(game.defs, [p["deck"] for p in cfg["players"]], cfg["mode"], cfg.get("options"),
                   cfg.get("max_turns", 200))


# ------------------------------------------------------------------ sampling a game from a view

def sample_state(view: dict, player: int, rng: Rng, context: Context) -> Game | None:
    """A playable game consistent with ``view`` (``player``'s view), hidden cards dealt at random.

    >>> from engine.capeclash.testing import sample_game
    >>> g = sample_game(seed=4)
    >>> while g.decision["type"] != "main":
    ...     p = g.to_act[0]; _ = g.apply(ai_simple.choose(g.view(p), g.legal_actions(p), Rng(1)))
    >>> p = g.to_act[0]
    >>> s = sample_state(g.view(p), p, Rng(9), public_context(g))
    >>> set(s.legal_actions(p)) == set(g.legal_actions(p))
    True
    """
    if view.get("result") is not None or context is None:
        return None
    names = [pv["name"] for pv in view["players"]]
    tpl = context.template(names)
    # every field at its initial value, seats taken; what the deal and the setup decide, from the template
    g = Game.blank(context.pool, tpl.config, tpl.caches.enabled)
    g.chooser = tpl.chooser
    g.statics_grant = tpl.statics_grant
    g.rng = Rng(rng.next64())
    g.turn, g.active, g.phase = view["turn"], view["active_side"], view["phase"]
    g.step_player = view["step_player"]
    g.declaring = list(view.get("declaring") or [])
    g.result = None
    g.clock = 1_000_000
    g.dirty = g.check_end = False
    g.attacked_this_turn = bool(view.get("attacked_this_turn"))
    g.quiet_turns = int(view.get("quiet_turns") or 0)  # (the out-of-cards ending is near: it matters)
    g.any_grants = False
    n_sides = len(g.sides)
    g.first_side = g.sides[(g.sides.index(g.active) - max(0, g.turn - 1)) % n_sides]

    cards: dict[int, Card] = {}
    players = []
    for pv in view["players"]:
        pl = Player(pv["index"], pv["name"], pv["team"], pv["side"])
        pl.main, pl.level, pl.xp, pl.out = pv["main"], pv["level"], pv["xp"], pv["out"]
        pl.levels = [lv["cid"] for lv in pv["levels"]]
        pl.recruit = pv.get("recruit_points") or 0
        pl.mulliganed = not view["phase"].startswith("setup")
        pl.deck_name = pv.get("deck_name", "")
        players.append(pl)
    g.players = players
    seen: Counter = Counter()  # (owner, cid) of cards seen outside the deck lists' hidden places

    def put(iid: int, cid: str, owner: int, zone: str) -> Card:
        c = Card(iid, cid, owner)
        c.zone = zone
        cards[iid] = c
        if iid in main_ids:
            c.is_main = True
        else:
            seen[(owner, cid)] += 1
        return c

    main_ids = {pv["main"] for pv in view["players"] if pv["main"] is not None}
    # characters, their equipment, machines
    for s in view["sides"]:
        owner_of_side = s["players"][0]
        for v in s["front"] + s["back"]:
            c = put(v["iid"], v["cid"], v["owner"], "play")
            c.side, c.row = v["side"], v["row"]
            c.face_up = not v["stunned"]
            c.exhausted = v["exhausted"]
            c.plus, c.minus, c.wounds, c.vitality = v["plus"], v["minus"], v["wounds"], v["vitality"]
            # 2: frozen for the turn being played (it can't ready in it), 1: for its controller's next turn
            c.frozen = (2 if v.get("frozen_now") else 1) if v["frozen"] else 0
            c.token = v["token"]
            c.is_main = v["main"]
            c.ts = len(g.in_play)
            ctl = v.get("control")
            if ctl:  # borrowed for a while: it goes back when the view says (the turn it ends matters)
                borrow: Modifier = {"k": "control", "side": ctl["from"], "until": ctl["until"], "ts": c.ts,
                                    "turn": ctl["turn"], "src": "control"}
                if "by" in ctl:
                    borrow["by"] = ctl["by"]
                c.mods.append(borrow)
            g.in_play.append(c.iid)
            if c.token:
                seen[(v["owner"], v["cid"])] -= 1
            eq = v.get("equipment")
            if eq:
                e = put(eq["iid"], eq["cid"], eq.get("owner", owner_of_side), "equipped")
                e.gear, c.gear = c.iid, e.iid
                players[e.owner].equipment.append(e.iid)
        for m in s.get("machines", []):
            # a machine is its owner's equipment too (zones.wreck_machine takes it off that list)
            c = put(m["iid"], m["cid"], m.get("owner", owner_of_side), "machine")
            c.side, c.row = s["side"], m["row"]
            c.ts = len(g.in_play) + len(g.machines)
            g.machines.append(c.iid)
            players[c.owner].equipment.append(c.iid)
    hidden_res: dict[int, int] = {}
    hidden_piles: dict[int, dict[str, int]] = {}
    for pv, pl in zip(view["players"], players, strict=True):
        o = pl.index
        for f in pv["ko"]:
            put(f["iid"], f["cid"], o, "ko")
            pl.ko.append(f["iid"])
        for f in pv["removed"]:
            put(f["iid"], f["cid"], o, "removed")
            pl.removed.append(f["iid"])
        for r in pv["resources"]:
            if r.get("hidden"):
                pl.resources.append(-1)  # dealt below
                hidden_res[o] = hidden_res.get(o, 0) + 1
            else:
                c = put(r["iid"], r["cid"], o, "resource")
                c.face_up = r["face_up"]
                pl.resources.append(c.iid)
        for f in pv.get("hand", []):
            put(f["iid"], f["cid"], o, "hand")
            pl.hand.append(f["iid"])
        for name, pile in (pv.get("piles") or {}).items():
            pl.piles[name] = []
            if pile.get("hidden"):
                pl.hidden_piles.append(name)
            if "cards" in pile:
                for f in pile["cards"]:
                    put(f["iid"], f["cid"], o, "pile")
                    pl.piles[name].append(f["iid"])
            else:
                hidden_piles.setdefault(o, {})[name] = pile["count"]
        if pl.main is not None and pl.main not in cards:
            put(pl.main, pl.levels[0] if pl.levels else tpl.cards[cast(int, tpl.players[o].main)].cid, o, "aside")

    # the hidden cards: each owner's deck list minus what was seen, dealt at random
    free = [i for i in tpl.cards if i not in cards]
    rng.shuffle(free)
    for pv, pl in zip(view["players"], players, strict=True):
        o = pl.index
        tp = tpl.players[o]
        deck_list = [tpl.cards[i].cid for i in tp.deck]
        unknown = []
        for cid, n in Counter(deck_list).items():
            unknown += [cid] * max(0, n - seen[(o, cid)])
        rng.shuffle(unknown)

        def deal(zone: str, owner=o, pool=unknown, fallback=deck_list) -> int:
            cid = pool.pop() if pool else fallback[rng.below(len(fallback))]
            iid = free.pop() if free else max(max(cards), max(tpl.cards)) + 1
            put(iid, cid, owner, zone)
            return iid

        if o != player:
            pl.hand = [deal("hand") for _ in range(pv["hand_count"])]
        res = []
        for i in pl.resources:
            if i < 0:
                i = deal("resource")
                cards[i].face_up = False
            res.append(i)
        pl.resources = res
        for name, count in hidden_piles.get(o, {}).items():
            pile = tp.piles.get(name)
            pile_list = [tpl.cards[i].cid for i in pile] if pile else list(deck_list)
            rng.shuffle(pile_list)
            pl.piles[name] = [deal("pile", pool=pile_list, fallback=pile_list) for _ in range(count)]
        pl.deck = [deal("deck") for _ in range(pv["deck_count"])]

    g.cards = cards
    # the open question and the combat
    d = view.get("decision")
    g.decision = cast("Decision | None", {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()} if d else None)
    g.declaring_player = (d["players"][0] if d and d["type"] == "declare" else None) if g.declaring else None
    cb = view.get("combat")
    if cb:
        chars = {v["iid"]: v for s in view["sides"] for v in s["front"] + s["back"]}
        dfd = chars.get(cb["defender"])
        g.combat = Combat(list(cb["attackers"]), cb["defender"], cb["player"],
                          dfd["side"] if dfd else None, cb["ranged"], cb["flew_over"])
        g.combat.priority, g.combat.stage = cb["priority"], cb["stage"]
        g.combat.passes = 0 if cb["priority"] == cb["player"] else 1
    else:
        g.combat = None
    if d and d["type"] == "strike_back":
        # asked while the combat resolves: its frame is the only thing on the stack, and the
        # combat can go on from the view's stage unless a Ferocious step has already struck
        if not cb or not _strike_back_rebuildable(view, cb):
            return None
        g.stack.append(CombatStep())
    g.board_changed()
    # keywords gained or lost for a while (the view lists each character's keywords and what it gained)
    _restore_keywords(g, view)
    # ATK/DEF changed by effects the view does not itemise: one modifier restores the numbers
    for s in view["sides"]:
        for v in s["front"] + s["back"]:
            c = cards[v["iid"]]
            atk, dfn = stats.stats(g, c)
            da = v["atk"] - atk if (v["atk"] > 0 or atk > 0) else 0
            dd = v["def"] - dfn
            if da or dd:
                c.mods.append({"k": "add", "ts": c.ts, "src": "seen", "until": "turn", "turn": g.turn,
                               "atk": da, "def": dd})
    g.board_changed()
    return g


_UNTIL_WORDS = {words.strip(): until for until, words in DURATION.items() if words.strip()}


def _until_of(g: Game, words: str | None) -> Modifier:
    """A granted keyword's duration from the view's words (``view.duration_words``); lasting for
    good when the view names no end."""
    m: Modifier = {"k": "grant", "ts": 0, "src": "seen", "until": "permanent", "turn": g.turn}
    if not words:
        return m
    if words in _UNTIL_WORDS:
        m["until"] = _UNTIL_WORDS[words]
        return m
    for side in g.sides:
        if words == f"until the end of {g.side_name(side)}'s next turn":
            m["until"], m["by"] = "your_next_turn", side
            return m
    if words.startswith("while ") and words.endswith(" stays face up in play"):
        name = words[len("while "):-len(" stays face up in play")]
        src = next((c for c in g.characters() if c.face_up and g.name(c.iid) == name), None)
        if src is not None:
            m["until"], m["source"] = "source_leaves", src.iid
            return m
    m["until"] = "turn"  # (an end the view's words do not say: this turn at least)
    return m


def _restore_keywords(g: Game, view: dict) -> None:
    """Give each face-up character of the sampled game the keywords the view says it has: those
    granted by an effect (the view's ``gained``, with how long they last) and, for one that lost
    its keywords and super powers (Nullify), the loss. Keywords from equipment, continuous abilities
    and Mimic come with the board itself. Without this a keyword granted for the turn (Flight, say)
    was missing and the sampled game offered other attacks than the real one."""
    from engine.capeclash.keywords import keywords_of
    granted = False
    for s in view["sides"]:
        for v in s["front"] + s["back"]:
            if v["stunned"]:
                continue
            c = g.cards[v["iid"]]
            want = set(v.get("keywords") or ())
            gained = v.get("gained") or ()
            if not gained and want == keywords_of(g, c):
                continue
            have = keywords_of(g, c)
            # each grant that ends (the view says when), and one for a keyword still missing
            grants = [e for e in gained if e.get("until") is not None or e["keyword"] in want - have]
            grants += [{"keyword": kw} for kw in sorted(want - have - {e["keyword"] for e in grants})]
            for e in grants:
                m = _until_of(g, e.get("until"))
                m["kw"], m["ts"], m["src"] = e["keyword"], c.ts, e.get("from") or "seen"
                c.mods.append(m)
                granted = True
            if not want - {"swarm"} and have - want:
                c.mods.append({"k": "lose", "ts": c.ts, "src": "seen", "until": "turn", "turn": g.turn})
    if granted:
        g.keyword_granted()
    g.board_changed()


def fit(g: Game, legal: list) -> None:
    """Book-keeping the view does not show but the acting player's own choices do: a sampled game
    (``g``) that offers the player a move, super power or Mobile shift the real game does not
    (``legal``, all of the player's legal actions) is told that character has moved this
    formation step, or used that power (this turn, or for good if it is once a game) or its
    shift this turn, as the real game's book-keeping says (the player knows what they did).
    Without it the search could move a character twice in a formation step, or use a once-a-turn
    power again in its look-ahead."""
    if not legal:
        return
    p = legal[0].player
    real = set(legal)
    extra = [a for a in g.legal_actions(p) if a.type in ("move", "power", "shift") and a not in real]
    if not extra:
        return
    from engine.capeclash.powers import powers_of, used_key
    for a in extra:
        c = g.cards[a["card"]]
        if a.type == "move":
            g.moved.append(c.iid)
        elif a.type == "shift":
            g.used_powers.append(f"mobile:{c.iid}")
        else:
            found = powers_of(g, c)
            if 0 <= a["power"] < len(found):
                pw = found[a["power"]][2]
                if pw.once_per_game:
                    c.used_once.append(pw.name)
                else:
                    g.used_powers.extend([used_key(c, pw)] * max(1, pw.uses))
    g.memo.clear()
    g.view_cache = None


def _strike_back_rebuildable(view: dict, cb: dict) -> bool:
    if cb["stage"] == "ferocious":
        return True
    ids = {*cb["attackers"], cb["defender"]}
    involved = [v for s in view["sides"] for v in s["front"] + s["back"] if v["iid"] in ids]
    return cb["stage"] == "strike" and not any("ferocious" in str(v.get("keywords") or "").lower() for v in involved)


def samplable(view: dict) -> bool:
    """Can ``sample_state`` rebuild a game at this view's decision? Yes between effects (the turn's
    steps, the main phase, the combat windows) and when the defender's strike back is chosen;
    not for questions asked inside an effect (paying a cost, choosing a card, an optional
    ability, the order of triggers), whose book-keeping the view does not show."""
    d = view.get("decision") or {}
    t = d.get("type")
    if t == "strike_back":
        cb = view.get("combat")
        return cb is not None and _strike_back_rebuildable(view, cb)
    return t in SAMPLABLE


def _signature(view: dict) -> tuple:
    """What must agree between a view and a rebuilt game's view of the same seat (``consistent``)."""
    d = view.get("decision") or {}
    sides = tuple((s["side"], tuple((c["iid"], c["cid"], c["row"], c["stunned"], c["exhausted"], c["wounds"],
                                     c["atk"], c["def"], (c.get("equipment") or {}).get("iid"))
                                    for c in s["front"] + s["back"]),
                   tuple(m["iid"] for m in s.get("machines", []))) for s in view["sides"])
    players = tuple((pv["out"], pv["hand_count"], pv["deck_count"], pv["level"], pv["xp"],
                     tuple(f["iid"] for f in pv.get("hand", [])),
                     tuple((r.get("iid"), r["face_up"]) for r in pv["resources"]),
                     tuple(f["iid"] for f in pv["ko"]), tuple(f["iid"] for f in pv["removed"]))
                    for pv in view["players"])
    return (d.get("type"), tuple(d.get("players") or ()), repr(d.get("options")), repr(d.get("optional")),
            view["turn"], view["phase"], view.get("active_side"), sides, players, repr(view.get("combat")))


def consistent(g: Game, view: dict, player: int) -> bool:
    """Does ``g`` (a game rebuilt by replay) look to ``player`` exactly like ``view``: the same
    decision with the same options, the same board, hands, resources and piles?"""
    return g.result is None and _signature(g.view(player)) == _signature(view)


def candidates(view: dict, legal: list) -> list:
    """The actions worth weighing: an attack with a target is not taken back (a policy that may
    take it back can declare and cancel the same attack for ever)."""
    d = view.get("decision") or {}
    if d.get("type") == "declare" and any(a.type == "target" for a in legal):
        return [a for a in legal if a.type != "cancel_attack"]
    return legal


def searchable(view: dict, legal: list, kinds: tuple | None = None) -> bool:
    """Whether the search weighs this decision (its type is one of ``kinds``, default ``SEARCHED``).
    Not once the game drags on (``simple.pressure``): the heuristic, which then presses, decides."""
    d = view.get("decision") or {}
    return d.get("type") in (kinds or SEARCHED) and len(legal) > 1 and not ai_simple.pressure(view)


# ------------------------------------------------------------------ evaluation

# At the start of a turn (where ``hard``'s playouts stop) an exhausted character readies in its
# owner's next recovery and may defend meanwhile: only a frozen one, which skips that ready, is
# worth less. Elsewhere (``normal``'s look-ahead ends once a combat is over) an exhausted character
# cannot attack again this turn.
EXHAUSTED = {False: 0.9, True: 1.0}
FROZEN = {False: 0.9, True: 0.8}


def _side_score(view: dict, side: dict, turn_start: bool = False) -> float:
    score = 0.0
    for c in side["front"] + side["back"]:
        body = 1.0 + 0.45 * max(0, c["atk"]) + 0.35 * max(0, c["def"])
        if c["stunned"]:
            body *= 0.45
        elif c["exhausted"]:
            body *= FROZEN[turn_start] if c["frozen"] else EXHAUSTED[turn_start]
        if c["main"]:
            left = max(0, c["health"] - c["wounds"])
            score += 9.0 * left / max(1, c["health"]) + 2.5 * left + body
        else:
            score += body
    for p in side["players"]:
        pl = view["players"][p]
        if pl["out"]:
            continue
        score += 0.55 * min(len(pl["resources"]), 9) + 0.25 * min(pl["hand_count"], 9)
        score += 3.0 * (pl["level"] - 1)
        if pl.get("xp_needed"):
            score += 1.5 * pl["xp"] / pl["xp_needed"]
        if pl["deck_count"] == 0:
            score -= 1.0
    return score


def evaluate(view: dict, player: int, turn_start: bool = False) -> float:
    """How well ``player`` stands, from 0 to 1, read from a view of the game.

    Counts each side's characters (ATK, DEF, stunned or not), its main character's health left
    (weighted most), levels and XP, resources and cards in hand; the difference to the
    strongest enemy side goes through a logistic curve. A finished game is 1, 0 or a share.
    """
    r = view.get("result")
    if r is not None:
        w = r.get("winners") or []
        return (1.0 / len(w)) if player in w else 0.0
    pls = view["players"]
    return _standing(pls[player]["team"], ((pls[s["players"][0]]["team"], s) for s in view["sides"]
                                           if not all(pls[p]["out"] for p in s["players"])),
                     lambda s: _side_score(view, s, turn_start))


def _standing(my_team, live_sides, score) -> float:
    """The logistic of my team's summed side scores minus the strongest enemy side's; ``live_sides``
    yields (team, side) for the sides with a player still in the game (``evaluate``, ``evaluate_game``)."""
    mine = 0.0
    enemies = []
    for team, side in live_sides:
        if team == my_team:
            mine += score(side)
        else:
            enemies.append(score(side))
    if not enemies:
        return 1.0
    diff = mine - max(enemies)
    return 1.0 / (1.0 + math.exp(-diff / 8.0))


def _game_side_score(g: Game, side: int, turn_start: bool = False) -> float:
    """``_side_score`` read from the game itself, term by term in the same order (the same float)."""
    score = 0.0
    chars = g.characters(side)
    for c in [c for c in chars if c.row == "front"] + [c for c in chars if c.row == "back"]:
        atk, dfn = stats.stats(g, c)
        body = 1.0 + 0.45 * max(0, atk) + 0.35 * max(0, dfn)
        if not c.face_up:
            body *= 0.45
        elif c.exhausted:
            body *= FROZEN[turn_start] if c.frozen else EXHAUSTED[turn_start]
        if c.is_main:
            health = stats.health(g, c)
            left = max(0, health - c.wounds)
            score += 9.0 * left / max(1, health) + 2.5 * left + body
        else:
            score += body
    for p in g.players_of(side):
        pl = g.players[p]
        if pl.out:
            continue
        score += 0.55 * min(len(pl.resources), 9) + 0.25 * min(len(pl.hand), 9)
        score += 3.0 * (pl.level - 1)
        lvl = g.defs[g.cards[pl.main].cid] if pl.main is not None else None
        needed = lvl.level_up.xp if lvl is not None and lvl.level_up else None
        if needed:
            score += 1.5 * pl.xp / needed
        if not pl.deck:
            score -= 1.0
    return score


def evaluate_game(g: Game, player: int, turn_start: bool = False) -> float:
    """``evaluate(g.view(player), player)`` without building the view: the search scores a
    playout's end this way (nothing the evaluation reads is hidden from ``player``: counts of
    hands, decks and resources, and the board). ``tests/test_ai_eval.py`` compares the two.

    >>> from engine.capeclash.testing import sample_game
    >>> g = sample_game(seed=3)
    >>> evaluate_game(g, 0) == evaluate(g.view(0), 0)
    True
    """
    r = g.result
    if r is not None:
        w = r.get("winners") or []
        return (1.0 / len(w)) if player in w else 0.0
    pls = g.players

    def live_sides():
        for s in g.sides:
            ps = g.players_of(s)
            if not all(pls[p].out for p in ps):
                yield pls[ps[0]].team, s
    return _standing(pls[player].team, live_sides(), lambda s: _game_side_score(g, s, turn_start))


def evaluate_at_turn_start(view: dict, player: int) -> float:
    """``evaluate`` for a position at the start of a turn, where ``hard``'s playouts stop: an
    exhausted character is only worth less when frozen (see ``FROZEN``)."""
    return evaluate(view, player, True)


def evaluate_game_at_turn_start(g: Game, player: int) -> float:
    """``evaluate_at_turn_start`` read from the game itself (the same float)."""
    return evaluate_game(g, player, True)


# ------------------------------------------------------------------ the learned evaluation (hard)

FEATURES = ("main_left_share", "main_left", "main_low", "main_stunned", "ready_chars", "ready_atk", "ready_def",
            "front_ready", "stunned_chars", "resources", "hand", "level", "xp_share", "deck_empty")


# the learned weights in FEATURES order, then the side to move's
_LEARNED = tuple(WEIGHTS.get(f, 0.0) for f in (*FEATURES, "to_move"))


def side_features(view: dict, side: dict) -> list[float]:
    """What the learned evaluation counts on one side (``FEATURES``, in that order)."""
    left = share = low = stunned_main = 0.0
    ready = atk = dfn = front = stunned = 0.0
    for c in side["front"] + side["back"]:
        if c["main"]:
            hp = max(0, c["health"] - c["wounds"])
            left += hp
            share += hp / max(1, c["health"])
            low += 1.0 if hp <= 2 else 0.0
            stunned_main += 1.0 if c["stunned"] else 0.0
        if c["stunned"]:
            stunned += 0.0 if c["main"] else 1.0
            continue
        ready += 0.0 if c["main"] else 1.0
        atk += max(0, c["atk"])
        dfn += max(0, c["def"])
        front += 1.0 if c["row"] == "front" else 0.0
    res = hand = level = xp = empty = 0.0
    for p in side["players"]:
        pl = view["players"][p]
        if pl["out"]:
            continue
        res += min(len(pl["resources"]), 10)
        hand += min(pl["hand_count"], 10)
        level += pl["level"] - 1
        xp += pl["xp"] / pl["xp_needed"] if pl.get("xp_needed") else 0.0
        empty += 1.0 if pl["deck_count"] == 0 else 0.0
    return [share, left, low, stunned_main, ready, atk, dfn, front, stunned, res, hand, level, xp, empty]


def position_features(view: dict, player: int) -> list[float] | None:
    """``player``'s side's features minus the strongest enemy side's (by the learned weights),
    then whether ``player``'s side is the one to move: the learned evaluation's input.
    None once the game is over or no enemy side is left."""
    if view.get("result") is not None:
        return None
    w = _LEARNED[:-1]
    my_team = view["players"][player]["team"]
    mine = [0.0] * len(FEATURES)
    enemy, best = None, -math.inf
    for s in view["sides"]:
        if all(view["players"][p]["out"] for p in s["players"]):
            continue
        f = side_features(view, s)
        if view["players"][s["players"][0]]["team"] == my_team:
            mine = [a + b for a, b in zip(mine, f, strict=True)]
        else:
            sc = sum(a * b for a, b in zip(w, f, strict=True))
            if sc > best:
                enemy, best = f, sc
    if enemy is None:
        return None
    active = view["players"][player]["side"] == view["active_side"]
    return [a - b for a, b in zip(mine, enemy, strict=True)] + [1.0 if active else -1.0]


def evaluate_learned(view: dict, player: int) -> float:
    """``evaluate`` with weights fitted to who won normal-vs-normal games (``apps.ai_tune``):
    the chance ``player`` wins from here, by a logistic model of ``position_features``."""
    r = view.get("result")
    if r is not None:
        w = r.get("winners") or []
        return (1.0 / len(w)) if player in w else 0.0
    x = position_features(view, player)
    if x is None:
        return 1.0
    z = sum(w * v for w, v in zip(_LEARNED, x, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


# the evaluations a level may name (``ISMCTSPolicy(evaluation=...)``)
evaluations = {"hand": evaluate, "learned": evaluate_learned, "turn_start": evaluate_at_turn_start}
# the same, read from a game without building a view (the search scores playouts with these)
game_evaluations = {"hand": evaluate_game, "turn_start": evaluate_game_at_turn_start}


# ------------------------------------------------------------------ the heuristic

def _quiet(g: Game, me: int, turn: int) -> bool:
    """The look-ahead stops here: the game is over, the turn changed, or ``me`` is back in a main
    phase with no combat going on."""
    if g.result is not None or g.turn != turn:
        return True
    d = g.decision
    return d is not None and d["type"] == "main" and me in d["players"] and g.combat is None


def playout_done(g: Game, me: int, turn: int, horizon: int = 0) -> bool:
    """Where the search's playouts stop and evaluate: with ``horizon`` 0 where the position is
    quiet (see ``_quiet``), else once ``horizon`` turns have begun since the playout started
    (2: the opponent has had their reply)."""
    if not horizon:
        return _quiet(g, me, turn)
    return g.result is not None or g.turn >= turn + horizon


def _simple_move(g: Game, kind: str, p: int, legal: list, rng: Rng):
    """``ai_simple.choose`` for seat ``p``; in a combat window, where the rule of thumb passes
    (``ai_simple._combat``, which uses no random number), without building a view: most of a
    look-ahead's steps are such windows. ``tests/test_ai_eval.py`` compares it with the plain path."""
    if kind == "combat":
        for a in legal:
            if a.type == "pass":
                return a
        if len(legal) == 1:
            return legal[0]
    return ai_simple.choose(g.view(p), legal, rng)


def play_out(g: Game, me: int, rng: Rng, limit: int = QUIET_LIMIT, horizon: int = 0,
             context: Context | None = None, turn: int | None = None) -> Game:
    """Let the simple policy play every seat until the position is quiet for ``me`` (with
    ``horizon``, until ``playout_done`` says so, counting turns from ``turn``, by default the
    current one). With ``context``, the heuristic (``normal``) plays every seat instead: a model
    of how a careful opponent replies."""
    if turn is None:
        turn = g.turn
    for _ in range(limit):
        if playout_done(g, me, turn, horizon):
            break
        d = g.decision
        if d is None:
            break
        p = d["players"][0]
        legal = g.legal_actions(p)
        _WORK[0] += 1
        if context is None:
            g.apply_unchecked(_simple_move(g, d["type"], p, legal, rng))
        else:
            g.apply_unchecked(legal[0] if len(legal) == 1 else heuristic(g.view(p), legal, rng, context))
    return g


def lookahead_values(view: dict, legal: list, rng: Rng, context: Context, samples: int = 1, *,
                     evaluation=evaluate, horizon: int = 0, plan: int = 0, reply: bool = False,
                     sampler=None, stop=None) -> dict | None:
    """Each candidate's evaluation after playing it out in ``samples`` sampled games (``normal``
    uses the defaults: the hand-weighted ``evaluate`` once the combat is over; ``hard`` may
    pass another ``evaluation`` and a ``horizon``, see ``playout_done``). Futile plays (a plot
    twist or power whose effect cannot change anything, ``engine.capeclash.futility``) get no value: they
    are left out of the result, so no level chooses them. ``stop`` (a search's budget or deadline):
    called before each candidate's look-ahead, True gives up (None: no values)."""
    player = legal[0].player
    totals = dict.fromkeys(legal, 0.0)
    for k in range(samples):
        base = (sampler or sample_state)(view, player, rng, context)
        if base is None or not set(legal) <= set(base.legal_actions(player)):
            return None
        fit(base, legal)
        if k == 0:  # plays that cannot change anything are not weighed (engine.capeclash.futility)
            futile = futility.futile_actions(base, legal)
            if futile and len(futile) < len(legal):
                legal = [a for a in legal if a not in futile]
                totals = dict.fromkeys(legal, 0.0)
        seed = rng.next64() if reply else None
        last = len(legal) - 1
        for i, a in enumerate(legal):
            if stop is not None and stop():
                return None
            # with ``reply``, every candidate meets the same dice (common random numbers)
            r = Rng(seed) if seed is not None else rng
            # the last candidate plays on the sampled game itself: nothing reads it afterwards
            totals[a] += _value_after(base, a, player, r, 0, evaluation, horizon, plan, context, reply, i == last)
    return {a: v / samples for a, v in totals.items()}


def _value_after(base: Game, a, player: int, rng: Rng, depth: int = 0, evaluation=evaluate,
                 horizon: int = 0, plan: int = 0, context: Context | None = None, reply: bool = False,
                 own: bool = False) -> float:
    """The evaluation after ``a`` and a play-out; an attack is worth its best target. With
    ``plan``, the heuristic then takes up to ``plan`` more of ``player``'s main-phase decisions
    of this turn (each played out in turn) before the evaluation. ``own``: nothing reads ``base``
    afterwards, so it is played on instead of a copy (a copy plays on exactly like its original:
    ``test_engine_api``; the values are those of copies: ``test_ai_eval``)."""
    g = base if own else base.copy()
    turn = g.turn
    _WORK[0] += 1
    g.apply_unchecked(a)
    d = g.decision
    if depth == 0 and a.type == "attack" and d and d["type"] == "declare" and player in d["players"]:
        targets = [t for t in g.legal_actions(player) if t.type == "target"]
        if targets:
            last = len(targets) - 1
            return max(_value_after(g, t, player, Rng(rng.state) if reply else rng, 1, evaluation, horizon, plan,
                                    context, reply, i == last) for i, t in enumerate(targets))
    # a horizon counts from the turn the candidate was chosen in: ending the turn must not buy
    # the candidate a turn more than the others get
    play_out(g, player, Rng(rng.next64()), QUIET_LIMIT if not horizon else HORIZON_LIMIT, horizon,
             context if reply else None, turn if horizon else None)
    for _ in range(plan):
        d = g.decision
        if g.result is not None or g.turn != turn or not d or d["type"] != "main" or player not in d["players"]:
            break
        legal = g.legal_actions(player)
        g.apply_unchecked(heuristic(g.view(player), legal, Rng(rng.next64()), context) if len(legal) > 1 else legal[0])
        play_out(g, player, Rng(rng.next64()))
    return evaluate_game(g, player) if evaluation is evaluate else evaluation(g.view(player), player)


def prior(view: dict, legal: list, rng: Rng, context: Context | None, samples: int = 1, *,
          evaluation: str | None = None, horizon: int = 0, plan: int = 0, reply: bool = False,
          sampler=None, stop=None) -> dict | None:
    """The search's prior: each action's look-ahead value averaged over ``samples`` sampled games
    (the rule of thumb's own choice gets a hair more, as in ``heuristic``); ``evaluation`` names
    one of ``evaluations`` (default the hand-weighted one), ``horizon`` as in ``playout_done``;
    ``sampler`` replaces ``sample_state`` (a decision rebuilt by replay, see ``consistent``); ``stop``
    as in ``lookahead_values``."""
    if context is None:
        return None
    values = lookahead_values(view, legal, rng, context, samples, evaluation=evaluations.get(evaluation or "hand", evaluate),
                              horizon=horizon, plan=plan, reply=reply, sampler=sampler, stop=stop)
    if values:
        simple = ai_simple.choose(view, legal, Rng(rng.state))
        if simple in values:
            values[simple] += 0.002
    return values


def heuristic(view: dict, legal: list, rng: Rng, context: Context | None = None, slack: float = 0.0):
    """The heuristic's choice: look-ahead in the main phase and in combat, rules of thumb elsewhere."""
    d = view.get("decision") or {}
    if context is not None and d.get("type") in LOOKAHEAD and len(legal) > 1:
        cands = candidates(view, legal)
        values = lookahead_values(view, cands, rng, context)
        if values:
            simple = ai_simple.choose(view, legal, Rng(rng.state))
            if simple in values:
                values[simple] += 0.002  # on equal boards, the rule of thumb decides
            push = ai_simple.pressure(view) * PRESSURE_BONUS if d["type"] == "main" else 0.0
            if push:
                for a in values:
                    if a.type == "attack":
                        values[a] += push
            top = max(values.values())
            near = [a for a in cands if a in values and values[a] >= top - slack]
            return near[0] if len(near) == 1 else near[rng.below(len(near))]
    return ai_simple.choose(view, legal, rng)


def seat_choice(view: dict, legal: list, go_first: bool = True):
    """The answer to "who goes first" of a level that prefers to go first (``go_first``) or second:
    in a duel, its own side or the other one; None for any other decision, or with more than two
    sides (where going later was not measured), and the heuristic decides.

    >>> from engine.capeclash.testing import sample_game
    >>> g = sample_game(seed=1)
    >>> g.decision["type"]
    'choose_first'
    >>> p = g.to_act[0]
    >>> seat_choice(g.view(p), g.legal_actions(p), go_first=False)["side"] != g.players[p].side
    True
    """
    d = view.get("decision") or {}
    if d.get("type") != "choose_first" or len(view.get("sides") or ()) != 2 or not legal:
        return None
    mine = view["players"][legal[0].player]["side"]
    return next((a for a in legal if a.type == "choose_first" and (a["side"] == mine) == go_first), None)


def fast_policy(view: dict, legal: list, rng: Rng):
    """The playout policy of the search: the simple rules of thumb."""
    return ai_simple.choose(view, legal, rng)
