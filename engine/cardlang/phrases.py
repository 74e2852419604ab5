"""The phrases rules text is built from: targets, filters, amounts, durations, conditions.

Each verb's ``text`` (``engine.cardlang.verbs``) and each card-level sentence (``text``) put these
together, so one kind of thing always reads the same way.
"""

from __future__ import annotations

from engine.cardlang import language as L

NUM = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
DURATION = {"combat": " this combat", "turn": " this turn", "next_turn": " until the end of next turn",
            "permanent": "", "source_leaves": " while this character stays face up in play"}

# Things counted by ``{count: ...}`` amounts, in the plural.
COUNT_PLURALS = {"resources": "resources you have", "hand": "cards in your hand", "wounds": "wounds on it",
                 "ko_pile": "cards in your KO pile", "allies": "other characters on your side",
                 "enemies": "enemy characters"}

SELECTORS = {"self": "this character", "attackers": "each attacker", "defender": "the defender",
             "in_combat": "each character in the combat", "your_main": "your main character",
             "each_enemy": "each enemy character", "each_ally": "each character on your side",
             "that_character": "that character"}


def target(sel, chosen: set[str]) -> str:
    if isinstance(sel, dict):
        phrase = filter_phrase(sel["each"])
        return "each " + phrase.split(" ", 1)[1]
    if sel in chosen:
        return "it"
    return SELECTORS.get(sel, sel)


def filter_phrase(f: dict) -> str:
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
        tail.append(f"with [[{kw(f['keyword'])}]]")
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


def card_filter_phrase(f: dict) -> str:
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
        tail.append(f"with [[{kw(f['keyword'])}]]")
    return ("an " if out[0] in "aeiouAEIOU" else "a ") + out + ("" if not tail else " " + " ".join(tail))


def amount(v) -> str:
    if isinstance(v, int):
        return str(v)
    (k, sel), = v.items()
    if k == "count":
        return f"X, where X is the number of {COUNT_PLURALS[sel]}"
    if k == "chosen":
        return "X, where X is the number you chose"
    return f"X, where X is {L.AMOUNT_KINDS[k]} {target(sel, set())}"


def signed(v) -> str:
    return f"+{v}" if isinstance(v, int) and v >= 0 else (str(v) if isinstance(v, int) else "+X")


def signed_any(v) -> str:
    return signed(v) if isinstance(v, int) else "+X"


def lower(text: str) -> str:
    return text[0].lower() + text[1:] if text else text


def kw(k: str) -> str:
    return k.replace("_", " ").title()


def render_condition(cond: dict) -> str:
    parts = []
    for k, v in cond.items():
        if k == "exists":
            parts.append(f"there is {filter_phrase(v)}")
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
