"""Content hashes and the image cache: a card whose data, art and layout code are unchanged
is never rendered twice. PNGs are written by a small encoder of our own (no filter, zlib level 1):
byte-identical for identical pixels and about twice as fast as the default PNG save."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import struct
import zlib
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def code_version() -> str:
    """A hash of everything besides the card data that decides what is printed: printgen's own code
    and fonts, and the engine modules printgen reads its words from (``engine_sources``: the rules
    text, the keyword glossary, Derring-Dice's card text, the set order). Changing any of them
    invalidates every cached image and the "nothing changed" check."""
    h = hashlib.sha256()
    for p in sorted(HERE.glob("*.py")) + sorted((HERE / "fonts").glob("*.ttf")) + engine_sources():
        h.update(str(p.relative_to(HERE.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _engine_imports(path: Path, package: str, top_level_only: bool) -> set[str]:
    """The ``engine...`` modules a Python file imports (and the names it imports from them, which
    may be modules too), read from its syntax tree without running it."""
    import ast
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else ast.walk(tree)
    out: set[str] = set()
    for n in nodes:
        if isinstance(n, ast.ImportFrom):
            if n.level:
                parts = package.split(".")
                parts = parts[:len(parts) - (n.level - 1)]
                mod = ".".join(parts + ([n.module] if n.module else []))
            else:
                mod = n.module or ""
            if mod.split(".")[0] == "engine":
                out.add(mod)
                out |= {f"{mod}.{a.name}" for a in n.names}
        elif isinstance(n, ast.Import):
            out |= {a.name for a in n.names if a.name.split(".")[0] == "engine"}
    return out


@lru_cache(maxsize=1)
def engine_sources() -> list[Path]:
    """The engine's source files that printgen's output depends on: every engine module printgen
    imports (anywhere in its code), and what those import at module level, transitively. Imports
    inside the engine's functions are not followed (they serve other commands: ``setlist`` reading
    files, the dice validator's scenario check), nor are packages' ``__init__`` files (re-exports).

    >>> names = [p.name for p in engine_sources()]
    >>> all(n in names for n in ("text.py", "language.py", "cards.py")), "game.py" in names
    (True, False)
    """
    root = HERE.parent
    todo: set[str] = set()
    for p in HERE.glob("*.py"):
        todo |= _engine_imports(p, "printgen", False)
    found: set[Path] = set()
    while todo:
        mod = todo.pop()
        f = root.joinpath(*mod.split(".")).with_suffix(".py")
        if not f.is_file() or f in found:
            continue
        found.add(f)
        todo |= _engine_imports(f, mod.rsplit(".", 1)[0], True)
    return sorted(found)


def _plain(v):
    if isinstance(v, (frozenset, set)):
        return sorted(_plain(x) for x in v)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if dataclasses.is_dataclass(v):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v) if f.name != "source"}
    return v


@lru_cache(maxsize=256)
def file_hash(path: str, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def card_hash(card, ctx) -> str:
    """Everything that shows on a card's face: its data, team colour and emblem, set number, art, code."""
    art = ctx.art_path(card)
    art_sig = None
    if art is not None:
        st = art.stat()
        art_sig = file_hash(str(art), st.st_mtime_ns, st.st_size)
    team = card.teams[0] if card.teams else None
    icon = None
    if getattr(card, "art_icon", None):   # the icon's outline, as the installed icon set draws it
        from .gameicons import IconError, available, icon_path
        try:
            icon = hashlib.sha256(icon_path(card.art_icon)[0].encode()).hexdigest() if available() else "missing"
        except IconError:
            icon = "unknown"
    payload = {"card": _plain(card), "color": ctx.team_color(card), "emblem": ctx.emblems.get(team), "icon": icon,
               "number": ctx.numbers.get(card.id), "art": art_sig, "code": code_version()}
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()[:20]


def encode_png(im) -> bytes:
    """An RGB Pillow image as PNG bytes."""
    w, h = im.size
    raw = memoryview(im.tobytes())
    stride = w * 3
    data = b"\x00" + b"\x00".join(raw[i * stride:(i + 1) * stride] for i in range(h))

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"pHYs", struct.pack(">IIB", 11811, 11811, 1))  # 300 DPI
            + chunk(b"IDAT", zlib.compress(data, 1)) + chunk(b"IEND", b""))


class ImageCache:
    """Rendered card images on disk, keyed by content hash and variant (size).

    Rendering happens in the calling thread; PNG encoding (zlib, which releases the GIL) runs in one
    worker thread, so a card is drawn while the previous one is compressed. ``get_or_make`` returns
    the bytes (a cache hit) or a future; ``result`` and ``write_when_ready`` take either."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.hits = 0
        self.misses = 0
        self._pool = None
        self._pending: list = []
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    def path(self, key: str, variant: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{key}-{variant}.png"

    def get_or_make(self, key: str, variant: str, make):
        p = self.path(key, variant)
        if p is not None and p.exists():
            self.hits += 1
            return p.read_bytes()
        self.misses += 1
        im = make()
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="png")
        fut = self._pool.submit(self._encode_and_store, im, p)
        self._pending.append(fut)
        return fut

    @staticmethod
    def _encode_and_store(im, p: Path | None) -> bytes:
        data = encode_png(im)
        if p is not None:
            tmp = p.with_suffix(".tmp")
            tmp.write_bytes(data)
            tmp.replace(p)
        return data

    @staticmethod
    def result(x) -> bytes:
        return x if isinstance(x, bytes) else x.result()

    def write_when_ready(self, path: Path, x) -> None:
        if isinstance(x, bytes):
            path.write_bytes(x)
        else:
            # the single worker runs tasks in order: this one starts after the encoding it waits for
            self._pending.append(self._pool.submit(lambda: path.write_bytes(x.result())))

    def finish(self) -> None:
        """Wait for every image still being encoded or written."""
        for f in self._pending:
            f.result()
        self._pending.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
