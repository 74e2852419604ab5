"""One table of decision kinds (engine/capeclash/decisions.py): every question the engine asks is in it,
and the web API's titles and the terminal's prompts come from it."""

from __future__ import annotations

import re
from pathlib import Path

from apps import tty, webapi
from engine.capeclash import decisions
from engine.capeclash.testing import sample_game
from engine.core.rng import Rng

ENGINE = Path(decisions.__file__).parent


def test_every_decision_the_engine_asks_is_in_the_table():
    asked = set()
    # the rules ask in engine/capeclash, the effect verbs in engine/cardlang/verbs
    for path in [*ENGINE.glob("*.py"), *(ENGINE.parent / "cardlang").rglob("*.py")]:
        text = path.read_text()
        asked |= set(re.findall(r"\b(?:ask|_?ask_step)\(\"([a-z_]+)\"", text))
        # a decision written out as the dict ``ask_step`` makes (flow.proceed's step questions)
        asked |= set(re.findall(r"\{\"type\": \"([a-z_]+)\", \"players\"", text))
    assert {"choose_first", "main", "declare", "pay", "dance"} <= asked
    assert asked <= set(decisions.KINDS), sorted(asked - set(decisions.KINDS))


def test_decisions_met_in_play_have_a_title_and_the_apps_read_the_table():
    seen = set()
    for mode in ("duel", "two_headed"):
        g = sample_game(seed=3, mode=mode)
        r = Rng(5)
        while not g.is_over and len(g.actions) < 400:
            seen.add(g.decision["type"])
            acts = g.legal_actions(g.to_act[0])
            g.apply(acts[r.below(len(acts))])
    assert {"choose_first", "place_main", "mulligan", "resource", "recruit", "main"} <= seen
    assert seen <= set(decisions.KINDS)
    assert webapi.DECISION_TITLES["strike_back"] == "Choose who the defender strikes back at"
    assert tty._DECISIONS["mulligan"] == "keep or mulligan your hand"
    assert "search" not in tty._DECISIONS  # the terminal shows the name when no prompt is set
    assert decisions.ATTACK_DECISIONS == ("main", "declare")
