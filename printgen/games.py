"""The games the print build knows, each described by a ``Game``: what it prints (jobs of cards, one
face context each), how a face and a back are drawn, its counters and its rulebook. ``build`` runs
one pipeline over these descriptions; a new game plugs in with an ``inputs`` and a ``load`` function
in ``GAMES``.

- Cape Clash: the starter set (or ``--deck`` decks), faces from ``faces``, the ``--backs`` back,
  wound/XP/... counters with the tokens the cards make, the rulebook from ``card_data/rules``
  (``rulebook``).
- Derring-Dice: the Recruit and Action decks from ``card_data/dice`` (``dice_data``), faces from
  ``dice_faces``, each deck with its own back, damage and delay counters, the rulebook from
  ``card_data/dice/rulebook.yaml`` (``dice_rulebook``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Game:
    """One game's part of the build. Its jobs are ``data.PrintJob``s."""

    key: str                        # its name in ``Options.games``
    product: str                    # the brand on sheets, proofs and print-shop files
    jobs: list                      # what to print: a home PDF and print-shop files each
    contexts: dict                  # job name -> faces.Context (proof jobs included)
    face: Callable                  # (card, context) -> Layout
    back: Callable                  # (job, --backs style) -> Layout: the back behind that job's cards
    counters: Callable              # (path, paper) -> (pages, counters)
    rulebook: Callable              # (path, paper, image cache) -> pages
    counters_kind: str              # the manifest's word for the counter sheet
    proofs: list = field(default_factory=list)   # jobs with a proof sheet (with ``--no-extras``: none)
    art_dir: Path | None = None     # art named after no card of the game is a warning
    art_ids: set = field(default_factory=set)   # the ids art may be named after
    prefix: str = ""                # the manifest's kinds start with it ("Derring-Dice ")
    files: str = ""                 # the counter and rulebook file names start with it ("derring-dice-")
    styled_backs: bool = True       # the back follows ``--backs dark|light`` (not a deck's own back)
    deck_label: Callable = field(default=lambda job: "")   # "recruit deck ": a job in the manifest's kinds
    card_label: Callable = field(default=lambda card: card.name)   # a card as preflight names it

    @property
    def cards(self) -> list:
        """Every card of the game, each once."""
        seen: dict = {}
        for job in self.jobs:
            for c in job.cards:
                seen.setdefault(c.id, c)
        return list(seen.values())

    def layouts(self) -> dict:
        """{job name: {card id: Layout}} for every job and proof job (a proof job of several jobs'
        cards takes their faces)."""
        out = {}
        for job in self.jobs:
            ctx = self.contexts[job.name]
            out[job.name] = {c.id: self.face(c, ctx) for c in job.cards}
        every = {cid: lay for lays in out.values() for cid, lay in lays.items()}
        for job in self.proofs:
            out.setdefault(job.name, {c.id: every[c.id] for c in job.cards})
        return out


# ------------------------------------------------------------------ Cape Clash

def cape_clash_inputs(opts) -> list[Path]:
    """The files Cape Clash's outputs are made from (for the rebuild check)."""
    from .data import card_files, starter_dir
    from .gameicons import icons_file
    root = opts.data
    art = sorted((root / "art").glob("*")) if (root / "art").is_dir() else []
    rules = sorted((root / "rules").glob("*")) if (root / "rules").is_dir() else []
    if opts.deck:   # a deck's cards live beside it; the rulebook lists the starter set
        starter = card_files(starter_dir(root)) if starter_dir(root) else []
        data = sorted({f for d in opts.deck for f in card_files(Path(d).parent)} | {Path(d) for d in opts.deck}
                      | set(starter))
    else:
        data = card_files(starter_dir(root) or root)
    icons = [icons_file()] if icons_file() is not None else []
    return data + art + rules + icons


def cape_clash(opts) -> Game:
    """The starter set, or each ``--deck`` (every copy, its main character's levels, its tokens)."""
    from .counters import counters_pdf
    from .data import load_deck_job, load_set, tokens_used
    from .faces import Context, card_back, card_face
    from .rulebook import rulebook_pdf
    jobs = [load_deck_job(d, opts.data) for d in opts.deck] if opts.deck else [load_set(opts.data)]
    art_dir = opts.data / "art"
    art_dir = art_dir if art_dir.is_dir() else None
    contexts = {job.name: Context(job.pool, art_dir, job.numbers) for job in jobs}

    def counters(path, paper):
        tokens = {t.id: t for job in jobs for t in tokens_used(job.pool, job.cards)}
        return counters_pdf(path, paper, sorted(tokens.values(), key=lambda t: t.name), contexts[jobs[0].name])

    rules_job = None

    def rulebook(path, paper, cache):
        nonlocal rules_job
        if rules_job is None:
            rules_job = jobs[0] if not opts.deck else _rulebook_job(opts.data, jobs)
        return rulebook_pdf(path, rules_job, paper, opts.data, cache)

    return Game("capeclash", "Cape Clash", jobs, contexts, card_face,
                back=lambda job, style: card_back("dark" if style == "none" else style),   # shops always print a back
                counters=counters, rulebook=rulebook, counters_kind="counters and tokens",
                proofs=jobs, art_dir=opts.data / "art",
                art_ids={c.id for job in jobs for c in job.pool})


def _rulebook_job(root: Path, jobs):
    """The rulebook lists the starter set and its decks; without a starter set, the decks being printed."""
    from .data import load_set, starter_dir
    if starter_dir(root) is not None:
        return load_set(root)
    first = jobs[0]
    first.decks = [d for job in jobs for d in job.decks]
    return first


# ------------------------------------------------------------------ Derring-Dice

def derring_dice_inputs(opts) -> list[Path]:
    from .dice_data import dice_files, dice_root
    root = dice_root(opts.data)
    return dice_files(root) if root else []


def derring_dice(opts) -> Game | None:
    """Both decks, each with its own back; nothing when there is no ``<data>/dice`` folder and Cape Clash
    is printed too (asked for alone, that is an error)."""
    from .counters import counters_pdf
    from .data import PrintJob
    from .dice_data import NAME, dice_root, load_dice
    from .dice_faces import COUNTER_ROWS, COUNTERS, PRODUCT, dice_back, dice_face
    from .dice_rulebook import dice_rulebook_pdf
    root = dice_root(opts.data)
    if root is None:
        if "capeclash" in opts.games:
            return None
        from engine.core.errors import DataError, Problem
        raise DataError([Problem(str(Path(opts.data) / "dice"), None, None,
                                 "no Derring-Dice card files here (game: dice, deck: recruit | action)")])
    dset = load_dice(root)
    both = PrintJob(NAME, "both decks", dset.pool, dset.cards, {}, dset.ctx.numbers, deck="both")   # one proof
    return Game("dice", PRODUCT, dset.jobs, {j.name: dset.ctx for j in [*dset.jobs, both]}, dice_face,
                back=lambda job, style: dice_back(job.deck),
                counters=lambda path, paper: counters_pdf(path, paper, [], None, COUNTERS,
                                                          f"{PRODUCT} - damage and delay tokens",
                                                          rows_each=COUNTER_ROWS),
                rulebook=lambda path, paper, cache: dice_rulebook_pdf(path, dset, paper, cache),
                counters_kind="damage and delay counters", proofs=[both], art_dir=dset.ctx.art_dir, art_ids={c.id for c in dset.cards},
                prefix=f"{PRODUCT} ", files=f"{NAME}-", styled_backs=False,
                deck_label=lambda job: f"{job.deck} deck ",
                card_label=lambda c: f"{c.name} [{PRODUCT} {c.number}]")


GAMES = {"capeclash": (cape_clash_inputs, cape_clash), "dice": (derring_dice_inputs, derring_dice)}
