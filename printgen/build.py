"""The whole print build: choose the cards, preflight them, write every output and the manifest.

A rebuild whose inputs (data files, art, options, printgen's code) are unchanged and whose outputs
are all present does nothing; a rebuild with some changed cards re-renders only those cards'
images (the rest come from the image cache under ``<out>/.cache``).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from .cache import ImageCache, code_version

MANIFEST = "manifest.json"


@dataclass
class Options:
    data: Path = Path("card_data")
    out: Path = Path("out/print")
    deck: list[Path] = field(default_factory=list)
    papers: tuple[str, ...] = ("a4", "letter")
    profiles: tuple[str, ...] = ("home",)
    offset: tuple[float, float] = (0.0, 0.0)
    gutter: float = 0.0
    extras: bool = True          # rulebook, counters, calibration and proof with the home profile
    games: tuple[str, ...] = ("capeclash", "dice")   # Cape Clash and Derring-Dice (card_data/dice)
    use_cache: bool = True
    force: bool = False
    cache_dir: Path | None = None   # the image cache (default: <out>/.cache)
    backs: str = "dark"             # dark, light (little ink), or none (home sheets without back pages)
    tts_url: str = ""               # Tabletop Simulator: the URL the images will have once uploaded

    def cache_folder(self) -> Path | None:
        return None if not self.use_cache else (self.cache_dir or self.out / ".cache")


@dataclass
class Result:
    files: list[dict]
    reused: bool
    seconds: float
    cache_hits: int = 0
    cache_misses: int = 0
    warnings: list = field(default_factory=list)   # (card name, card id or file, message): printed, not fatal
    smallest_rules: list = field(default_factory=list)   # [size in pt, card id, game]: the smallest rules text


def _input_key(opts: Options) -> str:
    from .data import card_files, starter_dir
    h = hashlib.sha256()
    h.update(code_version().encode())
    h.update(json.dumps({"deck": [str(d) for d in opts.deck], "papers": opts.papers, "profiles": opts.profiles,
                         "offset": opts.offset, "gutter": opts.gutter, "extras": opts.extras,
                         "backs": opts.backs, "tts_url": opts.tts_url,
                         "games": opts.games}).encode())
    root = opts.data
    art = sorted((root / "art").glob("*")) if (root / "art").is_dir() else []
    rules = sorted((root / "rules").glob("*")) if (root / "rules").is_dir() else []
    if opts.deck:   # a deck's cards live beside it; the rulebook lists the starter set
        starter = card_files(starter_dir(root)) if starter_dir(root) else []
        data = sorted({f for d in opts.deck for f in card_files(Path(d).parent)} | {Path(d) for d in opts.deck}
                      | set(starter))
    else:
        data = card_files(starter_dir(root) or root)
    if "capeclash" not in opts.games:
        data, art, rules = [], [], []
    if "dice" in opts.games:
        from .dice_build import dice_files, dice_root
        droot = dice_root(root)
        data = data + (dice_files(droot) if droot else [])
    from .gameicons import icons_file
    icons = [icons_file()] if icons_file() is not None and "capeclash" in opts.games else []
    for p in data + art + rules + icons:
        st = p.stat()
        h.update(f"{p}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _unchanged(opts: Options, key: str) -> list[dict] | None:
    m = opts.out / MANIFEST
    if opts.force or not m.exists():
        return None
    try:
        data = json.loads(m.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("inputs") != key:
        return None
    for f in data.get("files", []):
        p = opts.out / f["path"]
        if not p.exists() or p.stat().st_size != f["bytes"]:
            return None
    return data["files"]


def build(opts: Options, progress=None) -> Result:
    """Build everything ``opts`` asks for. Raises PreflightError (naming the cards) before writing."""
    t0 = time.perf_counter()
    if opts.deck:   # a Cape Clash deck is printed on its own
        from .data import resolve_deck
        opts.deck = [resolve_deck(d, opts.data) for d in opts.deck]
        opts.games = ("capeclash",)
    if "home" in opts.profiles:   # a gutter that pushes cards, marks or the ruler off the paper: refused
        from .sheets import check_layout
        check_layout(opts.papers, opts.gutter)
    key = _input_key(opts)
    same = _unchanged(opts, key)
    if same is not None:
        return Result(same, True, time.perf_counter() - t0)

    final = opts.out
    stage = final.parent / f".{final.name}.partial"   # written here, moved into place when all went well
    import dataclasses
    import shutil
    shutil.rmtree(stage, ignore_errors=True)
    work = dataclasses.replace(opts, out=stage, cache_dir=opts.cache_folder())
    try:
        res = _build(work, key, progress)
        _publish(stage, final)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    res.seconds = time.perf_counter() - t0
    return res


def _publish(stage: Path, final: Path) -> None:
    """Move a finished build from ``stage`` into ``final``: the files the previous manifest listed go,
    the new ones take their place; the image cache and anything else in ``final`` stay."""
    import shutil
    final.mkdir(parents=True, exist_ok=True)
    old = final / MANIFEST
    try:
        listed = [f["path"] for f in json.loads(old.read_text(encoding="utf-8")).get("files", [])]
    except (OSError, ValueError):
        listed = []
    for rel in [*listed, MANIFEST, "MANIFEST.txt"]:
        p = final / rel
        if p.is_file() and final.resolve() in p.resolve().parents:
            p.unlink()
    for src in sorted(stage.rglob("*")):
        if src.is_file():
            dst = final / src.relative_to(stage)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(src), str(dst))


def _build(opts: Options, key: str, progress) -> Result:
    """The build proper, writing into ``opts.out`` (the staging folder)."""
    from .art import unused
    from .data import load_deck_job, load_set
    from .faces import Context, card_face
    from .preflight import PreflightError, preflight

    t0 = time.perf_counter()
    cape = "capeclash" in opts.games
    jobs = ([load_deck_job(d, opts.data) for d in opts.deck] if opts.deck else [load_set(opts.data)]) if cape else []
    dset = _load_dice(opts)
    out = opts.out
    out.mkdir(parents=True, exist_ok=True)
    cache = ImageCache(opts.cache_folder())
    art_dir = opts.data / "art"
    files: list[dict] = []

    def add(path: Path, kind: str, pages: int | None = None, cards: int | None = None):
        files.append({"path": str(path.relative_to(out)), "kind": kind, "pages": pages, "cards": cards})

    tick = progress or (lambda *a, **k: None)
    total = 0
    for job in jobs:   # the work, in units the progress bar counts: one per card drawn or checked
        n, copies = len(job.cards), len(job.copies())
        total += n + ("home" in opts.profiles) * len(opts.papers) * (copies + (1 if opts.extras else 0))
        total += sum(n for v in ("tgc", "mpc", "tts") if v in opts.profiles) + ("drivethru" in opts.profiles) * copies
    total += ("home" in opts.profiles and opts.extras) * (3 if cape else 1) * len(opts.papers)
    if dset is not None:
        from .dice_build import dice_layouts, work_units, write_dice
        total += work_units(dset, opts)
    tick("plan", total)
    # preflight every card of every job before writing anything
    contexts, all_layouts, problems, warnings = {}, {}, [], []
    if jobs:
        warnings += [("art", "-", w) for w in unused(art_dir, {c.id for job in jobs for c in job.pool})]
    for job in jobs:
        ctx = contexts[job.name] = Context(job.pool, art_dir if art_dir.is_dir() else None, job.numbers)
        layouts = all_layouts[job.name] = {c.id: card_face(c, ctx) for c in job.cards}
        warnings += [(c.name, c.id, w) for c in job.cards for w in layouts[c.id].warnings
                     if (c.name, c.id, w) not in warnings]
        try:
            preflight(job.cards, [layouts[c.id] for c in job.cards])
        except PreflightError as e:
            problems += [p for p in e.problems if p not in problems]
        tick("preflight", len(job.cards))
    if dset is not None:
        dice_lays, dice_problems = dice_layouts(dset)
        problems += dice_problems
        warnings += [("art", "-", w) for w in unused(dset.ctx.art_dir, {c.id for c in dset.cards})]
        warnings += [(c.name, c.id, w) for c in dset.cards for w in dice_lays[c.id].warnings]
        tick("preflight", len(dset.cards))
    if problems:
        raise PreflightError(problems)
    smallest = []
    games = [("Cape Clash", lays) for lays in all_layouts.values()] + ([("Derring-Dice", dice_lays)] if dset else [])
    for game, lays in games:
        sized = [(lay.rules_size, cid) for cid, lay in lays.items() if lay.rules_size is not None]
        if sized:
            smallest.append([*min(sized), game])

    # with both games and two cores, Derring-Dice is written by a second process meanwhile
    dice_future = None
    if dset is not None and jobs and (os.cpu_count() or 1) > 1:
        from .dice_build import DiceWorker
        dice_future = DiceWorker(opts)
    try:
        _write_cape_clash(opts, jobs, contexts, all_layouts, cache, add, tick)
        if dice_future is not None:
            dice_files, hits, misses = dice_future.result()
            files += dice_files
            cache.hits += hits
            cache.misses += misses
            tick("Derring-Dice (2nd process)", work_units(dset, opts) - len(dset.cards))
        elif dset is not None:
            write_dice(opts, dset, dice_lays, cache, add, tick)
    finally:
        if dice_future is not None:
            dice_future.stop()
    cache.finish()
    for f in files:
        p = out / f["path"]
        data = p.read_bytes()
        f["bytes"] = len(data)
        f["sha256"] = hashlib.sha256(data).hexdigest()
    manifest = {"generator": "capeclash print", "code": code_version(), "inputs": key,
                "smallest_rules_text": smallest,
                "jobs": [{"name": j.name, "title": j.title, "cards": len(j.cards), "copies": len(j.copies())}
                         for j in [*jobs, *(dset.jobs if dset is not None else [])]],
                "files": files}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    lines = [f"{f['sha256']}  {f['path']}  ({f['kind']}; pages: {f['pages'] or '-'}; cards: {f['cards'] or '-'})"
             for f in files]
    (out / "MANIFEST.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Result(files, False, time.perf_counter() - t0, cache.hits, cache.misses, warnings, smallest)


def _write_cape_clash(opts: Options, jobs, contexts, all_layouts, cache, add, tick) -> None:
    """Cape Clash's outputs: calibration, counters and rulebook once, then each job's sheets and files."""
    from .counters import counters_pdf
    from .data import tokens_used
    from .faces import card_back
    from .profiles import drivethru_pdf, tts_sheets, write_pngs
    from .proof import proof_pdf
    from .rulebook import rulebook_pdf
    from .sheets import calibration_pdf, home_pdf
    out = opts.out
    cape = bool(jobs)
    if "home" in opts.profiles and opts.extras:   # once for the whole build
        for paper in opts.papers:
            p = out / "home" / f"duplex-calibration-{paper}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            add(p, f"duplex calibration ({paper})", calibration_pdf(p, paper, opts.gutter), None)
            tick("calibration", 1)
    if "home" in opts.profiles and opts.extras and cape:
        tokens = {t.id: t for job in jobs for t in tokens_used(job.pool, job.cards)}
        rules_job = jobs[0] if not opts.deck else _rulebook_job(opts.data, jobs)
        for paper in opts.papers:
            p = out / "counters" / f"counters-{paper}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            pages, n = counters_pdf(p, paper, sorted(tokens.values(), key=lambda t: t.name), contexts[jobs[0].name])
            add(p, f"counters and tokens ({paper}, {n} counters)", pages, None)
            p = out / "rulebook" / f"rulebook-{paper}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            add(p, f"rulebook ({paper})", rulebook_pdf(p, rules_job, paper, opts.data, cache), None)
            tick("rulebook, counters", 2)

    for job in jobs:
        ctx, layouts = contexts[job.name], all_layouts[job.name]
        copies = job.copies()
        back = card_back("dark" if opts.backs == "none" else opts.backs)   # shops always print a back
        if "home" in opts.profiles:
            for paper in opts.papers:
                p = out / "home" / f"{job.name}-{paper}.pdf"
                p.parent.mkdir(parents=True, exist_ok=True)
                pages = home_pdf(p, [layouts[c.id] for c in copies], back, paper, job.title,
                                 gutter_mm=opts.gutter, offset=opts.offset, backs=opts.backs != "none")
                add(p, f"home sheets ({paper}, fronts" + (")" if opts.backs == "none" else
                                                           f" and {opts.backs} duplex backs)"), pages, len(copies))
                tick("home sheets", len(copies))
                if opts.extras:
                    p = out / "home" / f"{job.name}-proof-{paper}.pdf"
                    add(p, f"proof sheet ({paper})", proof_pdf(p, job, ctx, paper, layouts), len(job.cards))
                    tick("proof", 1)
        for variant in ("tgc", "mpc"):
            if variant in opts.profiles:
                folder = out / variant / job.name
                pngs = write_pngs(job, ctx, cache, folder, variant, lambda v=variant: tick(v, 1), layouts, back)
                for p in pngs:
                    add(p, f"{variant} card image" if p.name != "back.png" else f"{variant} card back", None, 1)
        if "drivethru" in opts.profiles:
            p = out / "drivethru" / f"{job.name}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            add(p, "DriveThruCards PDF (back then front per card, CMYK)",
                drivethru_pdf(p, job, ctx, lambda: tick("drivethru", 1), layouts, back), len(copies))
        if "tts" in opts.profiles:
            sheets, back_p, js = tts_sheets(out / "tts", job, ctx, cache, lambda: tick("tts", 1), layouts, back,
                                            url=opts.tts_url)
            for s in sheets:
                add(s, "Tabletop Simulator deck sheet (10 x 7)", None, None)
            add(back_p, "Tabletop Simulator card back", None, 1)
            add(js, "Tabletop Simulator saved object", None, len(copies))


def _load_dice(opts: Options):
    """Derring-Dice's decks when the build includes them: an error if they were asked for alone and
    there is no ``<data>/dice`` folder, else nothing."""
    if "dice" not in opts.games:
        return None
    from .dice_build import dice_root, load_dice
    root = dice_root(opts.data)
    if root is None:
        if "capeclash" in opts.games:
            return None
        from engine.core.errors import DataError, Problem
        raise DataError([Problem(str(Path(opts.data) / "dice"), None, None,
                                 "no Derring-Dice card files here (game: dice, deck: recruit | action)")])
    return load_dice(root)


def _rulebook_job(root: Path, jobs):
    """The rulebook lists the starter set and its decks; without a starter set, the decks being printed."""
    from .data import load_set, starter_dir
    if starter_dir(root) is not None:
        return load_set(root)
    first = jobs[0]
    first.decks = [d for job in jobs for d in job.decks]
    return first
