"""The did-you-mean suggestion (engine.core.errors.suggest) offers a misspelling's intended word, never
a word of another or opposite meaning."""

from __future__ import annotations

import pytest

from engine.capeclash.loader import validate
from engine.cardlang import language as L
from engine.cardlang.verbs import VERBS
from engine.core.errors import suggest

KEYWORDS = list(L.KEYWORDS)


@pytest.mark.parametrize("word,options", [
    ("immobile", KEYWORDS),                       # a negating prefix: im-
    ("mortal", KEYWORDS),                         # ... the other way round (immortal is a keyword)
    ("breakable", KEYWORDS),                      # un-
    ("unstunned", ["stunned"]),
    ("nonflying", ["flying"]),
    ("non-flying", ["flying"]),
    ("disarmed", ["armed"]),
    ("inactive", ["active"]),
    ("self", L.FILTER_KEYS),                      # not_self
    ("cant_attack", ["attack", "can_attack"]),    # cant_ / can
    ("health_of", L.AMOUNT_KINDS),                # one word of a compound swapped for another
    ("def_of", ["atk_of"]),
    ("enemy_appears", ["ally_appears"]),
    ("end_of_turn", ["start_of_turn"]),
    ("is_defending", ["is_attacking"]),
    ("cost_min", ["cost_max"]),                   # words of opposite sense
    ("face_down", ["face_up"]),
    ("level_up", ["level_down"]),
    ("attacker", ["defender"]),
    ("Ember Fox", ["Ember Lynx"]),                # another card of a similar name
])
def test_no_suggestion_of_another_meaning(word, options):
    assert suggest(word, options) == ""


@pytest.mark.parametrize("word,options,want", [
    ("fligt", KEYWORDS, "flight"),
    ("flgiht", KEYWORDS, "flight"),               # letters swapped
    ("flite", KEYWORDS, "flight"),
    ("stelth", KEYWORDS, "stealth"),
    ("teamup", KEYWORDS, "team_up"),              # words run together
    ("doublestrike", KEYWORDS, "double_strike"),
    ("mind_game", KEYWORDS, "mind_games"),
    ("atk_off", L.AMOUNT_KINDS, "atk_of"),
    ("wound_of", L.AMOUNT_KINDS, "wounds_of"),
    ("cost_mx", L.FILTER_KEYS, "cost_max"),
    ("stuned", L.FILTER_KEYS, "stunned"),
    ("stunn", VERBS, "stun"),
    ("lvl_up", VERBS, "level_up"),
    ("mian", ["main", "combat"], "main"),
    ("Heroez", ["Heroes", "Villains"], "Heroes"),
    ("Whisper Pag", ["Whisper Page", "Ember Lynx"], "Whisper Page"),
    ("Sudden Strenght", ["Sudden Strength"], "Sudden Strength"),
])
def test_a_misspelling_still_gets_its_word(word, options, want):
    assert suggest(word, options) == f" (did you mean {want!r}?)"


def test_a_rejected_look_alike_leaves_room_for_the_right_word():
    # 'mobile' is closer by letters, but it means the opposite; 'immobilise' is a slip of the keys
    assert suggest("immobile", ["mobile", "immobilise"]) == " (did you mean 'immobilise'?)"


def test_card_checks_suggest_no_opposite(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("teams:\n  - {name: Heroes, alignment: good}\ncards:\n"
                 "  - id: x\n    name: X\n    type: supporting\n    team: Heroes\n    cost: 1\n"
                 "    atk: 1\n    def: 1\n    health: 1\n    keywords: [immobile, fligt]\n"
                 "    powers:\n      - name: P\n        timing: main\n        cost: [might]\n"
                 "        effect:\n          - modify: {target: self, atk: {health_of: self}}\n", encoding="utf-8")
    problems, _ = validate([f])
    text = "\n".join(str(p) for p in problems)
    assert "unknown keyword 'immobile';" in text                   # no "did you mean 'mobile'"
    assert "unknown keyword 'fligt' (did you mean 'flight'?)" in text
    assert "unknown amount 'health_of'" in text and "atk_of'?" not in text
