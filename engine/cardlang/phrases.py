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
                 "enemies": "enemy characters", "equipment": "equipment on your side",
                 "locations": "face-up locations you have"}

SELECTORS = {"self": "this character", "attackers": "each attacker", "defender": "the defender",
             "in_combat": "each character in the combat", "your_main": "your main character",
             "each_enemy": "each enemy character", "each_ally": "each character on your side",
             "that_character": "that character", "its_equipment": "this character's equipment"}


ORDINALS = ("first", "second", "third", "fourth", "fifth")


def target(sel, chosen=None, *, pronoun: bool = True) -> str:
    """A selector as words. ``chosen``: the names bound so far, in order, each with its noun ("enemy
    character", or None for a name that isn't a thing: a number), as a dict (a set reads as
    nouns unknown). The most recent chosen thing reads "it" (with ``pronoun``); another one "the
    enemy character" (or "the first character" when two share a noun)."""
    if isinstance(sel, dict):
        if "each" not in sel:  # {each_equipment: FILTER}...
            (k, flt), = sel.items()
            return "each " + play_card_phrase(L.PLAY_CARD_SELECTORS[k], flt).split(" ", 1)[1]
        phrase = filter_phrase(sel["each"])
        return "each " + phrase.split(" ", 1)[1]
    if chosen and sel in chosen:
        if not isinstance(chosen, dict):
            return "it"
        if chosen[sel] == "row":
            return "each character in that row"
        things = [k for k, noun in chosen.items() if noun is not None]
        if pronoun and things and things[-1] == sel:
            return "each of them" if " characters" in f" {chosen[sel]}" else "it"
        noun = chosen[sel] or "chosen character"
        if " characters" in f" {noun}":  # chosen with choose_up_to
            return f"each of the {noun}"
        same = [k for k in things if chosen[k] == noun]
        if len(same) > 1:
            return f"the {ORDINALS[min(same.index(sel), len(ORDINALS) - 1)]} {noun}"
        return f"the {noun}"
    return SELECTORS.get(sel, sel)


def possessive(phrase: str) -> str:
    """"the defender's", "its" (never "it's"), "each enemy character's"; a phrase about several chosen
    characters ("each of them") reads "each one's"."""
    if phrase == "it":
        return "its"
    if phrase.startswith("each of "):
        return "each one's"
    return phrase + "'s"


def noun(phrase: str) -> str:
    """'an enemy character' -> 'enemy character'."""
    return phrase.split(" ", 1)[1] if phrase.startswith(("a ", "an ")) else phrase


def filter_phrase(f: dict) -> str:
    words = []
    stunned = f.get("stunned")
    if stunned == "any":  # face up or not (without the filter: face up only)
        words.append("face-up or stunned")
    elif stunned is True:
        words.append("stunned")
    words += _state_words(f)
    side = f.get("side")
    if side == "enemy":
        words.append("enemy")
    if "alignment" in f:
        words.append(f["alignment"].capitalize())
    if "team" in f:
        words.append(f["team"])
    if "teams" in f:
        words.append(either(f["teams"]))
    kind = f.get("kind", "")
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
    if "cost_max" in f and "cost_min" in f:  # "that costs 2 to 4" (not "4 or less that costs 2 or more")
        tail.append(f"that costs {f['cost_min']} to {f['cost_max']}")
    elif "cost_max" in f:
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
    tail += _more_tail(f)
    art = "an" if out[0] in "aeiouAEIOU" else "a"
    return f"{art} {out}" + ("" if not tail else " " + " ".join(tail))


def plural_filter(f: dict) -> str:
    """'enemy characters', 'exhausted characters on your side': a filter's phrase in the plural."""
    return noun(filter_phrase(f)).replace("character", "characters", 1)


def either(names) -> str:
    """[A, B, C] -> 'A, B or C'."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _state_words(f: dict) -> list[str]:
    """Adjectives for a character's state (issue 18, part B): exhausted or ready, wounded or not."""
    out = []
    if "exhausted" in f:
        out.append("exhausted" if f["exhausted"] else "ready")
    if "wounded" in f:
        out.append("wounded" if f["wounded"] else "unwounded")
    return out


def _more_tail(f: dict) -> list[str]:
    """What follows the noun for the filter keys of issue 18 (part B)."""
    tail = []
    if "name" in f:
        tail.append(f"named {f['name']}")
    if "name_contains" in f:
        tail.append(f"with \"{f['name_contains']}\" in its name")
    if "cost_min" in f and "cost_max" not in f:
        tail.append(f"that costs {f['cost_min']} or more")
    if "health_min" in f and "health_max" in f:
        tail.append(f"with {f['health_min']} to {f['health_max']} health")
    elif "health_min" in f:
        tail.append(f"with {f['health_min']} or more health")
    elif "health_max" in f:
        tail.append(f"with {f['health_max']} or less health")
    if "health_left_max" in f:
        tail.append(f"with {f['health_left_max']} or less health left")
    if "same_row" in f:
        tail.append("in the same row as this character" if f["same_row"] else "outside this character's row")
    if "equipped" in f:
        tail.append("with equipment" if f["equipped"] else "without equipment")
    if "wears" in f:
        tail.append("wearing " + play_card_phrase("equipment", f["wears"]))
    if "team_named" in f:
        tail.append("of the team you named")
    if "keyword_named" in f:
        tail.append("with the keyword you named")
    return tail


def _cost_range(f: dict) -> list[str]:
    """'that costs 3 or less', 'that costs 2 or more', 'that costs 2 to 4'."""
    if "cost_max" in f and "cost_min" in f:
        return [f"that costs {f['cost_min']} to {f['cost_max']}"]
    if "cost_max" in f:
        return [f"that costs {f['cost_max']} or less"]
    if "cost_min" in f:
        return [f"that costs {f['cost_min']} or more"]
    return []


def card_filter_phrase(f: dict) -> str:
    words = []
    if "team" in f:
        words.append(f["team"])
    if "teams" in f:
        words.append(either(f["teams"]))
    kind = {"main": "main character card", "supporting": "card other than a main character"}.get(f.get("kind", ""))
    words.append({"main": "main character", "supporting": "supporting character", "plot_twist": "plot twist",
                  "location": "location", "equipment": "equipment", "token": "token"}.get(f.get("type", ""), kind or "card"))
    out = " ".join(words)
    tail = []
    if "name" in f:
        tail.append(f"named {f['name']}")
    tail += _cost_range(f)
    if "keyword" in f:
        tail.append(f"with [[{kw(f['keyword'])}]]")
    if "name_contains" in f:
        tail.append(f"with \"{f['name_contains']}\" in its name")
    if "named" in f:
        tail.append("with the name you named")
    return ("an " if out[0] in "aeiouAEIOU" else "a ") + out + ("" if not tail else " " + " ".join(tail))


def amount(v, chosen=None) -> str:
    """A number, or "X, where X is ..." for a counted amount (``chosen``: as for ``target``; a chosen
    character is named by what it is, never "it")."""
    if isinstance(v, int):
        return str(v)
    (k, sel), = v.items()
    if k == "count":
        return f"X, where X is the number of {COUNT_PLURALS[sel]}"
    if k == "chosen":
        return "X, where X is the number you chose"
    if k == "number_of":
        return f"X, where X is the number of {plural_filter(sel)}"
    if k in L.PLAY_CARD_AMOUNTS:
        return f"X, where X is the number of {play_card_plural(L.PLAY_CARD_AMOUNTS[k], sel)}"
    if k in ("twice", "thrice"):
        inner = amount(sel, chosen)[len("X, where X is "):]
        return f"X, where X is {L.AMOUNT_KINDS[k]} {inner}"
    return f"X, where X is {L.AMOUNT_KINDS[k]} {target(sel, chosen, pronoun=False)}"


def signed(v) -> str:
    return f"+{v}" if isinstance(v, int) and v >= 0 else (str(v) if isinstance(v, int) else "+X")


def signed_any(v) -> str:
    return signed(v) if isinstance(v, int) else "+X"


def lower(text: str) -> str:
    """The first letter in lower case, to go on after a comma or colon; a word that keeps its
    capital (KO, [[Flight]], {might}: a word with a capital after its first letter, or markup)
    stays as it is."""
    first = text.split(" ", 1)[0]
    if not text or first[:1] in "[{" or any(ch.isupper() for ch in first[1:]):
        return text
    return text[0].lower() + text[1:]


def cap(text: str) -> str:
    """The first letter in upper case, the rest as it is (``str.capitalize`` lowers the rest: team
    names, [[Keyword]] markup)."""
    return text[:1].upper() + text[1:]


# the subjects a sentence about someone else starts with, and its verbs in the third person
SUBJECT_STARTS = ("This ", "Each ", "It ", "It's ", "The ", "Your ", "That ", "An ", "A ")
THIRD_PERSON = {"gets": "get", "gains": "gain", "loses": "lose", "becomes": "become", "hides": "hide",
                "impersonates": "impersonate", "draws": "draw", "discards": "discard", "levels": "level",
                "has": "have", "is": "be"}


def you_may(text: str) -> str:
    """The optional form of an effect's text, to follow "When ..., " or start a sentence (then
    capitalized): "you may draw a card", "you may choose ...", "you may have this character
    gain [[Dodge]] this turn", "if ..., you may heal it"."""
    if text.startswith("You may "):
        return "you may " + text[len("You may "):]
    if text.startswith("You "):
        return "you may " + text[len("You "):]
    if text.startswith("If ") and ", " in text:
        cond, rest = text.split(", ", 1)
        return f"{lower(cond)}, {you_may(rest)}"
    if text.startswith(SUBJECT_STARTS):
        words = text.split(" ")
        for i, w in enumerate(words):
            if w in THIRD_PERSON:
                words[i] = THIRD_PERSON[w]
                break
        return "you may have " + lower(" ".join(words))
    return "you may " + lower(text)


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
        else:
            parts.append(looking_condition(k, v))
    return " and ".join(parts)


# ---------------------------------------------------------------- issue 18, part A: conditions that look
# at things, restrictions, lasting effects

DURATION["your_next_turn"] = " until the end of your next turn"
COUNT_PLURALS.update({"stuns_by_it": "characters it stunned this game", "kos_by_it": "characters it KO'd this game"})

ATTACK_KIND_WORDS = {"melee": "a melee attack", "ranged": "a ranged attack", "solo": "a solo attack",
                     "team": "a team attack"}


def looking_condition(k: str, v) -> str:
    """The newer conditions (``language.CONDITIONS``: matches, in_row, your_turn...) as words."""
    if k == "matches":
        who = SELECTORS.get(v["target"], "the chosen character")
        return f"{who} is {filter_phrase(v['filter'])}"
    if k == "in_row":
        return f"it's in the {v} row"
    if k == "your_turn":
        return "it's your turn" if v else "it's not your turn"
    if k == "attack_is":
        return f"this attack is {ATTACK_KIND_WORDS[v]}"
    if k == "first_time_this_turn":
        return "it's the first time this turn" if v else "it's not the first time this turn"
    if k == "turn_at_least":
        return f"it's turn {v} or later"
    if k == "turn_at_most":
        return f"it's turn {v} or earlier"
    if k == "any":
        parts = [render_condition(c) for c in v]
        if all(p.startswith("this attack is ") for p in parts):  # "this attack is melee or a team attack"
            return "this attack is " + " or ".join(p[len("this attack is "):] for p in parts)
        return " or ".join(parts)
    if k == "all":
        return " and ".join(render_condition(c) for c in v)
    if k == "not":
        return negate(render_condition(v))
    if k in L.PLAY_CARD_CONDITIONS:
        return f"there is {play_card_phrase(L.PLAY_CARD_CONDITIONS[k], v)}"
    raise AssertionError(k)


_NEGATIONS = (("it's not ", "it's "), ("it isn't ", "it's "), ("this attack isn't ", "this attack is "),
              ("there is no ", "there is a "), ("there is no ", "there is an "),
              ("you don't have ", "you have "), ("it doesn't have ", "it has "))


def negate(text: str) -> str:
    """The opposite of a condition's words: "it's your turn" -> "it's not your turn"."""
    if " or " in text or " and " in text:
        return f"not ({text})"
    for neg, pos in _NEGATIONS:
        if text.startswith(neg):
            return pos + text[len(neg):]
    for neg, pos in _NEGATIONS:
        if text.startswith(pos):
            return neg + text[len(pos):]
    for subject in ("that character is ", "this character is ", "it is ", "the defender is "):
        if text.startswith(subject):
            return subject[:-3] + "isn't " + text[len(subject):]
    if " is " in text:
        return text.replace(" is ", " isn't ", 1)
    return f"not ({text})"


def restriction_phrase(cant, players: bool = False) -> str:
    """"can't attack or be attacked", "doesn't protect characters behind it", "can't play plot twists"."""
    words = L.PLAYER_RESTRICTIONS if players else L.RESTRICTIONS
    cant = list(cant)
    parts = []
    plain = [words[c] for c in cant if c != "protect"]
    if plain:
        parts.append("can't " + (" or ".join(plain) if len(plain) < 3 else ", ".join(plain[:-1]) + " or " + plain[-1]))
    if "protect" in cant:
        parts.append("doesn't protect the characters behind it")
    return " and ".join(parts)


# ---------------------------------------------------------------- equipment, locations, resources

PLAY_CARD_ARTICLE = {"equipment": "an equipment", "location": "a location", "resource": "a face-down resource"}
PLAY_CARD_NOUNS = {"equipment": "equipment", "location": "face-up location", "resource": "face-down resource"}


def play_card_phrase(kind: str, f: dict) -> str:
    """'an enemy equipment worn by a main character', 'a face-up location in an enemy resource row
    that makes {might}', 'a face-down resource in your resource row': a filter of equipment,
    locations or resources (``language.PLAY_CARD_FILTER_KEYS``) as words."""
    words = []
    side = f.get("side", "any")
    if kind == "equipment" and side == "enemy":
        words.append("enemy")
    if "team" in f:
        words.append(f["team"])
    if "teams" in f:
        words.append(either(f["teams"]))
    words.append(PLAY_CARD_NOUNS[kind])
    tail = []
    if kind == "equipment":
        if side == "yours":
            tail.append("on your side")
        if "wearer" in f:
            tail.append(f"worn by {filter_phrase(f['wearer'])}")
    elif side != "any":
        tail.append("in your resource row" if side == "yours" else "in an enemy resource row")
    if "name" in f:
        tail.append(f"named {f['name']}")
    if "name_contains" in f:
        tail.append(f"with \"{f['name_contains']}\" in its name")
    tail += _cost_range(f)
    if "makes" in f:
        tail.append("that makes any power symbol" if f["makes"] == L.ANY_SYMBOL else f"that makes {{{f['makes']}}}")
    if f.get("not_self"):
        tail.append("other than this one")
    out = " ".join(words)
    art = "an" if out[0] in "aeiouAEIOU" else "a"
    return f"{art} {out}" + ("" if not tail else " " + " ".join(tail))


def play_card_plural(kind: str, f: dict) -> str:
    """'equipment on your side', 'face-up locations in an enemy resource row': the plural (equipment
    takes no -s)."""
    phrase = noun(play_card_phrase(kind, f))
    if kind == "equipment":
        return phrase
    single = PLAY_CARD_NOUNS[kind]
    return phrase.replace(single, single + "s", 1).replace(" its name", " their names").replace(" makes ", " make ") \
        .replace(" costs ", " cost ")


def for_each(v) -> str | None:
    """'for each equipment on your side': a counted amount that counts things one by one (None for a
    number or another amount)."""
    if not isinstance(v, dict) or len(v) != 1:
        return None
    (k, sel), = v.items()
    if k in L.PLAY_CARD_AMOUNTS:
        return "for each " + noun(play_card_phrase(L.PLAY_CARD_AMOUNTS[k], sel))
    if k == "number_of":
        return "for each " + noun(filter_phrase(sel))
    if k == "count" and sel in L.COUNTABLES:
        return "for each " + L.COUNTABLES[sel]
    return None
