"""The card language's vocabulary: one registry for validation, execution and text.

A card's abilities are data. This module names everything that data may say:
power symbols, timings, trigger events, keywords (with their rules text),
effect verbs (with the shape of their arguments and the English they render
to) and the filters that pick characters. ``cards`` validates against it,
``effects`` executes it and ``text`` renders it, so the three cannot drift.
"""

from __future__ import annotations

SYMBOLS = ("might", "mind", "skill", "energy", "heart", "cosmic")
"""The six power symbols a location can make and a super power can cost."""

ANY_SYMBOL = "any"

CARD_TYPES = ("main", "supporting", "plot_twist", "location", "token")

TIMINGS = ("build", "main", "combat", "any_combat")
"""When a super power or plot twist may be used.

``combat`` needs its character in the combat (for a plot twist: a combat on
your turn unless ``any_turn``); ``any_combat`` works in any combat.
"""

ROWS = ("front", "back")

DURATIONS = ("combat", "turn", "next_turn", "permanent")

COUNTER_KINDS = ("plus", "minus", "wound", "vitality")

ALIGNMENTS = ("good", "evil")

# Trigger events a character's triggered ability (or level-up condition) can
# listen for. The value is the phrase used when rendering "When <it> ...".
EVENTS: dict[str, str] = {
    "appears": "appears",
    "attacks": "attacks",
    "is_attacked": "is attacked",
    "team_attacks": "team attacks",
    "stuns": "stuns an enemy character",
    "stuns_main": "stuns an enemy main character",
    "is_stunned": "gets stunned",
    "survives": "survives a combat",
    "is_ko": "is KO'd",
    "powered_up": "is powered up",
    "start_of_turn": "your turn starts",
    "end_of_turn": "your turn ends",
    "ally_appears": "another character appears on your side",
    "enemy_appears": "an enemy character appears",
    "you_play_plot_twist": "you play a plot twist",
    "you_recruit": "you recruit a character",
}

# Keywords: rules text in our own words. ``param`` names a keyword parameter.
KEYWORDS: dict[str, dict] = {
    "flight": {"text": "Can attack over the enemy front row into the back row, unless that front row holds a character with Flight."},
    "ranged": {"text": "Can attack from the back row. A ranged attack's defender strikes back only if it has Ranged too."},
    "ferocious": {"text": "In melee combat, strikes before characters without Ferocious."},
    "leader": {"text": "While it team attacks, you pick which attacker the defender strikes back at."},
    "swarm": {"text": "Any number of characters with this name may stand on your side. This keyword is never lost."},
}

# Effect verbs. Each argument: a type from ARG_TYPES; a trailing "?" marks it optional.
VERBS: dict[str, dict] = {
    "choose": {"args": {"what": "choice_kind", "filter": "filter?", "as": "name", "optional": "bool?", "prompt": "str?"}},
    "modify": {"args": {"target": "selector", "atk": "amount?", "def": "amount?", "until": "duration?"}},
    "set_base": {"args": {"target": "selector", "atk": "amount?", "def": "amount?", "until": "duration?"}},
    "swap_stats": {"args": {"target": "selector", "until": "duration?"}},
    "counter": {"args": {"target": "selector", "kind": "counter_kind", "n": "amount?"}},
    "stun": {"args": {"target": "selector"}},
    "daze": {"args": {"target": "selector"}},
    "wound": {"args": {"target": "selector", "n": "amount?"}},
    "heal": {"args": {"target": "selector", "n": "amount?"}},
    "ko": {"args": {"target": "selector"}},
    "recover": {"args": {"target": "selector"}},
    "ready": {"args": {"target": "selector"}},
    "exhaust": {"args": {"target": "selector"}},
    "move": {"args": {"target": "selector", "row": "row_or_other"}},
    "draw": {"args": {"who": "player_ref?", "n": "amount?"}},
    "discard": {"args": {"who": "player_ref?", "n": "amount?", "random": "bool?"}},
    "gain_xp": {"args": {"n": "amount?"}},
    "gain_recruit": {"args": {"n": "amount?"}},
    "cancel_combat": {"args": {}},
    "may": {"args": {"prompt": "str", "then": "steps"}},
    "if": {"args": {"cond": "condition", "then": "steps", "else": "steps?"}},
}

# Counted amounts: worked out once, when the effect resolves, then locked in.
AMOUNT_KINDS = {"atk_of": "the ATK of", "def_of": "the DEF of", "wounds_of": "the wounds on"}

ARG_TYPES = ("selector", "filter", "amount", "duration", "counter_kind", "row_or_other", "player_ref",
             "bool", "str", "name", "steps", "condition", "choice_kind")

CHOICE_KINDS = ("character", "player")

# Selectors that need no choice. Names bound by ``choose`` are selectors too.
BUILTIN_SELECTORS = ("self", "attackers", "defender", "in_combat", "your_main", "each_enemy", "each_ally")

PLAYER_REFS = ("you", "opponent", "chosen")

# Filter keys for ``choose`` and conditions.
FILTER_KEYS: dict[str, str] = {
    "side": "side",            # yours | enemy | any
    "row": "row",              # front | back
    "in_combat": "bool",
    "kind": "kind",            # main | supporting
    "stunned": "bool",
    "team": "str",
    "keyword": "str",
    "not_self": "bool",
    "cost_max": "int",
    "atk_max": "int",
    "def_max": "int",
    "alignment": "alignment",
}

# Conditions (for ``if`` steps and intervening-if triggers).
CONDITIONS: dict[str, str] = {
    "exists": "filter",        # some character matches the filter
    "in_combat": "bool",       # the source character is in a combat
    "is_attacking": "bool",
    "is_defending": "bool",
    "wounds_at_least": "int",  # the source character has this many wounds
    "hand_at_least": "int",
    "is_protecting": "bool",   # the source character protects a face-up back-row character
}


def keyword_text(name: str) -> str:
    return KEYWORDS[name]["text"]
