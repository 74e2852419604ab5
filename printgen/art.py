"""Art files: each opened and decoded in full before anything is written, so a truncated PNG or a file
that is no picture is reported with its card and path (and the card is never drawn from it).

``place`` checks a card's art for its box: unreadable (a problem: preflight stops the build), under
300 DPI (a problem), or of another shape than the box so the centre crop loses much of it (a
warning). ``unused`` lists art files named after no card (a warning: a typo in a file name would
otherwise leave a card with generated art without a word).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from .specs import MIN_ART_DPI

ART_EXTS = (".png", ".jpg", ".jpeg")
CROP_WARN = 0.30     # warn when the centre crop cuts away more than this share of the picture


@lru_cache(maxsize=512)
def _inspect(path: str, mtime_ns: int, size: int) -> tuple[tuple[int, int] | None, str | None]:
    from PIL import Image, ImageFile, UnidentifiedImageError
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        with Image.open(path) as im:
            im.load()                  # decode every byte: a truncated file fails here, not mid-build
            return im.size, None
    except UnidentifiedImageError:
        return None, "is not a picture Pillow can read (PNG or JPEG expected)"
    except (OSError, ValueError, SyntaxError) as e:   # truncated, corrupt chunks, bad header
        return None, f"can't be read in full ({e})"


def inspect(path: Path) -> tuple[tuple[int, int] | None, str | None]:
    """(width, height) of a picture decoded in full, or None and why it can't be used."""
    st = Path(path).stat()
    return _inspect(str(path), st.st_mtime_ns, st.st_size)


def place(lay, path: Path, w: float, h: float) -> bool:
    """Check the art at ``path`` for a w x h pt box; record problems and warnings on the layout.
    True when the picture can be drawn."""
    size, err = inspect(path)
    if err:
        lay.add_problem(f"art file {path} {err}")
        return False
    pw, ph = size
    scale = max(w / pw, h / ph)   # points per pixel, covering the box
    lay.art_dpi = 72 / scale
    if lay.art_dpi < MIN_ART_DPI:
        lay.add_problem(f"art {path.name} is {pw} x {ph} px: {lay.art_dpi:.0f} DPI in its "
                        f"{w / 72:.2f} x {h / 72:.2f} in box, under {MIN_ART_DPI} DPI "
                        f"(needs {math.ceil(w / 72 * MIN_ART_DPI)} x {math.ceil(h / 72 * MIN_ART_DPI)} px)")
    kept = min(pw * scale, w) * min(ph * scale, h) / (pw * ph * scale * scale)
    if 1 - kept > CROP_WARN:
        shape = "portrait" if ph > pw else "landscape" if pw > ph else "square"
        lay.warnings.append(f"art {path.name} is {shape} ({pw} x {ph} px): centre-cropped to the "
                            f"{w / h:.2f}:1 art box, only {kept:.0%} of it shows")
    return True


def unused(art_dir: Path | None, ids) -> list[str]:
    """Warnings for art files in ``art_dir`` named after no card id in ``ids``."""
    if art_dir is None or not Path(art_dir).is_dir():
        return []
    ids = set(ids)
    out = []
    for p in sorted(Path(art_dir).iterdir()):
        if p.suffix.lower() in ART_EXTS and p.stem not in ids:
            out.append(f"art file {p} is named after no card (card ids name the art: <card id>{p.suffix}); "
                       "it is not used")
    return out
