"""The card language's vocabulary: one registry for validation, execution and text.

A card's abilities are data. This module names everything that data may say:
power symbols, timings, trigger events, keywords (with their rules text), the
types of verb arguments and the filters that pick characters; the effect verbs
themselves are classes in ``engine.cardlang.verbs``. ``cards`` validates against
both, ``effects`` executes them and ``text`` renders them, so the three cannot drift.
"""

from __future__ import annotations

SYMBOLS = ("might", "mind", "skill", "energy", "heart", "cosmic")
"""The six power symbols a location can make and a super power can cost."""

ANY_SYMBOL = "any"

CARD_TYPES = ("main", "supporting", "plot_twist", "location", "token", "equipment")

TIMINGS = ("build", "main", "combat", "any_combat")
"""When a super power or plot twist may be used.

``combat`` needs its character in the combat (for a plot twist: a combat on
your turn unless ``any_turn``); ``any_combat`` works in any combat.
"""

ROWS = ("front", "back")

DURATIONS: tuple[str, ...] = ("combat", "turn", "next_turn", "permanent", "source_leaves")
"""How long a modifier lasts: this combat, this turn, until the end of the next turn, while the
character stays in play, or while the source character stays face up in play."""

COMBAT_EVENTS = ("attacks", "is_attacked", "team_attacks", "strikes")
"""The trigger events that happen in a combat: a modifier without its own ``until`` in such a
triggered ability lasts "this combat"; in one triggered by any other event, "this turn"."""


def default_duration(*, on: str | None = None, timings=(), reaction: str | None = None) -> str:
    """How long a modifier without its own ``until`` lasts, as the ability's rules text says it
    (``text`` renders it and ``effects.default_until`` applies it, so the two agree): "combat" for a
    triggered ability on a combat event (``on``), a combat super power or plot twist (``timings``: the
    first timing of a super power, every timing of a plot twist) or a reaction; else "turn". A
    "combat" ability resolving outside a combat lasts the turn."""
    if on is not None:
        return "combat" if on in COMBAT_EVENTS else "turn"
    if reaction or {"combat", "any_combat"} & set(timings):
        return "combat"
    return "turn"

COUNTER_KINDS = ("plus", "minus", "wound", "vitality")

ALIGNMENTS = ("good", "evil")
DIFFICULTIES = ("Easy", "Medium", "Tricky")  # how hard a main character is to learn

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
    "strikes": "strikes",
    "levels_up": "levels up",
    "pays_symbol": "you pay a power symbol",
    "enemy_uses_power": "an enemy player uses a super power",
    "enemy_plays_plot_twist": "an enemy player plays a plot twist",
}

# Keywords: rules text in our own words. ``param`` names the kind of parameter a
# keyword takes (written ``{team_up: Skyguard}``); ``expand`` gives the triggered
# abilities a keyword stands for, in the card language itself, so a granted
# keyword works exactly like a printed one. Keywords without ``expand`` are
# rules the engine applies where they matter (targeting, striking, recovery...).
KEYWORDS: dict[str, dict] = {
    "berserker": {"text": "Each time it attacks, it gets a +1/+1 counter.",
                  "expand": [{"when": "attacks", "effect": [{"counter": {"target": "self", "kind": "plus"}}]}]},
    "blast": {"text": "When it appears, choose an enemy row: put a -1/-1 counter on each character in it.",
              "expand": [{"when": "appears", "effect": [
                  {"choose": {"what": "row", "filter": {"side": "enemy"}, "as": "blasted"}},
                  {"counter": {"target": "blasted", "kind": "minus"}}]}]},
    "dodge": {"text": "It can't be attacked by a ranged attack."},
    "fearless": {"text": "While it attacks a main character, it strikes with twice its ATK."},
    "ferocious": {"text": "In melee combat, it strikes before characters without Ferocious."},
    "flight": {"text": "It can attack over the enemy front row into the back row, unless that front row "
                       "holds a character with Flight."},
    "ranged": {"text": "It can attack from the back row. A ranged attack's defender strikes back only if it "
                       "has Ranged too."},
    "freeze": {"text": "When it appears, exhaust a character. It doesn't ready during its controller's next turn.",
               "expand": [{"when": "appears", "effect": [
                   {"choose": {"what": "character", "filter": {"stunned": "any"}, "as": "frozen"}},
                   {"freeze": {"target": "frozen"}}]}]},
    "genius": {"text": "As your turn begins, you may draw a card while it is face up.",
               "expand": [{"when": "start_of_turn", "optional": True, "effect": [{"draw": {"n": 1}}]}]},
    "grab": {"text": "Enemy fliers can't pass over the front row it stands in."},
    "immortal": {"text": "When it's KO'd, you may shuffle it into your deck.",
                 "expand": [{"when": "is_ko", "optional": True, "effect": [
                     {"put": {"target": "self", "into": "deck_shuffled"}}]}]},
    "inspire": {"text": "Each other character that arrives on your side gets a +1/+1 counter.",
                "expand": [{"when": "ally_appears", "effect": [
                    {"counter": {"target": "that_character", "kind": "plus"}}]}]},
    "invade": {"text": "While it attacks a back-row character, that defender can't strike back at it."},
    "inventive": {"text": "When it appears, you may flip one of your face-down locations face up.",
                  "expand": [{"when": "appears", "effect": [
                      {"turn_location": {"face": "up", "optional": True}}]}]},
    "leader": {"text": "While it team attacks, you choose which attacker the defender strikes back at."},
    "lethal": {"text": "A supporting character it stuns while attacking is KO'd outright.",
               "param": "lethal_mode", "default": "stuns",
               "variants": {"wounds": "A defending supporting character it gives a wound in combat is KO'd outright."}},
    "mercenary": {"text": "It can team attack alongside any main character, whatever their teams. Supporting "
                          "characters in that team attack must still share a team with it."},
    "mind_games": {"text": "When it appears, you may choose a player. That player discards their hand, then "
                           "draws as many cards.",
                   "expand": [{"when": "appears", "effect": [
                       {"choose": {"what": "player", "optional": True, "as": "player"}},
                       {"redraw_hand": {"who": "chosen"}}]}]},
    "monstrous": {"text": "When a melee team attack targets it, it strikes back at every attacker."},
    "nullify": {"text": "When it appears, choose an enemy supporting character. That character loses its "
                        "keywords and super powers (its other abilities stay) until this character is stunned "
                        "or leaves play. While this character is hidden or has lost its own powers, that "
                        "character has them back.",
                "expand": [{"when": "appears", "effect": [
                    {"choose": {"what": "character", "filter": {"side": "enemy", "kind": "supporting",
                                                               "stunned": "any"}, "as": "muted"}},
                    {"lose_powers": {"target": "muted", "until": "source_leaves"}}]}]},
    "rebirth": {"text": "When it's KO'd, you may put it into your resource row face down.",
                "expand": [{"when": "is_ko", "optional": True, "effect": [
                    {"put": {"target": "self", "into": "resource"}}]}]},
    "regeneration": {"text": "As your turn begins, it heals one wound while it is face up.",
                     "expand": [{"when": "start_of_turn", "effect": [{"heal": {"target": "self"}}]}]},
    "schemer": {"text": "After your first plot twist in any turn (yours or not), you may draw a card.",
                "expand": [{"when": "you_play_plot_twist", "if": {"plot_twists_this_turn": 1}, "optional": True,
                            "effect": [{"draw": {"n": 1}}]}]},
    "shrink": {"text": "You may call off the first combat in which it is attacked in a turn.",
               "expand": [{"when": "is_attacked", "if": {"times_attacked_this_turn": 1}, "optional": True,
                           "effect": [{"cancel_combat": {}}]}]},
    "sting": {"text": "As it arrives, an enemy character of your choice gets a -1/-1 counter.",
              "expand": [{"when": "appears", "effect": [
                  {"choose": {"what": "character", "filter": {"side": "enemy"}, "as": "stung"}},
                  {"counter": {"target": "stung", "kind": "minus"}}]}]},
    "swarm": {"text": "Any number of characters with this name may stand on your side. Swarm is never lost."},
    "team_up": {"text": "Each supporting character you control also counts as a member of {param}.",
                "param": "team"},
    "toss": {"text": "When it appears, another character on your side (your choice) gains Flight this turn.",
             "expand": [{"when": "appears", "effect": [
                 {"choose": {"what": "character", "filter": {"side": "yours", "not_self": True}, "as": "tossed"}},
                 {"grant": {"target": "tossed", "keyword": "flight", "until": "turn"}}]}]},
    "mobile": {"text": "Once per turn in your main phase, outside combat, you may move it to your other row."},
    "sniper": {"text": "Its ranged attacks can target back-row characters even while they're protected."},
    "stealth": {"text": "It can attack back-row characters even while they're protected."},
    "tag": {"text": "{param} has no rules of its own; other cards refer to it.", "param": "name"},
    # original, generic names for the rulebooks' character-specific mechanics
    "dormant": {"text": "It appears stunned (without a wound)."},
    "grows": {"text": "It gets +1/+1 for each {param}.", "param": "countable"},
    "mimic": {"text": "It has the keywords and super powers of each other face-up {param} supporting character "
                      "on your side.", "param": "team"},
    "jammer": {"text": "Enemy supporting characters can't recover."},
    "elusive": {"text": "Characters with {param} can't strike it.", "param": "keyword"},
    "unbreakable": {"text": "It can't be KO'd while {param}.", "param": "condition"},
    "double_strike": {"text": "It strikes one more time in each combat, right after its first strike; a second strike at the same character adds to the first."},
    "pacifist": {"text": "It can't strike."},
}

LETHAL_MODES = ("stuns", "wounds")

# Things ``grows`` (and counted amounts) can count, with the phrase used in rules text.
COUNTABLES = {
    "resources": "resource you have", "hand": "card in your hand", "wounds": "wound on it",
    "ko_pile": "card in your KO pile", "allies": "other character on your side",
    "enemies": "enemy character",
}

# Effect verbs live in engine.cardlang.verbs: one class per verb (its arguments, execution, answer
# and rules text), registered in ``verbs.VERBS``.

# Every number written in the card language is at most cards.MAX_NUMBER; only these amounts may be
# negative (modify/set_base/static atk and def): a count or threshold is 0 or more.
SIGNED_AMOUNTS = ("atk", "def")

# Counted amounts: worked out once, when the effect resolves, then locked in.
AMOUNT_KINDS = {"atk_of": "the ATK of", "def_of": "the DEF of", "wounds_of": "the number of wounds on",
                "count": "the number of", "chosen": "the number chosen as"}

ARG_TYPES: tuple[str, ...] = ("selector", "filter", "amount", "duration", "counter_kind", "row_or_other", "player_ref",
             "bool", "str", "name", "steps", "condition", "choice_kind", "keyword", "destination", "face",
             "row_or_choice", "card_filter", "zone", "int", "pile_pick", "pile_destination")

# Side piles (set aside at the start, outside the deck): ``take_from_pile`` takes a card from one
# at random or the lowest level first, into your hand or into play (a main character card comes
# into play as one of your main characters).
PILE_PICKS = ("random", "lowest_level")
PILE_DESTINATIONS = ("hand", "play")

CHOICE_KINDS: tuple[str, ...] = ("character", "player", "row", "card")

# Zones a ``choose: {what: card}`` can pick from (your own unless it says enemy_ko).
CARD_ZONES: tuple[str, ...] = ("hand", "ko", "enemy_ko", "any_ko")

# Filters for cards outside play (choose: {what: card}, search).
CARD_FILTER_KEYS: dict[str, str] = {"type": "card_type", "team": "str", "cost_max": "int", "cost_min": "int",
                                    "name": "str", "keyword": "str", "kind": "kind"}

# Where ``put`` can send a card (from any zone): its owner's hand, deck (shuffled in, on top or at
# the bottom), KO pile, the removed-from-game zone, or face down into the resource row.
DESTINATIONS = ("hand", "deck_shuffled", "deck_top", "deck_bottom", "ko", "removed", "resource")

FACES = ("up", "down")

# Selectors that need no choice. Names bound by ``choose`` are selectors too.
BUILTIN_SELECTORS: tuple[str, ...] = ("self", "attackers", "defender", "in_combat", "your_main", "each_enemy", "each_ally",
                     "that_character")
"""``that_character``: the other character a trigger is about (the one that appeared, was stunned...).
A selector may also be ``{each: FILTER}``: every character in play that matches the filter."""

PLAYER_REFS = ("you", "opponent", "chosen")

# Filter keys for ``choose`` and conditions.
FILTER_KEYS: dict[str, str] = {
    "side": "side",            # yours | enemy | any
    "row": "row",              # front | back
    "in_combat": "bool",
    "kind": "kind",            # main | supporting
    "stunned": "tristate",     # true: only stunned; "any": either; default: only face up
    "team": "str",
    "keyword": "str",
    "not_self": "bool",
    "cost_max": "int",
    "atk_max": "int",
    "def_max": "int",
    "alignment": "alignment",
    "tag": "str",
    "named": "name",           # has the name chosen earlier with name_character
}

# Continuous abilities: ``statics: [{affects: FILTER, atk: N, def: N, grant: [KEYWORD...]}]``.
# They apply while their source is face up in play, to every character the filter matches
# (default: the source itself), with the source's timestamp (when it came into play).
STATIC_KEYS = {"affects": "filter", "atk": "amount", "def": "amount", "grant": "keywords", "while": "condition"}

# Conditions (for ``if`` steps and intervening-if triggers).
CONDITIONS: dict[str, str] = {
    "exists": "filter",        # some character matches the filter
    "in_combat": "bool",       # the source character is in a combat
    "is_attacking": "bool",
    "is_defending": "bool",
    "wounds_at_least": "int",  # the source character has this many wounds
    "hand_at_least": "int",
    "is_protecting": "bool",   # the source character protects a face-up back-row character
    "plot_twists_this_turn": "int",     # you have played exactly this many plot twists this turn
    "times_attacked_this_turn": "int",  # the source character has been attacked exactly this often
    "you_won": "bool",                  # you won the Dance Off (or coin flip) just resolved
    "count_at_least": "count",          # {count: COUNTABLE, n: N}: you have at least N of something
    "is_main": "bool",                  # the source is a main character
}


def keyword_text(name: str) -> str:
    return KEYWORDS[name]["text"]


# ---------------------------------------------------------------- restrictions, lasting effects,
# conditions that look at things (issue 18, part A). Kept in one block so the tables above stay as
# they are.

RESTRICTIONS: dict[str, str] = {
    "attack": "attack",
    "be_attacked": "be attacked",
    "be_struck": "be struck",
    "be_stunned": "be stunned",
    "move": "change rows",
    "protect": "protect",
    "front_row": "be in the front row",
}
"""What a character can't do (``cant:`` of a continuous ability or of ``restrict``), with the words
that follow "can't". A restriction beats any permission: it is checked where the rule is decided
(the legal actions and their messages, combat, effects). ``protect`` reads "doesn't protect"."""

PLAYER_RESTRICTIONS: dict[str, str] = {
    "use_powers": "use super powers",
    "play_plot_twists": "play plot twists",
    "recruit": "recruit",
    "play_characters": "put characters into play",
}
"""What a player can't do (``cant:`` of a continuous ability with ``players:``, or of
``restrict_player``). ``recruit`` and ``play_characters`` (recruiting them or putting them into play
by an effect: "named characters can't appear") may name the cards they forbid with a card filter
(``card:``): "can't recruit any card named Gravewing"."""

PLAYER_GROUPS = ("you", "opponent", "each")
"""Whom a player restriction binds, seen from its controller: you, each enemy player, everybody."""

ATTACK_KINDS = ("melee", "ranged", "solo", "team")

LASTING_EVENTS = ("start_of_turn", "end_of_turn", "you_recruit", "you_play_plot_twist", "draw_phase")
"""The events a player's lasting ability (``lasting``) can trigger on: things that happen to a player."""

DURATIONS = (*DURATIONS, "your_next_turn")

EVENTS.update({
    "wins_combat": "wins a combat",
    "kos": "KOs a character in combat",
    "ally_ko": "another character on your side is KO'd",
    "card_played": "a player plays a card",
    "location_appears": "a location appears",
    "recruited": "is recruited",
    "draw_phase": "your draw phase begins",
})

COUNTABLES.update({"stuns_by_it": "character it stunned this game", "kos_by_it": "character it KO'd this game"})

STATIC_KEYS.update({"cant": "restrictions", "players": "player_group", "card": "card_filter"})

CONDITIONS.update({
    "matches": "target_filter",    # {target: SELECTOR, filter: FILTER}: that character is such a character
    "in_row": "row",               # the source character is in this row
    "your_turn": "bool",           # it is (not) your turn
    "attack_is": "attack_kind",    # the current combat is a melee / ranged / solo / team attack
    "first_time_this_turn": "bool",  # see CONDITION_NOTES
    "turn_at_least": "int",        # the turn number is at least N
    "turn_at_most": "int",
    "not": "condition",            # the condition does not hold
    "any": "conditions",           # at least one of the conditions holds
    "all": "conditions",           # every one holds (to group inside any)
})

ARG_TYPES = (*ARG_TYPES, "restrictions", "player_restrictions", "player_group", "lasting_event")

# What a condition means where it is not obvious (the language reference prints it after the example).
CONDITION_NOTES = {
    "first_time_this_turn": "In a triggered ability's `if:` it holds until the ability has resolved once this turn "
                            "(for this character). In an `if` step of an effect (a triggered ability's, a super "
                            "power's, a plot twist's) it holds the first time this turn the ability comes to that "
                            "step, for this character (a plot twist: for this player's copies of the card), and the "
                            "step reads \"If this is the first time this turn this ability resolves, ...\". A "
                            "continuous ability's `while:`, a discount's or level-up's `if:` and a keyword's "
                            "condition have no first time: it is an error there.",
}


def mentions_first_time(cond: dict) -> bool:
    """Does a condition say ``first_time_this_turn`` (also inside ``not``, ``any`` or ``all``)? It
    means something only where an ability resolves: a triggered ability's ``if:`` (the first time
    this turn the ability resolves) and an ``if`` step (the first time this turn the ability comes
    to the step); a condition that holds or not at any moment (a continuous ability's ``while:``, a
    discount's or a level-up's ``if:``, a keyword's condition) has no first time."""
    if "first_time_this_turn" in cond:
        return True
    inner = cond.get("not")
    if isinstance(inner, dict) and mentions_first_time(inner):
        return True
    return any(isinstance(c, dict) and mentions_first_time(c)
               for k in ("any", "all") if isinstance(cond.get(k), list) for c in cond[k])

# ---------------------------------------------------------------- filters, deck and choice constructs
# (issue 18, part B). Kept in their own block so the tables above stay as they are.

FILTER_KEYS.update({
    "exhausted": "bool",        # true: exhausted; false: ready
    "wounded": "bool",          # true: has a wound; false: has none
    "health_min": "int",        # printed health
    "health_max": "int",
    "health_left_max": "int",   # current health: printed health minus wounds
    "cost_min": "int",
    "name": "str",              # one of the card's names (its name or an AKA)
    "name_contains": "str",     # a word or part of one in its name (any case)
    "teams": "str_list",        # a member of any of these teams ("Dawnwatch or Skyguard")
    "same_row": "bool",         # in the same row (on the same side) as this character
    "team_named": "name",       # a member of the team named earlier with name_team
    "keyword_named": "name",    # has the keyword named earlier with name_keyword
})
"""Filter keys whose truth can change without the board changing (a character exhausts, takes a
wound): a continuous ability can't pick characters by them."""
VOLATILE_FILTER_KEYS = ("exhausted", "wounded", "health_left_max", "keyword_named", "team_named")

CARD_FILTER_KEYS.update({"name_contains": "str", "teams": "str_list", "named": "name"})
FILTER_EXAMPLES = {"exhausted": True, "wounded": False, "health_min": 5, "health_max": 3, "health_left_max": 2,
                   "cost_min": 4, "name": "Stone Giant", "name_contains": "Wolf", "teams": ["Dawnwatch", "Skyguard"],
                   "same_row": True, "team_named": "rival", "keyword_named": "guess"}
"""Examples for the language reference (``capeclash language``)."""
CARD_FILTER_EXAMPLES = {"name_contains": "Wolf", "teams": ["Dawnwatch", "Skyguard"], "named": "guess"}

# Where ``choose: {what: card}`` may also look: your removed-from-game cards.
CARD_ZONES = (*CARD_ZONES, "removed")

# ``look_at_deck`` / ``reveal_until``: which end of the deck, and where the cards go.
DECK_ENDS = ("top", "bottom")
DECK_TAKE_INTO = ("hand", "play", "ko", "deck_top", "deck_bottom", "removed")
DECK_REST = ("deck_top", "deck_bottom", "ko", "deck_shuffled", "removed")
ARG_TYPES = (*ARG_TYPES, "deck_end", "take_into", "rest_into", "str_list", "name_kind")
NAME_KINDS = ("team", "keyword", "card")

# Card-level fields (issue 18, part B): deck-building clauses and equipment details.
DECK_RULE_KEYS = {"max_copies": "int", "requires": "deck_requirement"}
"""``deck_rules: {max_copies: 1}`` ("only one copy in a deck") and ``deck_rules: {requires: {team:
T, count: N}}`` ("your deck may contain this card only if it holds N or more other T cards")."""
DECK_REQUIREMENT_KEYS = ("team", "keyword", "type", "count", "main_team")
EQUIPMENT_KEYS = ("wearer", "one_of_a_kind", "stays_on_stun")
"""Equipment: ``wearer: FILTER`` (who may wear it), ``one_of_a_kind: true`` (a side may hold only
one equipment of this name), ``stays_on_stun: true`` (it stays on its stunned wearer)."""

# Super powers (issue 18, part B): how often each turn ("any" or a number; default once).
POWER_USES = ("any",)

# Counted amounts (issue 18, part B): the number of characters matching a filter, and multipliers
# ("twice the number of ...").
AMOUNT_KINDS.update({"number_of": "the number of", "twice": "twice", "thrice": "three times"})

# Recruit cost reduction (issue 18, part B): ``discounts: [{n: 1, card_filter: {...}, if: CONDITION}]`` on a
# character: while it is face up in play, the cards matching the filter cost its controller n less to
# recruit or equip (never below 0).
DISCOUNT_KEYS = ("n", "card_filter", "if", "power", "affects")
"""``{power: SYMBOL, affects: FILTER}`` instead: the super powers (reactions too, each of their costs) of the characters the filter matches (on your
side) cost one such symbol less ({any}: any one symbol), never less than one symbol."""

FILTER_KEYS.update({"equipped": "bool"})  # wears equipment (true) or none (false)
FILTER_EXAMPLES["equipped"] = True


def card_field_examples(power: dict) -> list[tuple[str, str, dict]]:
    """Examples of the card fields of issue 18, part B, for the language reference: (field, card type, fields)."""
    return [
        ("powers[].uses", "supporting", {"powers": [{**power, "uses": 2}]}),
        ("powers[].timing (a list)", "supporting", {"powers": [{**power, "timing": ["main", "combat"]}]}),
        ("powers[].or_cost", "supporting", {"powers": [{**power, "or_cost": ["energy", "energy"]}]}),
        ("powers[].or_cost (a reaction)", "supporting",
         {"powers": [{"name": "Unmake", "reaction": "enemy_plays_plot_twist", "cost": ["mind"],
                      "or_cost": ["energy", "energy"], "effect": [{"cancel_power": {}}]}]}),
        ("discounts", "supporting", {"discounts": [{"n": 1, "card_filter": {"team": "Dawnwatch"}}]}),
        ("discounts (super powers)", "supporting", {"discounts": [{"power": "any", "affects": {"side": "yours"}}]}),
        ("deck_rules.max_copies", "supporting", {"deck_rules": {"max_copies": 1}}),
        ("deck_rules.requires", "supporting", {"deck_rules": {"requires": {"team": "Dawnwatch", "count": 8}}}),
        ("wearer", "equipment", {"wearer": {"kind": "main"}}),
        ("one_of_a_kind", "equipment", {"one_of_a_kind": True}),
        ("stays_on_stun", "equipment", {"stays_on_stun": True}),
    ]

# A triggered ability as an argument (``grant_trigger``, issue 18): the same mapping as an entry of a
# card's ``triggers:`` (``{when: EVENT, if: CONDITION, effect: [...], optional: true}``), checked the same way.
ARG_TYPES = (*ARG_TYPES, "trigger")

# ``play_from`` (issue 18): play a card from another zone than the hand: your KO pile, your
# removed-from-game cards or the top of your deck; and where a plot twist played that way goes once
# it has resolved (its owner's KO pile, as usual, or out of the game).
PLAY_SOURCES = ("ko", "removed", "deck_top", "deck_bottom")
PLAY_AFTER = ("ko", "removed")
PLAY_WHOSE = ("you", "enemy", "any")  # whose KO pile ``play_from`` plays from
ARG_TYPES = (*ARG_TYPES, "play_source", "play_after", "play_whose")

# ---------------------------------------------------------------- cards in play that are not characters
# (issue 18): equipment, locations (face-up cards of a resource row) and resources (face-down ones) as
# targets. ``choose: {what: equipment}`` (or location, resource) picks one; ``{each_equipment: FILTER}``
# (each_location, each_resource) names all that match; ``its_equipment`` is the equipment this character
# wears (in an equipment's ability: that equipment); ``number_of_equipment: FILTER`` (number_of_locations,
# number_of_resources) counts them. A face-down resource stays hidden from everyone but its owner: its
# filter may only say whose it is, and a player choosing another's sees only its place in the row.
PLAY_CARD_KINDS: tuple[str, ...] = ("equipment", "location", "resource")
CHOICE_KINDS = (*CHOICE_KINDS, *PLAY_CARD_KINDS)
PLAY_CARD_FILTER_KEYS: dict[str, dict[str, str]] = {
    "equipment": {"side": "side", "wearer": "filter", "name": "str", "name_contains": "str", "team": "str",
                  "teams": "str_list", "cost_max": "int", "cost_min": "int", "not_self": "bool"},
    "location": {"side": "side", "name": "str", "name_contains": "str", "team": "str", "makes": "symbol"},
    "resource": {"side": "side"},
}
"""The filter keys of each kind: ``side`` (whose side it is on: an equipment's wearer's, a resource row's
owner's), ``wearer`` (a filter of characters its wearer matches), ``not_self`` (not the equipment of
this ability), ``makes`` (a location making that power symbol, or any symbol)."""
PLAY_CARD_FILTER_EXAMPLES: dict[str, dict] = {
    "equipment": {"side": "enemy", "wearer": {"kind": "main"}, "cost_max": 2},
    "location": {"side": "enemy", "makes": "might"},
    "resource": {"side": "yours"},
}
PLAY_CARD_SELECTORS = {"its_equipment": "equipment", "each_equipment": "equipment", "each_location": "location",
                       "each_resource": "resource"}
"""The selectors naming cards of these kinds (``each_*`` take a filter of the kind: ``{each_location:
{side: enemy}}``)."""
AMOUNT_KINDS.update({"number_of_equipment": "the number of", "number_of_locations": "the number of",
                     "number_of_resources": "the number of"})
PLAY_CARD_AMOUNTS = {"number_of_equipment": "equipment", "number_of_locations": "location",
                     "number_of_resources": "resource"}
COUNTABLES.update({"equipment": "equipment on your side", "locations": "face-up location you have"})
ARG_TYPES = (*ARG_TYPES, "card_target")
"""``card_target``: a selector naming equipment, locations or resources (``its_equipment``, ``each_*``, or
a name chosen with ``what: equipment``, ``location`` or ``resource``)."""
FILTER_KEYS["wears"] = "equipment_filter"  # a character wearing an equipment that matches this equipment filter
FILTER_EXAMPLES["wears"] = {"cost_min": 2}
CONDITIONS.update({"exists_equipment": "play_filter:equipment", "exists_location": "play_filter:location",
                   "exists_resource": "play_filter:resource"})
"""``exists_equipment: FILTER`` (exists_location, exists_resource): some equipment (location, face-down resource)
in play matches the filter."""
PLAY_CARD_CONDITIONS = {"exists_equipment": "equipment", "exists_location": "location", "exists_resource": "resource"}
