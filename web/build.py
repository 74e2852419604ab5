"""``capeclash web build``: the complete static site, ready for any static host.

What goes into ``dist/web/`` (nothing is fetched from any other host at run time):

- the page (``index.html``, rendered with Jinja2), styles, JS modules, the worker;
- ``pyodide/``: the runtime copied from the npm package ``pyodide`` (pinned in package.json);
- the engine twice packaged, so both can be measured (``capeclash bench web``):
  ``engine.zip`` (unpacked into Pyodide's file system at boot) and a pure-Python wheel
  registered in the site's own ``pyodide/pyodide-lock.json`` (loaded by ``loadPyodide``);
  ``site.json`` says which one the page uses;
- ``cards.json``: every card, team and deck under ``card_data/`` plus the rulebook source;
- ``sw.js``: a service worker that precaches every file under a cache named for the build's
  content hash, and ``manifest.webmanifest``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = Path(__file__).resolve().parent / "static"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WHEEL_NAME = "capeclash_engine"
WHEEL_VERSION = "0.1.0"
# The browser runs the engine and one application, the web API.
BROWSER_APPS = ("apps/__init__.py", "apps/webapi.py")
DEFAULT_PACKAGING = "zip"


class BuildError(Exception):
    pass


def engine_files() -> list[tuple[str, bytes]]:
    """Every engine module (``engine/**.py``) and the web API (``apps/webapi.py``) as (archive path,
    bytes), in a stable order."""
    out = []
    for f in sorted((ROOT / "engine").rglob("*.py")):
        rel = f.relative_to(ROOT).as_posix()
        if "__pycache__" not in rel:
            out.append((rel, f.read_bytes()))
    return out + [(rel, (ROOT / rel).read_bytes()) for rel in BROWSER_APPS]


def _zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))  # fixed: same input, same bytes
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()


def engine_zip(files: list[tuple[str, bytes]]) -> bytes:
    return _zip_bytes(files)


def engine_wheel(files: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """A pure-Python wheel of the engine (what ``pip wheel`` would make of it)."""
    dist = f"{WHEEL_NAME}-{WHEEL_VERSION}.dist-info"
    meta = {
        f"{dist}/METADATA": (f"Metadata-Version: 2.1\nName: {WHEEL_NAME.replace('_', '-')}\n"
                             f"Version: {WHEEL_VERSION}\nSummary: Cape Clash rules engine\n").encode(),
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: capeclash-web-build\nRoot-Is-Purelib: true\n"
                         b"Tag: py3-none-any\n",
        f"{dist}/top_level.txt": b"apps\nengine\n",
    }
    entries = list(files) + list(meta.items())
    record = []
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    entries.append((f"{dist}/RECORD", ("\n".join(record) + "\n").encode()))
    return f"{WHEEL_NAME}-{WHEEL_VERSION}-py3-none-any.whl", _zip_bytes(entries)


def site_lockfile(wheel_name: str, wheel: bytes) -> dict:
    """The site's pyodide-lock.json: Pyodide's own header and one package, the engine wheel.

    This is the entry ``pyodide lockfile add-wheels`` (pyodide-build) writes; the other
    packages of the npm lock file are left out since the site ships none of them."""
    base = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    name = WHEEL_NAME.replace("_", "-")
    entry = {"name": name, "version": WHEEL_VERSION, "file_name": wheel_name, "install_dir": "site",
             "sha256": hashlib.sha256(wheel).hexdigest(), "package_type": "package", "imports": ["engine", "apps"],
             "depends": [], "unvendored_tests": False, "tool": {}}
    return {"info": base["info"], "packages": {name: entry}, "tool": {}}


def lockfile_with_pyodide_build(wheel_path: Path, info: dict) -> dict | None:
    """The same lock file made by pyodide-build's ``pyodide lockfile add-wheels``, when that tool is
    on PATH (it needs Python >= 3.12, so it is optional); None without it."""
    import subprocess
    import tempfile
    cli = shutil.which("pyodide")
    if cli is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "in.json").write_text(json.dumps({"info": info, "packages": {}}))
        proc = subprocess.run([cli, "lockfile", "add-wheels", "--input", str(t / "in.json"), "--output",
                               str(t / "out.json"), "--base-path", str(wheel_path.parent), str(wheel_path)],
                              capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        if proc.returncode != 0 or not (t / "out.json").exists():
            return None
        return json.loads((t / "out.json").read_text())


def make_snapshot(engine_zip_bytes: bytes, cards_json: bytes, quiet: bool = False) -> bytes | None:
    """Pyodide's memory snapshot of a booted engine (``web/snapshot.mjs`` under Node), gzipped.

    Without Node, or if it fails, the site boots Python from scratch (slower, same game)."""
    import subprocess
    import tempfile
    node = shutil.which("node")
    if node is None:
        if not quiet:
            print("note: Node.js not found: building without a memory snapshot (slower start)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "engine.zip").write_bytes(engine_zip_bytes)
        (t / "cards.json").write_bytes(cards_json)
        cmd = [node, str(Path(__file__).resolve().parent / "snapshot.mjs"), str(PYODIDE_NPM),
               str(t / "engine.zip"), str(t / "cards.json"), str(t / "snapshot.bin.gz")]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            proc = None
        if proc is None or proc.returncode != 0 or not (t / "snapshot.bin.gz").exists():
            why = "timed out" if proc is None else (proc.stderr.strip().splitlines() or ["failed"])[-1]
            print(f"warning: no memory snapshot ({why}); the site boots Python from scratch", file=sys.stderr)
            return None
        return (t / "snapshot.bin.gz").read_bytes()


def rulebook(card_data: Path) -> dict | None:
    """The rulebook source (``card_data/rules/*.yaml``: ``rulebook:`` and ``sections:``), if present."""
    rules = card_data / "rules"
    if not rules.is_dir():
        return None
    from engine.core.data import read_data
    books = []
    for f in sorted(rules.glob("*.y*ml")):
        data, _ = read_data(f)
        if isinstance(data, dict) and "rulebook" in data and isinstance(data.get("sections"), list):
            books.append(data)
    if not books:
        return None
    main = books[0]
    return {"title": str(main.get("rulebook") if not isinstance(main.get("rulebook"), dict)
                         else main["rulebook"].get("title", "Rules")),
            "subtitle": main.get("subtitle"),
            "sections": [s for b in books for s in b["sections"]]}


def card_bundle(card_data: Path) -> dict:
    from apps.webapi import bundle_from_paths
    bundle = bundle_from_paths([card_data])
    for p in bundle.pop("problems"):
        print(f"warning: deck left out of the site: {p}", file=sys.stderr)
    if not bundle["decks"]:
        raise BuildError(f"no deck files (deck-*.yaml / deck-*.txt) under {card_data}")
    starter = [d for d in bundle["decks"] if "/starter/" in d["source"].replace("\\", "/")]
    if starter:  # the starter set, once there, comes first in the deck menu
        bundle["decks"] = starter + [d for d in bundle["decks"] if d not in starter]
    bundle["rulebook"] = rulebook(card_data)
    return bundle


def _render(template: Path, **ctx) -> str:
    try:
        import jinja2
    except ImportError as e:  # pragma: no cover - Jinja2 is a declared dependency (extra "web")
        raise BuildError("Jinja2 is needed to build the site: pip install 'capeclash[web]'") from e
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(template.parent)), autoescape=True,
                             keep_trailing_newline=True)
    return env.get_template(template.name).render(**ctx)


def build(out: str | Path = "dist/web", *, card_data: str | Path | None = None,
          packaging: str = DEFAULT_PACKAGING, snapshot: bool = True, quiet: bool = False,
          use_pyodide_build: bool = True) -> dict:
    """Write the site into ``out``; returns a summary (files, bytes, content hash)."""
    out = Path(out)
    card_data = Path(card_data) if card_data else ROOT / "card_data"
    if packaging not in ("zip", "wheel"):
        raise BuildError(f"unknown engine packaging {packaging!r} (zip or wheel)")
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_NPM / f).exists()]
    if missing:
        raise BuildError(f"the Pyodide runtime is missing from {PYODIDE_NPM} ({', '.join(missing)}): "
                         f"run `npm ci` in {ROOT} (package.json pins pyodide {PYODIDE_VERSION})")
    npm_version = json.loads((PYODIDE_NPM / "package.json").read_text())["version"]
    if npm_version != PYODIDE_VERSION:
        raise BuildError(f"node_modules has pyodide {npm_version}, the site needs {PYODIDE_VERSION}: run `npm ci`")

    files: dict[str, bytes] = {}
    for f in sorted(STATIC.rglob("*")):
        if f.is_file() and f.suffix != ".j2" and not f.name.startswith("."):
            files[f.relative_to(STATIC).as_posix()] = f.read_bytes()
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = (PYODIDE_NPM / name).read_bytes()
    eng = engine_files()
    files["engine.zip"] = engine_zip(eng)
    wheel_name, wheel = engine_wheel(eng)
    files[f"pyodide/{wheel_name}"] = wheel
    lock = site_lockfile(wheel_name, wheel)
    if use_pyodide_build:
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / wheel_name).write_bytes(wheel)
            lock = lockfile_with_pyodide_build(Path(tmp) / wheel_name, lock["info"]) or lock
    files["pyodide/pyodide-lock.json"] = json.dumps(lock, indent=1).encode()
    files["cards.json"] = json.dumps(card_bundle(card_data), separators=(",", ":")).encode()
    # faces: the printed card faces (web/faces.py): faces.json, fonts/ and faces/art/; precached with the rest
    from .faces import site_files as face_files
    files.update(face_files(card_data, quiet=quiet))
    snap = make_snapshot(files["engine.zip"], files["cards.json"], quiet=quiet) if snapshot else None
    if snap is not None:
        files["snapshot.bin.gz"] = snap

    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    site = {"version": digest.hexdigest()[:12], "pyodide": PYODIDE_VERSION, "engine": packaging,
            "wheel": wheel_name, "package": WHEEL_NAME.replace("_", "-"),
            "snapshot": "snapshot.bin.gz" if snap is not None else None}
    files["site.json"] = json.dumps(site, indent=1).encode()
    precache = sorted(["./", *files, "sw.js"])
    precache = [p for p in precache if p not in ("sw.js.j2",)]
    files["sw.js"] = _render(STATIC / "sw.js.j2", cache=f"capeclash-{site['version']}",
                             files=json.dumps([p for p in precache if p not in ("sw.js", site["snapshot"])]),
                             snapshot=site["snapshot"] or "").encode()
    files["index.html"] = _render(STATIC / "index.html.j2", version=site["version"],
                                  pyodide=PYODIDE_VERSION, faces="faces.mjs" in files).encode()

    if out.exists():
        shutil.rmtree(out)
    for name, data in files.items():
        p = out / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    total = sum(len(d) for d in files.values())
    summary = {"out": str(out), "files": len(files), "bytes": total, "version": site["version"],
               "engine_zip": len(files["engine.zip"]), "engine_wheel": len(wheel), "packaging": packaging,
               "snapshot": len(snap) if snap is not None else None}
    if not quiet:
        print(f"built {out}/ ({len(files)} files, {total / 1e6:.1f} MB, version {site['version']}, "
              f"engine as {packaging}, {'with' if snap is not None else 'without'} a memory snapshot)")
    return summary


def is_current(out: str | Path = "dist/web") -> bool:
    """Is the built site newer than every source it is made from?"""
    out = Path(out)
    stamp = out / "site.json"
    if not stamp.exists():
        return False
    built = stamp.stat().st_mtime
    sources = [STATIC, ROOT / "engine", ROOT / "card_data", ROOT / "printgen"]  # faces: drawn by printgen
    if (ROOT / "apps" / "webapi.py").stat().st_mtime > built:  # the bundle's one module outside engine/
        return False
    for src in sources:
        for f in src.rglob("*"):
            if f.is_file() and "__pycache__" not in f.parts and f.stat().st_mtime > built:
                return False
    return True
