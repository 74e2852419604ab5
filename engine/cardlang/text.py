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

NUM = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
DURATION = {"combat": " this combat", "turn": " this turn", "next_turn": " until the end of next turn",
            "permanent": "", "source_leaves": " while this character stays face up in play"}

# Things counted by ``{count: ...}`` amounts, in the plural.
COUNT_PLURALS = {"resources": "resources you have", "hand": "cards in your hand", "wounds": "wounds on it",
                 "ko_pile": "cards in your KO pile", "allies": "other characters on your side",
                 "enemies": "enemy characters"}

def _until(a: dict, default: str) -> str:
    """A modifier's duration; without ``until`` it lasts the combat, or the turn outside one."""
    return DURATION[a.get("until", default)]


def _target(sel, chosen: set[str]) -> str:
    if isinstance(sel, dict):
        phrase = _filter_phrase(sel["each"])
        return "each " + phrase.split(" ", 1)[1]
    if sel in chosen:
        return "it"
    return {"self": "this character", "attackers": "each attacker", "defender": "the defender",
            "in_combat": "each character in the combat", "your_main": "your main character",
            "each_enemy": "each enemy character", "each_ally": "each character on your side",
            "that_character": "that character"}.get(sel, sel)


def _filter_phrase(f: dict) -> str:
    words = []
    if f.get("stunned"):
        words.append("stunned")
    side = f.get("side")
    if side == "enemy":
        words.append("enemy")
    if "alignment" in f:
        words.append(f["alignment"].capitalize())
    if "team" in f:
        words.append(f["team"])
    kind = f.get("kind")
    words.append({"main": "main character", "supporting": "supporting character"}.get(kind, "character"))
    out = " ".join(words)
    tail = []
    if side == "yours":
        tail.append("on your side")
    if "row" in f:
        tail.append(f"in the {f['row']} row")
    if f.get("in_combat"):
        tail.append("in the combat")
    if "keyword" in f:
        tail.append(f"with [[{f['keyword'].replace('_', ' ').title()}]]")
    if "cost_max" in f:
        tail.append(f"that costs {f['cost_max']} or less")
    if "atk_max" in f:
        tail.append(f"with {f['atk_max']} or less ATK")
    if "def_max" in f:
        tail.append(f"with {f['def_max']} or less DEF")
    if f.get("not_self"):
        tail.append("other than this one")
    if "named" in f:
        tail.append("with the name you named")
    if "tag" in f:
        tail.append(f"tagged {f['tag']}")
    art = "an" if out[0] in "aeiouAEIOU" else "a"
    return f"{art} {out}" + ("" if not tail else " " + " ".join(tail))


def _amount(v) -> str:
    if isinstance(v, int):
        return str(v)
    (k, sel), = v.items()
    if k == "count":
        return f"X, where X is the number of {COUNT_PLURALS[sel]}"
    if k == "chosen":
        return "X, where X is the number you chose"
    return f"X, where X is {L.AMOUNT_KINDS[k]} {_target(sel, set())}"


def _signed(v) -> str:
    return f"+{v}" if isinstance(v, int) and v >= 0 else (str(v) if isinstance(v, int) else "+X")


def render_step(step: dict, chosen: set[str], until: str = "combat") -> str:
    (verb, a), = step.items()
    t = _target(a["target"], chosen) if "target" in a else ""
    n = a.get("n", 1)
    if verb == "choose":
        chosen.add(a["as"])
        if a["what"] == "player":
            return "Choose a player" + (" (optional)" if a.get("optional") else "") + "."
        if a["what"] == "row":
            side = (a.get("filter") or {}).get("side", "any")
            return f"Choose {'an enemy' if side == 'enemy' else 'a'} row."
        if a["what"] == "card":
            where = {"hand": "your hand", "ko": "your KO pile", "enemy_ko": "an enemy KO pile",
                     "any_ko": "a KO pile"}[a.get("from", "hand")]
            return f"{'You may choose' if a.get('optional') else 'Choose'} " \
                   f"{_card_filter_phrase(a.get('card_filter') or {})} in {where}."
        return f"{'You may choose' if a.get('optional') else 'Choose'} {_filter_phrase(a.get('filter') or {})}."
    if verb == "modify":
        counted = [v for v in (a.get("atk"), a.get("def")) if isinstance(v, dict)]
        where = _amount(counted[0]).replace("X, where", ", where", 1) if counted else ""
        return f"{t.capitalize()} gets {_signed(a.get('atk', 0))}/{_signed(a.get('def', 0))}{_until(a, until)}{where}."
    if verb == "set_base":
        parts = []
        if "atk" in a:
            parts.append(f"base ATK becomes {_amount(a['atk'])}")
        if "def" in a:
            parts.append(f"base DEF becomes {_amount(a['def'])}")
        return f"{t.capitalize()}'s {' and '.join(parts)}{_until(a, until)}."
    if verb == "swap_stats":
        return f"Swap {t}'s ATK and DEF{_until(a, until)}."
    if verb == "counter":
        label = {"plus": "+1/+1", "minus": "-1/-1", "wound": "wound", "vitality": "vitality"}[a["kind"]]
        count = NUM.get(n, str(n)) if isinstance(n, int) else "X"
        plural = "s" if n != 1 else ""
        where = "" if isinstance(n, int) else _amount(n).replace("X, where", ", where", 1)
        return f"Put {count} {label} counter{plural} on {t}{where}."
    if verb == "remove_counters":
        label = {"plus": "+1/+1", "minus": "-1/-1", "wound": "wound", "vitality": "vitality"}[a["kind"]]
        count = NUM.get(n, str(n)) if isinstance(n, int) else "X"
        count = "a" if n == 1 else count
        return f"Remove {count} {label} counter{'s' if n != 1 else ''} from {t}."
    if verb in ("stun", "daze", "ko", "recover", "ready", "exhaust"):
        word = {"ko": "KO"}.get(verb, verb.capitalize())
        return f"{word} {t}."
    if verb == "wound":
        return f"Wound {t}" + (f" {n} times" if n != 1 else "") + "."
    if verb == "heal":
        return f"Heal {NUM.get(n, n) if n != 1 else 'a'} wound{'s' if n != 1 else ''} from {t}."
    if verb == "move":
        return f"Move {t} to the {a['row']} row." if a["row"] != "other" else f"Move {t} to its other row."
    if verb in ("draw", "discard"):
        who = {"you": "You", "opponent": "An enemy player", "chosen": "That player"}[a.get("who", "you")]
        cards = "a card" if n == 1 else f"{NUM.get(n, n)} cards"
        verb_s = verb if who == "You" else verb + "s"
        rnd = " at random" if a.get("random") else ""
        return f"{who} {verb_s} {cards}{rnd}."
    if verb == "gain_xp":
        return f"Your main character gains {n} XP."
    if verb == "gain_recruit":
        return f"Gain {n} recruit point{'s' if n != 1 else ''}."
    if verb == "cancel_combat":
        return "Cancel the combat."
    if verb == "may":
        inner = render_effect(a["then"], chosen, until)
        inner = inner[4:] if inner.startswith("You ") else _lower(inner)
        return f"You may {inner}"
    if verb == "if":
        inner = render_effect(a["then"], chosen, until)
        out = f"If {render_condition(a['cond'])}, {inner[0].lower()}{inner[1:]}"
        if a.get("else"):
            out += f" Otherwise, {_lower(render_effect(a['else'], chosen, until))}"
        return out
    if verb == "freeze":
        return f"Freeze {t} (exhaust it; it doesn't ready during its controller's next turn)."
    if verb == "grant":
        return f"{t.capitalize()} gains [[{_kw(a['keyword'])}]]{_until(a, until)}."
    if verb == "lose_powers":
        dur = {"source_leaves": " while this character stays face up in play"}.get(a.get("until", "permanent"),
                                                                                DURATION.get(a.get("until"), ""))
        cant = " and can't gain powers" if a.get("and_cant_gain") else ""
        return f"{t.capitalize()} loses its keywords and super powers{cant}{dur}."
    if verb == "put":
        where = {"hand": "into its owner's hand", "deck_shuffled": "into its owner's deck, then shuffle it",
                 "deck_top": "on top of its owner's deck", "deck_bottom": "at the bottom of its owner's deck",
                 "ko": "into its owner's KO pile", "removed": "out of the game",
                 "resource": "into its owner's resource row face down"}[a["into"]]
        return f"Put {t} {where}."
    if verb == "turn_location":
        may = "You may flip" if a.get("optional") else "Flip"
        return f"{may} one of your face-{'down' if a['face'] == 'up' else 'up'} locations face {a['face']}."
    if verb == "redraw_hand":
        return "That player discards their hand, then draws that many cards."
    if verb == "hide":
        return f"{t.capitalize()} hides (face down but ready; counters and equipment come off)."
    if verb == "switch":
        return f"Switch the places of {t} and {_target(a['with'], chosen)}."
    if verb == "take_control":
        return f"Take control of {t}{DURATION.get(a.get('until', 'permanent'), '')}."
    if verb == "enter_play":
        row = {"front": " into your front row", "back": " into your back row",
               "choose": " into a row of your choice"}[a.get("row", "front")]
        return f"Put {t} into play{row}{' face down' if a.get('face_down') else ''}."
    if verb == "search":
        what = _card_filter_phrase(a.get("filter") or {})
        into = a.get("into", "hand")
        if into in ("deck_top", "deck_bottom"):  # the deck is shuffled first: the card stays where it is put
            where = "on top" if into == "deck_top" else "at the bottom"
            return f"Search your deck for {what}, shuffle your deck, then put that card {where} of it."
        if into == "deck_shuffled":
            return f"Search your deck for {what}, then shuffle your deck."
        where = {"hand": "into your hand", "ko": "into your KO pile", "removed": "out of the game",
                 "resource": "into your resource row face down"}[into]
        return f"Search your deck for {what} and put it {where}, then shuffle your deck."
    if verb == "look_at_hand":
        return "Look at an enemy player's hand." if a.get("who", "opponent") == "opponent" else "Look at that player's hand."
    if verb == "create_token":
        count = NUM.get(a.get("n", 1), str(a.get("n", 1))) if isinstance(a.get("n", 1), int) else "X"
        name = a["card"].replace("-", " ").title()
        return f"Create {count} {name} token{'s' if a.get('n', 1) != 1 else ''}."
    if verb == "promote":
        return f"{t.capitalize()} becomes a main character."
    if verb == "demote":
        return f"{t.capitalize()} becomes a supporting character."
    if verb in ("level_up", "level_down"):
        return f"Your main character levels {'up' if verb == 'level_up' else 'down'}."
    if verb == "coin_flip":
        out = f"Flip a coin. Heads: {_lower(render_effect(a['heads'], chosen, until))}"
        if a.get("tails"):
            out += f" Tails: {_lower(render_effect(a['tails'], chosen, until))}"
        return out
    if verb == "choose_number":
        chosen.add(a["as"])
        return f"Choose a number from {a['min']} to {a['max']}."
    if verb == "name_character":
        chosen.add(a["as"])
        return "Name a character."
    if verb == "dance_off":
        out = ("Begin a Dance Off: going around from you, every player exhausts a ready character or drops "
               f"out, until one player remains. If you win: {_lower(render_effect(a['win'], chosen, until))}")
        if a.get("lose"):
            out += f" If you don't: {_lower(render_effect(a['lose'], chosen, until))}"
        return out
    if verb == "cancel_power":
        return "Cancel that super power or plot twist: it does nothing."
    if verb == "impersonate":
        return (f"{t.capitalize()} impersonates {_target(a['model'], chosen)}: it takes that character's name "
                f"and base ATK and DEF{DURATION.get(a.get('until', 'permanent'), '')}, until that character "
                "shows up on any side.")
    if verb == "take_from_pile":
        how = "at random " if a.get("pick", "random") == "random" else "(the lowest level first) "
        where = "into your hand" if a.get("into", "hand") == "hand" else "into play on your side"
        return f"Take a card {how}from your {a['pile']} pile and put it {where}."
    if verb == "handler":
        return f"(Special rule: {a['name']}.)"
    if verb == "repeat":
        return f"Do this {_amount(a['n'])} times: {render_effect(a['steps'], chosen, until)}"
    raise AssertionError(verb)


COMBAT_EVENTS = ("attacks", "is_attacked", "team_attacks", "strikes")
# events that happen to a player or a side, not to the character with the ability
NOT_ABOUT_THIS_CHARACTER = ("start_of_turn", "end_of_turn", "ally_appears", "enemy_appears", "you_play_plot_twist",
                            "you_recruit", "pays_symbol", "enemy_uses_power", "enemy_plays_plot_twist")


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


def _lower(text: str) -> str:
    return text[0].lower() + text[1:] if text else text


def _kw(k: str) -> str:
    return k.replace("_", " ").title()


def _card_filter_phrase(f: dict) -> str:
    words = []
    if "team" in f:
        words.append(f["team"])
    words.append({"main": "main character", "supporting": "supporting character", "plot_twist": "plot twist",
                  "location": "location", "equipment": "equipment", "token": "token"}.get(f.get("type"), "card"))
    out = " ".join(words)
    tail = []
    if "name" in f:
        tail.append(f"named {f['name']}")
    if "cost_max" in f:
        tail.append(f"that costs {f['cost_max']} or less")
    if "cost_min" in f:
        tail.append(f"that costs {f['cost_min']} or more")
    if "keyword" in f:
        tail.append(f"with [[{_kw(f['keyword'])}]]")
    return ("an " if out[0] in "aeiouAEIOU" else "a ") + out + ("" if not tail else " " + " ".join(tail))


def render_condition(cond: dict) -> str:
    parts = []
    for k, v in cond.items():
        if k == "exists":
            parts.append(f"there is {_filter_phrase(v)}")
        elif k == "in_combat":
            parts.append("it's in a combat" if v else "it's not in a combat")
        elif k == "is_attacking":
            parts.append("it's attacking" if v else "it's not attacking")
        elif k == "is_defending":
            parts.append("it's defending" if v else "it's not defending")
        elif k == "wounds_at_least":
            parts.append(f"it has {v} or more wounds")
        elif k == "hand_at_least":
            parts.append(f"you have {v} or more cards in hand")
        elif k == "is_protecting":
            parts.append("it's protecting a character" if v else "it isn't protecting anyone")
        elif k == "plot_twists_this_turn":
            parts.append("it's the first plot twist you played this turn" if v == 1
                         else f"it's plot twist number {v} you played this turn")
        elif k == "times_attacked_this_turn":
            parts.append("it's the first time it was attacked this turn" if v == 1
                         else f"it was attacked {v} times this turn")
        elif k == "you_won":
            parts.append("you won" if v else "you lost")
        elif k == "count_at_least":
            parts.append(f"there are {v['n']} or more {COUNT_PLURALS[v['count']]}")
        elif k == "is_main":
            parts.append("it's a main character" if v else "it's a supporting character")
    return " and ".join(parts)


def render_effect(steps, chosen: set[str] | None = None, until: str = "combat") -> str:
    """English for a list of steps. ``until``: what a modifier without its own ``until`` lasts
    ("combat" for combat abilities, "turn" otherwise)."""
    chosen = set() if chosen is None else chosen
    return " ".join(render_step(s, chosen, until) for s in steps)


def _cost(cost) -> str:
    return "".join("{" + s + "}" for s in cost)


def _timing(timing: str, any_turn: bool) -> str:
    word = {"build": "Build", "main": "Main", "combat": "Combat", "any_combat": "Any Combat"}[timing]
    return word + (" {any_turn}" if any_turn else "")


def ability_lines(c: CardDef) -> list[str]:
    """The rules text of a card, one paragraph per ability."""
    lines = []
    kws = sorted(k for k in c.keywords if k not in ("flight", "ranged"))
    icons = [f"[[{k.title()}]]" for k in ("flight", "ranged") if k in c.keywords]
    if icons or kws:
        lines.append(" ".join(icons + [keyword_label(c, k) for k in kws]))
    if c.type == "equipment" and c.machine:
        lines.insert(0, "Machine: put it into one of your rows during your recruit step. It isn't a character; "
                        "it can be attacked while no face-up character shares its row, and is KO'd when it is.")
    elif c.type == "equipment":
        lines.insert(0, "Put this on a face-up character on your side during your recruit step. "
                        "That character has:")
    for st in c.statics:
        lines.append(render_static(st, "It" if c.type == "equipment" else "This character"))
    for t in c.triggers:
        until = "combat" if t.on in COMBAT_EVENTS else "turn"
        when = L.EVENTS[t.on]
        subject = "" if t.on in NOT_ABOUT_THIS_CHARACTER else "this character "
        cond = f", if {render_condition(t.cond)}" if t.cond else ""
        body = render_effect(t.effect, None, until)
        if t.optional:
            rest = body[4:] if body.startswith("You ") else body  # "You draw" -> "you may draw"
            body = f"you may {rest[0].lower()}{rest[1:]}"
        lines.append(f"When {subject}{when}{cond}, {body[0].lower()}{body[1:]}")
    for pw in c.powers:
        until = "combat" if pw.timing in ("combat", "any_combat") or pw.reaction else "turn"
        once = " (once per game)" if pw.once_per_game else ""
        once += {"hand": " (from your hand)", "ko": " (from your KO pile)"}.get(pw.zone, "")
        when = f"Reaction {_cost(pw.cost)}{once}: When {L.EVENTS[pw.reaction]}, you may pay to use this. " \
            if pw.reaction else f"{_timing(pw.timing, pw.any_turn)} {_cost(pw.cost)}{once}: "
        lines.append(f"**{pw.name}** - {when}{render_effect(pw.effect, None, until)}")
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
        until = "combat" if {"combat", "any_combat"} & set(c.timing) else "turn"
        timing = " / ".join(_timing(t, c.any_turn and t in ("combat", "any_combat")) for t in c.timing)
        lines.append(f"{timing}: {render_effect(c.effect, None, until)}")
    if c.type == "location":
        if c.symbol:
            lines.append(f"Makes {{{c.symbol}}}.")
        else:
            lines.append(f"Makes any power symbol, for {', '.join(c.teams)} characters only.")
    return lines


def keyword_label(c: CardDef, k: str) -> str:
    p = c.kw_param(k)
    if p is None or k == "lethal" and p == "stuns":
        return f"[[{_kw(k)}]]"
    if isinstance(p, dict):
        return f"[[{_kw(k)}]] ({render_condition(p)})"
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
    if "affects" not in st:
        who = subject
    else:
        phrase = _filter_phrase(st["affects"])
        who = "Each " + phrase.split(" ", 1)[1]  # "a ..." / "an ..." -> "Each ..."
    parts = []
    if "atk" in st or "def" in st:
        parts.append(f"gets {_signed_any(st.get('atk', 0))}/{_signed_any(st.get('def', 0))}")
    if st.get("grant"):
        parts.append("has " + " and ".join(f"[[{_kw(k)}]]" for k in st["grant"]))
    cond = f" while {render_condition(st['while'])}" if "while" in st else ""
    out = f"{who} {' and '.join(parts)}{cond}."
    for v in (st.get("atk"), st.get("def")):
        if isinstance(v, dict):
            out += f" ({_amount(v)}.)"
            break
    return out


def _signed_any(v) -> str:
    return _signed(v) if isinstance(v, int) else "+X"


def card_text(c: CardDef, full: bool = False) -> str:
    """A card as text: its header line (its name, with the names it also counts as: AKA) and rendered
    rules text."""
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
    out += ["  " + ln for ln in (c.text.splitlines() if c.text else ability_lines(c))]
    if full and c.flavor:
        # a flavor text that is a quotation carries its own quotes
        quoted = c.flavor.startswith('"') and c.flavor.endswith('"')
        out.append(f"  {c.flavor}" if quoted else f"  \"{c.flavor}\"")
    if full:
        out.append(f"  id: {c.id}" + (f" ({c.source})" if c.source else ""))
    return "\n".join(out)
