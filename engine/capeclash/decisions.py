"""Every kind of question the engine asks (``Game.decision["type"]``), in one table.

The engine asks by name (``Game.ask``); the web API shows ``title`` as the page's heading and
the terminal game shows ``prompt`` when the question carries no prompt of its own. A new kind of
decision is added here first (a test checks that every name the engine asks is listed).

>>> KINDS["declare"].title
'Declare an attack'
>>> TITLES["pay"], PROMPTS["pay"]
('Pay the cost', 'pay the cost')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DecisionKind:
    name: str
    title: str                # the browser's heading
    prompt: str | None = None  # the terminal's line (None: the name itself)
    attack: bool = False      # attacks are declared here: whom attackers reach is worked out once per list


def _kinds(*kinds: DecisionKind) -> dict[str, DecisionKind]:
    return {k.name: k for k in kinds}


K = DecisionKind
KINDS = _kinds(
    K("choose_first", "Choose who goes first", "choose who goes first"),
    K("place_main", "Place your main character", "place your main character"),
    K("mulligan", "Keep or mulligan", "keep or mulligan your hand"),
    K("resource", "Resource step", "resource step"),
    K("recruit", "Recruit step", "recruit step"),
    K("formation", "Formation step", "formation step"),
    K("main", "Main phase", "main phase", attack=True),
    K("declare", "Declare an attack", "declare your attack", attack=True),
    K("combat", "Combat window", "combat window"),
    K("choose", "Choose a character", "choose a character"),
    K("discard", "Choose a card to discard", "discard a card"),
    K("search", "Search your deck"),
    K("may", "Yes or no?", "yes or no"),
    K("may_trigger", "Use this ability?", "yes or no"),
    K("pay", "Pay the cost", "pay the cost"),
    K("strike_back", "Choose who the defender strikes back at", "choose who to strike back at"),
    K("order", "Order triggered abilities", "order the triggered abilities"),
    K("choose_player", "Choose a player", "choose a player"),
    K("choose_row", "Choose a row"),
    K("pick", "Choose one"),
    K("dance", "Dance Off"),
)
del K

TITLES = {name: k.title for name, k in KINDS.items()}
PROMPTS = {name: k.prompt for name, k in KINDS.items() if k.prompt is not None}
ATTACK_DECISIONS = tuple(name for name, k in KINDS.items() if k.attack)

# Derring-Dice's questions (engine/dice), titled for the browser.
DICE_KINDS = _kinds(*(DecisionKind(n, t) for n, t in (
    ("recruit", "Recruit phase"), ("equip", "Equip phase"), ("tactics", "Tactics phase"),
    ("main", "Action phase"), ("target", "Choose a target"), ("intercept", "Intercept the attack?"),
    ("battle", "Battle cards"), ("event_target", "Choose the event's target"),
    ("discard", "Discard down to the hand limit"),
)))
DICE_TITLES = {name: k.title for name, k in DICE_KINDS.items()}
