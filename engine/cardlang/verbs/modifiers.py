"""Verbs that change what a character is, for a while or for good: stat modifiers (``modify``,
``set_base``, ``swap_stats``), counters (``counter``, ``remove_counters``), keywords and powers
(``grant``, ``grant_trigger``, ``lose_powers``) and ``impersonate``."""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.capeclash import zones
from engine.capeclash.state import Modifier
from engine.cardlang import language as L
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, each, register

COUNTER_LABELS = {"plus": "+1/+1", "minus": "-1/-1", "wound": "wound", "vitality": "vitality"}
COUNTER_ATTRS = {"plus": "plus", "minus": "minus", "wound": "wounds", "vitality": "vitality"}


def _source_face_up(g, frame: fx.Frame) -> bool:
    src = frame.src
    return src is not None and g.cards[src].zone == "play" and g.cards[src].face_up


def _add_mod(g, frame: fx.Frame, a: dict, kind: str) -> bool:
    until = fx.step_until(g, frame, a)  # (as the rules text says)
    vals = {k: fx.amount(g, frame, a[k]) for k in ("atk", "def") if k in a}
    g.dirty = True
    if until == "source_leaves" and not _source_face_up(g, frame):
        return True  # it lasts while its source stays face up in play: already over
    for c in fx.select(g, frame, a["target"]):
        if not c.face_up:
            continue
        m: Modifier = {"k": kind, "ts": g.tick(), "src": frame.name, "until": until, "turn": g.turn}
        if until == "your_next_turn":
            m["by"] = g.players[frame.ctl].side
        if until == "source_leaves" and frame.src is not None:  # (not None: checked above)
            m["source"] = frame.src
        if kind != "swap":  # (in this order: a modifier is saved and hashed as it is)
            if "atk" in vals:
                m["atk"] = vals["atk"]
            if "def" in vals:
                m["def"] = vals["def"]
        c.mods.append(m)
        if kind == "add":
            g.log("modify", f"{g.name(c.iid)} gets {vals.get('atk', 0):+d}/{vals.get('def', 0):+d} "
                            f"from {frame.name}.")
        elif kind == "swap":
            g.log("modify", f"{g.name(c.iid)}'s ATK and DEF are swapped by {frame.name}.")
        else:
            g.log("modify", f"{g.name(c.iid)}'s base stats are set by {frame.name}.")
    return True


@register
class Modify(Verb):
    """Give characters +N/+N (or -N) for a while (default: this combat, or this turn outside one)."""

    name = "modify"
    args = {"target": "selector", "atk": "amount?", "def": "amount?", "until": "duration?"}
    acts_on = ("target",)
    example = [{"modify": {"target": "self", "atk": 2, "def": -1, "until": "turn"}}]

    def check(self, args, err) -> None:
        if "atk" not in args and "def" not in args:
            err("atk", "give atk, def or both: the change to the characters' stats")
        elif all(args.get(k, 0) == 0 and isinstance(args.get(k, 0), int) for k in ("atk", "def")):
            err("atk", "+0/+0 changes nothing: give atk or def a number other than 0")

    def run(self, g, frame, a) -> bool:
        return _add_mod(g, frame, a, "add")

    def text(self, a, r) -> str:
        t = r.target(a["target"])
        counted = [v for v in (a.get("atk"), a.get("def")) if isinstance(v, dict)]
        if len(counted) == 2 and counted[0] != counted[1]:  # two different counts: X and Y
            x, y = (r.amount(v)[len("X, where X is "):] for v in counted)
            return f"{P.cap(t)} gets +X/+Y{r.duration(a)}, where X is {x} and Y is {y}."
        where = r.amount(counted[0]).replace("X, where", ", where", 1) if counted else ""
        return f"{P.cap(t)} gets {P.signed(a.get('atk', 0))}/{P.signed(a.get('def', 0))}{r.duration(a)}{where}."


@register
class SetBase(Verb):
    """Set characters' base ATK and/or DEF for a while."""

    name = "set_base"
    args = {"target": "selector", "atk": "amount?", "def": "amount?", "until": "duration?"}
    acts_on = ("target",)
    example = [{"set_base": {"target": "self", "atk": 5}}]

    def check(self, args, err) -> None:
        if "atk" not in args and "def" not in args:
            err("atk", "give atk, def or both: the new base stats")

    def run(self, g, frame, a) -> bool:
        return _add_mod(g, frame, a, "set_base")

    def text(self, a, r) -> str:
        parts = []
        if "atk" in a:
            parts.append(f"base ATK becomes {r.amount(a['atk'])}")
        if "def" in a:
            parts.append(f"base DEF becomes {r.amount(a['def'])}")
        t = r.target(a["target"])
        if t.startswith("each of "):  # several chosen characters: "for each of them, its base ATK ..."
            return f"For {t}, its {' and '.join(parts)}{r.duration(a)}."
        return f"{P.cap(P.possessive(t))} {' and '.join(parts)}{r.duration(a)}."


@register
class SwapStats(Verb):
    """Swap characters' ATK and DEF for a while."""

    name = "swap_stats"
    args = {"target": "selector", "until": "duration?"}
    acts_on = ("target",)
    example = [{"swap_stats": {"target": "defender"}}]

    def run(self, g, frame, a) -> bool:
        return _add_mod(g, frame, a, "swap")

    def text(self, a, r) -> str:
        t = r.target(a["target"])
        if t.startswith("each of "):  # several chosen characters: "each of them's" is no English
            return f"Swap the ATK and DEF of {t}{r.duration(a)}."
        return f"Swap {P.possessive(t)} ATK and DEF{r.duration(a)}."


@register
class Counter(Verb):
    """Put N counters of a kind (+1/+1, -1/-1, wound, vitality) on characters."""

    name = "counter"
    args = {"target": "selector", "kind": "counter_kind", "n": "amount?"}
    acts_on = ("target",)
    example = [{"counter": {"target": "each_enemy", "kind": "minus", "n": 2}}]

    def run(self, g, frame, a) -> bool:
        # the number is counted once, as the step resolves: the counters it puts on one character
        # don't change how many the next one gets (a resolving effect's information is locked in)
        n = fx.amount(g, frame, a.get("n", 1))
        return each(g, frame, a, lambda c: zones.add_counters(g, c, a["kind"], n))

    def text(self, a, r) -> str:
        n = a.get("n", 1)
        if isinstance(n, dict) and next(iter(n)) in L.PLAY_CARD_AMOUNTS:  # "... for each equipment on your side"
            return f"Put a {COUNTER_LABELS[a['kind']]} counter on {r.target(a['target'])} {P.for_each(n)}."
        count = P.NUM.get(n, str(n)) if isinstance(n, int) else "X"
        plural = "s" if n != 1 else ""
        where = "" if isinstance(n, int) else r.amount(n).replace("X, where", ", where", 1)
        return f"Put {count} {COUNTER_LABELS[a['kind']]} counter{plural} on {r.target(a['target'])}{where}."


@register
class RemoveCounters(Verb):
    """Take up to N counters of a kind off characters."""

    name = "remove_counters"
    args = {"target": "selector", "kind": "counter_kind", "n": "amount?"}
    acts_on = ("target",)
    example = [{"remove_counters": {"target": {"each": {"side": "yours", "row": "front"}}, "kind": "minus", "n": 2}}]

    def run(self, g, frame, a) -> bool:
        n = fx.amount(g, frame, a.get("n", 1))  # counted once, before any counter comes off

        def go(c):
            attr = COUNTER_ATTRS[a["kind"]]
            took = min(n, getattr(c, attr))
            if took:
                setattr(c, attr, getattr(c, attr) - took)
                g.dirty = True
                g.log("counter", f"{took} {COUNTER_LABELS[a['kind']]} counter{'s' if took > 1 else ''} "
                                 f"come{'' if took > 1 else 's'} off {g.name(c.iid)}.")
        return each(g, frame, a, go)

    def text(self, a, r) -> str:
        n = a.get("n", 1)
        count = P.NUM.get(n, str(n)) if isinstance(n, int) else "X"
        count = "a" if n == 1 else count
        where = "" if isinstance(n, int) else r.amount(n).replace("X, where", ", where", 1)
        return f"Remove {count} {COUNTER_LABELS[a['kind']]} counter{'s' if n != 1 else ''} from {r.target(a['target'])}{where}."


def _grants(g, frame, a, what: dict):
    """The characters of ``a["target"]`` that gain something until ``a["until"]`` (default: this
    combat in a combat, else this turn), each with its modifier (``what`` and the duration's
    fields). Stunned characters and characters that can't gain powers gain nothing."""
    until = fx.step_until(g, frame, a)  # (as the rules text says)
    if until == "source_leaves" and not _source_face_up(g, frame):
        return
    for c in fx.select(g, frame, a["target"]):
        if not c.face_up or any(m.get("cant_gain") for m in c.mods):
            continue
        m = {**what, "ts": g.tick(), "src": frame.name, "until": until, "turn": g.turn}
        if until == "your_next_turn":
            m["by"] = g.players[frame.ctl].side
        if until == "source_leaves":
            m["source"] = frame.src
        yield c, m


@register
class Grant(Verb):
    """Give face-up characters a keyword for a while."""

    name = "grant"
    args = {"target": "selector", "keyword": "keyword", "until": "duration?"}
    acts_on = ("target",)
    example = [{"grant": {"target": "self", "keyword": "flight", "until": "turn"}}]

    def check(self, args, err) -> None:
        spec = L.KEYWORDS.get(args.get("keyword")) if isinstance(args.get("keyword"), str) else None
        if spec and spec.get("param") and "default" not in spec:
            err("keyword", f"{args['keyword']} needs a parameter ({spec['param']}), and a granted keyword has none: "
                           "grant a keyword without one")

    def run(self, g, frame, a) -> bool:
        for c, m in _grants(g, frame, a, {"k": "grant", "kw": a["keyword"]}):
            c.mods.append(m)
            g.dirty = True
            g.keyword_granted()
            g.log("grant", f"{g.name(c.iid)} gains {a['keyword'].replace('_', ' ').title()}.")
        return True

    def text(self, a, r) -> str:
        return f"{P.cap(r.target(a['target']))} gains [[{P.kw(a['keyword'])}]]{r.duration(a)}."


@register
class GrantTrigger(Verb):
    """Give face-up characters a triggered ability (like a printed one) until the duration ends.

    The ability is written like a card's ``triggers:`` entry and checked the same way. It triggers
    for the character that has it (``self`` in its effect) until the duration ends or that
    character leaves play; stunned characters and characters that can't gain powers gain none."""

    name = "grant_trigger"
    args = {"target": "selector", "trigger": "trigger", "until": "duration?"}
    acts_on = ("target",)
    example = [{"choose": {"what": "character", "filter": {"side": "yours"}, "as": "hero"}},
               {"grant_trigger": {"target": "hero", "until": "turn",
                                  "trigger": {"when": "stuns", "effect": [{"draw": {"n": 1}}]}}}]

    def run(self, g, frame, a) -> bool:
        # the modifier points at the ability in the card data (``triggers.granted_trigger``)
        what = {"k": "trig", "on": a["trigger"]["when"], "ref": [*frame.ref, frame.pc, "trigger"]}
        for c, m in _grants(g, frame, a, what):
            c.mods.append(m)
            g.dirty = True
            g.log("grant", f"{g.name(c.iid)} gains a triggered ability from {frame.name}.")
        return True

    def text(self, a, r) -> str:
        from engine.cardlang.text import trigger_line  # (text imports the verbs)
        t = a["trigger"]
        line = trigger_line(t["when"], t.get("if"), t["effect"], bool(t.get("optional")), r.pool)
        return f'{P.cap(r.target(a["target"]))} gains "{line}"{r.duration(a)}.'


@register
class LosePowers(Verb):
    """Characters lose their keywords and super powers (and may be barred from gaining any)."""

    name = "lose_powers"
    args = {"target": "selector", "until": "duration?", "and_cant_gain": "bool?"}
    acts_on = ("target",)
    example = [{"lose_powers": {"target": "defender", "until": "turn"}}]

    def run(self, g, frame, a) -> bool:
        until = a.get("until", "permanent")
        for c in fx.select(g, frame, a["target"]):
            m: Modifier = {"k": "lose", "ts": g.tick(), "src": frame.name, "until": until, "turn": g.turn}
            if a.get("and_cant_gain"):
                m["cant_gain"] = True
            if until == "source_leaves":
                src = g.cards[frame.src] if frame.src is not None else None
                if src is None or src.zone != "play" or not src.face_up:
                    continue  # its source is already gone
                m["source"] = src.iid
            c.mods.append(m)
            g.dirty = True
            g.log("lose_powers", f"{g.name(c.iid)} loses its keywords and super powers.")
        return True

    def text(self, a, r) -> str:
        cant = " and can't gain powers" if a.get("and_cant_gain") else ""
        return f"{P.cap(r.target(a['target']))} loses its keywords and super powers{cant}" \
               f"{r.duration(a, 'permanent')}."


@register
class Impersonate(Verb):
    """A character takes on another character's name and base ATK/DEF (the model may be in any zone)."""

    name = "impersonate"
    args = {"target": "selector", "model": "selector", "until": "duration?"}
    card_args = ("model",)

    def check(self, args, err) -> None:
        if isinstance(args.get("model"), str) and args.get("model") == args.get("target"):
            err("model", "names the same character as target: a character can't impersonate itself")
    example = [{"choose": {"what": "card", "from": "any_ko", "card_filter": {"type": "supporting"}, "as": "m"}},
               {"impersonate": {"target": "self", "model": "m"}}]

    def run(self, g, frame, a) -> bool:
        models = fx.select(g, frame, a["model"], anywhere=True)
        if not models:
            return True
        md = g.defs[models[0].cid]
        until = a.get("until", "permanent")
        for c in fx.select(g, frame, a["target"]):
            c.mods.append({"k": "impersonate", "name": md.name, "atk": md.atk, "def": md.defense, "ts": g.tick(),
                           "src": frame.name, "until": until, "turn": g.turn})
            g.dirty = True
            g.log("impersonate", f"{g.name(c.iid)} impersonates {md.name}.")
        return True

    def text(self, a, r) -> str:
        return (f"{P.cap(r.target(a['target']))} impersonates {r.target(a['model'])}: it takes that "
                f"character's name and base ATK and DEF{r.duration(a, 'permanent')}, until that character "
                "shows up on any side.")
