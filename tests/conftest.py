import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Test tiers. `make test-fast` runs the untiered tests (engine, scenarios, card text, validation,
# web API: about a minute); `make test` runs every tier. A test file joins a tier here, by name,
# or a single test with its own `@pytest.mark.<tier>`.
TIERS = {
    "browser": "real Chromium through Playwright",
    "pyodide": "the engine under Pyodide in Node",
    "print": "renders and reads back PDFs and PNGs",
    "soak": "many random games with invariant checks after every action",
    "slow": "simulations, balance reports, AI strength and other long runs",
}
FILE_TIERS = {
    "test_web.py": "browser",
    "test_faces.py": "browser",
    "test_web_input_s19.py": "browser",
    "test_pyodide.py": "pyodide",
    "test_print.py": "print",
    "test_print_dice.py": "print",
    "test_soak.py": "soak",
    "test_simulate.py": "slow",
    "test_balance.py": "slow",
}
# single long tests in otherwise fast files (by test function name)
TEST_TIERS = {
    "test_starter_balance_report_plays_the_games_of_capeclash_balance_and_resumes": "slow",
    "test_normal_beats_random_and_simple_on_fixed_seeds": "slow",
    "test_games_replay_from_their_seed": "slow",
    "test_random_play_soak_all_four_decks_every_starter_card_played": "soak",
    "test_caches_off_change_nothing_soak": "soak",
    "test_shortcuts_change_nothing_with_pattern_cards": "soak",
    # property-style sweeps over bad inputs (every field of a scenario and a save; growing files)
    "test_one_odd_value_anywhere_in_a_scenario_or_save_never_crashes": "slow",
    "test_validation_time_grows_linearly_with_the_number_of_bad_cards": "slow",
    # twelve Derring-Dice games per computer level
    "test_ai_games_end_by_the_rules_within_a_bounded_number_of_actions": "slow",
    # hard_all's searches of every decision type on whole games
    "test_hard_searches_the_combat_recruiting_and_the_questions_inside_effects": "slow",
    # print builds that render card images, PDFs or the rulebook
    "test_engine_text_change_rerenders_every_png_that_shows_it": "print",
    "test_backs_options_embedded_fonts_pure_k_text_and_stable_tts_urls": "print",
    "test_broken_art_is_reported_with_its_card_and_the_previous_output_stays": "print",
    "test_rulebook_rules_layout_and_anatomy": "print",
    # whole games or probes of 5-10 s each (the fast loop keeps smaller tests of the same code)
    "test_every_ai_level_is_offered_and_plays": "slow",
    "test_a_refused_action_never_names_a_card_hidden_from_its_player": "slow",
    "test_a_match_gives_hard_the_browsers_deadline_on_the_clock_it_is_handed": "slow",
    "test_a_remembered_answer_is_given_for_that_player_each_time_the_ability_asks_again": "slow",
}


def pytest_configure(config):
    for name, what in TIERS.items():  # registered here so that `pytest --markers` lists them
        config.addinivalue_line("markers", f"{name}: {what} (not in `make test-fast`)")


def pytest_itemcollected(item):
    tier = TEST_TIERS.get(getattr(item, "originalname", item.name)) or FILE_TIERS.get(item.path.name)
    if tier and not any(item.get_closest_marker(t) for t in TIERS):
        item.add_marker(getattr(pytest.mark, tier))


# `make test` runs the suite in two pytest processes side by side (tools/run_tests.py), one per core:
# CAPECLASH_TEST_GROUP=1 takes the tiers that drive other programs (Chromium, Node, the PDF renderer)
# and a few soaks (so that both end about together); 2 takes everything else. Unset, every test runs here.
GROUP_ONE_TIERS = ("browser", "pyodide", "print")
GROUP_ONE_TESTS = {"test_caches_off_change_nothing_soak", "test_soak_random_games_keep_every_invariant[dice]",
                   "test_soak_hidden_cards_with_pattern_cards_that_look_reveal_and_play_from_a_deck"}


def group_of(item) -> int:
    """1 or 2: the process of `make test` that runs ``item``."""
    one = any(item.get_closest_marker(t) for t in GROUP_ONE_TIERS) or item.name in GROUP_ONE_TESTS \
        or getattr(item, "originalname", None) in GROUP_ONE_TESTS
    return 1 if one else 2


def pytest_collection_modifyitems(config, items):
    group = os.environ.get("CAPECLASH_TEST_GROUP")
    if not group:
        return
    keep, drop = [], []
    if group in ("a", "b"):  # `make test-fast`: every other test
        for i, item in enumerate(items):
            (keep if "ab"[i % 2] == group else drop).append(item)
    else:
        for item in items:
            (keep if str(group_of(item)) == group else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
