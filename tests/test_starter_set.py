"""The starter set (card_data/starter): four teams, shared cards, four 60-card decks.

Checks what the set promises players: it validates with no Python handlers, every deck is
legal and its text list says the same as its YAML, every keyword of the card language
appears on a card, each team has its main characters, supporting characters, plot twists
and special location, every card renders its rules text, no name comes from the rulebooks'
settings, the set list numbers every card once, and random-play games between all four
decks (duels for every pair, four-player free-for-alls) keep every invariant while every
starter card gets played.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from apps.setlist import duplicate_numbers, format_rows, set_list
from engine import Game
from engine.capeclash import invariants
from engine.capeclash.decks import Deck
from engine.capeclash.loader import find_deck, load_deck, validate
from engine.capeclash.testing import shared_pool
from engine.cardlang import language as L
from engine.cardlang.cards import uses_handlers
from engine.cardlang.text import card_text
from engine.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
STARTER = ROOT / "card_data" / "starter"
POOL = shared_pool([ROOT / "card_data"])
TEAMS = {"skylark-wing": "Skylark Wing", "ember-oath": "Ember Oath", "thornmaw-pack": "Thornmaw Pack",
         "rime-court": "Rime Court"}
SET = [c for c in POOL if c.source and Path(c.source).resolve().parent == STARTER]
DECKS = {slug: find_deck(f"deck-{slug}", POOL) for slug in TEAMS}

# names from the rulebooks' settings and other trademarks that must never appear in the set
BANNED = ["Marvel", "Avengers", "X-Men", "X Men", "Guardians", "Vs. System", "Vs System", "2PCG", "Upper Deck",
          "Wolverine", "Hulk", "Loki", "Thor", "Iron Man", "Captain America", "Ultron", "Mandarin", "Venom",
          "Groot", "Gamora", "Nebula", "Thanos", "Mystique", "Magneto", "Deadpool", "Daredevil", "Falcon",
          "Iceman", "Nick Fury", "Black Panther", "Luke Cage", "Osborn", "Emma Frost", "Winter Soldier",
          "War Machine", "Green Goblin", "Magik", "Pixie", "Domino", "Star-Lord", "Abomination", "Avalanche",
          "Sentry", "Trask", "Utopia", "Spider-Man", "Hydra", "S.H.I.E.L.D", "Asgard", "Wakanda", "Stark",
          "Xavier", "Sentinel", "Skrull", "Kree", "Hellfire", "Brotherhood", "Savage Land", "Hawkeye",
          "Black Widow", "Ant-Man", "Wasp", "Vision", "Scarlet Witch", "Quicksilver", "Cyclops", "Phoenix",
          "Storm", "Rogue", "Gambit", "Colossus", "Nightcrawler", "Juggernaut", "Sabretooth", "Apocalypse",
          "Drax", "Rocket Raccoon", "Yondu", "Ronan", "Mantis", "Batman", "Superman", "Justice League",
          "Training Ground", "Laboratory", "Fortress", "Academy"]


def team_cards(team: str, ctype: str | None = None) -> list:
    return [c for c in SET if team in c.teams and (ctype is None or c.type == ctype)]


# ------------------------------------------------------------------ the data

def test_starter_set_validates_clean_without_handlers():
    problems, counts = validate([STARTER])
    assert problems == [], "\n".join(map(str, problems[:10]))
    assert counts["decks"] == 8 and counts["cards"] == len(SET) >= 110
    assert [c.id for c in SET if uses_handlers(c)] == []


def test_every_keyword_of_the_card_language_is_on_a_starter_card():
    used = set()
    for c in SET:
        used |= set(c.keywords)
        for st in c.statics:
            used |= set(st.get("grant", ()))
    missing = sorted(set(L.KEYWORDS) - used)
    assert missing == [], f"keywords on no starter card: {missing}"


@pytest.mark.parametrize("slug", sorted(TEAMS))
def test_team_has_mains_supporting_plot_twists_and_a_special_location(slug):
    team = TEAMS[slug]
    assert POOL.teams[team]["alignment"] in ("good", "evil")
    assert POOL.teams[team].get("symbol"), "each team has its own team symbol"
    mains = team_cards(team, "main")
    firsts = [c for c in mains if c.level == 1]
    assert len(firsts) >= 4
    for c in firsts:
        assert c.level_up is not None, f"{c.name} has no level-up condition"
        nxt = POOL[c.level_up.into]
        assert (nxt.name, nxt.level, nxt.teams) == (c.name, 2, c.teams)
        assert nxt.defense >= c.defense and nxt.atk > c.atk, f"{c.name} gets stronger when it levels up"
    supporting = team_cards(team, "supporting")
    costs = Counter(c.cost for c in supporting)
    assert len(supporting) >= 14
    assert all(costs[k] for k in range(1, 7)) and sum(n for k, n in costs.items() if k >= 7) >= 1, costs
    assert costs[1] + costs[2] >= 3, "a first-turn player can recruit something"
    assert sum(1 for c in supporting if c.powers) >= 1
    assert sum(1 for c in supporting + mains if c.powers) >= 5, "several super powers"
    # stats follow the cost curve: more cost never means much less ATK + DEF
    for c in supporting:
        assert c.cost + 1 <= c.atk + c.defense <= 2 * c.cost + 3, f"{c.name}: {c.atk}/{c.defense} at cost {c.cost}"
    plots = [c for c in SET if c.type == "plot_twist" and any(t == team for t, _n in c.requires)]
    assert len(plots) == 3
    specials = team_cards(team, "location")
    assert len(specials) == 1 and specials[0].symbol is None


def test_difficulty_labels_are_easy_medium_or_tricky():
    from engine.capeclash.loader import raw_card_data
    raw, _teams = raw_card_data([STARTER])
    labels = {d["id"]: d.get("difficulty") for d in raw if d.get("type") == "main"}
    assert labels and set(labels.values()) == {"Easy", "Medium", "Tricky"}, labels
    for team in TEAMS.values():
        firsts = [c for c in team_cards(team, "main") if c.level == 1]
        assert {labels[c.id] for c in firsts} >= {"Easy"}, f"{team} has a main character for a first game"


def test_shared_plot_twists_basic_locations_and_tokens():
    shared_plots = [c for c in SET if c.type == "plot_twist" and not c.teams
                    and not any(":" not in t for t, _n in c.requires)]
    assert len(shared_plots) >= 6
    basics = [c for c in SET if c.is_basic_location]
    assert len({c.symbol for c in basics}) == len(basics) >= 4
    # every power symbol a super power in the set costs has a basic location
    costs = {s for c in SET for pw in c.powers for s in pw.cost}
    assert costs <= {c.symbol for c in basics}
    # every token the set creates is in the set
    from engine.cardlang.cards import _all_steps, _walk
    made = {a["card"] for c in SET for _f, steps in _all_steps(c) for v, a in _walk(steps) if v == "create_token"}
    assert made and made <= {c.id for c in SET if c.type == "token"}


def test_every_card_renders_its_rules_text_and_has_flavor():
    for c in SET:
        text = card_text(c, full=True)
        assert c.name in text and "None" not in text, text
        body = card_text(c).splitlines()[1:]
        if c.keywords or c.powers or c.triggers or c.statics or c.effect or c.level_up:
            assert body, f"{c.name} renders no rules text"
        for pw in c.powers:
            assert f"**{pw.name}**" in text
        assert c.flavor, f"{c.name} has no flavor text"


def test_no_names_from_the_rulebooks_or_other_trademarks():
    words = [re.compile(rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])", re.IGNORECASE) for w in BANNED]
    hits = []
    for f in sorted(STARTER.iterdir()):
        if f.suffix in (".yaml", ".txt", ".md"):
            text = f.read_text(encoding="utf-8")
            hits += [f"{f.name}: {w.pattern}" for w in words if w.search(text)]
    assert hits == []
    other = {c.name.lower() for c in POOL if c not in SET}
    assert [c.name for c in SET if c.name.lower() in other] == [], "starter names clash with other cards"


# ------------------------------------------------------------------ the decks

@pytest.mark.parametrize("slug", sorted(TEAMS))
def test_starter_deck_is_legal_sixty_cards_and_its_text_list_matches(slug):
    team = TEAMS[slug]
    y = load_deck(STARTER / f"deck-{slug}.yaml", POOL)
    t = load_deck(STARTER / f"deck-{slug}.txt", POOL)
    assert (y.main, y.counts(), y.name) == (t.main, t.counts(), t.name)
    assert len(y.cards) == 60 and POOL[y.main].level == 1 and team in POOL[y.main].teams
    kinds = Counter(POOL[c].type for c in y.cards)
    assert 27 <= kinds["supporting"] <= 31 and 13 <= kinds["plot_twist"] <= 17 and 14 <= kinds["location"] <= 18
    for cid in set(y.cards):
        c = POOL[cid]
        assert not c.teams or c.teams == (team,), f"{c.name} is another team's card"
        assert all(r in (team, f"alignment:{POOL.teams[team]['alignment']}") for r, _n in c.requires), c.name
    # the deck pays for its team's super powers
    powers = {s for cid in {y.main, *y.cards} for pw in POOL[cid].powers for s in pw.cost}
    made = {POOL[c].symbol for c in y.cards if POOL[c].is_basic_location}
    assert powers <= made
    assert Deck.from_text(y.to_text(POOL)).resolve(POOL).counts() == y.counts()


# ------------------------------------------------------------------ the set list

def test_set_list_numbers_every_card_once_in_every_format():
    rows = set_list([STARTER])
    assert len(rows) == len(SET) and duplicate_numbers(rows) == []
    assert all(c.number for c in SET), "every starter card carries its set number"
    # team plot twists are listed with the team they need
    assert {r["team"] for r in rows if r["id"] == "strafing-run"} == {"Skylark Wing"}
    assert {r["id"] for r in rows} == {c.id for c in SET}
    assert [r["number"] for r in rows] == sorted(r["number"] for r in rows)
    data = json.loads(format_rows(rows, "json"))
    assert data[0]["number"] == rows[0]["number"]
    table = list(csv.reader(io.StringIO(format_rows(rows, "csv"))))
    assert len(table) == len(rows) + 1 and table[0][:3] == ["number", "name", "type"]
    md = format_rows(rows, "markdown").splitlines()
    assert len(md) == len(rows) + 2 and all(line.startswith("| ") for line in md)
    text = format_rows(rows, "text")
    for c in SET:
        assert c.name in text
    # mains are listed with their difficulty, supporting characters with their cost and stats
    aeris = next(r for r in rows if r["id"] == "aeris-vale-1")
    card = POOL["aeris-vale-1"]
    assert aeris["difficulty"] == "Easy" and (aeris["atk"], aeris["health"]) == (card.atk, card.health)


# ------------------------------------------------------------------ the soak

MAINS = {slug: [c.id for c in team_cards(team, "main") if c.level == 1] for slug, team in TEAMS.items()}
DUELS_PER_PAIR = 6
FFA_GAMES = 8
PLOT_NAMES = {c.name: c.id for c in SET if c.type == "plot_twist"}
VIEW_EVERY = 5  # the hidden-information checks (views) run every few actions; the others after each one


def _deck(slug: str, rotation: Counter) -> Deck:
    """The team's starter deck led by each of its main characters in turn."""
    d = DECKS[slug]
    k = rotation[slug]
    rotation[slug] += 1
    return Deck(d.name, MAINS[slug][k % len(MAINS[slug])], list(d.cards))


def _pick(acts: list, r: Rng):
    """Random play, but half the time a plot twist, super power or power-up when one is on offer,
    so that every card gets its turn in a soak of modest size."""
    special = [a for a in acts if a.type in ("plot", "power", "power_up")]
    if special and r.below(2):
        return special[r.below(len(special))]
    return acts[r.below(len(acts))]


def _played(g: Game, iid: int) -> bool:
    return g.cards[iid].zone in ("play", "resolving", "equipped")


def _soak(seats: list[str], seed: int, mode: str, played: set[str], rotation: Counter) -> None:
    g = Game(POOL, {"mode": mode, "seed": seed, "max_turns": 60,
                    "players": [{"name": s, "deck": _deck(s, rotation)} for s in seats]})
    r = Rng(seed * 31 + len(seats))
    watch = {iid: c.cid for iid, c in g.cards.items() if c.cid not in played}
    seen_events = 0
    n = 0
    while not g.is_over:
        acts = g.legal_actions(g.to_act[0])
        assert acts, f"{seats} seed {seed}: no legal action ({g.decision})"
        g.apply(_pick(acts, r))
        n += 1
        bad = invariants.all_violations(g, views=n % VIEW_EVERY == 0, events_since=seen_events)
        assert not bad, f"{seats} seed {seed} action {n} {g.actions[-1]}: {bad[:3]}"
        for e in g.events[seen_events:]:  # a plot twist without choices resolves within one action
            if e.type == "plot":
                played.update(cid for name, cid in PLOT_NAMES.items() if f" plays {name}." in e.text)
        seen_events = len(g.events)
        for iid in [i for i in watch if _played(g, i) or (g.cards[i].zone == "resource"
                                                            and POOL[watch[i]].type == "location")]:
            played.add(watch.pop(iid))
        for iid, c in g.cards.items():  # tokens and level 2 cards appear during the game
            if c.cid not in played and _played(g, iid):
                played.add(c.cid)
        for m in (g.cards[p.main] for p in g.players if p.main is not None):
            played.add(m.cid)
    assert g.result is not None and g.result["winners"]


def test_random_play_soak_all_four_decks_every_starter_card_played():
    played: set[str] = set()
    rotation: Counter = Counter()
    slugs = sorted(TEAMS)
    seed = 0
    for i, a in enumerate(slugs):
        for b in slugs[i + 1:]:
            for k in range(DUELS_PER_PAIR):
                seed += 1
                _soak([a, b] if k % 2 else [b, a], seed, "duel", played, rotation)
    for k in range(FFA_GAMES):
        seed += 1
        _soak(slugs[k % 4:] + slugs[:k % 4], seed, "ffa", played, rotation)
    must = {c.id for c in SET if c.type != "token" and not (c.type == "main" and c.level != 1)}
    in_decks = {cid for d in DECKS.values() for cid in d.cards} | {m for ms in MAINS.values() for m in ms}
    assert must <= in_decks, f"starter cards in no starter deck: {sorted(must - in_decks)}"
    never = sorted(must - played)
    assert never == [], f"starter cards never played in the soak: {never}"
    # a few level 2 main characters and tokens show up too
    assert any(POOL[c].type == "token" for c in played)


# ------------------------------------------------------------------ the balance run

def test_starter_balance_report_plays_the_games_of_capeclash_balance_and_resumes(tmp_path):
    from apps.balance import analyse, starter_decks
    from apps.simulate import execute, load_world, make_jobs
    from apps.starter_balance import run_report

    out = tmp_path / "report"
    a = run_report(2, "random", 1, 5, out)
    lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12 and a["games"] == 12 and a["meta"]["games_per_pair"] == 2
    # round-robin: the first six saved games are game 0 of each of the six pairs
    assert sorted(json.loads(x)["index"] % 2 for x in lines[:6]) == [0] * 6
    # the same games as `capeclash balance --games 2 --seed 5 --ai random`
    pool, decks = load_world(starter_decks())
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    direct = analyse(execute(make_jobs(len(decks), ["random"], 2, 5, pairs=pairs), (pool, decks), 1, show=False),
                     decks, pool)
    assert a["matrix"] == direct["matrix"] and a["first_player"] == direct["first_player"]
    assert json.loads((out / "report.json").read_text(encoding="utf-8"))["matrix"] == direct["matrix"]
    # cut short after the first round: only game 0 of each pair is reported, without replaying
    (out / "games.jsonl").write_text("\n".join(lines[:7]) + "\n", encoding="utf-8")
    cut = run_report(2, "random", 1, 5, out, play=False)
    assert cut["games"] == 6 and cut["meta"]["games_per_pair"] == 1 and sum(cut["finished_per_pair"]) == 7
    # resumed: the missing games are played and the report is the full one again
    again = run_report(2, "random", 1, 5, out)
    assert again["matrix"] == direct["matrix"]
    assert len((out / "games.jsonl").read_text(encoding="utf-8").splitlines()) == 12
    assert run_report(2, "random", 1, 5, out, limit=1, play=False)["games"] == 6
