"""The set list: every card of a set with its number, type, team, cost and stats.

``capeclash setlist`` prints the starter set (``card_data/starter``) as a plain-text table;
``--format markdown`` for the rulebook, ``csv`` for spreadsheets, ``json`` for tools.

Set numbers are stable: a card's ``number:`` field wins. Cards without one are numbered
after the highest number in use, in a fixed order (team by team, good teams first, then the
cards of no team; teams by their ``set_order:``, else as their files list them; within a team main characters, supporting characters by cost, plot twists,
locations, tokens; then by name and level), so adding a card never renumbers the others.

>>> from apps.setlist import set_list
>>> rows = set_list(["card_data/starter"])
>>> rows[0]["number"], rows[0]["type"]
('001', 'main character')
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SET = ROOT / "card_data" / "starter"
COLUMNS = ("number", "name", "type", "team", "cost", "atk", "def", "health", "level", "difficulty", "keywords", "aka")
TYPE_ORDER = {"main": 0, "supporting": 1, "plot_twist": 2, "equipment": 3, "location": 4, "token": 5}
TYPE_NAMES = {"main": "main character", "supporting": "supporting character", "plot_twist": "plot twist",
              "location": "location", "equipment": "equipment", "token": "token"}


def card_team(c) -> str | None:
    """The team a card belongs to: its own team, or the team its plot twist requires."""
    if c.teams:
        return c.teams[0]
    return next((t for t, _n in c.requires if ":" not in t), None)


def _team_rank(pool, teams_in_order: list[str]):
    def rank(c) -> tuple:
        t = card_team(c)
        if t is None:
            return (2, len(teams_in_order), "")
        info = pool.teams.get(t) or {}
        align = 0 if info.get("alignment") == "good" else 1
        order = info.get("set_order")
        if not isinstance(order, int):
            order = 1000 + (teams_in_order.index(t) if t in teams_in_order else len(teams_in_order))
        return (align, order, t)
    return rank


def _sort_key(c, rank) -> tuple:
    cost = c.cost if c.cost is not None else -1
    if c.type == "location":
        cost = 0 if c.teams else 1  # the special location before the basic ones
    return (*rank(c), TYPE_ORDER.get(c.type, 9), cost if c.type != "main" else 0,
            c.name.lower(), c.level or 0, c.id)


def set_list(paths=None) -> list[dict]:
    """The cards under ``paths`` (default: the starter set) as rows of the set list, in number order."""
    from engine.capeclash.loader import load_pool, raw_card_data
    paths = [Path(p) for p in (paths or [DEFAULT_SET])]
    pool = load_pool(paths)
    raw_cards, raw_teams = raw_card_data(paths)
    extra = {d.get("id"): d for d in raw_cards if isinstance(d, dict)}
    teams_in_order = [t["name"] for t in raw_teams if isinstance(t, dict) and "name" in t]
    rank = _team_rank(pool, teams_in_order)
    cards = sorted(pool, key=lambda c: _sort_key(c, rank))
    used = {c.number for c in cards if c.number}
    width = max(3, *(len(n) for n in used)) if used else 3
    highest = max((int(n) for n in used if n.isdigit()), default=0)
    numbers = {}
    for c in cards:
        if c.number:
            numbers[c.id] = c.number
        else:
            highest += 1
            numbers[c.id] = str(highest).zfill(width)
    rows = []
    for c in cards:
        char = c.is_character
        kws = []
        for k in sorted(c.keywords):
            p = c.kw_param(k) if k in dict(c.kw_params) else None
            label = k.replace("_", " ").title()
            kws.append(f"{label} ({p})" if isinstance(p, str) else label)
        rows.append({
            "number": numbers[c.id],
            "name": c.name,
            "type": TYPE_NAMES.get(c.type, c.type),
            "team": " / ".join(c.teams) or card_team(c) or "",
            "cost": c.cost if c.type == "supporting" or c.type == "equipment" else None,
            "atk": c.atk if char else None,
            "def": c.defense if char else None,
            "health": c.health if char else None,
            "level": c.level if c.type == "main" else None,
            "difficulty": extra.get(c.id, {}).get("difficulty") if c.type == "main" else None,
            "keywords": ", ".join(kws),
            "aka": " / ".join(c.aka),  # the names it also counts as
            "symbol": c.symbol,
            "id": c.id,
        })
    rows.sort(key=lambda r: (int(r["number"]) if r["number"].isdigit() else sys.maxsize, r["number"]))
    return rows


def duplicate_numbers(rows: list[dict]) -> list[str]:
    seen: dict[str, str] = {}
    out = []
    for r in rows:
        if r["number"] in seen:
            out.append(f"set number {r['number']} is used by both {seen[r['number']]} and {r['name']}")
        seen[r["number"]] = r["name"]
    return out


def _cell(v) -> str:
    return "" if v is None else str(v)


def _stats(r: dict) -> str:
    if r["atk"] is None:
        return f"makes {r['symbol']}" if r.get("symbol") else ""
    return f"{r['atk']}/{r['def']}, health {r['health']}"


def _type_label(r: dict) -> str:
    if r["level"] is not None:
        lab = f"main, level {r['level']}"
        return f"{lab} ({r['difficulty']})" if r["difficulty"] else lab
    return r["type"]


def format_rows(rows: list[dict], fmt: str = "text") -> str:
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow([_cell(r[k]) for k in COLUMNS])
        return buf.getvalue()
    head = ("No.", "Name", "Type", "Team", "Cost", "Stats", "Keywords")
    table = [(r["number"], r["name"] + (f" (AKA {r['aka']})" if r.get("aka") else ""), _type_label(r), r["team"] or "any team", _cell(r["cost"]), _stats(r),
              r["keywords"]) for r in rows]
    if fmt == "markdown":
        out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
        out += ["| " + " | ".join(x.replace("|", "\\|") for x in row) + " |" for row in table]
        return "\n".join(out) + "\n"
    widths = [max(len(x[i]) for x in [head, *table]) for i in range(len(head))]
    lines = ["  ".join(x.ljust(w) for x, w in zip(row, widths, strict=True)).rstrip() for row in [head, *table]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n"


def summary(rows: list[dict]) -> str:
    by_team: dict[str, dict[str, int]] = {}
    for r in rows:
        t = r["team"] or "any team"
        by_team.setdefault(t, {}).setdefault(r["type"], 0)
        by_team[t][r["type"]] += 1
    parts = [f"{t}: " + ", ".join(f"{n} {k}" for k, n in sorted(d.items())) for t, d in by_team.items()]
    return f"{len(rows)} cards. " + "; ".join(parts) + "\n"


def add_arguments(parser) -> None:
    parser.add_argument("paths", nargs="*", help="card files or folders (default: card_data/starter)")
    parser.add_argument("--format", choices=["text", "markdown", "csv", "json"], default="text")
    parser.add_argument("--team", help="only the cards of this team ('none' for cards of no team)")
    parser.add_argument("--summary", action="store_true", help="end with the number of cards per team and type")


def run(args) -> int:
    rows = set_list(args.paths or None)
    if not rows:  # an empty table is no set list: a wrong path, or files that hold no cards
        print(f"error: no cards in {', '.join(args.paths or [str(DEFAULT_SET)])} (card files hold a 'cards:' "
              f"list)", file=sys.stderr)
        return 1
    if args.team:
        want = "" if args.team.lower() == "none" else args.team.lower()
        rows = [r for r in rows if r["team"].lower() == want]
        if not rows:
            print(f"error: no card of team {args.team!r} in this set", file=sys.stderr)
            return 1
    dups = duplicate_numbers(rows)
    for d in dups:
        print(f"error: {d}", file=sys.stderr)
    sys.stdout.write(format_rows(rows, args.format))
    if args.summary:
        sys.stdout.write(summary(rows))
    return 1 if dups else 0
