"""Play Cape Clash in a terminal: a human against the computer, hot-seat, or AI vs AI.

    python3 -m apps.tty                     # you against the normal AI
    python3 -m apps.tty --ai hard           # a stronger opponent (it searches: slower)
    python3 -m apps.tty --humans 2          # hot-seat: pass the device between turns
    python3 -m apps.tty --humans 0 --ai hard,random --seed 5   # watch two AIs

Computer players (``--ai``): ``random``, ``simple`` (rules of thumb), and the levels of
``engine.ai``: ``easy``, ``normal`` (looks ahead through each combat) and ``hard``
(information-set Monte Carlo tree search). They all see only their own seat's view.

At each decision the board is printed from the acting player's view (never
more than that player may see), then the new log lines and a numbered menu of
the legal actions. Type a number, or a command (``h`` lists them). Input is
read with ``input()``, so a game can be scripted through stdin; end of input
quits cleanly.
"""

from __future__ import annotations

import argparse
import builtins
import json
import sys
from collections.abc import Callable

from engine.ai import simple as ai_simple
from engine.capeclash import decisions
from engine.capeclash.game import MAX_PLAYER_NAME, MAX_SEED, MODES, Game
from engine.core.actions import Action
from engine.core.errors import CapeClashError
from engine.core.rng import Rng

DEFAULT_DECKS = ("deck-dawnwatch", "deck-gloom")
AI_NAMES = ("random", "simple", "easy", "normal", "hard")
CLEAR = "\033[2J\033[3J\033[H"
HELP = """Commands:
  N         take action number N from the menu
  b         show the board again
  v N       explain the ATK/DEF of the character with id N (ids are shown in [brackets])
  u         undo your last action (and everything after it)
  s FILE    save the game as JSON (load it with Game.load)
  h         this help
  q         quit
  P:TYPE k=v  an action in the engine's text form, e.g. 0:end_turn"""


class Quit(Exception):
    """The player asked to leave (q, or the end of input)."""


# ------------------------------------------------------------------ arguments and setup

def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="capeclash play", description="Play Cape Clash in a terminal.")
    ap.add_argument("--deck-a", default=None, help=f"deck for seats 1, 3 (path or name; default {DEFAULT_DECKS[0]})")
    ap.add_argument("--deck-b", default=None, help=f"deck for seats 2, 4 (path or name; default {DEFAULT_DECKS[1]})")
    ap.add_argument("--cards", action="append", default=None, metavar="PATH",
                    help="card data file or folder (repeatable; default: the testbed set for the default "
                         "decks, else all of card_data)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--mode", choices=sorted(MODES), default="duel", help="game mode (default duel)")
    ap.add_argument("--players", type=int, default=None, help="number of players (default: 2, or 4 for team modes)")
    ap.add_argument("--humans", type=int, default=1,
                    help="how many seats humans play, from seat 1 (default 1; 0 = watch AI vs AI)")
    ap.add_argument("--ai", default=None,
                    help=f"computer player: {', '.join(AI_NAMES)} (default normal); a comma list gives one "
                         "per AI seat (e.g. hard,random)")
    ap.add_argument("--names", default="", help="comma-separated player names, in seat order")
    ap.add_argument("--max-actions", type=int, default=20000,
                    help="stop a game after this many actions (safety for AI vs AI; default 20000)")
    ap.add_argument("--quiet", action="store_true", help="with --humans 0: print only the result")
    return ap


def _load(args) -> tuple:
    from engine.capeclash.loader import find_deck, load_pool
    from engine.capeclash.testing import CARD_DATA, TESTSET, test_pool
    refs = [args.deck_a or DEFAULT_DECKS[0], args.deck_b or DEFAULT_DECKS[1]]
    if args.cards:
        pool = load_pool(args.cards)
        if not len(pool):  # (every card of the decks would be 'no such card': say why)
            from engine.core.errors import DataError, Problem
            raise DataError([Problem(", ".join(args.cards), None, None, "no cards here (card files hold a 'cards:' list)")])
    elif args.deck_a is None and args.deck_b is None:
        pool = test_pool()
    else:
        pool = load_pool([CARD_DATA])
    decks = []
    for ref in refs:
        root = TESTSET if ref in DEFAULT_DECKS and not args.cards else CARD_DATA
        decks.append(find_deck(ref, pool, root=root))
    return pool, decks


def _policy_names(spec: str | None, n: int) -> list[str]:
    """One computer player per AI seat (the last one given fills the rest); more than there are AI
    seats is an error, never silently dropped."""
    names = [s.strip().lower() for s in (spec or "").split(",") if s.strip()] or ["normal"]
    for nm in names:
        if nm not in AI_NAMES:
            raise ValueError(f"unknown AI {nm!r}; choose from {', '.join(AI_NAMES)}")
    if spec is not None and len(names) > n:
        raise ValueError(f"--ai gives {len(names)} computer player(s) but there {'is' if n == 1 else 'are'} "
                         f"{n} AI seat(s)")
    names += [names[-1]] * max(0, n - len(names))
    return names[:n]


def _policy(name: str, g: Game) -> Callable:
    """A computer player by name; the ``engine.ai`` levels get the game's public knowledge only."""
    if name in ai_simple.POLICIES:
        return ai_simple.POLICIES[name]
    from engine.ai import make_policy, public_context
    return make_policy(name, public_context(g))


# ------------------------------------------------------------------ drawing the board

def _flags(c: dict) -> str:
    out = []
    if c["main"]:
        out.append("MAIN" + (f" L{c['level']}" if c.get("level") else ""))
    if c["wounds"]:
        out.append(f"wounds {c['wounds']}/{c['health']}")
    if c["plus"]:
        out.append(f"+1/+1 x{c['plus']}")
    if c["minus"]:
        out.append(f"-1/-1 x{c['minus']}")
    if c["vitality"]:
        out.append(f"vitality {c['vitality']}")
    if c["stunned"]:
        out.append("STUNNED")
    elif c["exhausted"]:
        out.append("exhausted")
    if c["frozen"]:
        out.append("frozen")
    if c["in_combat"]:
        out.append("in combat")
    if c["keywords"]:
        out.append(",".join(c["keywords"]))
    out += _granted_flags(c)
    return f"  ({'; '.join(out)})" if out else ""


def _granted_flags(c: dict) -> list[str]:
    """What a character gained for a while (issue 18): "gained flight this turn", "lost ranged", and a
    granted ability by its rules text."""
    out = [f"gained {g['keyword']}" + (f" {g['until']}" if g["until"] else f" from {g['from']}")
           for g in c.get("gained", ())]
    out += [f"lost {k}" for k in c.get("lost_keywords", ())]
    out += [f"ability \"{a['text']}\"" + (f" {a['until']}" if a["until"] else "") for a in c.get("abilities", ())]
    return out


def _char(c: dict) -> str:
    return f"[{c['iid']}] {c['name']} {c['atk']}/{c['def']}{_flags(c)}"


def _resource(r: dict) -> str:
    if r.get("hidden"):
        return "?"
    return f"{r['name']}{'' if r['face_up'] else ' (face down)'}"


def _hand_card(c: dict) -> str:
    kind = {"supporting": "character", "plot_twist": "plot twist"}.get(c["type"], c["type"])
    cost = f" cost {c['cost']}" if c.get("cost") is not None else ""
    return f"[{c['iid']}] {c['name']} ({kind}{cost})"


def render_board(view: dict) -> str:
    """The board as one player sees it, as text."""
    players = view["players"]
    lines = []
    active = " and ".join(players[i]["name"] for s in view["sides"] if s["side"] == view["active_side"]
                          for i in s["players"])
    if view["phase"].startswith("setup"):
        lines.append("=== Setting up ===")
    elif view["phase"] == "over":
        lines.append(f"=== Game over after turn {view['turn']} ===")
    else:
        lines.append(f"=== Turn {view['turn']} | {active} to play | {view['phase']} phase ===")
    for s in view["sides"]:
        for i in s["players"]:
            pl = players[i]
            you = " (you)" if i == view["viewer"] else ""
            out = "  OUT" if pl["out"] else ""
            xp = f"  XP {pl['xp']}/{pl['xp_needed']}" if pl.get("xp_needed") else ""
            lines.append(f"{pl['name']}{you}{out}: level {pl['level']}{xp}  hand {pl['hand_count']}  "
                         f"deck {pl['deck_count']}  KO {len(pl['ko'])}"
                         + (f"  recruit points {pl['recruit_points']}" if pl.get("recruit_points") else ""))
            res = ", ".join(_resource(r) for r in pl["resources"]) or "-"
            lines.append(f"  resources ({len(pl['resources'])}): {res}")
        for row in ("front", "back"):
            chars = s[row]
            lines.append(f"  {row:5}: " + ("; ".join(_char(c) for c in chars) if chars else "-"))
        lines.append("")
    cb = view.get("combat")
    if cb and view["phase"] != "over":
        names = {c["iid"]: f"{c['name']} [{c['iid']}]" for s in view["sides"] for c in s["front"] + s["back"]}
        who = " and ".join(names.get(i, f"#{i}") for i in cb["attackers"])
        verb = "attack" if len(cb["attackers"]) > 1 else "attacks"
        how = " (ranged)" if cb["ranged"] else ""
        lines.append(f"Combat: {who} {verb} {names.get(cb['defender'], 'nobody')}{how}")
    if view.get("declaring"):
        lines.append("Declaring an attack with: " + ", ".join(f"[{i}]" for i in view["declaring"]))
    me = players[view["viewer"]] if view["viewer"] is not None else None
    if me is not None and "hand" in me:
        lines.append("Your hand: " + ("; ".join(_hand_card(c) for c in me["hand"]) or "(empty)"))
    return "\n".join(lines)


def _menu(g: Game, legal: list[Action]) -> str:
    out = []
    for i, a in enumerate(legal, 1):
        label = g.describe(a)
        ids = [f"{a[k]}" for k in ("card", "source", "discard") if k in a.args and f"[{a[k]}]" not in label]
        out.append(f"  {i:2}. {label}" + (f"  [{'/'.join(ids)}]" if ids else ""))
    return "\n".join(out)


# ------------------------------------------------------------------ the session

class Session:
    def __init__(self, g: Game, humans: set[int], ais: dict[int, tuple[str, Callable, Rng]],
                 ask: Callable[[str], str], say: Callable[[str], None], max_actions: int, quiet: bool = False):
        self.g = g
        self.humans = humans
        self.ais = ais
        self.ask = ask
        self.say = say
        self.max_actions = max_actions
        self.quiet = quiet
        self.seen = {p: 0 for p in humans}  # how many log events each human has been shown
        self.spectator_seen = 0
        self.at_device: int | None = None  # the human who last had the device (hot-seat)
        self.auto: set[int] = set()  # indices of actions passed automatically (undo skips them)
        self.remenu = True

    # ------------------------------------------------------------ main loop
    def play(self) -> int:
        try:
            while not self.g.is_over:
                g = self.g  # undo replaces the game object
                if len(g.actions) >= self.max_actions:
                    self._flush_spectator()
                    self.say(f"Stopped after {len(g.actions)} actions (--max-actions) without a result.")
                    return 1
                acting = g.to_act
                if not acting:
                    self.say("Engine error: nobody has a decision to make but the game is not over.")
                    return 1
                humans = [p for p in acting if p in self.humans]
                if humans:
                    self._human_turn(humans[0])
                else:
                    if not self._ai_turn(acting[0]):
                        return 1
        except Quit:
            self.say("Goodbye.")
            return 0
        self._finish()
        return 0

    def _finish(self) -> None:
        g = self.g
        if self.humans:
            # one human sees their own log; several share the screen, so only the public log
            viewer = min(self.humans) if len(self.humans) == 1 else None
            new = g.log_lines(viewer, since=min(self.seen.values()))
            self.seen = {p: len(g.events) for p in self.humans}
            if new:
                self.say("-- what happened --")
                self.say("\n".join(new[-60:]))
            self.say(render_board(g.view(viewer)))
        else:
            self._flush_spectator()
        r = g.result
        names = [g.players[i].name for i in r["winners"]]
        self.say(f"Game over after {r['turn']} turns: {r['reason']}.")
        self.say(f"{'Winner' if len(names) == 1 else 'Winners'}: {' and '.join(names)}")

    def _flush_spectator(self) -> None:
        new = self.g.log_lines(None, since=self.spectator_seen)
        self.spectator_seen = len(self.g.events)
        if new and not self.quiet:
            self.say("\n".join(new))

    # ------------------------------------------------------------ computer players
    def _ai_turn(self, p: int) -> bool:
        g = self.g
        name, policy, rng = self.ais[p]
        legal = g.legal_actions(p)
        action = policy(g.view(p), legal, rng)
        try:
            g.apply(action)
        except CapeClashError as e:
            self.say(f"Engine error while {g.players[p].name} played {action}: {e}")
            return False
        if not self.humans:
            self._flush_spectator()
        return True

    # ------------------------------------------------------------ humans
    def _handover(self, p: int) -> None:
        """Hot-seat: hide the last player's hand before the next one looks."""
        if len(self.humans) < 2 or self.at_device == p:
            return
        self.say(CLEAR)
        self._input(f"Pass the device to {self.g.players[p].name}, then press Enter. ")
        self.say(CLEAR)
        self.at_device = p

    def _show(self, p: int, board: bool = True) -> None:
        g = self.g
        if board:
            self.say("")
            self.say(render_board(g.view(p)))
        new = g.log_lines(p, since=self.seen[p])
        self.seen[p] = len(g.events)
        if new:
            self.say("-- what happened --")
            self.say("\n".join(new[-60:]))

    def _human_turn(self, p: int) -> None:
        g = self.g
        legal = g.legal_actions(p)
        if len(legal) == 1 and legal[0].type == "pass":
            # nothing to decide: no need to hand the device over for it
            if self.at_device == p or len(self.humans) == 1:
                self._show(p, board=False)
            self.say(f"({g.players[p].name} has nothing to play in this combat window: passing.)")
            self.auto.add(len(g.actions))
            self._apply(p, legal[0])
            return
        self._handover(p)
        self._show(p)
        self.remenu = True
        while True:
            legal = g.legal_actions(p)
            if self.remenu:
                d = g.view(p)["decision"] or {}
                prompt = d.get("prompt") or _DECISIONS.get(d.get("type"), d.get("type") or "")
                self.say(f"\n{g.players[p].name}, {prompt}:")
                self.say(_menu(g, legal))
                self.remenu = False
            line = self._input(f"{g.players[p].name}> ")
            done = self._command(p, line.strip(), legal)
            if done:
                return

    def _input(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError:
            raise Quit from None

    def _command(self, p: int, line: str, legal: list[Action]) -> bool:
        """Handle one line of input; True when the decision has been made (or changed by undo)."""
        g = self.g
        if not line:
            self.say("Type the number of an action (h for help).")
            return False
        cmd, _, rest = line.partition(" ")
        rest = rest.strip()
        if line.isdigit():  # (any digits: '²' and '٣' are digits to str.isdigit, not all to int())
            n = _number(line)
            if n is None or not 1 <= n <= len(legal):
                shown = line if n is not None else f"{line[:12]}..." if len(line) > 12 else line
                self.say(f"No action {shown}: choose a number from 1 to {len(legal)}.")
                return False
            return self._apply(p, legal[n - 1])
        if ":" in cmd:
            try:
                action = Action.parse(line)
            except CapeClashError as e:
                self.say(f"Error: {e}")
                return False
            return self._apply(p, action)
        c = cmd.lower()
        if c in ("q", "quit", "exit"):
            raise Quit
        if c in ("h", "help", "?"):
            self.say(HELP)
            self.remenu = True
            return False
        if c in ("b", "board"):
            self.say(render_board(g.view(p)))
            self.remenu = True
            return False
        if c == "v":
            self.remenu = True
            return self._explain(p, rest)
        if c == "u":
            return self._undo(p)
        if c == "s":
            return self._save(rest)
        self.say(f"Unknown command {line!r}: type a number from 1 to {len(legal)}, or h for help.")
        return False

    def _apply(self, p: int, action: Action) -> bool:
        try:
            self.g.apply(action)
        except CapeClashError as e:
            self.say(f"Engine error: {e}")
            return False
        return True

    def _explain(self, p: int, arg: str) -> bool:
        iid = _number(arg)
        if iid is None:
            self.say("Usage: v N, where N is a character's id shown in [brackets].")
            return False
        view = self.g.view(p)
        chars = {c["iid"]: c for s in view["sides"] for c in s["front"] + s["back"]}
        if iid not in chars:
            self.say(f"No character with id {iid} in play.")
            return False
        cid = chars[iid].get("cid")
        d = self.g.defs[cid] if cid in self.g.defs else None
        aka = f" (AKA {' / '.join(d.aka)})" if d is not None and d.aka else ""  # the names it also counts as
        self.say(f"{chars[iid]['name']}{aka} [{iid}]:")
        for row in self.g.explain(iid):
            self.say(f"  {row['atk']:>3}/{row['def']:<3} {row['step']}")
        return False

    def _undo(self, p: int) -> bool:
        g = self.g
        mine = [i for i, a in enumerate(g.actions) if a["player"] == p and i not in self.auto]
        if not mine:
            self.say("Nothing of yours to undo.")
            return False
        last = mine[-1]
        others = {a["player"] for a in g.actions[last + 1:]} & (self.humans - {p})
        if others:
            self.say("Cannot undo: another player has acted since your last action.")
            return False
        undone = [str(Action.from_json(a)) for a in g.actions[last:]]
        self.g = g.replay(last)
        self.auto = {i for i in self.auto if i < last}
        self.seen = {q: min(n, len(self.g.events)) for q, n in self.seen.items()}
        self.say(f"Undone: {', '.join(undone)}")
        return True

    def _save(self, path: str) -> bool:
        if not path:
            self.say("Usage: s FILE")
            return False
        try:
            with open(path, "w", encoding="utf-8") as f:
                json.dump(self.g.save(), f, indent=1)
        except OSError as e:
            self.say(f"Could not save to {path}: {e}")
            return False
        self.say(f"Saved to {path}.")
        return False


def _number(text: str) -> int | None:
    """A menu number or a card id typed at the prompt: ASCII digits, a few of them (None otherwise: int()
    refuses '²' and numbers of thousands of digits, and a game must never end on a typo)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


_DECISIONS = decisions.PROMPTS  # the terminal's line for each kind of decision (engine/capeclash/decisions.py)


# ------------------------------------------------------------------ entry point

def run(argv: list[str] | None = None, *, input_fn: Callable[[str], str] | None = None,
        output: Callable[[str], None] | None = None) -> int:
    """Run a terminal game. Returns the exit code (0: finished, quit, or end of input)."""
    say = output or (lambda s: print(s, flush=True))
    ask = input_fn or (lambda prompt: builtins.input(prompt))
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--"]:  # as passed on by 'capeclash play -- OPTIONS'
        argv = argv[1:]
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:  # --help, or bad arguments (argparse has printed why)
        return e.code if isinstance(e.code, int) else 2
    nplayers = args.players if args.players is not None else {"duel": 2, "ffa": 3, "2v2": 4, "two_headed": 4}[args.mode]
    lo, hi = MODES[args.mode]
    if not lo <= nplayers <= hi:
        say(f"Error: mode {args.mode} needs {lo}-{hi} players (--players), not {nplayers}.")
        return 2
    if not 0 <= args.humans <= nplayers:
        say(f"Error: --humans must be between 0 and {nplayers}.")
        return 2
    if args.max_actions < 1:
        say("Error: --max-actions must be at least 1.")
        return 2
    if not 0 <= args.seed <= MAX_SEED:  # the same bound as a save's (so the game can be saved and loaded)
        say("Error: --seed must be a whole number from 0 to 2^64 - 1.")
        return 2
    given = [n.strip() for n in args.names.split(",")] if args.names else []
    if len(given) > nplayers:
        say(f"Error: --names gives {len(given)} names for {nplayers} players.")
        return 2
    for n in given:
        if len(n) > MAX_PLAYER_NAME:
            say(f"Error: --names: a player name has at most {MAX_PLAYER_NAME} characters, not {len(n)}.")
            return 2
    try:
        policies = _policy_names(args.ai, nplayers - args.humans)
        pool, decks = _load(args)
    except (ValueError, OSError) as e:
        say(f"Error: {e}")
        return 2
    humans = set(range(args.humans))
    ais: dict[int, tuple[str, Callable, Rng]] = {}
    specs = []
    for i in range(nplayers):
        if i in humans:
            name = f"Player {i + 1}"
        else:
            pol_name = policies[i - args.humans]
            name = f"AI {i + 1} ({pol_name})"
            ais[i] = (pol_name, None, Rng((args.seed * 0x9E3779B1 + 1013 * (i + 1)) & ((1 << 64) - 1)))
        if i < len(given) and given[i]:
            name = given[i]
        specs.append({"name": name, "deck": decks[i % 2]})
    try:
        g = Game(pool, {"mode": args.mode, "seed": args.seed, "players": specs})
    except ValueError as e:
        say(f"Error: {e}")
        return 2
    for i, (pol_name, _, rng) in list(ais.items()):
        ais[i] = (pol_name, _policy(pol_name, g), rng)
    if not (args.humans == 0 and args.quiet):
        say(f"Cape Clash - {args.mode}, seed {args.seed}: "
            + ", ".join(f"{s['name']} ({s['deck'].name})" for s in specs))
        if humans:
            say("Type h at the prompt for help.")
    session = Session(g, humans, ais, ask, say, args.max_actions, quiet=args.quiet)
    try:
        return session.play()
    except KeyboardInterrupt:
        say("\nInterrupted.")
        return 130


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    main()
