"""A card's rules text, rendered from its data (the same words in the browser, the terminal and print).

>>> from engine.dice.cards import DiceCard
>>> card_text(DiceCard({"name": "Gadget Workshop", "type": "base_upgrade", "gains": {"traits": ["gadgets"]},
...                     "boost_if_had": 2}, "recruit"))
'The hero gains the Gadgets trait, or Force +2 if it already has it.'
>>> card_text(DiceCard({"name": "Crush", "type": "battle", "users": ["strong"], "attacker_force": 4}, "action"))
'Strong. Attacker: Force +4 for this roll.'
"""

from __future__ import annotations

from engine.dice.cards import ABILITIES, TRAITS, USERS

ABILITY_RULES = {
    "defender": "Defender (+3 Force when defending)",
    "damager": "Damager (+3 Force when attacking)",
    "area": "Area Attack (attacks every enemy; one roll-off each)",
    "dodger": "Dodger (when hit, roll a die: on 4 or more the attack has no effect)",
    "extra_attack": "Extra Attack (may attack twice each turn)",
    "immobilize": "Immobilize (a hit gives the target a die roll of delay tokens instead of damage)",
    "shock": "Shock (a hit makes the opponent discard a random action card)",
    "genius": "Genius (draw 1 more recruit card in Contacts)",
    "control": "Control (a hit takes the target onto your team until this character is delayed or leaves)",
    "regenerate": "Regenerate (sheds 1 more token in Recovery)",
    "leader": "Leader (your other heroes get Force +1)",
    "unstoppable": "Unstoppable (its attacks cannot be intercepted)",
    "versatile": "Versatile (may use battle cards of any trait)",
}

EVENT_RULES = {
    "destroy_plot": "Discard a plot in play, with its upgrades.",
    "look_at_hands": "Look at both of the opponent's hands.",
    "delay_hero": "An opposing hero gets a die roll of delay tokens.",
    "clear_tokens": "Remove every damage and delay token from one of your characters.",
    "discard_sidekick": "Discard a sidekick from an opposing hero.",
    "redo_phase": "Play in your Tactics phase: take your Equip phase again (each hero may take one more aid), "
                  "then return to Tactics without drawing again.",
}


def _join(words: list[str], word: str = "and") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {word} " + words[-1]


def card_text(d) -> str:
    """The rules text of a card (``DiceCard``)."""
    parts: list[str] = []
    if d.is_character:
        if d.abilities:
            parts.append(". ".join(ABILITY_RULES[a] for a in d.abilities) + ".")
        if d.type == "minion":
            parts.append("Bad guy only. Takes no aids.")
        return " ".join(parts)
    if d.deck == "action":
        users = _join([USERS[u] for u in d.users], "or")  # seed 004's "P/M": a Psychic or a Magic hero
        parts.append(users + ".")
        if d.type == "event":
            parts.append(EVENT_RULES[d.effect])
            return " ".join(parts)
        if d.remove_delay:
            parts.append("Play in your Action phase: remove every delay token from one of your characters "
                         "that could use this card.")
        if d.attacker_force:
            parts.append(f"Attacker: Force +{d.attacker_force} for this roll" +
                         (" (not in an area attack)." if d.single_target else "."))
        if d.defender_force:
            parts.append(f"Defender: Force +{d.defender_force} for this roll.")
        if d.bonus:
            parts.append(f"Force +{d.bonus} for this roll.")
        if d.attack_type == "area":
            parts.append("Attacker: the attack hits every enemy, one roll-off each.")
        elif d.attack_type == "immobilize":
            parts.append("Attacker: the attack immobilizes instead.")
        elif d.attack_type == "control":
            parts.append("Attacker: the attack takes control instead.")
        if d.negate:
            parts.append("Defender: the attack on this character is cancelled.")
        if d.leader_for_phase:
            parts.append("This character is a Leader until the end of the phase.")
        if d.draw_action:
            parts.append(f"Draw {d.draw_action} action card{'s' * (d.draw_action != 1)}.")
        return " ".join(parts)
    # aids and upgrades
    if d.type == "weakness":
        parts.append("Attach to an opposing hero.")
    if d.only == "villain" or d.is_plot or d.type == "plot_upgrade":
        parts.append("Villains only.")
    elif d.only == "good":
        parts.append("Good heroes only.")
    if d.type == "origin":
        parts.append("Only on a hero recruited this turn.")
    if d.type == "plot_upgrade":
        parts.append("Attach to a major plot.")
    gains = [f"the {TRAITS[t]} trait" for t in d.gains_traits] + [ABILITIES[a] for a in d.gains_abilities]
    if gains:
        parts.append(f"The hero gains {_join(gains)}" + (f", or Force +{d.boost_if_had} if it already has it."
                                                          if d.boost_if_had else "."))
    if d.turret:
        parts.append(f"Once each turn the hero may make an extra damage attack of Force {d.turret}.")
    if d.peek:
        parts.append("Once each turn, in your Tactics or Action phase: look at the opponent's hands.")
    for hand, n in d.hand_size.items():
        parts.append(f"Your {hand} hand limit is {n} higher.")
    if d.secluded:
        parts.append("This hero is attacked last: it is a target only when no other enemy can be, and an "
                     "area attack comes to it after everyone else.")
    if d.any_vehicles:
        parts.append("The hero may carry any number of vehicles.")
    if d.team_size:
        parts.append(f"Your team may keep {d.team_size} more hero{'es' * (d.team_size != 1)}.")
    if d.action_draw:
        parts.append(f"Draw {d.action_draw} more action card in Tactics.")
    if d.immune:
        parts.append(f"Attacks by {TRAITS[d.immune]} characters cannot touch this hero.")
    if d.docking:
        parts.append(f"May carry {d.docking} base upgrade.")
    if d.slot in ("suit", "helmet", "boots"):
        parts.append(f"One {d.slot} per hero.")
    return " ".join(parts)
