"""Card-language audit, session 19: malformed abilities as a designer writes them get a clear problem
naming the card, the field (the path inside the ability) and the rule, never a traceback nor a silent
acceptance; valid abilities render as correct English that agrees with what the engine does."""

from __future__ import annotations

import pytest

from engine.capeclash.loader import validate
from engine.cardlang import language as L
from engine.cardlang.cards import CardPool, parse_card
from engine.cardlang.text import ability_lines, render_effect


def _sup(**extra) -> dict:
    return {"id": "s19", "name": "Audit Nineteen", "type": "supporting", "team": "Dawnwatch", "cost": 2, "atk": 1,
            "def": 1, "health": 2, **extra}


def _power(effect) -> dict:
    return _sup(powers=[{"name": "Zap", "timing": "main", "cost": ["might"], "effect": effect}])


def _plot(effect, timing="main") -> dict:
    return {"id": "s19p", "name": "Audit Plot", "type": "plot_twist", "timing": timing, "effect": effect}


def _problems(data: dict) -> dict[str, str]:
    """{field: message} of a card's problems (parsing never raises)."""
    _card, problems = parse_card(data, file="audit.yaml")
    return {p.field: p.message for p in problems}


def _text(data: dict) -> str:
    card, problems = parse_card(data)
    assert problems == [], problems
    assert card is not None
    return " ".join(ability_lines(card, CardPool({card.id: card})))


# ------------------------------------------------------------------ crashes on malformed values

@pytest.mark.parametrize("bad", [[1, 2], {"x": 1}])
def test_a_card_filter_type_that_is_a_list_or_mapping_is_a_problem_not_a_crash(bad):
    """play_from's check read the type of a card filter given as a list (TypeError: unhashable)."""
    got = _problems(_plot([{"play_from": {"from": "ko", "filter": {"type": bad}}}]))
    assert "unknown card type" in got["effect[0].play_from.filter.type"]


@pytest.mark.parametrize("bad", [{}, [[]], [{"x": 1}], [[1, 2]]])
def test_a_restriction_that_is_a_list_or_mapping_is_a_problem_not_a_crash(bad):
    """A continuous restriction on players with card: and a cant list holding a list crashed."""
    got = _problems(_sup(statics=[{"players": "opponent", "cant": bad, "card": {"name": "Trooper Ash"}}]))
    assert any(f.startswith("statics[0].cant") and "unknown restriction" in m for f, m in got.items()), got


def test_a_restrict_player_step_with_a_list_in_its_cant_list_is_a_problem_not_a_crash():
    got = _problems(_power([{"restrict_player": {"who": "you", "cant": [["recruit"]], "card": {"name": "X"}}}]))
    assert "unknown restriction" in got["powers[0].effect[0].restrict_player.cant[0]"]


@pytest.mark.parametrize("bad", [None, 5, True, [], {}, ""])
def test_a_card_filter_team_that_is_not_text_is_a_problem(bad):
    """A discount's card_filter team of 5 was accepted and then crashed the rules text (str.join)."""
    got = _problems(_sup(discounts=[{"n": 1, "card_filter": {"team": bad}}]))
    assert "must be text" in got["discounts[0].card_filter.team"]


def test_validate_lists_a_file_with_such_abilities_without_a_traceback(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("cards:\n"
                 "  - {id: a1, name: A One, type: plot_twist, timing: main,\n"
                 "     effect: [{play_from: {from: ko, filter: {type: [supporting]}}}]}\n"
                 "  - {id: a2, name: A Two, type: supporting, team: T, cost: 1, atk: 1, def: 1, health: 1,\n"
                 "     statics: [{players: each, cant: [[recruit]], card: {name: X}}]}\n", encoding="utf-8")
    problems, _counts = validate([f])
    text = "\n".join(map(str, problems))
    assert "card 'a1', field 'effect[0].play_from.filter.type'" in text
    assert "card 'a2', field 'statics[0].cant[0]'" in text
    assert "could not be checked" not in text


# ------------------------------------------------------------------ card filters: every value is checked

@pytest.mark.parametrize(("key", "bad", "says"), [
    ("cost_max", "three", "whole number"), ("cost_max", -1, "0 or more"), ("cost_min", 10 ** 6, "999"),
    ("cost_max", True, "whole number"), ("kind", "sidekick", "unknown kind"),
    ("keyword", "flyght", "did you mean 'flight'"), ("name", None, "must be text"), ("team", 7, "must be text"),
])
def test_every_card_filter_value_is_checked(key, bad, says):
    """search's filter: {cost_max: three} read "that costs three or less"; kind and keyword were never
    looked at; a keyword misspelt as flyght rendered as [[Flyght]]."""
    got = _problems(_power([{"search": {"filter": {key: bad}}}]))
    assert says in got[f"powers[0].effect[0].search.filter.{key}"]


def test_a_card_filter_with_an_unknown_key_lists_the_keys_it_takes():
    got = _problems(_power([{"search": {"filter": {"colour": "red"}}}]))
    assert "a card filter takes type, team" in got["powers[0].effect[0].search.filter.colour"]


@pytest.mark.parametrize("where", ["filter", "card_filter"])
def test_a_filter_whose_minimum_is_above_its_maximum_can_never_match(where):
    if where == "filter":
        data = _power([{"choose": {"what": "character", "filter": {"cost_min": 4, "cost_max": 2}, "as": "t"}},
                       {"stun": {"target": "t"}}])
        fld = "powers[0].effect[0].choose.filter.cost_max"
    else:
        data = _power([{"search": {"filter": {"cost_min": 4, "cost_max": 2}}}])
        fld = "powers[0].effect[0].search.filter.cost_max"
    assert "no" in _problems(data)[fld] and "can match" in _problems(data)[fld]


def test_a_character_filter_with_health_min_above_health_max_can_never_match():
    data = _power([{"choose": {"what": "character", "filter": {"health_min": 5, "health_max": 3}, "as": "t"}},
                   {"stun": {"target": "t"}}])
    assert "can match" in _problems(data)["powers[0].effect[0].choose.filter.health_max"]


# ------------------------------------------------------------------ nested steps written empty

@pytest.mark.parametrize(("verb", "args", "key"), [
    ("may", {"prompt": "Draw?", "then": None}, "then"),
    ("if", {"cond": {"in_combat": True}, "then": None}, "then"),
    ("if", {"cond": {"in_combat": True}, "then": [{"draw": {}}], "else": None}, "else"),
    ("repeat", {"n": 2, "steps": None}, "steps"),
    ("coin_flip", {"heads": None}, "heads"),
    ("coin_flip", {"heads": [{"draw": {}}], "tails": None}, "tails"),
    ("choose_mode", {"mode1": None, "mode2": [{"draw": {}}]}, "mode1"),
    ("lasting", {"when": "start_of_turn", "effect": None}, "effect"),
    ("dance_off", {"win": None}, "win"),
])
def test_nested_steps_written_with_nothing_after_them_are_a_problem(verb, args, key):
    """``then:`` with nothing after it was read as no steps: "You may " / "Heads: " / "If it's in a combat, "."""
    got = _problems(_power([{verb: args}]))
    assert "must be a list of effect steps" in got[f"powers[0].effect[0].{verb}.{key}"]


# ------------------------------------------------------------------ amounts and contradictions

@pytest.mark.parametrize(("verb", "args"), [
    ("draw", {}), ("wound", {"target": "self"}), ("heal", {"target": "self"}), ("repeat", {"steps": [{"draw": {}}]}),
    ("counter", {"target": "self", "kind": "plus"}), ("mill", {}), ("gain_recruit", {}), ("gain_xp", {}),
    ("create_token", {"card": "drone"}), ("look_at_deck", {}), ("discard", {}),
    ("remove_counters", {"target": "self", "kind": "minus"}),
])
def test_an_amount_of_zero_that_does_nothing_is_a_problem(verb, args):
    """"You draw 0 cards.", "Wound this character 0 times.", "Do this 0 times: ..." were accepted."""
    got = _problems(_power([{verb: {**args, "n": 0}}]))
    assert "at least 1" in got[f"powers[0].effect[0].{verb}.n"]


def test_modify_without_a_change_and_set_base_without_a_stat_are_problems():
    """modify with no atk or def read "+0/+0"; set_base with neither read "This character's  this turn."."""
    assert "give atk, def or both" in _problems(_power([{"modify": {"target": "self"}}]))[
        "powers[0].effect[0].modify.atk"]
    assert "changes nothing" in _problems(_power([{"modify": {"target": "self", "atk": 0, "def": 0}}]))[
        "powers[0].effect[0].modify.atk"]
    assert "give atk, def or both" in _problems(_power([{"set_base": {"target": "self"}}]))[
        "powers[0].effect[0].set_base.atk"]
    assert "changes nothing" in _problems(_sup(statics=[{"atk": 0}]))["statics[0].atk"]


def test_a_keyword_that_needs_a_parameter_cant_be_granted_without_one():
    """grant: {keyword: team_up} read "gains [[Team Up]]" with no team to count as."""
    assert "needs a parameter" in _problems(_power([{"grant": {"target": "self", "keyword": "team_up"}}]))[
        "powers[0].effect[0].grant.keyword"]
    assert "needs a parameter" in _problems(_sup(statics=[{"grant": ["grows"]}]))["statics[0].grant[0]"]


def test_a_character_switching_with_or_impersonating_itself_is_a_problem():
    assert "itself" in _problems(_power([{"switch": {"target": "self", "with": "self"}}]))[
        "powers[0].effect[0].switch.with"]
    assert "itself" in _problems(_power([{"impersonate": {"target": "self", "model": "self"}}]))[
        "powers[0].effect[0].impersonate.model"]


def test_look_at_deck_taking_more_cards_than_it_looks_at_is_a_problem():
    got = _problems(_power([{"look_at_deck": {"n": 2, "take": 5}}]))
    assert "more than n" in got["powers[0].effect[0].look_at_deck.take"]


def test_a_restriction_listed_twice_is_a_problem():
    """"This character can't attack or attack this turn." was accepted."""
    got = _problems(_power([{"restrict": {"target": "self", "cant": ["attack", "attack"]}}]))
    assert "listed twice" in got["powers[0].effect[0].restrict.cant[1]"]


def test_a_multiplier_of_a_multiplier_is_a_problem():
    """{twice: {twice: ...}} read "where X is twice twice the number of ..."."""
    got = _problems(_power([{"modify": {"target": "self", "atk": {"twice": {"twice": {"count": "hand"}}}}}]))
    assert "another multiplier" in got["powers[0].effect[0].modify.atk.twice"]


def test_a_lasting_ability_until_the_end_of_the_combat_is_a_problem():
    """It listens for turn events ("This combat, each time your turn starts, ..."): it can never trigger."""
    got = _problems(_power([{"lasting": {"when": "start_of_turn", "effect": [{"draw": {}}], "until": "combat"}}]))
    assert "give turn" in got["powers[0].effect[0].lasting.until"]


def test_a_plot_twist_lasting_while_its_source_stays_in_play_is_a_problem():
    """A plot twist has no character of its own: until: source_leaves ended at once, silently."""
    got = _problems(_plot([{"choose": {"what": "character", "filter": {"side": "enemy"}, "as": "t"}},
                           {"lose_powers": {"target": "t", "until": "source_leaves"}}]))
    assert "plot twist has none" in got["effect[1].lose_powers.until"]
    # granted to a character, the ability is that character's: source_leaves is fine there
    ok = _problems(_plot([{"grant_trigger": {"target": "each_ally", "trigger": {"when": "attacks", "effect": [
        {"modify": {"target": "self", "atk": 1, "until": "source_leaves"}}]}}}]))
    assert ok == {}


# ------------------------------------------------------------------ chosen things of the wrong kind

@pytest.mark.parametrize(("choice", "name"), [
    ({"choose": {"what": "player", "as": "player"}}, "player"),
    ({"choose_number": {"min": 1, "max": 3, "as": "n"}}, "n"),
    ({"name_character": {"as": "guess"}}, "guess"),
    ({"choose": {"what": "card", "from": "hand", "as": "c"}}, "c"),
])
def test_a_step_aimed_at_characters_cant_take_a_player_a_number_a_name_or_a_card_in_hand(choice, name):
    """The engine reads a chosen player's or number's value as a card: "Choose a player. Stun the chosen
    character." stunned whichever card had that number."""
    got = _problems(_power([choice, {"stun": {"target": name}}]))
    assert "not a character in play" in got["powers[0].effect[1].stun.target"]


def test_impersonate_may_still_copy_a_card_chosen_in_a_ko_pile():
    assert _problems(_power([{"choose": {"what": "card", "from": "any_ko", "card_filter": {"type": "supporting"},
                                         "as": "m"}}, {"impersonate": {"target": "self", "model": "m"}}])) == {}


def test_a_counted_amount_chosen_must_be_a_chosen_number():
    got = _problems(_power([{"choose": {"what": "character", "as": "t"}},
                            {"modify": {"target": "self", "atk": {"chosen": "t"}}}]))
    assert "not a number chosen earlier" in got["powers[0].effect[1].modify.atk.chosen"]


def test_who_chosen_needs_a_player_chosen_as_player():
    """The engine reads the player of who: chosen under the name 'player': without it (or under another
    name) the step silently did nothing, and read "That player draws a card."."""
    got = _problems(_power([{"draw": {"who": "chosen"}}]))
    assert "there is none" in got["powers[0].effect[0].draw.who"]
    got = _problems(_power([{"choose": {"what": "player", "as": "foe"}}, {"draw": {"who": "chosen"}}]))
    assert "must be named 'player'" in got["powers[0].effect[1].draw.who"]
    assert _problems(_power([{"choose": {"what": "player", "as": "player"}}, {"draw": {"who": "chosen"}}])) == {}


def test_matches_names_a_built_in_target_or_a_character_chosen_earlier():
    """matches: {target: defendr} was accepted: the condition was false every time."""
    got = _problems(_sup(triggers=[{"when": "attacks", "if": {"matches": {"target": "defendr", "filter": {}}},
                                    "effect": [{"draw": {}}]}]))
    assert "did you mean 'defender'" in got["triggers[0].if.matches.target"]
    assert _problems(_power([{"choose": {"what": "character", "as": "champ"}}, {"if": {
        "cond": {"matches": {"target": "champ", "filter": {"kind": "main"}}}, "then": [{"draw": {}}]}}])) == {}


@pytest.mark.parametrize(("args", "key"), [
    ({"what": "player", "filter": {"side": "enemy"}, "as": "player"}, "filter"),
    ({"what": "character", "card_filter": {"type": "supporting"}, "as": "t"}, "card_filter"),
    ({"what": "character", "from": "hand", "as": "t"}, "from"),
    ({"what": "card", "filter": {"side": "enemy"}, "as": "t"}, "filter"),
    ({"what": "row", "filter": {"side": "enemy", "row": "front"}, "as": "t"}, "filter"),
])
def test_a_choice_argument_its_kind_of_choice_ignores_is_a_problem(args, key):
    """choose: {what: player, filter: {side: enemy}} offered every player and read "Choose a player."."""
    got = _problems(_power([{"choose": args}]))
    assert f"powers[0].effect[0].choose.{key}" in got


# ------------------------------------------------------------------ card-level fields

def test_empty_names_levels_and_requirements_are_problems():
    assert "needs a name" in _problems(_sup(powers=[{"name": "", "timing": "main", "cost": ["might"],
                                                    "effect": [{"draw": {}}]}]))["powers[0].name"]
    main = {"id": "m1", "name": "Main One", "type": "main", "team": "T", "level": 1, "atk": 1, "def": 1,
            "health": 3, "level_up": None}
    assert "is empty" in _problems(main)["level_up"]
    got = _problems({**_plot([{"stun": {"target": "defender"}}], "combat"), "requires": [""]})
    assert "empty" in got["requires[0]"]
    got = _problems({**_plot([{"stun": {"target": "defender"}}], "combat"),
                     "requires": [{"team": "Dawnwatch", "count": 2, "cuont": 3}]})
    assert "did you mean 'count'" in got["requires[0].cuont"]


def test_a_trigger_on_a_list_of_events_says_to_write_one_per_event():
    got = _problems(_sup(triggers=[{"when": ["attacks", "is_attacked"], "effect": [{"draw": {}}]}]))
    assert "one triggered ability for each event" in got["triggers[0].when"]


def test_unknown_fields_and_arguments_say_what_is_taken():
    got = _problems(_sup(triggers=[{"when": "attacks", "cost": ["might"], "effect": [{"stun": {
        "target": "defender", "until": "turn"}}]}]))
    assert "it takes when, if, effect, optional" in got["triggers[0].cost"]
    assert "stun takes target" in got["triggers[0].effect[0].stun.until"]


def test_all_broken_abilities_of_a_card_are_listed_each_at_its_index_and_no_noise():
    """Every broken ability has its own problem at its index path; an effect whose every step is wrong
    is not also said to be missing ("needs an effect")."""
    got = _problems(_sup(
        triggers=[{"when": "apears", "effect": [{"draw": {}}]}, {"when": "attacks", "effect": [{"draww": {}}]},
                  {"when": "attacks", "effect": [{"stun": {"target": "defendr"}}]}],
        powers=[{"name": "A", "timing": "mian", "cost": ["might"], "effect": [{"draw": {"n": -1}}]},
                {"name": "B", "timing": "main", "cost": ["might"], "effect": "stun"}]))
    assert {"triggers[0].when", "triggers[1].effect[0]", "triggers[2].effect[0].stun.target", "powers[0].timing",
            "powers[0].effect[0].draw.n", "powers[1].effect"} <= set(got)
    assert "needs an effect" not in got.get("triggers[1].effect", "")
    assert got["powers[1].effect"] == "must be a list of effect steps"


# ------------------------------------------------------------------ rendering

def test_its_not_it_s_before_a_stat():
    text = _text(_power([{"choose": {"what": "character", "as": "t"}}, {"swap_stats": {"target": "t"}},
                         {"set_base": {"target": "t", "atk": 5}}]))
    assert "Swap its ATK and DEF this turn. Its base ATK becomes 5 this turn." in text


def test_several_chosen_characters_read_right_for_swap_and_set_base_and_choose_up_to():
    text = _text(_power([{"choose_up_to": {"n": 2, "as": "xs"}}, {"swap_stats": {"target": "xs"}},
                         {"set_base": {"target": "xs", "atk": 2}}]))
    assert text.endswith("Choose up to two different characters. Swap the ATK and DEF of each of them this turn. "
                         "For each of them, its base ATK becomes 2 this turn.")


def test_redraw_hand_names_the_player_the_engine_picks():
    """redraw_hand without who (you, as the engine reads it) read "That player discards their hand"."""
    assert render_effect(({"redraw_hand": {}},)) == "You discard your hand, then draw that many cards."
    assert render_effect(({"redraw_hand": {"who": "opponent"}},)) == \
        "An enemy player discards their hand, then draws that many cards."


def test_removing_x_counters_says_what_x_is():
    text = _text(_power([{"remove_counters": {"target": "each_ally", "kind": "plus", "n": {"def_of": "self"}}}]))
    assert "Remove X +1/+1 counters from each character on your side, where X is the DEF of this character." in text


def test_repeat_once_reads_once():
    assert "Do this once: you draw a card." in _text(_power([{"repeat": {"n": 1, "steps": [{"draw": {}}]}}]))


def test_a_cost_or_health_range_reads_from_to():
    text = _text(_power([{"choose": {"what": "character", "filter": {"cost_min": 2, "cost_max": 4,
                                                                     "health_min": 1, "health_max": 3}, "as": "t"}},
                         {"stun": {"target": "t"}}, {"search": {"filter": {"cost_min": 1, "cost_max": 2}}}]))
    assert "Choose a character that costs 2 to 4 with 1 to 3 health." in text
    assert "Search your deck for a card that costs 1 to 2 " in text


def test_two_different_counted_amounts_are_x_and_y():
    """+X/+X with one "where X is" hid the second count."""
    text = _text(_power([{"modify": {"target": "self", "atk": {"count": "hand"}, "def": {"count": "allies"}}}]))
    assert ("This character gets +X/+Y this turn, where X is the number of cards in your hand and Y is the "
            "number of other characters on your side.") in text
    text = _text(_sup(statics=[{"atk": {"count": "hand"}, "def": {"count": "allies"}}]))
    assert text == ("This character gets +X/+Y, where X is the number of cards in your hand and Y is the number "
                    "of other characters on your side.")


def test_a_count_of_a_chosen_character_in_a_draw_names_it():
    text = _text(_power([{"choose": {"what": "character", "filter": {"side": "enemy"}, "as": "foe"}},
                         {"draw": {"n": {"atk_of": "foe"}}}]))
    assert "You draw X cards, where X is the ATK of the enemy character." in text


def test_nullify_reminder_says_what_ends_and_what_pauses_it():
    """The engine ends Nullify when its source is stunned or leaves play and pauses it while the source is
    hidden or without its powers; the reminder said "for as long as this character stays face up"."""
    text = L.keyword_text("nullify")
    assert "for as long as" not in text
    assert "until this character is stunned or leaves play" in text
    assert "hidden" in text
