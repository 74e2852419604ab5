"""Every scenario file in card_data/scenarios runs as its own test."""

from pathlib import Path

import pytest

from engine.capeclash.loader import read_data
from engine.capeclash.scenario import run_scenario

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "card_data" / "scenarios").glob("*.yaml"))


@pytest.fixture(scope="module")
def pool():
    from engine.capeclash.testing import shared_pool
    return shared_pool([ROOT / "card_data"])


def test_there_are_scenarios():
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path, pool):
    data, _ = read_data(path)
    run = run_scenario(data, pool, str(path))
    assert run.ok, "\n".join(run.failures) + "\nlog:\n  " + "\n  ".join(run.log)
