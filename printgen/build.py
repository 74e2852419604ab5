"""The whole print build: choose the cards, preflight them, write every output and the manifest.

A rebuild whose inputs (data files, art, options, printgen's code) are unchanged and whose outputs
are all present does nothing; a rebuild with some changed cards re-renders only those cards'
images (the rest come from the image cache under ``<out>/.cache``).
"""

from __future__ import annotations

import dataclasses
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
    from .games import GAMES
    h = hashlib.sha256()
    h.update(code_version().encode())
    h.update(json.dumps({"deck": [str(d) for d in opts.deck], "papers": opts.papers, "profiles": opts.profiles,
                         "offset": opts.offset, "gutter": opts.gutter, "extras": opts.extras,
                         "backs": opts.backs, "tts_url": opts.tts_url,
                         "games": opts.games}).encode())
    for key, (inputs, _load) in GAMES.items():
        for p in inputs(opts) if key in opts.games else []:
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
    from .data import check_root
    check_root(opts.data)   # (before anything is read or written)
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
    """The build proper, writing into ``opts.out`` (the staging folder): every game the options name,
    each through the same steps (``games.Game`` says what differs)."""
    from .art import unused
    from .games import GAMES
    from .preflight import PreflightError, check_layout

    t0 = time.perf_counter()
    games = [g for g in (load(opts) for k, (_inputs, load) in GAMES.items() if k in opts.games) if g is not None]
    out = opts.out
    out.mkdir(parents=True, exist_ok=True)
    cache = ImageCache(opts.cache_folder())
    files: list[dict] = []
    add = _recorder(files, out)
    tick = progress or (lambda *a, **k: None)
    home_extras = "home" in opts.profiles and opts.extras
    tick("plan", sum(work_units(g, opts) for g in games) + home_extras * len(opts.papers))
    # preflight every card of every game before writing anything
    layouts, problems, warnings, smallest = {}, [], [], []
    for g in games:
        lays = layouts[g.key] = g.layouts()
        warnings += [("art", "-", w) for w in unused(g.art_dir, g.art_ids)]
        sized = []
        for job in g.jobs:
            for c in job.cards:
                lay = lays[job.name][c.id]
                warnings += [w for w in ((c.name, c.id, w) for w in lay.warnings) if w not in warnings]
                problems += [p for p in ((g.card_label(c), c.id, m) for m in check_layout(lay)) if p not in problems]
                if lay.rules_size is not None:
                    sized.append((lay.rules_size, c.id))
        if sized:
            smallest.append([*min(sized), g.product])
        tick("preflight", len(g.cards))
    if problems:
        raise PreflightError(problems)

    if home_extras:   # once for the whole build
        from .sheets import calibration_pdf
        for paper in opts.papers:
            p = out / "home" / f"duplex-calibration-{paper}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            add(p, f"duplex calibration ({paper})", calibration_pdf(p, paper, opts.gutter), None)
            tick("calibration", 1)
    # with two cores, every game after the first is written by a process of its own meanwhile
    workers = {g.key: GameWorker(opts, g.key) for g in games[1:]} if (os.cpu_count() or 1) > 1 else {}
    try:
        for g in games:
            if g.key not in workers:
                write_game(opts, g, layouts[g.key], cache, add, tick)
                continue
            more, hits, misses = workers[g.key].result()
            files += more
            cache.hits += hits
            cache.misses += misses
            tick(f"{g.product} (2nd process)", work_units(g, opts) - len(g.cards))
    finally:
        for w in workers.values():
            w.stop()
    cache.finish()
    for f in files:
        p = out / f["path"]
        data = p.read_bytes()
        f["bytes"] = len(data)
        f["sha256"] = hashlib.sha256(data).hexdigest()
    manifest = {"generator": "capeclash print", "code": code_version(), "inputs": key,
                "smallest_rules_text": smallest,
                "jobs": [{"name": j.name, "title": j.title, "cards": len(j.cards), "copies": len(j.copies())}
                         for g in games for j in g.jobs],
                "files": files}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    lines = [f"{f['sha256']}  {f['path']}  ({f['kind']}; pages: {f['pages'] or '-'}; cards: {f['cards'] or '-'})"
             for f in files]
    (out / "MANIFEST.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Result(files, False, time.perf_counter() - t0, cache.hits, cache.misses, warnings, smallest)


def _recorder(files: list, out: Path):
    """``add(path, kind, pages, cards)``: records a written file for the manifest."""
    def add(path: Path, kind: str, pages: int | None = None, cards: int | None = None):
        files.append({"path": str(path.relative_to(out)), "kind": kind, "pages": pages, "cards": cards})
    return add


def work_units(game, opts) -> int:
    """The progress bar's units for one game: one per card checked or drawn, one per extra file."""
    total = len(game.cards)
    if "home" in opts.profiles:
        total += len(opts.papers) * (sum(len(j.copies()) for j in game.jobs)
                                     + opts.extras * (2 + len(game.proofs)))
    for job in game.jobs:
        total += sum(len(job.cards) for v in ("tgc", "mpc", "tts") if v in opts.profiles)
        total += ("drivethru" in opts.profiles) * len(job.copies())
    return total


def write_game(opts: Options, game, layouts: dict, cache, add, tick) -> None:
    """One game's outputs: counters and the rulebook, the home sheets and proofs, then each job's
    print-shop files. ``layouts`` is ``game.layouts()``; ``add`` records each file written."""
    from .profiles import drivethru_pdf, tts_sheets, write_pngs
    from .proof import proof_pdf
    from .sheets import home_pdf
    out, pre = opts.out, game.prefix
    home = "home" in opts.profiles
    if home and opts.extras:
        for paper in opts.papers:
            p = out / "counters" / f"{game.files}counters-{paper}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            pages, n = game.counters(p, paper)
            add(p, f"{pre}{game.counters_kind} ({paper}, {n} counters)", pages, None)
            p = out / "rulebook" / f"{game.files}rulebook-{paper}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            add(p, f"{pre}rulebook ({paper})", game.rulebook(p, paper, cache), None)
            tick(f"{pre}rulebook, counters", 2)
    backs = {job.name: game.back(job, opts.backs) for job in game.jobs}
    if home:
        duplex = "" if opts.backs == "none" else \
            " and " + (f"{opts.backs} " if game.styled_backs else "") + "duplex backs"
        for paper in opts.papers:
            for job in game.jobs:
                copies = job.copies()
                lays = layouts[job.name]
                p = out / "home" / f"{job.name}-{paper}.pdf"
                p.parent.mkdir(parents=True, exist_ok=True)
                pages = home_pdf(p, [lays[c.id] for c in copies], backs[job.name], paper, job.title,
                                 gutter_mm=opts.gutter, offset=opts.offset, brand=game.product,
                                 backs=opts.backs != "none")
                add(p, f"{pre}{game.deck_label(job)}home sheets ({paper}, fronts{duplex})", pages, len(copies))
                tick(f"{pre}home sheets", len(copies))
            for job in game.proofs if opts.extras else []:
                p = out / "home" / f"{job.name}-proof-{paper}.pdf"
                add(p, f"{pre}proof sheet ({paper})",
                    proof_pdf(p, job, game.contexts[job.name], paper, layouts[job.name], brand=game.product),
                    len(job.cards))
                tick(f"{pre}proof", 1)
    for job in game.jobs:
        ctx, lays, back, label = game.contexts[job.name], layouts[job.name], backs[job.name], game.deck_label(job)
        for variant in ("tgc", "mpc"):
            if variant in opts.profiles:
                pngs = write_pngs(job, ctx, cache, out / variant / job.name, variant,
                                  lambda v=variant: tick(f"{pre}{v}", 1), lays, back)
                for p in pngs:
                    add(p, f"{pre}{variant} card image" if p.name != "back.png"
                        else f"{pre}{variant} {label or 'card '}back", None, 1)
        if "drivethru" in opts.profiles:
            p = out / "drivethru" / f"{job.name}.pdf"
            p.parent.mkdir(parents=True, exist_ok=True)
            add(p, f"{pre}{label}DriveThruCards PDF (back then front per card, CMYK)",
                drivethru_pdf(p, job, ctx, lambda: tick(f"{pre}drivethru", 1), lays, back, game.product),
                len(job.copies()))
        if "tts" in opts.profiles:
            sheets, back_p, js = tts_sheets(out / "tts", job, ctx, cache, lambda: tick(f"{pre}tts", 1), lays, back,
                                            game.product, url=opts.tts_url)
            for s in sheets:
                add(s, f"{pre}Tabletop Simulator deck sheet (10 x 7)", None, None)
            add(back_p, f"{pre}Tabletop Simulator {label or 'card '}back", None, 1)
            add(js, f"{pre}Tabletop Simulator saved object", None, len(job.copies()))


def write_in_worker(opts: Options, key: str) -> tuple[list[dict], int, int]:
    """One game's write phase in a process of its own (``GameWorker``). Reads the game again, which
    preflight already passed in the parent. Returns the files (as ``build`` records them) and the
    image cache's hits and misses."""
    from .games import GAMES
    game = GAMES[key][1](opts)
    cache = ImageCache(opts.cache_folder())
    files: list[dict] = []
    try:
        write_game(opts, game, game.layouts(), cache, _recorder(files, opts.out), lambda *a, **k: None)
    finally:
        cache.finish()
    return files, cache.hits, cache.misses


_PATHS = ("data", "out", "cache_dir")


class GameWorker:
    """``write_in_worker`` in a child Python (``python -m printgen.build``), so a second game's outputs are
    written on the second core while the parent writes the first's. A plain child process rather than
    multiprocessing: it needs nothing from the caller's ``__main__`` (a script, a notebook, stdin)."""

    def __init__(self, opts: Options, key: str):
        import subprocess
        import sys
        payload = {f.name: getattr(opts, f.name) for f in dataclasses.fields(opts)}
        payload = {k: (str(v) if isinstance(v, Path) else [str(d) for d in v] if k == "deck" else v)
                   for k, v in payload.items()}
        payload["game"] = key
        root = str(Path(__file__).resolve().parent.parent)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        self.name = key
        self.proc = subprocess.Popen([sys.executable, "-m", "printgen.build"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        self.proc.stdin.write(json.dumps(payload))   # sent now: the child starts at once
        self.proc.stdin.close()
        self.proc.stdin = None

    def result(self) -> tuple[list[dict], int, int]:
        out, err = self.proc.communicate()
        if self.proc.returncode != 0:
            raise RuntimeError(f"the {self.name} print process failed (exit {self.proc.returncode}):\n{err.strip()}")
        res = json.loads(out.strip().splitlines()[-1])   # the last line: anything printed before is not ours
        return res["files"], res["hits"], res["misses"]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def _main() -> int:
    import sys
    a = json.loads(sys.stdin.read())
    key = a.pop("game")
    a.update({k: Path(a[k]) for k in _PATHS if a.get(k) is not None})
    a["deck"] = [Path(d) for d in a["deck"]]
    a.update({k: tuple(a[k]) for k in ("papers", "profiles", "offset")})
    a["games"] = (key,)
    files, hits, misses = write_in_worker(Options(**a), key)
    sys.stdout.write("\n" + json.dumps({"files": files, "hits": hits, "misses": misses}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
