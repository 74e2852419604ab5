"""Print-shop outputs: The Game Crafter and MakePlayingCards PNGs, a DriveThruCards PDF and a
Tabletop Simulator deck sheet with its saved-object JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

from . import fonts
from .cache import ImageCache, card_hash, encode_png
from .faces import card_back, card_face
from .render import PdfPainter, render_png
from .specs import (
    BLEED,
    CARD_H,
    CARD_W,
    FULL_H,
    FULL_W,
    MPC_BLEED_PX,
    PNG_SIZES,
    TTS_CARD_PX,
    TTS_COLS,
    TTS_MAX_PX,
    TTS_ROWS,
)


def face_png(card, ctx, cache: ImageCache, variant: str = "tgc", layouts: dict | None = None) -> bytes:
    """A card as PNG bytes: ``tgc`` 825 x 1125 with bleed, ``mpc`` 822 x 1122, ``tts`` trimmed 409 x 572."""
    key = card_hash(card, ctx)

    def make():
        lay = (layouts or {}).get(card.id) or card_face(card, ctx)
        return _render_variant(lay.ops, variant)
    return cache.get_or_make(key, variant, make)


def back_png(cache: ImageCache, variant: str = "tgc", back=None, name: str = "back") -> bytes:
    """A card back as PNG bytes: Cape Clash's, or ``back`` (a layout) cached under ``name``."""
    import hashlib

    from .cache import code_version
    lay = back or card_back()
    look = hashlib.sha256(repr(lay.ops).encode()).hexdigest()[:12]   # a dark and a light back differ
    return cache.get_or_make(f"{name}-{look}-{code_version()}", variant, lambda: _render_variant(lay.ops, variant))


def _render_variant(ops, variant: str):
    from PIL import Image
    if variant == "tgc":
        return render_png(ops)
    if variant == "mpc":  # MakePlayingCards: 36 px of bleed, so the face moves 1.5 px up and left
        w, h = PNG_SIZES["mpc"]
        shift = MPC_BLEED_PX - BLEED / 72 * 300
        return render_png(ops, w, h, shift_px=(shift, shift))
    if variant == "tts":
        im = render_png(ops)
        k = im.width / FULL_W
        trim = im.crop((round(BLEED * k), round(BLEED * k), round((BLEED + CARD_W) * k), round((BLEED + CARD_H) * k)))
        return trim.resize(TTS_CARD_PX, Image.LANCZOS)
    raise ValueError(variant)


def write_pngs(job, ctx, cache: ImageCache, folder: Path, variant: str, progress=None,
               layouts: dict | None = None, back=None) -> list[Path]:
    """One PNG per card (named by set number and id) and the back, for a print shop's upload."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for c in job.cards:
        num = (job.numbers.get(c.id) or "").split("/")[0]
        p = folder / f"{num + '-' if num else ''}{c.id}.png"
        cache.write_when_ready(p, face_png(c, ctx, cache, variant, layouts))
        out.append(p)
        if progress:
            progress()
    p = folder / "back.png"
    cache.write_when_ready(p, back_png(cache, variant, back, f"back-{job.name}" if back else "back"))
    out.append(p)
    cache.finish()
    return out


def drivethru_pdf(path: Path, job, ctx, progress=None, layouts: dict | None = None, back=None,
                  brand: str = "Cape Clash") -> int:
    """DriveThruCards: one PDF, 2.75 x 3.75 in pages (bleed included), for each card its back then
    its front, in CMYK with total ink held under 240 %. The trim box marks the cut."""
    from reportlab.pdfgen.canvas import Canvas
    c = Canvas(str(path), pagesize=(FULL_W, FULL_H), invariant=1, enforceColorSpace="cmyk", pageCompression=1, initialFontName=fonts.embedded_font())
    c.setTitle(f"{brand} - {job.title} - DriveThruCards")
    painter = PdfPainter(c, cmyk=True)
    back = back or card_back()
    pages = 0
    for card in job.copies():
        for lay in (back, (layouts or {}).get(card.id) or card_face(card, ctx)):
            c.setTrimBox((BLEED, BLEED, BLEED + CARD_W, BLEED + CARD_H))
            c.setBleedBox((0, 0, FULL_W, FULL_H))
            painter.draw(lay.ops, 0, FULL_H)
            c.showPage()
            pages += 1
        if progress:
            progress()
    c.save()
    return pages


def tts_url(name: str, base: str = "") -> str:
    """An image's URL in the saved object: ``base`` + the file name (``--tts-url``, where the images
    will be once uploaded), or the bare file name: the same from build to build and machine to machine.

    >>> tts_url("deck-sheet-1.png"), tts_url("deck-sheet-1.png", "https://example.org/cards")
    ('deck-sheet-1.png', 'https://example.org/cards/deck-sheet-1.png')
    """
    return f"{base.rstrip('/')}/{name}" if base else name


def tts_sheets(folder: Path, job, ctx, cache: ImageCache, progress=None,
               layouts: dict | None = None, back=None, brand: str = "Cape Clash",
               url: str = "") -> tuple[list[Path], Path, Path]:
    """Deck sheets of up to 10 x 7 (the 70th slot: the hidden-card image), the back image and a
    saved-object JSON that builds the deck (with every copy) in Tabletop Simulator. Image URLs are
    ``tts_url``: relative file names unless ``url`` says where they will be uploaded."""
    from PIL import Image
    folder.mkdir(parents=True, exist_ok=True)
    per_sheet = TTS_COLS * TTS_ROWS - 1
    cw, ch = TTS_CARD_PX
    assert cw * TTS_COLS <= TTS_MAX_PX and ch * TTS_ROWS <= TTS_MAX_PX
    back_name = f"back-{job.name}" if back else "back"
    hidden = Image.open(io.BytesIO(cache.result(back_png(cache, "tts", back, back_name)))).convert("RGB")
    sheets, slots = [], {}
    chunks = [job.cards[i:i + per_sheet] for i in range(0, len(job.cards), per_sheet)]
    for n, chunk in enumerate(chunks, 1):
        rows = TTS_ROWS
        sheet = Image.new("RGB", (cw * TTS_COLS, ch * rows), (20, 20, 20))
        for i, card in enumerate(chunk):
            im = Image.open(io.BytesIO(cache.result(face_png(card, ctx, cache, "tts", layouts)))).convert("RGB")
            sheet.paste(im, ((i % TTS_COLS) * cw, (i // TTS_COLS) * ch))
            slots[card.id] = (n, i)
            if progress:
                progress()
        sheet.paste(hidden, ((TTS_COLS - 1) * cw, (rows - 1) * ch))
        p = folder / f"{job.name}-sheet-{n}.png"
        p.write_bytes(encode_png(sheet))
        sheets.append(p)
    back_layout = back
    back = folder / f"{job.name}-back.png"
    back.write_bytes(cache.result(back_png(cache, "tts", back_layout, back_name)))
    custom = {str(n): {"FaceURL": tts_url(sheets[n - 1].name, url), "BackURL": tts_url(back.name, url),
                       "NumWidth": TTS_COLS, "NumHeight": TTS_ROWS, "BackIsHidden": True, "UniqueBack": False,
                       "Type": 0} for n in range(1, len(sheets) + 1)}
    contained, ids = [], []
    for card in job.copies():
        n, i = slots[card.id]
        cid = n * 100 + i
        ids.append(cid)
        contained.append({"Name": "Card", "Nickname": card.name, "Description": card.id, "CardID": cid,
                          "CustomDeck": {str(n): custom[str(n)]},
                          "Transform": {"posX": 0, "posY": 0, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
                                        "scaleX": 1, "scaleY": 1, "scaleZ": 1}})
    obj = {"SaveName": f"{brand} - {job.title}", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
           "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
           "ObjectStates": [{"Name": "DeckCustom", "Nickname": job.title, "Description": brand,
                             "Transform": {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
                                           "scaleX": 1, "scaleY": 1, "scaleZ": 1},
                             "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained}],
           "TabStates": {}, "VersionNumber": ""}
    js = folder / f"{job.name}.json"
    js.write_text(json.dumps(obj, indent=1), encoding="utf-8")
    return sheets, back, js
