"""Checking the dice game's data files: cards, rulebook and scenarios.

``capeclash validate`` hands every file with ``game: dice`` to ``validate_file``,
which returns every problem it finds (file, card, field and what is wrong), never
only the first.

>>> [str(p) for p in validate_file("x.yaml", {"game": "dice", "deck": "recruit",
...      "cards": [{"name": "Oops", "type": "hero", "force": "lots"}]})]
["x.yaml, card 'Oops', field 'force': must be a whole number"]
"""

from __future__ import annotations

from engine.core.data import art_problem
from engine.core.errors import Problem, excerpt, suggest
from engine.dice.cards import (
    ABILITIES,
    ACTION_FIELDS,
    ACTION_TYPES,
    AID_FIELDS,
    ATTACK_TYPES,
    CHARACTER_FIELDS,
    CHARACTER_TYPES,
    DEVICE_SLOTS,
    EVENT_EFFECTS,
    RECRUIT_TYPES,
    TRAITS,
    UPGRADE_TYPES,
    USERS,
)

FILE_KEYS = {"game", "deck", "cards"}
RULEBOOK_KEYS = {"game", "rulebook", "title", "subtitle", "sections", "components"}


def validate_file(path, data) -> list[Problem]:
    """Every problem in one ``game: dice`` data file (cards, rulebook or scenario)."""
    f = str(path)
    if not isinstance(data, dict):
        return [Problem(f, None, None, "a dice game file is a mapping")]
    if "rulebook" in data:
        return _rulebook_problems(f, data)
    if "scenario" in data:
        from engine.dice.scenario import check_scenario
        return check_scenario(data, None, f)
    if "cards" in data:
        return _card_file_problems(f, data)
    return [Problem(f, None, None, "a dice game file needs a 'cards:', 'rulebook:' or 'scenario:' key")]


def _card_file_problems(f: str, data: dict) -> list[Problem]:
    out = []
    for k in data:
        if k not in FILE_KEYS:
            out.append(Problem(f, None, k, f"unknown field{suggest(k, FILE_KEYS)}"))
    deck = data.get("deck")
    if deck not in ("recruit", "action"):
        out.append(Problem(f, None, "deck", f"must be 'recruit' or 'action', not {deck!r}"))
    cards = data.get("cards")
    if not isinstance(cards, list):
        return out + [Problem(f, None, "cards", "must be a list of cards")]
    seen = set()
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            out.append(Problem(f, None, f"cards[{i}]", "a card is a mapping"))
            continue
        name = c.get("name")
        if not isinstance(name, str) or not name.strip():
            out.append(Problem(f, None, f"cards[{i}].name", "every card needs a name"))
            name = f"#{i + 1}"
        elif name in seen:
            out.append(Problem(f, name, "name", "two cards have this name"))
        seen.add(name)
        out += card_problems(f, name, c, deck)
    return out


def card_problems(f: str, name: str, c: dict, deck: str | None) -> list[Problem]:
    """Problems with one card's fields."""
    out = []

    def err(field, msg):
        out.append(Problem(f, name, field, msg))

    typ = c.get("type")
    allowed_types = ACTION_TYPES if deck == "action" else RECRUIT_TYPES
    if not _known(typ, allowed_types):
        err("type", f"unknown card type {excerpt(typ)}{suggest(str(typ), allowed_types)}; "
                    f"one of {', '.join(allowed_types)}")
        return out
    fields = (CHARACTER_FIELDS if typ in CHARACTER_TYPES else ACTION_FIELDS if typ in ACTION_TYPES
              else AID_FIELDS)
    for k, v in c.items():
        kind = fields.get(k)
        if kind is None:
            err(k, f"unknown field for a {typ}{suggest(k, fields)}")
            continue
        msg = _kind_problem(kind, v)
        if msg:
            err(k, msg)
    if typ in CHARACTER_TYPES:
        if not isinstance(c.get("force"), int) or c.get("force", 0) < 1:
            if "force" not in c or isinstance(c.get("force"), int):
                err("force", "a character needs a Force of 1 or more")
    if typ in UPGRADE_TYPES and c.get("slot"):
        err("slot", "upgrades have no slot; only devices name one")
    if c.get("slot") and typ != "device":
        err("slot", "only devices name a slot (the other aid types have their own)")
    if c.get("docking") and typ != "vehicle":
        err("docking", "only vehicles have docking room for base upgrades")
    if c.get("boost_if_had") and not (c.get("gains") or {}):
        err("boost_if_had", "a Force bonus 'if already had' needs something in 'gains'")
    if typ == "event" and not c.get("effect"):
        err("effect", f"an event needs an effect: one of {', '.join(EVENT_EFFECTS)}")
    if typ == "battle":
        if c.get("effect"):
            err("effect", "battle cards say what they do with attacker_force, defender_force, force, "
                          "attack_type, negate, remove_delay, leader_for_phase or draw_action")
        if not any(c.get(k) for k in ("attacker_force", "defender_force", "force", "attack_type", "negate",
                                      "remove_delay", "leader_for_phase")):
            err("type", "this battle card does nothing")
        if c.get("single_target") and c.get("attack_type") == "area":
            err("single_target", "a card that makes an attack area-wide cannot be for single targets only")
    if typ in ACTION_TYPES and not c.get("users"):
        err("users", "say who may use the card (a trait, villain, good or hero)")
    return out


def _kind_problem(kind: str, v) -> str | None:
    if kind == "str":
        return None if isinstance(v, str) and v.strip() else "must be text"
    if kind == "int":
        return None if isinstance(v, int) and not isinstance(v, bool) else "must be a whole number"
    if kind == "pos":
        return None if isinstance(v, int) and not isinstance(v, bool) and v > 0 else "must be a whole number above 0"
    if kind == "bool":
        return None if isinstance(v, bool) else "must be true or false"
    if kind == "traits":
        return _list_of(v, TRAITS, "trait")
    if kind == "abilities":
        return _list_of(v, ABILITIES, "ability")
    if kind == "users":
        return _list_of(v, USERS, "user")
    if kind == "gains":
        if not isinstance(v, dict):
            return "must be a mapping with 'traits' and/or 'abilities'"
        bad = set(v) - {"traits", "abilities"}
        if bad:
            return f"unknown key {sorted(bad)[0]!r} (use 'traits' and 'abilities')"
        return _list_of(v.get("traits") or [], TRAITS, "trait") or _list_of(v.get("abilities") or [], ABILITIES,
                                                                            "ability")
    if kind == "only":
        return None if _known(v, ("villain", "good")) else f"must be 'villain' or 'good', not {excerpt(v)}"
    if kind == "slot":
        return None if _known(v, DEVICE_SLOTS) else f"unknown slot {excerpt(v)}; one of {', '.join(DEVICE_SLOTS)}"
    if kind == "immune":
        return None if _known(v, TRAITS) else f"unknown trait {excerpt(v)}{suggest(str(v), TRAITS)}"
    if kind == "hand_size":
        if not isinstance(v, dict) or not v or set(v) - {"recruit", "action"}:
            return "must map 'recruit' and/or 'action' to a number"
        return None if all(isinstance(n, int) and n > 0 for n in v.values()) else "sizes must be above 0"
    if kind == "effect":
        return None if _known(v, EVENT_EFFECTS) else f"unknown effect {excerpt(v)}{suggest(str(v), EVENT_EFFECTS)}"
    if kind == "art":   # the picture: a game-icons.net icon, as Cape Clash's cards name theirs
        return art_problem(v)
    if kind == "attack_type":
        return None if _known(v, ATTACK_TYPES) else f"unknown attack type {excerpt(v)}; one of {', '.join(ATTACK_TYPES)}"
    raise AssertionError(kind)


def _list_of(v, vocab, what: str) -> str | None:
    if not isinstance(v, list):
        return f"must be a list of {what} names"
    for x in v:
        if not _known(x, vocab):
            return f"unknown {what} {excerpt(x)}{suggest(str(x), vocab)}; known: {', '.join(vocab)}"
    return None


def _known(x, vocab) -> bool:
    """Is ``x`` one of the words of ``vocab`` (a value of another kind, even one that cannot be looked up,
    is not)?"""
    return isinstance(x, str) and x in vocab


def _rulebook_problems(f: str, data: dict) -> list[Problem]:
    out = []
    for k in data:
        if k not in RULEBOOK_KEYS:
            out.append(Problem(f, None, k, f"unknown rulebook field{suggest(k, RULEBOOK_KEYS)}"))
    if not isinstance(data.get("rulebook"), str):
        out.append(Problem(f, None, "rulebook", "the rulebook needs a title"))
    secs = data.get("sections")
    if not isinstance(secs, list) or not secs:
        return out + [Problem(f, None, "sections", "a rulebook file needs a 'sections:' list")]
    for i, s in enumerate(secs):
        if not isinstance(s, dict) or not isinstance(s.get("title"), str):
            out.append(Problem(f, None, f"sections[{i}]", "a section is a mapping with a 'title'"))
            continue
        bad = set(s) - {"title", "text", "rules", "readings", "id"}
        for k in sorted(bad):
            out.append(Problem(f, None, f"sections[{i}].{k}", "unknown section field (title, id, text, rules, readings)"))
        if not (s.get("text") or s.get("rules") or s.get("readings")):
            out.append(Problem(f, None, f"sections[{i}]", f"section {s['title']!r} is empty"))
    text = str(data)
    if "six-sided" not in text.lower():
        out.append(Problem(f, None, "sections", "the rulebook must say that a six-sided die is needed"))
    return out
