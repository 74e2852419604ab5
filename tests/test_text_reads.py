"""Rules text that reads like a card (issue 18): each slip found on our own cards, and its class.

Each test names the card it was seen on and the wording it had before the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cardlang.cards import parse_card
from engine.cardlang.phrases import THIRD_PERSON, you_may
from engine.cardlang.text import ability_lines, render_effect
from engine.cardlang.verbs import VERBS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def pool():
    from engine.capeclash.testing import shared_pool
    return shared_pool([ROOT / "card_data"])


def _effect(steps, until="combat"):
    card, problems = parse_card({"id": "x", "name": "X", "type": "plot_twist", "timing": "main", "effect": steps})
    assert problems == [], problems
    return render_effect(card.effect, until=until)


def _trigger_line(effect, optional=True):
    card, problems = parse_card({"id": "t", "name": "T", "type": "supporting", "team": "Dawnwatch", "cost": 1,
                                 "atk": 1, "def": 1, "health": 1,
                                 "triggers": [{"when": "appears", "optional": optional, "effect": effect}]})
    assert problems == [], problems
    return ability_lines(card)[0]


# ---- filters: "stunned: any" allows face-up and stunned characters (was: "a stunned ... character")

def test_field_medic_kit_says_face_up_or_stunned(pool):
    assert ability_lines(pool["fx-field-medic-kit"]) == [
        "Main: Choose a face-up or stunned character on your side. Heal two wounds from it."]


@pytest.mark.parametrize(("stunned", "phrase"), [
    (None, "Choose a character on your side."), (False, "Choose a character on your side."),
    (True, "Choose a stunned character on your side."),
    ("any", "Choose a face-up or stunned character on your side.")])
def test_every_stunned_filter_value_reads_as_what_it_allows(stunned, phrase):
    flt = {"side": "yours"} if stunned is None else {"side": "yours", "stunned": stunned}
    assert _effect([{"choose": {"what": "character", "filter": flt, "as": "t"}}]) == phrase


# ---- counted amounts name what they count (was: "where X is the ATK of model")

def test_mirror_might_names_both_chosen_characters(pool):
    assert ability_lines(pool["fx-mirror-might"]) == [
        "Main: Choose a character on your side. Choose an enemy character. The character on your side gets "
        "+X/+0 this turn, where X is the ATK of the enemy character."]


def test_copycat_names_the_model(pool):
    assert ability_lines(pool["copycat"])[0].endswith(
        "Choose an enemy character in the combat. This character gets +X/+0 this combat, where X is the ATK "
        "of the enemy character in the combat.")


@pytest.mark.parametrize("kind", ["atk_of", "def_of", "wounds_of"])
def test_no_counted_amount_shows_a_bound_name(kind):
    text = _effect([{"choose": {"what": "character", "filter": {"side": "enemy"}, "as": "zq_model"}},
                    {"counter": {"target": "self", "kind": "plus", "n": {kind: "zq_model"}}}])
    assert "zq_model" not in text and text.endswith(" the enemy character."), text


def test_a_chosen_row_is_the_characters_in_it(pool):
    assert ability_lines(pool["fx-row-quake"]) == [
        "Main: Choose an enemy row. Put a -1/-1 counter on each character in that row."]


def test_two_chosen_characters_are_told_apart(pool):
    # was: "Switch the places of it and it."
    assert ability_lines(pool["fx-swap-positions"])[0].endswith(
        "Switch the places of the character on your side in the front row and the character on your side in "
        "the back row.")
    text = _effect([{"choose": {"what": "character", "as": "a"}}, {"choose": {"what": "character", "as": "b"}},
                    {"stun": {"target": "a"}}, {"stun": {"target": "b"}}])
    assert text == "Choose a character. Choose a character. Stun the first character. Stun it."


# ---- cards named by id read by name (was: "Create two Fx Swarmling tokens")

def test_summon_swarmlings_names_the_token(pool):
    assert ability_lines(pool["fx-summon-swarmlings"], pool) == ["Main: Create two Swarmling tokens."]


def test_capeclash_card_names_tokens(capsys):
    from apps.cli import main
    assert main(["card", "Summon Swarmlings", "--data", str(ROOT / "card_data")]) == 0
    assert "Create two Swarmling tokens." in capsys.readouterr().out


# ---- search says where the card goes (was: "put it into your hand" for every destination)

def test_search_says_its_destination():
    assert _effect([{"search": {"filter": {"type": "location"}, "into": "ko"}}]) == \
        "Search your deck for a location and put it into your KO pile, then shuffle your deck."


# ---- capital letters stay (was: "Each skylark wing character", "[[flight]]")

def test_team_names_and_keywords_keep_their_capitals():
    assert _effect([{"modify": {"target": {"each": {"team": "Skylark Wing"}}, "atk": 1, "until": "turn"}}]) == \
        "Each Skylark Wing character gets +1/+0 this turn."
    assert _effect([{"grant": {"target": {"each": {"keyword": "flight", "side": "yours"}}, "keyword": "dodge"}}]) \
        == "Each character on your side with [[Flight]] gains [[Dodge]] this combat."
    assert _effect([{"may": {"prompt": "KO?", "then": [{"ko": {"target": "defender"}}]}}]) == \
        "You may KO the defender."


# ---- the optional form of every verb (was: "you may may choose", "You may this character gains [[Dodge]]")

def test_optional_choice_in_an_optional_trigger():
    line = _trigger_line([{"choose": {"what": "character", "filter": {"side": "enemy"}, "optional": True,
                                      "as": "t"}}, {"stun": {"target": "t"}}])
    assert line == "When this character appears, you may choose an enemy character. Stun it."


def test_may_grant_reads_you_may_have():
    assert _effect([{"may": {"prompt": "Dodge?", "then": [{"grant": {"target": "self", "keyword": "dodge",
                                                                     "until": "turn"}}]}}]) == \
        "You may have this character gain [[Dodge]] this turn."


def test_optional_choice_of_a_player():
    assert _effect([{"choose": {"what": "player", "optional": True, "as": "player"}}]) == "You may choose a player."


BAD_AFTER_MAY = {"may", "you", "this", "each", "it", "the", "your", "that", "an", "a", "if", *THIRD_PERSON}


def _after_may(text: str) -> list[str]:
    words = text.replace(",", " ").split()
    return [words[i + 1] for i, w in enumerate(words[:-1]) if w.lower() == "may" and words[i - 1].lower() == "you"]


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_verb_has_an_optional_form(verb):
    """Each verb's example, under ``may`` and as an optional trigger, reads "you may <verb> ..." or
    "you may have <someone> <verb> ...": never a doubled "may", a subject or a third-person verb."""
    example = VERBS[verb].example
    under_may = _effect([{"may": {"prompt": "Do it?", "then": example}}])
    trigger = _trigger_line(example)
    for text in (under_may, trigger):
        assert _after_may(text), text
        for w in _after_may(text):
            assert w.lower() not in BAD_AFTER_MAY - {"have"}, text
        assert "may may" not in text and "may You" not in text, text


@pytest.mark.parametrize(("sentence", "optional"), [
    ("Draw a card.", "you may draw a card."),
    ("You draw a card.", "you may draw a card."),
    ("You may choose a player.", "you may choose a player."),
    ("This character gains [[Dodge]] this turn.", "you may have this character gain [[Dodge]] this turn."),
    ("An enemy player discards a card.", "you may have an enemy player discard a card."),
    ("KO the defender.", "you may KO the defender."),
    ("If it has 2 or more wounds, heal a wound from it.", "if it has 2 or more wounds, you may heal a wound from it."),
])
def test_you_may(sentence, optional):
    assert you_may(sentence) == optional


def test_repeat_reads_as_one_sentence():
    # was: "Do this X, where X is the number of cards in your hand times: You draw a card."
    assert _effect([{"repeat": {"n": {"count": "hand"}, "steps": [{"draw": {}}]}}]) == \
        "Do this X times, where X is the number of cards in your hand: you draw a card."
    assert _effect([{"repeat": {"n": 2, "steps": [{"draw": {}}]}}]) == "Do this 2 times: you draw a card."


def test_the_print_cache_key_covers_every_verb_module():
    """Printed faces are cached by a hash of the engine modules the rules text comes from: a wording
    changed in any verb's ``text`` must reprint the cards."""
    from printgen.cache import engine_sources
    names = {p.relative_to(ROOT).as_posix() for p in engine_sources()}
    verbs = {p.relative_to(ROOT).as_posix() for p in (ROOT / "engine" / "cardlang" / "verbs").glob("*.py")
             if p.name != "__init__.py"}
    assert verbs <= names, verbs - names
    assert "engine/cardlang/phrases.py" in names


def test_capeclash_card_shows_aka_names():
    from engine.cardlang.text import card_text
    card, problems = parse_card({"id": "zz", "name": "Night Owl", "type": "supporting", "team": "Dawnwatch",
                                 "cost": 1, "atk": 1, "def": 1, "health": 1, "aka": ["The Owl", "Hoot"]})
    assert problems == []
    assert "  Also known as: The Owl, Hoot." in card_text(card, full=True).split("\n")
    assert "Also known as" not in card_text(card)
