"""Rules text rendered from a card's abilities, so printed and played cards agree.

Power symbols and keywords appear as markup (``{might}``, ``[[Flight]]``) that
the terminal, the browser and the printer each draw in their own way.

>>> from engine.cardlang.cards import CardPool
>>> pool = CardPool.from_data([{"id": "x", "name": "X", "type": "plot_twist", "timing": "main",
...     "effect": [{"choose": {"what": "character", "filter": {"side": "enemy"}, "as": "t"}},
...                {"counter": {"target": "t", "kind": "minus", "n": 2}}]}])
>>> render_effect(pool["x"].effect)
'Choose an enemy character. Put two -1/-1 counters on it.'
"""

from __future__ import annotations

from engine.cardlang import language as L
from engine.cardlang.cards import CardDef
from engine.cardlang.phrases import (  # noqa: F401 (DURATION, NUM, COUNT_PLURALS: re-exported)
    COUNT_PLURALS,
    DURATION,
    NUM,
    render_condition,
    restriction_phrase,
    you_may,
)
from engine.cardlang.phrases import amount as _amount
from engine.cardlang.phrases import filter_phrase as _filter_phrase
from engine.cardlang.phrases import kw as _kw
from engine.cardlang.phrases import lower as _lower
from engine.cardlang.phrases import signed_any as _signed_any

# each verb's rules text is in its class: the modules are imported by name (not only Render) so that
# whatever follows this module's imports to see what the text depends on (printgen's cache key)
# finds them all
from engine.cardlang.verbs import (  # noqa: F401
    Render,
    base,
    characters,
    choices,
    combat,
    control,
    modifiers,
    players,
    restrictions,
    zones,
)

COMBAT_EVENTS = L.COMBAT_EVENTS  # (re-exported)
from engine.cardlang.verbs import deck as _deck_verbs  # noqa: E402,F401 (issue 18, part B: its text too)
from engine.cardlang.verbs import targets as _target_verbs  # noqa: E402,F401 (issue 18: equipment, locations...)

# events that happen to a player or a side, not to the character with the ability
NOT_ABOUT_THIS_CHARACTER: tuple[str, ...] = ("start_of_turn", "end_of_turn", "ally_appears", "enemy_appears", "you_play_plot_twist",
                            "you_recruit", "pays_symbol", "enemy_uses_power", "enemy_plays_plot_twist")
NOT_ABOUT_THIS_CHARACTER += ("ally_ko", "card_played", "location_appears", "draw_phase")  # (issue 18 A)


def _events_phrase(events) -> str:
    """'this character attacks or is attacked', 'you play a plot twist', 'this character stuns an
    enemy character or your turn ends'."""
    parts, said_subject = [], False
    for w in events:
        if w in NOT_ABOUT_THIS_CHARACTER:
            parts.append(L.EVENTS[w])
        else:
            parts.append(L.EVENTS[w] if said_subject else f"this character {L.EVENTS[w]}")
            said_subject = True
    return " or ".join(parts)


def requirement_phrase(key: str, n: int) -> str:
    """A plot twist's requirement: 'a Skylark Wing character', '2 Good characters', 'a character with Flight'."""
    if key.startswith("alignment:"):
        what = key.split(":", 1)[1].capitalize()
        return f"{n} {what} characters" if n > 1 else f"{'an' if what[:1] in 'AEIOU' else 'a'} {what} character"
    if key.startswith("keyword:"):
        kw = f"[[{_kw(key.split(':', 1)[1])}]]"
        return f"{n} characters with {kw}" if n > 1 else f"a character with {kw}"
    return f"{n} {key} characters" if n > 1 else f"{'an' if key[:1] in 'AEIOU' else 'a'} {key} character"


def render_effect(steps, chosen: dict | None = None, until: str = "combat", pool=None) -> str:
    """English for a list of steps (each verb's ``text``). ``until``: what a modifier without its own
    ``until`` lasts ("combat" for combat abilities, "turn" otherwise); ``pool``: the card pool, to name
    the cards the effect refers to (the token it creates)."""
    return Render(chosen, until, pool).effect(steps)


def render_step(step: dict, chosen: dict, until: str = "combat") -> str:
    """English for one step; a name it chooses is added to ``chosen``."""
    return Render(chosen, until).step(step)


def trigger_line(on: str, cond, effect, optional: bool = False, pool=None) -> str:
    """A triggered ability's rules text: a card's ``triggers:`` entry, or one ``grant_trigger`` gives."""
    until = L.default_duration(on=on)
    subject = "" if on in NOT_ABOUT_THIS_CHARACTER else "this character "
    when = f", if {render_condition(cond)}" if cond else ""
    body = render_effect(effect, None, until, pool)
    body = you_may(body) if optional else _lower(body)
    return f"When {subject}{L.EVENTS[on]}{when}, {body}"


def _cost(cost) -> str:
    return "".join("{" + s + "}" for s in cost)


def _timing(timing: str, any_turn: bool) -> str:
    word = {"build": "Build", "main": "Main", "combat": "Combat", "any_combat": "Any Combat"}[timing]
    return word + (" {any_turn}" if any_turn else "")


def ability_lines(c: CardDef, pool=None) -> list[str]:
    """The rules text of a card, one paragraph per ability (``pool``: the card pool, to name the
    cards its effects refer to by id; without it an id reads as a name)."""
    lines = []
    kws = sorted(k for k in c.keywords if k not in ("flight", "ranged"))
    icons = [f"[[{k.title()}]]" for k in ("flight", "ranged") if k in c.keywords]
    if icons or kws:
        lines.append(" ".join(icons + [keyword_label(c, k) for k in kws]))
    if c.type == "equipment" and c.machine:
        lines.insert(0, "Machine: put it into one of your rows during your recruit step. It isn't a character; "
                        "it can be attacked while no face-up character shares its row, and is KO'd when it is.")
    elif c.type == "equipment":
        lines.insert(0, "Put this on a face-up character on your side during your recruit step"
                        f"{wearer_clause(c)}. That character has:")
    for st in c.statics:
        lines.append(render_static(st, "It" if c.type == "equipment" else "This character"))
    for t in c.triggers:
        lines.append(trigger_line(t.on, t.cond, t.effect, t.optional, pool))
    for pw in c.powers:
        if pw.timings and pw.timing != pw.timings[0] or pw.costs and pw.cost != pw.costs[0]:
            continue  # one power with several timings or costs reads once ("Main / Combat {might} or {energy}")
        until = L.default_duration(timings=(pw.timing,), reaction=pw.reaction)
        once = " (once per game)" if pw.once_per_game else ""
        once += USES_WORDS.get(pw.uses, f" ({pw.uses} times per turn)")
        once += {"hand": " (from your hand)", "ko": " (from your KO pile)"}.get(pw.zone, "")
        costs = ' or '.join(_cost(k) for k in pw.costs or (pw.cost,))
        when = f"Reaction {costs}{once}: When {L.EVENTS[pw.reaction]}, you may pay to use this. " \
            if pw.reaction else f"{' / '.join(_timing(t, pw.any_turn) for t in pw.timings or (pw.timing,))} " \
            f"{costs}{once}: "
        lines.append(f"**{pw.name}** - {when}{render_effect(pw.effect, None, until, pool)}")
    if c.returns_to:
        lines.append(f"When this main character is KO'd, it goes back to your {c.returns_to} pile instead. "
                     f"You lose only when none of your main characters is in play.")
    if c.level_up and c.level_up.transform:
        events = _events_phrase(c.level_up.when)
        cond = f", if {render_condition(c.level_up.cond)}" if c.level_up.cond else ""
        lines.append(f"Transform: When {events}{cond}, it becomes its next form at once "
                     "(it keeps its wounds, counters, equipment and modifiers).")
    elif c.level_up:
        events = _events_phrase(c.level_up.when)
        cond = f", if {render_condition(c.level_up.cond)}" if c.level_up.cond else ""
        lines.append(f"Level up ({c.level_up.xp}): When {events}{cond}, gain 1 XP.")
    if c.type == "plot_twist":
        if c.requires:
            needs = " and ".join(requirement_phrase(t, n) for t, n in c.requires)
            lines.append(f"Play it only while you have {needs} face up on your side.")
        until = L.default_duration(timings=c.timing)
        timing = " / ".join(_timing(t, c.any_turn and t in ("combat", "any_combat")) for t in c.timing)
        lines.append(f"{timing}: {render_effect(c.effect, None, until, pool)}")
    lines += discount_lines(c) + equipment_lines(c) + deck_rule_lines(c)
    if c.type == "location":
        if c.symbol:
            lines.append(f"Makes {{{c.symbol}}}.")
        else:
            lines.append(f"Makes any power symbol, for {', '.join(c.teams)} characters only.")
    return lines


USES_WORDS = {1: "", 0: " (any number of times per turn)", 2: " (twice per turn)", 3: " (three times per turn)"}


def wearer_clause(c: CardDef) -> str:
    """' (only a Dawnwatch character with 4 or more health)': who may wear a piece of equipment."""
    return f" (only {_filter_phrase(c.wearer)})" if c.wearer else ""


def discount_lines(c: CardDef) -> list[str]:
    """Recruit cost reductions: 'Recruiting a supporting character with [[Flight]] costs you 1 less.'"""
    from engine.cardlang.phrases import card_filter_phrase
    out = []
    for dc in c.discounts:
        if "power" in dc:
            who = _filter_phrase(dc["affects"])
            who = "each " + who.split(" ", 1)[1] if dc["affects"] else "each character"
            cond = f" while {render_condition(dc['if'])}" if "if" in dc else ""
            out.append(f"The super powers of {who} cost {{{dc['power']}}} less{cond} (never less than one symbol).")
            continue
        flt = dc["card_filter"]
        what = card_filter_phrase(flt if "type" in flt else {**flt, "type": "supporting"})
        verb = "Equipping" if flt.get("type") == "equipment" else "Recruiting"
        what = what.replace("an equipment", "a piece of equipment")
        cond = f" if {render_condition(dc['if'])}" if "if" in dc else ""
        out.append(f"{verb} {what} costs you {dc['n']} less{cond} (never less than 0).")
    return out


def equipment_lines(c: CardDef) -> list[str]:
    """Equipment details: one of a kind, stays on a stunned wearer."""
    out = []
    if c.stays_on_stun:
        out.append("It stays on its character when that character is stunned.")
    if c.one_of_a_kind:
        out.append("One of a kind: you can't equip this while an equipment with its name is on your side.")
    return out


def deck_requirement_phrase(req: dict) -> str:
    """'your main character is a Dawnwatch member', 'it holds 3 or more other Gloom Syndicate cards'."""
    parts = []
    if "main_team" in req:
        parts.append(f"your main character is a member of {req['main_team']}")
    if "count" in req:
        words = []
        if "team" in req:
            words.append(req["team"])
        noun = {"plot_twist": "plot twists", "supporting": "supporting characters", "location": "locations",
                "equipment": "equipment cards"}.get(str(req.get("type")), "cards")
        words.append(noun)
        kw = f" with [[{_kw(req['keyword'])}]]" if "keyword" in req else ""
        parts.append(f"it holds {req['count']} or more other {' '.join(words)}{kw}")
    return " and ".join(parts)


def deck_rule_lines(c: CardDef) -> list[str]:
    """A card's deck-building clauses, as printed."""
    rules = c.deck_rules or {}
    out = []
    if "max_copies" in rules:
        n = rules["max_copies"]
        out.append("Only one copy of this card may be in a deck." if n == 1
                   else f"No more than {NUM.get(n, n)} copies of this card may be in a deck.")
    if "requires" in rules:
        out.append(f"Your deck may contain this card only if {deck_requirement_phrase(rules['requires'])}.")
    return out


def keyword_label(c: CardDef, k: str) -> str:
    p = c.kw_param(k)
    if p is None or k == "lethal" and p == "stuns":
        return f"[[{_kw(k)}]]"
    if isinstance(p, dict):
        return f"[[{_kw(k)}]] ({render_condition(p)})"
    if k == "grows" and p in L.COUNTABLES:
        return f"[[{_kw(k)}]] (+1/+1 for each {L.COUNTABLES[p]})"
    return f"[[{_kw(k)}]] ({_kw(p) if k in ('elusive',) else p})"


def keyword_rules(k: str, param=None) -> str:
    """A keyword's rules text (with its parameter filled in)."""
    spec = L.KEYWORDS[k]
    if k == "lethal" and param in spec.get("variants", {}):
        return spec["variants"][param]
    text = spec["text"]
    if "{param}" in text:
        if isinstance(param, dict):
            param = render_condition(param)
        elif k == "grows":
            param = L.COUNTABLES.get(param, param)
        text = text.replace("{param}", str(param) if param is not None else "X")
    return text


def render_static(st: dict, subject: str = "This character") -> str:
    if "players" in st:  # a restriction on players
        from engine.cardlang.verbs.restrictions import _WHO, restriction_words
        cond = f" while {render_condition(st['while'])}" if "while" in st else ""
        return f"{_WHO[st['players']][0]} {restriction_words(st, st['players'] == 'each')}{cond}."
    if "affects" not in st:
        who = subject
    else:
        phrase = _filter_phrase(st["affects"])
        who = "Each " + phrase.split(" ", 1)[1]  # "a ..." / "an ..." -> "Each ..."
    parts = []
    counted = [v for v in (st.get("atk"), st.get("def")) if isinstance(v, dict)]
    two = len(counted) == 2 and counted[0] != counted[1]  # two different counts: +X/+Y
    if two:
        parts.append("gets +X/+Y")
    elif "atk" in st or "def" in st:
        parts.append(f"gets {_signed_any(st.get('atk', 0))}/{_signed_any(st.get('def', 0))}")
    if st.get("grant"):
        parts.append("has " + " and ".join(f"[[{_kw(k)}]]" for k in st["grant"]))
    if st.get("cant"):
        parts.append(restriction_phrase(st["cant"]))
    cond = f" while {render_condition(st['while'])}" if "while" in st else ""
    out = f"{who} {' and '.join(parts)}{cond}."
    if two:
        x, y = (_amount(v)[len("X, where X is "):] for v in counted)
        return out[:-1] + f", where X is {x} and Y is {y}."
    for v in (st.get("atk"), st.get("def")):
        if isinstance(v, dict):  # "+0/+X, where X is ..." (before the full stop)
            out = out[:-1] + _amount(v).replace("X, where", ", where", 1) + "."
            break
    return out


def card_text(c: CardDef, full: bool = False, pool=None) -> str:
    """A card as text: its header line (its name, with the names it also counts as: AKA) and rendered
    rules text (``pool``: see ``ability_lines``)."""
    head = [c.name + (f" (AKA {' / '.join(c.aka)})" if c.aka else "")]
    if c.type == "main":
        head.append(f"main character, level {c.level}")
    else:
        head.append(c.type.replace("_", " "))
    if c.teams:
        head.append(" / ".join(c.teams))
    if c.cost is not None:
        head.append(f"cost {c.cost}")
    if c.is_character:
        head.append(f"{c.atk}/{c.defense}, health {c.health}")
    if c.requires:
        head.append("needs " + ", ".join(requirement_phrase(t, n) for t, n in c.requires))
    out = [" - ".join(head)]
    out += ["  " + ln for ln in (c.text.splitlines() if c.text else ability_lines(c, pool))]
    if full and c.aka:  # the other names it goes by (for uniqueness and power-ups)
        out.append(f"  Also known as: {', '.join(c.aka)}.")
    if full and c.flavor:
        # a flavor text that is a quotation carries its own quotes
        quoted = c.flavor.startswith('"') and c.flavor.endswith('"')
        out.append(f"  {c.flavor}" if quoted else f"  \"{c.flavor}\"")
    if full:
        out.append(f"  id: {c.id}" + (f" ({c.source})" if c.source else ""))
    return "\n".join(out)
