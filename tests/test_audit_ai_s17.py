"""AI audit, session 17: the computer players on odd positions, every mode, the whole card pool.

A crowded board in a 4-player game: hard's search weighed each build step by playing on through two
turns in which normal plays all four seats, every one of its look-aheads slow on such a board, and a
single formation step took 32,196 look-ahead actions (14 s of CPU). Its search now stops at a budget
counted in those actions (``LEVELS["hard"]["max_work"]``, ``engine.ai.capeclash.work``), never by the
clock, so a game still replays from its seed."""

from __future__ import annotations

import functools
import json

import pytest

from engine.ai import LEVELS, make_policy, public_context
from engine.ai import capeclash as ai_capeclash
from engine.core.rng import Rng

# a two-headed game at the formation step: 25 characters in play, the pattern cards' abilities
CROWDED = json.loads('{"turn": 3, "active": 0, "phase": "formation", "players": [{"name": "P0", "main": {"card": "nimbus-1", "row": "back"}, "front": [{"card": "pt-ember-forgemaster"}, {"card": "fx-aura-warden", "wounds": 0, "gear": "pt-commanders-mantle"}, {"card": "pt-ember-sage"}], "back": [{"card": "kw-hive-drone", "stunned": true, "exhausted": true}, {"card": "icebound-oracle", "wounds": 1}], "hand": ["whisper-page", "fx-banishment", "pt-crossfire", "hearth-runner", "pt-war-chanter", "kw-serrated-stalker", "pt-foresight", "kw-brash-duelist", "tn-quill-understudy"], "deck": [], "resources": [], "ko": ["pt-sprinters-cloak"]}, {"name": "P1", "main": {"card": "queen-sybil-1", "row": "front"}, "front": [{"card": "pa-bulwark-golem", "exhausted": true}, {"card": "pa-bulwark-golem", "stunned": true}, {"card": "sporeburst-toad", "exhausted": true}, {"card": "pa-smoke-shade"}, {"card": "iron-warden"}, {"card": "pt-war-council", "stunned": true}, {"card": "shapeshifter", "wounds": 1, "stunned": true}], "back": [{"card": "fx-trophy-hunter", "wounds": 2, "exhausted": true, "gear": "pt-titan-harness"}, {"card": "alley-brute"}], "hand": ["fx-battle-focus", "fx-fall-from-grace", "relic-keeper", "cb-home-turf", "fx-measured-response"], "deck": ["kw-gentle-colossus"], "resources": [{"card": "kw-gentle-colossus", "face_up": false}, {"card": "kw-pocket-sprite", "face_up": true}, {"card": "glimmer-courier", "face_up": true}, {"card": "pt-sabotage", "face_up": true}, {"card": "fx-power-watcher", "face_up": true}, {"card": "kw-wasp-lancer", "face_up": false}, {"card": "fx-back-to-the-top", "face_up": true}, {"card": "proving-grounds", "face_up": true}, {"card": "dawn-titan", "face_up": true}], "ko": ["pt-gear-steward"]}, {"name": "P2", "main": {"card": "quiet-doctor-1", "row": "front"}, "front": [{"card": "pa-relentless-reaver"}], "back": [{"card": "alley-brute", "stunned": true, "gear": "pt-crown-of-ages"}], "hand": [], "deck": ["pt-talent-scout"], "resources": [{"card": "kw-hush-agent", "face_up": true}, {"card": "pa-crossfire-captain", "face_up": false}], "ko": []}, {"name": "P3", "main": {"card": "captain-solace-1", "row": "back"}, "front": [{"card": "venom-witch", "wounds": 1}, {"card": "pt-quartermaster", "wounds": 2, "stunned": true}, {"card": "winter-wyrm", "stunned": true, "gear": "pt-commanders-mantle"}, {"card": "pt-battle-fury", "gear": "arc-gauntlet"}, {"card": "fx-grizzled-survivor", "wounds": 1}, {"card": "aerie-matron"}, {"card": "arc-archer", "wounds": 0}], "back": [{"card": "mistral-duelist"}, {"card": "kw-rime-warden"}], "hand": ["pt-ember-quartermaster", "fx-ascension"], "deck": ["pt-war-council", "kw-oathbound-knight", "fx-fresh-start", "villains-monologue", "fx-swap-positions", "venom-witch", "fx-rallying-drummer", "mistral-duelist", "fx-lacerate", "kw-bulwark-ogre", "fx-peek", "pt-encore-performance"], "resources": [{"card": "pt-warm-up-drills", "face_up": true}, {"card": "objector", "face_up": false}], "ko": ["feeding-frenzy"]}]}')


@functools.lru_cache(maxsize=1)
def _pool():
    from engine.capeclash.testing import shared_pool
    return shared_pool(["card_data"])


@pytest.mark.slow  # (a whole hard decision on a crowded board: about 10 s)
def test_hard_on_a_crowded_four_player_board_stays_within_its_work_budget():
    from engine.capeclash.position import build
    g = build(_pool(), CROWDED, mode="two_headed", seed=13, max_turns=40)
    p = g.to_act[0]
    view, legal = g.view(p), g.legal_actions(p)
    assert view["decision"]["type"] == "formation" and len(legal) > 10
    budget = LEVELS["hard"]["max_work"][4]  # (a four-player table's budget)
    policy = make_policy("hard", public_context(g))
    before = ai_capeclash.work()
    a = policy(view, legal, Rng(1))
    spent = ai_capeclash.work() - before
    assert a in legal
    assert policy.last_stats.get("children")  # it searched, then stopped
    # the soft limit stops new samples, the firm one (1.5 times) any playout still running
    assert spent <= 1.5 * budget + 500, spent  # 32,196 before the budget
    # the same decision again: the budget is a count, so the answer replays
    assert make_policy("hard", public_context(g))(g.view(p), legal, Rng(1)) == a
