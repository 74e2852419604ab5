"""Verbs that leave something lasting: restrictions on characters (``restrict``) and players
(``restrict_player``), and a player's lasting triggered ability (``lasting``).

Restrictions ("can't" beats "can") are enforced by ``engine.capeclash.restrictions`` where each rule
is decided; lasting abilities of players live in ``Game.lasting`` (``engine.capeclash.lasting``)."""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.capeclash import lasting
from engine.capeclash.state import Modifier
from engine.cardlang import language as L
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, register

# how a lasting ability's event reads after "When" / "Each time"
LASTING_WHEN = {"start_of_turn": "your turn starts", "end_of_turn": "your turn ends",
                "you_recruit": "you recruit a character", "you_play_plot_twist": "you play a plot twist",
                "draw_phase": "your draw phase begins"}

# what "until" reads as at the start of a sentence about a player's lasting ability
LASTING_FOR = {"combat": "This combat", "turn": "This turn", "next_turn": "Until the end of next turn",
               "your_next_turn": "Until the end of your next turn", "permanent": "For the rest of the game",
               "source_leaves": "While this character stays face up in play"}


def _players(g, frame, who: str) -> list[int]:
    me = g.players[frame.ctl]
    if who == "you":
        return [me.index]
    if who == "opponent":
        return [q.index for q in g.players if not q.out and g.are_enemies(q.side, me.side)]
    return [q.index for q in g.players if not q.out]


_WHO = {"you": ("You", "can't"), "opponent": ("Your opponents", "can't"), "each": ("No player", "can")}


@register
class Restrict(Verb):
    """Characters can't do something (attack, be attacked, be struck, be stunned, move, protect, be in
    the front row) for a while (default: this turn)."""

    name = "restrict"
    args = {"target": "selector", "cant": "restrictions", "until": "duration?"}
    acts_on = ("target",)
    example = [{"choose": {"what": "character", "filter": {"side": "enemy"}, "as": "foe"}},
               {"restrict": {"target": "foe", "cant": ["attack", "move"], "until": "your_next_turn"}}]

    def run(self, g, frame, a) -> bool:
        until = a.get("until", "turn")
        src = frame.src
        if until == "source_leaves" and (src is None or g.cards[src].zone != "play" or not g.cards[src].face_up):
            return True
        for c in fx.select(g, frame, a["target"]):
            m: Modifier = {"k": "cant", "cant": list(a["cant"]), "ts": g.tick(), "src": frame.name, "until": until,
                 "turn": g.turn, "by": g.players[frame.ctl].side}
            if until == "source_leaves":
                m["source"] = src
            c.mods.append(m)
            g.log("restrict", f"{g.name(c.iid)} {P.restriction_phrase(a['cant'])}"
                              f"{P.DURATION[until]} ({frame.name}).")
        return True

    def text(self, a, r) -> str:
        return f"{P.cap(r.target(a['target']))} {P.restriction_phrase(a['cant'])}{r.duration(a, 'turn')}."


@register
class RestrictPlayer(Verb):
    """Players (you, your opponents or every player) can't use super powers, play plot twists or
    recruit (cards matching ``card``) for a while (default: this turn)."""

    name = "restrict_player"
    args = {"who": "player_group", "cant": "player_restrictions", "card": "card_filter?", "until": "duration?"}
    example = [{"restrict_player": {"who": "opponent", "cant": ["play_plot_twists"], "until": "your_next_turn"}}]

    def check(self, args, err) -> None:
        if "card" in args and not {"recruit", "play_characters"} & set(args.get("cant", ())):
            err("card", "card: names the cards players can't recruit: it goes with cant: [recruit] "
                        "or [play_characters]")

    def run(self, g, frame, a) -> bool:
        until = a.get("until", "turn")
        for p in _players(g, frame, a["who"]):
            entry = {"k": "cant", "p": p, "cant": list(a["cant"])}
            if a.get("card"):
                entry["card"] = dict(a["card"])
            lasting.add(g, frame, entry, until)
            g.log("restrict", f"{g.players[p].name} {restriction_words(a)}{P.DURATION[until]} ({frame.name}).")
        return True

    def text(self, a, r) -> str:
        who = _WHO[a["who"]][0]
        return f"{who} {restriction_words(a, a['who'] == 'each')}{r.duration(a, 'turn')}."


def restriction_words(a: dict, nobody: bool = False) -> str:
    """"can't play plot twists", "can't recruit characters named Gravewing" ("can" after "No player")."""
    words = P.restriction_phrase(a["cant"], players=True)
    flt = a.get("card")
    what = "any " + P.noun(P.card_filter_phrase(flt)) if flt else "characters"
    if "recruit" in a["cant"]:
        words = words.replace("recruit", f"recruit {what}", 1)
    if "play_characters" in a["cant"]:
        words = words.replace("put characters into play", f"put {what} into play", 1)
    return words.replace("can't ", "can ", 1) if nobody else words


@register
class Lasting(Verb):
    """Give yourself a lasting triggered ability: each time EVENT happens to you (your turn starts or
    ends, you recruit, you play a plot twist, your draw phase), run the nested effect, for a while
    (default: for the rest of the game)."""

    name = "lasting"
    args = {"when": "lasting_event", "effect": "steps", "until": "duration?"}
    example = [{"lasting": {"when": "start_of_turn", "effect": [{"draw": {"n": 1}}], "until": "permanent"}}]

    def check(self, args, err) -> None:
        if args.get("until") == "combat":
            err("until", "a lasting ability listens for events of a player's turn, and 'this combat' is over before "
                         "any of them can happen: give turn, next_turn, your_next_turn or permanent")

    def run(self, g, frame, a) -> bool:
        until = a.get("until", "permanent")
        entry = {"k": "when", "p": frame.ctl, "when": a["when"], "ref": [*frame.ref, frame.pc, "effect"],
                 "src": frame.src}
        lasting.add(g, frame, entry, until)
        g.log("lasting", f"{g.players[frame.ctl].name} gains a lasting ability ({frame.name}).")
        return True

    def text(self, a, r) -> str:
        inner = type(r)(None, "turn", r.pool).effect(a["effect"])
        return f"{LASTING_FOR[a.get('until', 'permanent')]}, each time {LASTING_WHEN[a['when']]}, {P.lower(inner)}"


assert set(LASTING_WHEN) == set(L.LASTING_EVENTS) and set(LASTING_FOR) == set(L.DURATIONS)
