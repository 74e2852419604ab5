"""Rules text is rendered from card data: every card and every verb renders, and reads right."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.capeclash.loader import load_pool
from engine.cardlang.cards import CardPool, parse_card
from engine.cardlang.text import ability_lines, card_text, keyword_rules, render_effect
from engine.cardlang.verbs import VERBS, walk_steps

ROOT = Path(__file__).resolve().parent.parent

# every verb's own example (engine/cardlang/verbs: each class carries one)
EXAMPLES = {name: verb.example for name, verb in VERBS.items()}


# The rules text of each example: the exact English a verb renders to (a change here is a change to every
# card that uses the verb: make it on purpose).
RENDERED = {
    'cancel_combat': 'Cancel the combat.',
    'cancel_power': 'Cancel that super power or plot twist: it does nothing.',
    'choose': 'Choose an enemy character in the back row.',
    'choose_number': ('Choose a number from 1 to 3. Put X +1/+1 counters on this character, where X is the number you '
                         'chose.'),
    'coin_flip': 'Flip a coin. Heads: you draw a card. Tails: you discard a card.',
    'counter': 'Put two -1/-1 counters on each enemy character.',
    'create_token': 'Create two Drone tokens.',
    'dance_off': ('Begin a Dance Off: going around from you, every player exhausts a ready character or drops out, '
                     'until one player remains. If you win: your main character gains 1 XP.'),
    'daze': 'Daze this character.',
    'demote': 'This character becomes a supporting character.',
    'discard': 'An enemy player discards a card at random.',
    'draw': 'You draw two cards.',
    'enter_play': ('Choose a supporting character that costs 3 or less in your KO pile. Put it into play into a row '
                      'of your choice.'),
    'exhaust': 'Exhaust each attacker.',
    'freeze': "Freeze the defender (exhaust it; it doesn't ready during its controller's next turn).",
    'gain_recruit': 'Gain 2 recruit points.',
    'gain_xp': 'Your main character gains 1 XP.',
    'grant': 'This character gains [[Flight]] this turn.',
    'grant_trigger': ('Choose a character on your side. It gains "When this character stuns an enemy character, you '
                      'draw a card." this turn.'),
    'handler': '(Special rule: swap hands.)',
    'heal': 'Heal two wounds from this character.',
    'hide': 'This character hides (face down but ready; counters and equipment come off).',
    'if': 'If it has 2 or more wounds, heal a wound from this character.',
    'impersonate': ('Choose a supporting character in a KO pile. This character impersonates it: it takes that '
                       "character's name and base ATK and DEF, until that character shows up on any side."),
    'ko': 'KO the defender.',
    'level_down': 'Your main character levels down.',
    'lasting': 'For the rest of the game, each time your turn starts, you draw a card.',
    'level_up': 'Your main character levels up.',
    'look_at_hand': "Look at an enemy player's hand.",
    'lose_powers': 'The defender loses its keywords and super powers this turn.',
    'may': 'You may draw a card.',
    'modify': 'This character gets +2/-1 this turn.',
    'move': 'Move this character to the back row.',
    'name_character': 'Name a character. Choose a character with the name you named.',
    'promote': 'This character becomes a main character.',
    'put': "Put the defender into its owner's hand.",
    'ready': 'Ready this character.',
    'restrict': "Choose an enemy character. It can't attack or change rows until the end of your next turn.",
    'restrict_player': "Your opponents can't play plot twists until the end of your next turn.",
    'recover': 'Recover this character.',
    'redraw_hand': 'Choose a player. That player discards their hand, then draws that many cards.',
    'remove_counters': 'Remove two -1/-1 counters from each character on your side in the front row.',
    'repeat': 'Do this 2 times: you draw a card.',
    'search': 'Search your deck for a location and put it into your hand, then shuffle your deck.',
    'set_base': "This character's base ATK becomes 5 this combat.",
    'stun': 'Stun the defender.',
    'swap_stats': "Swap the defender's ATK and DEF this combat.",
    'switch': ('Choose a character on your side. Switch the places of this character and the character on your '
               'side.'),
    'take_control': 'Take control of the defender this turn.',
    'take_from_pile': 'Take a card at random from your masks pile and put it into your hand.',
    'turn_location': 'You may flip one of your face-down locations face up.',
    'wound': 'Wound this character 2 times.',
    'choose_mode': 'Choose one: • You draw two cards. • Heal a wound from this character.',
    'choose_up_to': 'Choose up to two different exhausted enemy characters. Put a -1/-1 counter on each of them.',
    'flip_location': "Turn one of an enemy player's face-up locations face down.",
    'ko_equipment': 'Choose an enemy character with equipment. KO the equipment on it.',
    'play_from': 'Play a plot twist from your KO pile without paying its cost. Then remove it from the game.',
    'look_at_deck': 'Look at the top three cards of your deck. You may put a supporting character among them into your hand. Put the rest at the bottom of your deck in any order.',
    'mill': 'An enemy player puts the top two cards of their deck into their KO pile.',
    'name': 'Name a team. Put a -1/-1 counter on each character of the team you named.',
    'reveal_hand': 'An enemy player reveals their hand.',
    'reveal_until': 'Reveal cards from the top of your deck until you reveal a supporting character that costs 2 or less. Put it into your hand and the rest at the bottom of your deck.',
    'use_power_of': 'Choose a character on your side other than this one. Use one of its super powers without paying its cost.',
    'ko_card': 'Choose an enemy equipment. KO it.',
    'return_card': "Choose an enemy equipment. Return it to its owner's hand.",
    'move_equipment': "Move this character's equipment to another character on your side that may wear it.",
}


def test_every_verb_has_an_example():
    for name, steps in EXAMPLES.items():
        assert steps and name in {v for v, _a in walk_steps(steps)}, name
    assert set(EXAMPLES) == set(RENDERED)


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_verb_validates_and_renders(verb):
    card, problems = parse_card({"id": "x", "name": "X", "type": "plot_twist", "timing": "main",
                                 "effect": EXAMPLES[verb]})
    assert problems == [], problems
    text = render_effect(card.effect)
    assert text and (text[0].isupper() or text.startswith("(Special rule")) and text.endswith((".", ".)")), text
    assert "{" not in text.replace("{any_turn}", "")
    assert text == RENDERED[verb]


def test_rendered_sentences():
    card, _ = parse_card({"id": "x", "name": "X", "type": "plot_twist", "timing": "combat", "any_turn": True,
                          "effect": [{"choose": {"what": "character", "filter": {"in_combat": True}, "as": "t"}},
                                     {"modify": {"target": "t", "atk": 3}}]})
    assert ability_lines(card) == ["Combat {any_turn}: Choose a character in the combat. It gets +3/+0 this combat."]
    def text(verb):
        c, _ = parse_card({"id": "x", "name": "X", "type": "plot_twist", "timing": "main", "effect": EXAMPLES[verb]})
        return render_effect(c.effect)
    assert text("counter") == "Put two -1/-1 counters on each enemy character."
    assert text("choose_number") == ("Choose a number from 1 to 3. Put X +1/+1 counters on this character, "
                                     "where X is the number you chose.")
    assert text("enter_play") == ("Choose a supporting character that costs 3 or less in your KO pile. "
                                  "Put it into play into a row of your choice.")
    assert text("dance_off").endswith("If you win: your main character gains 1 XP.")
    assert text("remove_counters") == "Remove two -1/-1 counters from each character on your side in the front row."


def test_every_card_in_card_data_renders():
    pool = load_pool([ROOT / "card_data"])
    assert len(pool) > 50
    for c in pool:
        text = card_text(c, full=True)
        assert c.name in text
        for kw in c.keywords:
            assert kw.replace("_", " ").title() in text, (c.id, kw)
        for pw in c.powers:
            assert pw.name in text, (c.id, pw.name)
        # optional abilities read "you may draw", never "you may you draw"
        for doubled in ("may you ", "may You ", "may may "):
            assert doubled not in text, (c.id, text)


def test_optional_trigger_drops_its_own_subject():
    card, problems = parse_card({"id": "t-scout", "name": "Test Scout", "type": "supporting", "team": "Dawnwatch",
                                 "cost": 1, "atk": 1, "def": 1, "health": 1,
                                 "triggers": [{"when": "appears", "optional": True, "effect": [{"draw": {"n": 1}}]}]})
    assert not problems
    assert "When this character appears, you may draw a card." in ability_lines(card)


def test_keyword_rules_fill_parameters():
    assert keyword_rules("team_up", "Dawnwatch") == \
        "Each supporting character you control also counts as a member of Dawnwatch."
    assert keyword_rules("grows", "resources") == "It gets +1/+1 for each resource you have."
    assert keyword_rules("lethal", "wounds").startswith("A defending supporting character it gives a wound")


def test_hand_written_text_must_name_keywords_and_powers():
    cards = [{"id": "h", "name": "H", "type": "supporting", "cost": 1, "atk": 1, "def": 1, "health": 1,
              "keywords": ["flight", "berserker"], "text": "Flight. Gets bigger when it attacks.",
              "powers": [{"name": "Zap", "timing": "main", "cost": ["might"], "effect": [{"draw": {}}]}]}]
    from engine.cardlang.cards import check_pool
    problems = [str(p) for p in check_pool(CardPool.from_data(cards))]
    assert any("doesn't mention the keyword Berserker" in p for p in problems)
    assert any("doesn't mention the super power 'Zap'" in p for p in problems)
    assert not any("Flight" in p for p in problems)
