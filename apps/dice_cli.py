"""``capeclash dice ...``: play Derring-Dice in the terminal, run its scenarios, list its cards and rules,
and simulate games between computer players.

    capeclash dice play [--side good|bad] [--ai normal] [--humans 0|1|2] [--seed N]
    capeclash dice scenario [FILE...] [-v]
    capeclash dice cards [--deck recruit|action] [NAME]
    capeclash dice rules
    capeclash dice simulate [--games N] [--bad LEVEL] [--good LEVEL] [--seed N] [--house-rule RULE]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "card_data" / "dice"
LEVELS = ("random", "easy", "normal", "hard")


def add_arguments(parser) -> None:
    from apps.options import count, seed, whole
    from engine.dice.game import MAX_TURNS
    sub = parser.add_subparsers(dest="dice_cmd", required=True)
    p = sub.add_parser("play", help="play in the terminal against the computer, or hot-seat")
    p.add_argument("--side", choices=["good", "bad"], default="good", help="the side you lead (default good)")
    p.add_argument("--humans", type=int, choices=[0, 1, 2], default=1, help="human players (2: hot-seat)")
    p.add_argument("--ai", choices=LEVELS, default="normal", help="the computer's level")
    p.add_argument("--seed", type=seed, default=None)
    p.add_argument("--load", help="continue a saved game (JSON)")
    p.add_argument("--max-turns", type=whole(1, MAX_TURNS), default=60)
    _house_rule_argument(p)
    p = sub.add_parser("scenario", help="run scenario tests (default: card_data/dice/scenarios)")
    p.add_argument("files", nargs="*")
    p.add_argument("-v", "--verbose", action="store_true", help="print the log of failing scenarios")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the failing scenarios")
    p = sub.add_parser("cards", help="list the cards with their rules text")
    p.add_argument("name", nargs="?", help="one card (any case)")
    p.add_argument("--deck", choices=["recruit", "action"])
    sub.add_parser("rules", help="print the rulebook")
    p = sub.add_parser("simulate", help="computer-vs-computer games: win rates of the good and bad sides")
    p.add_argument("--games", type=count, default=100)
    p.add_argument("--bad", choices=LEVELS, default="random", help="level of the bad guy")
    p.add_argument("--good", choices=LEVELS, default="random", help="level of the good guy")
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    _house_rule_argument(p)


def _house_rule_argument(p) -> None:
    from engine.dice.game import HOUSE_RULES
    p.add_argument("--house-rule", choices=list(HOUSE_RULES), default="off",
                   help="an optional rule against the first player's advantage (default off): "
                        + "; ".join(f"{k}: {v}" for k, v in HOUSE_RULES.items()))


def run(args) -> int:
    return {"play": cmd_play, "scenario": cmd_scenario, "cards": cmd_cards, "rules": cmd_rules,
            "simulate": cmd_simulate}[args.dice_cmd](args)


# ---------------------------------------------------------------------- scenarios

def cmd_scenario(args) -> int:
    from engine.core.scenario import run_files, scenario_files
    from engine.dice.cards import load_pool
    from engine.dice.scenario import SCENARIOS
    passed, failed = run_files(SCENARIOS, load_pool(), scenario_files(args.files or [DATA / "scenarios"]), quiet=getattr(args, "quiet", False),
                               verbose=args.verbose)
    print(f"{passed}/{passed + failed} dice scenarios hold")
    return 1 if failed or not passed + failed else 0


# ---------------------------------------------------------------------- cards and rules

def cmd_cards(args) -> int:
    from engine.dice.cards import ABILITIES, TRAITS, TYPE_NAMES, load_pool
    from engine.dice.text import card_text
    pool = load_pool()
    cards = pool.recruit + pool.action
    if args.deck:
        cards = [c for c in cards if c.deck == args.deck]
    if args.name:
        c = pool.find(args.name)
        if c is None:
            from engine.core.errors import suggest
            print(f"no card named {args.name!r}{suggest(args.name, pool.by_name)}", file=sys.stderr)
            return 1
        cards = [c]
    for c in cards:
        head = f"{c.name} - {TYPE_NAMES[c.type]}"
        if c.is_character:
            tr = "/".join(TRAITS[t] for t in c.traits) or "no trait"
            head += f", Force {c.force}, {tr}"
            if c.power:
                head += f", {c.power}: " + ", ".join(ABILITIES[a] for a in c.abilities)
        elif c.deck == "recruit" and c.force:
            head += f", Force {c.force:+d}"
        text = card_text(c)
        print(head + (f"\n    {text}" if text else ""))
    return 0


def load_rulebook() -> dict:
    from engine.core.data import read_data
    data, _ = read_data(DATA / "rulebook.yaml")
    return data


def cmd_rules(args) -> int:
    rb = load_rulebook()
    print(rb["rulebook"])
    if rb.get("subtitle"):
        print(rb["subtitle"])
    for s in rb["sections"]:
        print()
        print(s["title"].upper())
        for key in ("text", "rules", "readings"):
            v = s.get(key)
            if isinstance(v, str):
                print(_wrap(v.strip()))
            elif isinstance(v, list):
                for item in v:
                    print(_wrap(str(item).strip(), "  - ", "    "))
    return 0


def _wrap(text: str, first: str = "", rest: str = "") -> str:
    import textwrap
    return textwrap.fill(" ".join(text.split()), 92, initial_indent=first, subsequent_indent=rest)


# ---------------------------------------------------------------------- simulation

def play_one(pool, bad: str, good: str, seed: int, budgets: dict | None = None, max_actions: int = 20000,
             house_rule: str = "off") -> dict:
    """One game between computer players (levels per side); the record a simulation keeps.
    It depends only on its arguments, so any worker may play it. A game ends within its turn limit
    in a few thousand actions; one still going after ``max_actions`` is a computer player making no
    progress, reported as a ``RuntimeError`` naming the seed rather than looping for ever."""
    from engine.ai.match import new_match, play_match
    g = new_match(pool, "dice", seed, options={"house_rule": house_rule})
    levels = [bad if g.players[p]["side"] == "bad" else good for p in (0, 1)]
    play_match(g, levels, seed, max_actions=max_actions, budgets=budgets)
    if not g.is_over:
        raise RuntimeError(f"seed {seed}: no result after {max_actions} actions ({bad} bad guy, {good} good "
                           f"guy, turn {g.turn}): a computer player is making no progress")
    w = g.result["winners"]
    return {"seed": seed, "winner": g.players[w[0]]["side"] if w else "draw", "turns": g.turn,
            "actions": len(g.actions), "reason": g.result["reason"], "hash": g.state_hash()}


def simulate(games: int, bad: str = "random", good: str = "random", seed: int = 1, progress=None,
             house_rule: str = "off") -> dict:
    """Play ``games`` games between computer players (game ``i`` has seed ``seed + i``); the good and
    bad sides' results."""
    from engine.dice.cards import load_pool
    pool = load_pool()
    wins = {"bad": 0, "good": 0, "draw": 0}
    turns = actions = 0
    t0 = time.perf_counter()
    for k in range(games):
        r = play_one(pool, bad, good, seed + k, house_rule=house_rule)
        wins[r["winner"]] += 1
        turns += r["turns"]
        actions += r["actions"]
        if progress:
            progress(k + 1)
    dt = time.perf_counter() - t0
    return {"games": games, "bad_level": bad, "good_level": good, "house_rule": house_rule, "bad_wins": wins["bad"],
            "good_wins": wins["good"], "draws": wins["draw"], "bad_win_rate": wins["bad"] / games,
            "good_win_rate": wins["good"] / games, "draw_rate": wins["draw"] / games,
            "turns_per_game": turns / games, "actions_per_game": actions / games, "seconds": dt,
            "games_per_s": games / dt}


def cmd_simulate(args) -> int:
    house_rule = getattr(args, "house_rule", "off")  # callers may build the arguments by hand
    r = simulate(args.games, args.bad, args.good, args.seed, house_rule=house_rule)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"{r['games']} games, bad guy {r['bad_level']} vs good guy {r['good_level']} (seeds {args.seed}.."
          f"{args.seed + args.games - 1}{', house rule ' + house_rule if house_rule != 'off' else ''}):")
    print(f"  bad guys win {r['bad_wins']} ({r['bad_win_rate']:.1%}), good guys win {r['good_wins']} "
          f"({r['good_win_rate']:.1%}), draws (turn limit) {r['draws']} ({r['draw_rate']:.1%})")
    print(f"  {r['turns_per_game']:.1f} turns and {r['actions_per_game']:.0f} actions per game, "
          f"{r['games_per_s']:.1f} games/s")
    return 0


# ---------------------------------------------------------------------- the terminal game

HELP = """Type the number of a choice, or an action in text form (0:end_step). Also:
  board   show the board        log     the whole log       undo   take back your last choice
  save F  save to a JSON file    cards   your hands          quit   leave the game"""


def cmd_play(args, inp=input, out=print) -> int:
    from engine.ai import make_policy, public_context
    from engine.ai.match import seat_rng
    from engine.core.errors import CapeClashError
    from engine.dice.game import PRODUCT, DiceGame
    if args.load:
        from engine.core.data import loads_json, read_text  # the shared readers: a folder, bad JSON... named
        g = DiceGame.load(None, loads_json(read_text(args.load), args.load), source=args.load)
    else:
        seed = args.seed if args.seed is not None else int(time.time()) % 100000
        you = args.side
        players = [{"name": "Player" if args.humans and you == "bad" else "Villainy", "side": "bad"},
                   {"name": "Player" if args.humans and you == "good" else "Valor", "side": "good"}]
        if args.humans == 2:
            players = [{"name": "Bad Guy", "side": "bad"}, {"name": "Good Guy", "side": "good"}]
        g = DiceGame(None, {"seed": seed, "players": players,
                            "options": {"max_turns": args.max_turns, "house_rule": getattr(args, "house_rule", "off")}})
    humans = {0, 1} if args.humans == 2 else set() if args.humans == 0 else {g.seat_of(args.side)}
    ctx = public_context(g)
    pols = {p: make_policy(args.ai, ctx) for p in (0, 1) if p not in humans}
    rngs = [seat_rng(g.config["seed"], p) for p in (0, 1)]
    out(f"{PRODUCT}: {g.players[0]['name']} ({g.players[0]['side']}) against {g.players[1]['name']} "
        f"({g.players[1]['side']}), seed {g.config['seed']}. You need a six-sided die - the game rolls it for you.")
    shown = {p: 0 for p in (0, 1)}
    viewer = next(iter(humans)) if len(humans) == 1 else None
    seen = 0
    while not g.is_over:
        p = g.to_act[0]
        lines = g.log_lines(viewer if viewer is not None else p)
        for line in lines[seen:]:
            out(f"  {line}")
        seen = len(lines)
        legal = g.legal_actions(p)
        if p not in humans:
            g.apply_unchecked(pols[p](g.view(p), legal, rngs[p]))
            continue
        if shown[p] != g.turn:
            out(board(g, p))
            shown[p] = g.turn
        v = g.view(p)
        out(f"-- {v['decision']['prompt']}")
        for k, a in enumerate(legal):
            out(f"  {k + 1:2d}. {g.describe(a)}")
        try:
            text = inp(f"{g.players[p]['name']}> ").strip()
        except EOFError:
            return 0
        if text in ("quit", "q", "exit"):
            return 0
        if text in ("help", "?"):
            out(HELP)
            continue
        if text == "board":
            out(board(g, p))
            continue
        if text == "log":
            out("\n".join(g.log_lines(p)))
            continue
        if text == "cards":
            out(hands(g, p))
            continue
        if text.startswith("save "):
            where = text[5:].strip()
            try:
                Path(where).write_text(json.dumps(g.save()), encoding="utf-8")
            except OSError as e:  # a folder, no such folder, no permission: the game goes on
                out(f"  could not save to {where}: {e.strerror or e}")
                continue
            out(f"saved to {where}")
            continue
        if text == "undo":
            try:
                while True:
                    a = g.undo()
                    if a.player in humans:
                        break
            except CapeClashError as e:
                out(f"  {e}")
            seen = 0 if viewer is None else len(g.log_lines(viewer))
            continue
        try:
            a = legal[int(text) - 1] if text.isdigit() and 0 < int(text) <= len(legal) else text
            g.apply(a)
        except CapeClashError as e:
            out(f"  not possible: {e}")
    for line in g.log_lines(viewer)[seen:]:
        out(f"  {line}")
    res = g.result
    out("Game over: " + (", ".join(g.players[w]["name"] for w in res["winners"]) + " wins"
                         if res["winners"] else "a draw") + f" ({res['reason']}).")
    return 0


def hands(g, p: int) -> str:
    v = g.view(p)["players"][p]
    return ("Recruit hand: " + (", ".join(f["name"] for f in v["recruit_hand"]) or "empty") + "\nAction hand: "
            + (", ".join(f["name"] for f in v["action_hand"]) or "empty"))


def board(g, p: int) -> str:
    """The table as text, from ``p``'s view."""
    v = g.view(p)
    rows = [f"=== Turn {v['turn']} ({v['players'][v['active']]['name']}), {v['phase']} phase; "
            f"decks: recruit {v['decks']['recruit']}, action {v['decks']['action']} ==="]
    for pv in v["players"]:
        rows.append(f"{pv['name']} ({pv['side']} guys): hands {pv['recruit_hand_count']} recruit, "
                    f"{pv['action_hand_count']} action; heroes {pv['heroes']}/{pv['team_limit']}")
        for c in pv["characters"]:
            marks = []
            if c["damage"]:
                marks.append(f"{c['damage']} damage")
            if c["delay"]:
                marks.append(f"{c['delay']} delay")
            if c["controlled_from"] is not None:
                marks.append("controlled")
            aids = ", ".join(a["name"] + (" [" + ", ".join(u["name"] for u in a["upgrades"]) + "]"
                                          if a["upgrades"] else "") for a in c["attached"])
            rows.append(f"   {c['name']}: Force {c['force']} {'/'.join(c['trait_names']) or '-'}"
                        f"{' ' + ', '.join(c['ability_names']) if c['ability_names'] else ''}"
                        f"{' (' + ', '.join(marks) + ')' if marks else ''}{' + ' + aids if aids else ''}")
    rows.append(hands(g, p))
    return "\n".join(rows)
