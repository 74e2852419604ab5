"""The bundled fonts (Bitstream Vera, licence in fonts/bitstream-vera-license.txt).

The same TTF files drive reportlab (PDF) and Pillow (PNG), and text is measured with
reportlab's metrics for both, so a line breaks in the same place in every output.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FACES = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf", "bolditalic": "VeraBI.ttf"}
PDF_NAMES = {k: f"CapeClash-{k}" for k in FACES}

_registered = False


def register_pdf_fonts() -> None:
    global _registered
    if _registered:
        return
    from reportlab import rl_config
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    # streams are Flate-compressed binary, without reportlab's ASCII85 wrapping: that encoder is pure
    # Python here (no C accelerator) and took a third of a sheet's time, for files 25 % larger
    rl_config.useA85 = 0
    _memoize_fp_str()
    for face, file in FACES.items():
        pdfmetrics.registerFont(TTFont(PDF_NAMES[face], str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(PDF_NAMES["regular"], normal=PDF_NAMES["regular"], bold=PDF_NAMES["bold"],
                                  italic=PDF_NAMES["italic"], boldItalic=PDF_NAMES["bolditalic"])
    # reportlab's defaults name Helvetica, which no PDF embeds: a new canvas, a table cell without a FONT
    # command (the table of contents), a paragraph style without a font all start with ours instead
    rl_config.canvas_basefontname = PDF_NAMES["regular"]
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import tables
    tables.CellStyle.fontname = PDF_NAMES["regular"]
    ParagraphStyle.defaults["fontName"] = PDF_NAMES["regular"]
    ParagraphStyle.defaults["bulletFontName"] = PDF_NAMES["regular"]
    _registered = True


def embedded_font() -> str:
    """The font a new PDF canvas starts with: ours (registered, so embedded), not reportlab's default
    Helvetica, which every PDF would otherwise name without embedding it."""
    register_pdf_fonts()
    return PDF_NAMES["regular"]


@lru_cache(maxsize=65536)
def width(text: str, face: str, size: float) -> float:
    """The advance width of ``text`` in points."""
    register_pdf_fonts()
    from reportlab.pdfbase.pdfmetrics import stringWidth
    return stringWidth(text, PDF_NAMES[face], size)


ASCENT, DESCENT = 0.76, 0.24  # of the font size: Vera's cap/ascender and descender, rounded up


@lru_cache(maxsize=512)
def pil_font(face: str, px: float):
    from PIL import ImageFont
    return ImageFont.truetype(str(FONT_DIR / FACES[face]), size=px, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8)
def _cmap(face: str) -> frozenset:
    register_pdf_fonts()
    from reportlab.pdfbase import pdfmetrics
    return frozenset(pdfmetrics.getFont(PDF_NAMES[face]).face.charToGlyph)


def missing_glyphs(text: str, face: str = "regular") -> str:
    """The characters of ``text`` that the bundled font can't draw (they would print as boxes)."""
    cmap = _cmap(face)
    return "".join(sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n\t"}))


def _memoize_fp_str() -> None:
    """reportlab writes every number of a PDF through ``fp_str``; without its C accelerator (not installed
    here) that is pure Python and took half of a card sheet's time. The same algorithm, memoized per number
    (a sheet repeats its coordinates, sizes and colours), gives the same bytes in a fraction of the time."""
    import importlib

    from reportlab.lib import rl_accel
    if getattr(rl_accel.fp_str, "_capeclash", False) or rl_accel.fp_str.__module__ != rl_accel.__name__:
        return   # already done, or the C accelerator is there
    original = rl_accel.fp_str

    @lru_cache(maxsize=1 << 16)
    def one(v) -> str:
        return original(v)

    def fp_str(*a):
        if len(a) == 1 and isinstance(a[0], (list, tuple)):
            a = a[0]
        return " ".join([one(v) for v in a])
    fp_str._capeclash = True
    for name in ("reportlab.lib.rl_accel", "reportlab.pdfgen.canvas", "reportlab.pdfgen.pathobject",
                 "reportlab.pdfgen.textobject", "reportlab.lib.colors", "reportlab.pdfbase.pdfdoc",
                 "reportlab.pdfbase.ttfonts", "reportlab.platypus.tables", "reportlab.platypus.flowables"):
        mod = importlib.import_module(name)
        if getattr(mod, "fp_str", None) is original:
            mod.fp_str = fp_str
