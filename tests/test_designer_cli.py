"""A designer's own folder next to card_data: `capeclash scenario|card|deck --data card_data MINE` use the
cards of every folder as one pool, find scenarios and decks in all of them, and refuse a card id that
two folders define (naming both places). `capeclash card` shows the names a card also counts as (AKA)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from apps.cli import main as cli

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "card_data"

MY_CARDS = """\
cards:
  - id: my-lantern-bearer
    name: Lantern Bearer
    aka: Night Lamp
    type: supporting
    team: Dawnwatch
    cost: 2
    atk: 2
    def: 2
    health: 2
    triggers:
      - when: appears
        effect: [{draw: {n: 1}}]
"""

MY_SCENARIO = """\
scenario: A designer's own card, played from their own folder
start:
  turn: 5
  active: 0
  phase: recruit
  players:
    - name: Ana
      main: {card: Captain Solace, row: back}
      hand: [Lantern Bearer]
      deck: [Skyhawk]
      resources: [Proving Grounds, Think Tank]
    - name: Bo
      main: {card: Baron Dusk, row: back}
actions:
  - {recruit: Lantern Bearer, row: front}
expect:
  - {card: Lantern Bearer, zone: play}
  - {player: 0, hand: 1, deck: 0}
"""


@pytest.fixture
def mine(tmp_path) -> Path:
    d = tmp_path / "mine"
    d.mkdir()
    (d / "cards.yaml").write_text(MY_CARDS, encoding="utf-8")
    (d / "lantern.yaml").write_text(MY_SCENARIO, encoding="utf-8")
    return d


def _run(capsys, *argv) -> tuple[int, str]:
    rc = cli([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out + out.err


def test_a_scenario_in_my_folder_runs_with_my_cards_and_card_data(mine):
    # the console command itself, as a designer types it: the scenario found by name in the folders
    r = subprocess.run([sys.executable, "-m", "apps.cli", "scenario", "lantern", "--data", str(DATA), str(mine)],
                       capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"ok   {mine / 'lantern.yaml'}" in r.stdout and "1 passed, 0 failed" in r.stdout


def test_with_no_scenario_named_each_folder_gives_its_scenarios(mine, capsys):
    # card_data/testset has no scenarios folder and no scenario files; mine has one scenario at its top
    rc, out = _run(capsys, "scenario", "--data", DATA / "testset", mine)
    assert rc == 0 and "1 passed, 0 failed" in out, out
    # --data repeated is the same; a folder given twice is read once
    rc, out = _run(capsys, "scenario", "--data", DATA / "testset", "--data", mine, mine)
    assert rc == 0 and "1 passed, 0 failed" in out, out


def test_without_my_folder_my_card_is_unknown(mine, capsys):
    rc, out = _run(capsys, "scenario", mine / "lantern.yaml", "--data", DATA)
    assert rc == 1 and "no such card" in out and "Lantern Bearer" in out


def test_a_card_id_in_two_folders_is_refused_naming_both_files(mine, capsys):
    (mine / "more.yaml").write_text("cards:\n  - {id: skyhawk, name: Other Hawk, type: supporting, team: Dawnwatch,"
                                    "\n     cost: 1, atk: 1, def: 1, health: 1}\n", encoding="utf-8")
    first = next(n for n, line in enumerate((DATA / "testset" / "cards.yaml").read_text().splitlines(), 1)
                 if line.strip() == "- id: skyhawk")
    for cmd in (["scenario", "lantern"], ["card", "Lantern Bearer"]):
        rc, out = _run(capsys, *cmd, "--data", DATA, mine)
        assert rc == 1
        assert f"{mine / 'more.yaml'}:2, card 'skyhawk', field 'id': duplicate card id " \
               f"(also in {DATA / 'testset' / 'cards.yaml'}:{first})" in out, out


def test_card_shows_my_card_and_its_aka_names(mine, capsys):
    rc, out = _run(capsys, "card", "Lantern Bearer", "--data", DATA, mine)
    assert rc == 0 and out.startswith("Lantern Bearer (AKA Night Lamp) - supporting - Dawnwatch - cost 2")
    assert "When this character appears, you draw a card." in out
    # a name the card also goes by finds it
    rc, out = _run(capsys, "card", "Night Lamp", "--data", DATA, mine)
    assert rc == 0 and "Lantern Bearer (AKA Night Lamp)" in out
    # card_data's own AKA cards: the name they count as shows, and finds both cards that answer to it
    rc, out = _run(capsys, "card", "Iron Duchess")
    assert rc == 0 and "Iron Duchess - supporting" in out and "Veiled Duchess (AKA Iron Duchess) - supporting" in out
    rc, out = _run(capsys, "card", "Quiet Doctor")
    assert "Quiet Doctor (AKA Raging Brute) - main character, level 1" in out


def test_deck_lookup_searches_every_folder(mine, capsys):
    shutil.copy(DATA / "testset" / "deck-dawnwatch.yaml", mine / "deck-mine.yaml")
    rc, out = _run(capsys, "deck", "deck-mine", "--data", DATA, mine)
    assert rc == 0 and out.splitlines()[1] == "Main: Captain Solace", out
    rc, out = _run(capsys, "deck", "deck-mine", "--data", DATA)
    assert rc == 1 and "no deck file with that path or name" in out


def test_set_list_shows_aka(tmp_path):
    from apps.setlist import format_rows, set_list
    rows = set_list([DATA / "testset"])
    row = next(r for r in rows if r["id"] == "au-veiled-duchess")
    assert row["aka"] == "Iron Duchess"
    assert "Veiled Duchess (AKA Iron Duchess)" in format_rows(rows, "text")
