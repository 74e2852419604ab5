"""Derring-Dice in the print build: its two decks, each with its own back, their faces and preflight,
the home sheets, a proof, damage and delay counters, the rulebook, and the print-shop profiles.

The cards come from ``card_data/dice``, checked by the dice game's own validator (on any problem the
engine's loader, ``engine.dice.load_pool``, reports every problem of every file); their rules notes come
from ``engine.dice.text``. A card's print id is its name in lower case with dashes (``doctor-skyline``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .dice_faces import PRODUCT, DiceContext, dice_back, dice_face, print_card

DECKS = (("recruit", "R", "Recruit deck"), ("action", "A", "Action deck"))
NAME = "derring-dice"


@dataclass
class DiceJob:
    """One deck to print (a ``PrintJob`` look-alike for the sheet, proof and profile writers)."""

    name: str
    title: str
    deck: str
    cards: list
    numbers: dict
    counts: dict = field(default_factory=dict)
    decks: list = field(default_factory=list)

    def copies(self) -> list:
        return list(self.cards)   # one copy of each card, as the game's card list has it


@dataclass
class DiceSet:
    root: Path
    pool: object
    jobs: list
    ctx: DiceContext
    rulebook: dict | None

    @property
    def cards(self) -> list:
        return [c for j in self.jobs for c in j.cards]


def dice_root(data: Path) -> Path | None:
    """``<data>/dice`` when it holds dice card files."""
    d = Path(data) / "dice"
    return d if d.is_dir() and any(d.glob("*.y*ml")) else None


def dice_files(root: Path) -> list[Path]:
    from .data import card_files
    art = root / "art"
    return card_files(root) + (sorted(art.glob("*")) if art.is_dir() else [])


def read_pool(root: Path):
    """The dice pool from ``root``'s card files. Files are parsed with libyaml and checked with the dice
    game's own validator; on any problem the engine's loader reads them again to report every problem
    with its file, card and field (``DataError``)."""
    from engine.dice.cards import DicePool, load_pool
    from engine.dice.data import validate_file

    from .data import card_files, read_yaml
    recruit, action, seen = [], [], {}
    try:
        for f in card_files(root):
            if f.suffix == ".txt":
                continue
            data = read_yaml(f)
            if not isinstance(data, dict) or data.get("game") != "dice" or "cards" not in data:
                continue
            if validate_file(f, data):
                raise ValueError(f)
            for c in data["cards"]:
                if seen.setdefault(c["name"], f) != f:
                    raise ValueError(f)
            (recruit if data.get("deck") == "recruit" else action).extend(data["cards"])
    except Exception:  # noqa: BLE001 - the engine's loader words every problem (or reads what we could not)
        return load_pool([root])
    return DicePool.from_data(recruit, action)


def load_dice(root: Path) -> DiceSet:
    """Both decks in the order of the data files, numbered R001... and A001...; raises DataError."""
    from .data import read_yaml
    pool = read_pool(root)
    jobs, numbers = [], {}
    for deck, prefix, title in DECKS:
        src = pool.recruit if deck == "recruit" else pool.action
        width = max(3, len(str(len(src))))
        cards = [print_card(d, f"{prefix}{i:0{width}d}") for i, d in enumerate(src, 1)]
        nums = {c.id: c.number for c in cards}
        numbers.update(nums)
        jobs.append(DiceJob(f"{NAME}-{deck}", f"{PRODUCT} {title}", deck, cards, nums,
                            dict.fromkeys(nums, 1)))
    ids: dict = {}
    for c in (c for j in jobs for c in j.cards):
        ids.setdefault(c.id, []).append(c.name)
    clashes = {i: names for i, names in ids.items() if len(names) > 1}
    if clashes:   # file names, art and the image cache go by id: two cards must not share one
        from engine.core.errors import DataError, Problem
        raise DataError([Problem(str(root), names[1], "name", f"prints under the same id {i!r} as {names[0]!r}; "
                                                               "rename one of them") for i, names in clashes.items()])
    art = root / "art"
    rb = root / "rulebook.yaml"
    rulebook = read_yaml(rb) if rb.exists() else None
    return DiceSet(root, pool, jobs, DiceContext(art if art.is_dir() else None, numbers), rulebook)


def dice_layouts(dset: DiceSet) -> tuple[dict, list]:
    """Every face, and the preflight problems ``(name, id, message)`` of every card."""
    from .preflight import check_layout
    layouts, problems = {}, []
    for c in dset.cards:
        lay = layouts[c.id] = dice_face(c, dset.ctx)
        problems += [(f"{c.name} [{PRODUCT} {c.number}]", c.id, m) for m in check_layout(lay)]
    return layouts, problems


def work_units(dset: DiceSet, opts) -> int:
    """The progress bar's units for the dice outputs (one per card drawn or checked)."""
    n = len(dset.cards)
    total = n
    if "home" in opts.profiles:
        total += len(opts.papers) * (n + (4 if opts.extras else 0))
    total += sum(n for v in ("tgc", "mpc", "tts", "drivethru") if v in opts.profiles)
    return total


def write_dice(opts, dset: DiceSet, layouts: dict, cache, add, tick) -> None:
    """Write every dice output ``opts`` asks for; ``add(path, kind, pages, cards)`` records each file."""
    from .profiles import drivethru_pdf, tts_sheets, write_pngs
    from .sheets import home_pdf
    out = opts.out
    backs = {j.deck: dice_back(j.deck) for j in dset.jobs}
    if "home" in opts.profiles:
        for paper in opts.papers:
            for job in dset.jobs:
                p = out / "home" / f"{job.name}-{paper}.pdf"
                p.parent.mkdir(parents=True, exist_ok=True)
                pages = home_pdf(p, [layouts[c.id] for c in job.cards], backs[job.deck], paper, job.title.split(" ", 1)[1],
                                 gutter_mm=opts.gutter, offset=opts.offset, brand=PRODUCT,
                                 backs=opts.backs != "none")
                add(p, f"{PRODUCT} {job.deck} deck home sheets ({paper}, fronts and duplex backs)", pages,
                    len(job.cards))
                tick(f"{PRODUCT} sheets", len(job.cards))
            if opts.extras:
                _extras(opts, dset, layouts, paper, cache, add)
                tick(f"{PRODUCT} extras", 4)
    for job in dset.jobs:
        back = backs[job.deck]
        for variant in ("tgc", "mpc"):
            if variant in opts.profiles:
                pngs = write_pngs(job, dset.ctx, cache, out / variant / job.name, variant,
                                  lambda v=variant: tick(f"{PRODUCT} {v}", 1), layouts, back)
                for p in pngs:
                    add(p, f"{PRODUCT} {variant} card image" if p.name != "back.png"
                        else f"{PRODUCT} {variant} {job.deck} deck back", None, 1)
        if "drivethru" in opts.profiles:
            p = out / "drivethru" / f"{job.name}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            add(p, f"{PRODUCT} {job.deck} deck DriveThruCards PDF (back then front per card, CMYK)",
                drivethru_pdf(p, job, dset.ctx, lambda: tick(f"{PRODUCT} drivethru", 1), layouts, back, PRODUCT),
                len(job.cards))
        if "tts" in opts.profiles:
            sheets, back_p, js = tts_sheets(out / "tts", job, dset.ctx, cache,
                                            lambda: tick(f"{PRODUCT} tts", 1), layouts, back, PRODUCT,
                                            url=opts.tts_url)
            for s in sheets:
                add(s, f"{PRODUCT} Tabletop Simulator deck sheet (10 x 7)", None, None)
            add(back_p, f"{PRODUCT} Tabletop Simulator {job.deck} deck back", None, 1)
            add(js, f"{PRODUCT} Tabletop Simulator saved object", None, len(job.cards))


def _extras(opts, dset: DiceSet, layouts: dict, paper: str, cache, add) -> None:
    from .counters import counters_pdf
    from .dice_faces import COUNTER_ROWS, COUNTERS
    from .dice_rulebook import dice_rulebook_pdf
    from .proof import proof_pdf
    out = opts.out
    p = out / "counters" / f"{NAME}-counters-{paper}.pdf"
    p.parent.mkdir(parents=True, exist_ok=True)
    pages, n = counters_pdf(p, paper, [], None, COUNTERS, f"{PRODUCT} - damage and delay tokens", rows_each=COUNTER_ROWS)
    add(p, f"{PRODUCT} damage and delay counters ({paper}, {n} counters)", pages, None)
    p = out / "rulebook" / f"{NAME}-rulebook-{paper}.pdf"
    p.parent.mkdir(parents=True, exist_ok=True)
    add(p, f"{PRODUCT} rulebook ({paper})", dice_rulebook_pdf(p, dset, paper, cache), None)
    both = DiceJob(NAME, "both decks", "both", dset.cards, dset.ctx.numbers)
    p = out / "home" / f"{NAME}-proof-{paper}.pdf"
    add(p, f"{PRODUCT} proof sheet ({paper})", proof_pdf(p, both, dset.ctx, paper, layouts, brand=PRODUCT),
        len(both.cards))


def write_dice_in_worker(opts) -> tuple[list[dict], int, int]:
    """The whole dice write phase in a process of its own (spawned: ``build`` runs it beside the
    Cape Clash outputs). Reads the cards again, which preflight already passed in the parent.
    Returns the files (as ``build`` records them) and the image cache's hits and misses."""
    from .cache import ImageCache
    dset = load_dice(dice_root(opts.data))
    layouts, _ = dice_layouts(dset)
    cache = ImageCache(opts.cache_folder())
    files: list[dict] = []

    def add(path: Path, kind: str, pages: int | None = None, cards: int | None = None):
        files.append({"path": str(path.relative_to(opts.out)), "kind": kind, "pages": pages, "cards": cards})
    try:
        write_dice(opts, dset, layouts, cache, add, lambda *a, **k: None)
    finally:
        cache.finish()
    return files, cache.hits, cache.misses


class DiceWorker:
    """``write_dice_in_worker`` in a child Python (``python -m printgen.dice_build``), so the dice outputs
    are written on the second core while the parent writes Cape Clash's. A plain child process rather than
    multiprocessing: it needs nothing from the caller's ``__main__`` (a script, a notebook, stdin)."""

    def __init__(self, opts):
        import json
        import os
        import subprocess
        import sys
        payload = {"data": str(opts.data), "out": str(opts.out), "papers": list(opts.papers),
                   "profiles": list(opts.profiles), "offset": list(opts.offset), "gutter": opts.gutter,
                   "extras": opts.extras, "use_cache": opts.use_cache,
                   "cache_dir": str(opts.cache_dir) if opts.cache_dir else None, "backs": opts.backs,
                   "tts_url": opts.tts_url}
        root = str(Path(__file__).resolve().parent.parent)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        self.proc = subprocess.Popen([sys.executable, "-m", "printgen.dice_build"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        self.proc.stdin.write(json.dumps(payload))   # sent now: the child starts at once
        self.proc.stdin.close()
        self.proc.stdin = None

    def result(self) -> tuple[list[dict], int, int]:
        import json
        out, err = self.proc.communicate()
        if self.proc.returncode != 0:
            raise RuntimeError(f"the Derring-Dice print process failed (exit {self.proc.returncode}):\n{err.strip()}")
        res = json.loads(out.strip().splitlines()[-1])   # the last line: anything printed before is not ours
        return res["files"], res["hits"], res["misses"]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def _main() -> int:
    import json
    import sys

    from .build import Options
    a = json.loads(sys.stdin.read())
    opts = Options(data=Path(a["data"]), out=Path(a["out"]), papers=tuple(a["papers"]),
                   profiles=tuple(a["profiles"]), offset=tuple(a["offset"]), gutter=a["gutter"],
                   extras=a["extras"], use_cache=a["use_cache"], games=("dice",),
                   cache_dir=Path(a["cache_dir"]) if a.get("cache_dir") else None, backs=a["backs"],
                   tts_url=a["tts_url"])
    files, hits, misses = write_dice_in_worker(opts)
    sys.stdout.write("\n" + json.dumps({"files": files, "hits": hits, "misses": misses}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
