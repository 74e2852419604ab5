"""The catalogue of pattern cards (docs/patterns.md): each card-language construct of issue 18 with the
card that shows it, its rules text and the scenarios that check it.

The pattern cards live in ``card_data/patterns/*.yaml``, one file per family (conditions, filters,
durations...); the scenarios ``card_data/scenarios/patterns-*.yaml`` play them. For each card the tool
finds the scenarios that check it: first those whose ``scenario:`` or ``rule:`` text opens with the
card's name or one of its super powers' names, then those that only mention it there, then those that
merely put it on the table. The construct is one phrase from the chosen scenario (its ``rule:`` when
that names the construct, its ``scenario:`` when the rule quotes the card's text); a card no scenario
plays (the deck-building clauses, checked by deck validation) gets a phrase built from its data and
the test files that name its id. The rules text is the one ``capeclash card NAME`` prints.
``tests/test_pattern_catalogue.py`` fails when docs/patterns.md no longer matches.

    python3 tools/pattern_catalogue.py            # print the catalogue
    python3 tools/pattern_catalogue.py --write    # rewrite docs/patterns.md
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere: the engine is this checkout's
    sys.path.insert(0, str(ROOT))

from engine.capeclash.loader import load_pool  # noqa: E402
from engine.cardlang.cards import CardDef, CardPool  # noqa: E402
from engine.cardlang.text import card_text  # noqa: E402
from engine.core.data import read_data  # noqa: E402

DOC = ROOT / "docs" / "patterns.md"
PATTERNS = ROOT / "card_data" / "patterns"
SCENARIOS = ROOT / "card_data" / "scenarios"
TESTS = ROOT / "tests"
TAIL = re.compile(r"\s*\(pattern cards, issue 18\)\s*$")
# the families in the order issue 18 lists them (part A, then part B); a new file comes last, by name
ORDER = ("conditions", "restrictions", "events", "durations", "filters", "deck", "modes", "powers", "deckbuilding",
         "equipment", "targets")


@dataclass(frozen=True)
class Scenario:
    """One pattern scenario: its file, its two descriptions and its whole text."""
    path: Path
    scenario: str
    rule: str
    text: str


@dataclass(frozen=True)
class Entry:
    """One line of the catalogue."""
    family: str  # the pattern file's stem: conditions, filters...
    card: CardDef
    construct: str
    rules: list[str]  # the rendered card, header first (without the name)
    checked_by: list[Path]  # scenario files, or test files for a card no scenario plays


def rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def scenarios() -> list[Scenario]:
    """Every pattern scenario, by file name."""
    out = []
    for f in sorted(SCENARIOS.glob("patterns-*.yaml")):
        data, _lines = read_data(f)
        out.append(Scenario(f, str(data.get("scenario", "")), str(data.get("rule", "")),
                            f.read_text(encoding="utf-8")))
    return out


def family_summary(path: Path) -> str:
    """What a pattern file's header comment says its family is (the words after ``(issue 18, part X):``
    up to the first full stop)."""
    head = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        head.append(line.lstrip("#").strip())
    text = " ".join(head)
    text = text.split("):", 1)[1].strip() if "):" in text else text
    m = re.search(r"\.(\s|$)", text)
    return text[: m.start()] if m else text


class Mentions:
    """Finds a card's name in a text as a whole name: "Crossfire" is not found in "Crossfire Captain"
    when Crossfire Captain is a card too."""

    def __init__(self, pool: CardPool) -> None:
        self.names = sorted({n for c in pool for n in (c.name, *c.aka)}, key=len, reverse=True)

    def _masked(self, name: str, text: str) -> str:
        for longer in self.names:
            if len(longer) > len(name) and name in longer:
                text = text.replace(longer, "\0" * len(longer))
        return text

    def at(self, name: str, text: str) -> list[int]:
        """Where ``name`` stands in ``text`` as a name of its own."""
        pat = re.compile(r"(?<![\w'-])" + re.escape(name) + r"(?![\w'-])")
        return [m.start() for m in pat.finditer(self._masked(name, text))]


def _names(c: CardDef) -> list[str]:
    return [c.name, *c.aka, *(p.name for p in c.powers)]


def _quotes_a_card(rule: str, mentions: Mentions) -> bool:
    """Whether a scenario's rule is a card's rules text (``Name: text``) rather than a construct."""
    return any(rule.startswith(n + ":") for n in mentions.names)


def checking(c: CardDef, scens: list[Scenario], mentions: Mentions) -> list[Scenario]:
    """The scenarios that check ``c``: the best non-empty tier of (opens with one of its names; names it
    in its descriptions; has it anywhere in the file)."""
    names = _names(c)

    def leads(s: Scenario) -> bool:
        return any(0 in mentions.at(n, t) for n in names for t in (s.scenario, s.rule))

    def named(s: Scenario) -> bool:
        return any(mentions.at(n, t) for n in names for t in (s.scenario, s.rule))

    def plays(s: Scenario) -> bool:
        return bool(mentions.at(c.name, s.text))

    for tier in (leads, named, plays):
        hits = [s for s in scens if tier(s)]
        if hits:
            return hits
    return []


def construct_of(s: Scenario, mentions: Mentions) -> str:
    """The construct a scenario checks, in one phrase."""
    if s.rule and not _quotes_a_card(s.rule, mentions):
        return TAIL.sub("", s.rule).strip()
    return s.scenario.strip()


def construct_from_data(c: CardDef) -> str:
    """A phrase naming the card-language keys a card uses (for a card no scenario plays)."""
    if c.deck_rules:
        keys = []
        for k, v in c.deck_rules.items():
            if isinstance(v, dict):
                keys += [f"{k}.{sub}" for sub in v if sub != "count"]
            else:
                keys.append(k)
        return "deck_rules: " + ", ".join(keys)
    equip = [k for k in ("wearer", "one_of_a_kind", "stays_on_stun") if getattr(c, k)]
    if equip:
        return ", ".join(equip)
    if c.statics:
        return "statics: " + ", ".join(sorted({k for st in c.statics for k in st if k != "affects"}))
    if c.triggers:
        return "trigger on " + ", ".join(t.on for t in c.triggers)
    steps = [*c.effect, *(st for p in c.powers for st in p.effect)]
    verbs = list(dict.fromkeys(k for st in steps if isinstance(st, dict) for k in st))
    return ("effect: " + ", ".join(verbs)) if verbs else c.type.replace("_", " ")


def tests_naming(c: CardDef) -> list[Path]:
    """The test files that name the card's id (but the catalogue's own test, which names a few as examples)."""
    return [f for f in sorted(TESTS.glob("test_*.py"))
            if f.name != "test_pattern_catalogue.py" and c.id in f.read_text(encoding="utf-8")]


def rules_lines(c: CardDef, pool: CardPool) -> list[str]:
    """The card as ``capeclash card`` shows it (header and rules text), the header without the name."""
    lines = card_text(c, pool=pool).splitlines()
    head = lines[0][len(c.name) + 3:] if lines[0].startswith(c.name + " - ") else lines[0]
    return [head, *(ln.strip() for ln in lines[1:])]


def entries(pool: CardPool | None = None) -> list[Entry]:
    """One entry per pattern card, by family (in ``ORDER``) and in file order."""
    pool = pool or load_pool([ROOT / "card_data"])
    mentions = Mentions(pool)
    scens = scenarios()
    files = sorted(PATTERNS.glob("*.yaml"),
                   key=lambda f: (ORDER.index(f.stem) if f.stem in ORDER else len(ORDER), f.name))
    out = []
    for f in files:
        for c in pool:
            if not c.source or Path(c.source).resolve() != f.resolve():
                continue
            hits = checking(c, scens, mentions)
            if hits:
                main = min(hits, key=lambda s: (len(s.path.name), s.path.name))
                construct, by = construct_of(main, mentions), [s.path for s in hits]
            else:
                construct, by = construct_from_data(c), tests_naming(c)
            out.append(Entry(f.stem, c, construct, rules_lines(c, pool), by))
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;")


def render(items: list[Entry] | None = None) -> str:
    """The catalogue as Markdown."""
    items = entries() if items is None else items
    families = list(dict.fromkeys(e.family for e in items))
    out = ["# Pattern cards", "",
           "Generated by `python3 tools/pattern_catalogue.py --write`; do not edit by hand. Each construct "
           "that issue 18 added to the card language, with an original card that uses it, the card's rules "
           "text as `capeclash card` prints it, and the scenarios that check it (a deck-building clause is "
           "checked by deck validation in the tests named instead). The language itself is described in "
           "docs/language.md.", "",
           f"{len(items)} cards in {len(families)} families.", ""]
    for fam in families:
        mine = [e for e in items if e.family == fam]
        path = PATTERNS / f"{fam}.yaml"
        out += [f"## {fam.replace('_', ' ').title()}", "",
                f"`{rel(path)}`: {family_summary(path)} ({len(mine)} cards).", "",
                "| Construct | Card | Rules text | Checked by |", "| --- | --- | --- | --- |"]
        for e in mine:
            card = f"{_cell(e.card.name)} (`{e.card.id}`)"
            text = "<br>".join(_cell(ln) for ln in e.rules)
            by = ", ".join(f"`{rel(p)}`" for p in e.checked_by) or "(nothing)"
            out.append(f"| {_cell(e.construct)} | {card} | {text} | {by} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help=f"write {rel(DOC)} instead of printing")
    args = ap.parse_args(argv)
    text = render()
    if args.write:
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {rel(DOC)} ({text.count(chr(10))} lines)")
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
