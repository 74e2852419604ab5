"""Two renderers for one layout: a reportlab canvas (vector PDF) and Pillow (PNG).

Both read the same op list (see ``layout``), so a card looks the same on a home sheet,
in a print shop's PNG and on a Tabletop Simulator sheet.
"""

from __future__ import annotations

from functools import lru_cache

from . import fonts
from .icons import icon
from .specs import DPI, FULL_H, FULL_W, TOTAL_INK_LIMIT

SUPERSAMPLE = 4


NEUTRAL_TOLERANCE = 0.03   # a colour whose channels differ by this little prints as a grey of pure K


def to_cmyk(rgb) -> tuple[float, float, float, float]:
    """RGB to CMYK with full black generation, capped at the total ink limit; near-neutral colours (the
    card ink, greys) print on the black plate alone, so text stays sharp on a misregistered press.

    >>> to_cmyk((0.11, 0.11, 0.13))
    (0.0, 0.0, 0.0, 0.8833)

    >>> to_cmyk((0, 0, 0))
    (0.0, 0.0, 0.0, 1.0)
    >>> round(sum(to_cmyk((0.5, 0.0, 0.0))), 3) <= 2.4
    True
    """
    r, g, b = rgb
    if max(rgb) - min(rgb) <= NEUTRAL_TOLERANCE:   # black text and greys: black ink only, not four plates
        return (0.0, 0.0, 0.0, round(1 - (r + g + b) / 3, 4))
    k = 1 - max(r, g, b)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    total = c + m + y + k
    if total > TOTAL_INK_LIMIT:
        f = (TOTAL_INK_LIMIT - k) / (c + m + y)
        c, m, y = c * f, m * f, y * f
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


def image_to_cmyk(im):
    """An RGB picture in CMYK the way ``to_cmyk`` converts a colour: full black generation and total
    ink capped at the limit (Pillow's own conversion puts no black in and can reach 300 %).

    This is a formula, not a colour-managed conversion: there is no standard CMYK ICC profile on
    this machine to hand to littleCMS (Pillow's ImageCms), and none may be downloaded at build time.
    What it does: K = 1 - max(R, G, B); C, M, Y = (1 - channel - K) / (1 - K); then when C + M + Y + K
    passes 240 %, C, M and Y are scaled down together (K kept) to meet it. Colours shift somewhat
    from screen (no press gamut mapping, no dot gain): order a printed proof before a print run."""
    from PIL import Image, ImageMath
    r, g, b = (ch.convert("F") for ch in im.convert("RGB").split())
    k = ImageMath.lambda_eval(lambda a: 255.0 - a["max"](a["max"](a["r"], a["g"]), a["b"]), r=r, g=g, b=b)
    ch = [ImageMath.lambda_eval(lambda a: (255.0 - a["v"] - a["k"]) * 255.0 / a["max"](255.0 - a["k"], 1.0), v=v, k=k)
          for v in (r, g, b)]
    limit = TOTAL_INK_LIMIT * 255.0
    f = ImageMath.lambda_eval(lambda a: a["min"]((limit - a["k"]) / a["max"](a["c"] + a["m"] + a["y"], 1.0), 1.0),
                              k=k, c=ch[0], m=ch[1], y=ch[2])
    out = [ImageMath.lambda_eval(lambda a: a["v"] * a["f"], v=v, f=f) for v in ch]
    return Image.merge("CMYK", [x.convert("L") for x in (*out, k)])


@lru_cache(maxsize=256)
def cover_image(path: str, w_px: int, h_px: int, mode: str = "RGB"):
    """The picture at ``path`` cropped at its centre to the box's shape and scaled to w x h px."""
    from PIL import Image
    with Image.open(path) as im:
        im = im.convert("RGB")
        iw, ih = im.size
        target = w_px / h_px
        if iw / ih > target:
            nw = round(ih * target)
            im = im.crop(((iw - nw) // 2, 0, (iw - nw) // 2 + nw, ih))
        else:
            nh = round(iw / target)
            im = im.crop((0, (ih - nh) // 2, iw, (ih - nh) // 2 + nh))
        im = im.resize((w_px, h_px), Image.LANCZOS)
        return image_to_cmyk(im) if mode == "CMYK" else im


# ------------------------------------------------------------------ PDF

class PdfPainter:
    """Draws ops on a reportlab canvas with the face's top left corner at (x0, top) in page points."""

    def __init__(self, canvas, cmyk: bool = False):
        self.c = canvas
        self.cmyk = cmyk
        fonts.register_pdf_fonts()

    def _fill(self, col):
        if self.cmyk:
            self.c.setFillColorCMYK(*to_cmyk(col))
        else:
            self.c.setFillColorRGB(*col)

    def _stroke(self, col):
        if self.cmyk:
            self.c.setStrokeColorCMYK(*to_cmyk(col))
        else:
            self.c.setStrokeColorRGB(*col)

    def draw(self, ops, x0: float, top: float, scale: float = 1.0) -> None:
        c = self.c
        for op in ops:
            kind = op[0]
            if kind == "rect":
                _, x, y, w, h, fill, stroke, lw, r = op
                if fill is not None:
                    self._fill(fill)
                if stroke is not None:
                    self._stroke(stroke)
                    c.setLineWidth(lw * scale)
                X, Y = x0 + x * scale, top - (y + h) * scale
                if r:
                    c.roundRect(X, Y, w * scale, h * scale, r * scale, stroke=int(stroke is not None),
                                fill=int(fill is not None))
                else:
                    c.rect(X, Y, w * scale, h * scale, stroke=int(stroke is not None), fill=int(fill is not None))
            elif kind == "poly":
                self._fill(op[2])
                self._poly(op[1], x0, top, scale)
            elif kind == "circle":
                _, cx, cy, r, fill, stroke, lw = op
                if fill is not None:
                    self._fill(fill)
                if stroke is not None:
                    self._stroke(stroke)
                    c.setLineWidth(lw * scale)
                c.circle(x0 + cx * scale, top - cy * scale, r * scale, stroke=int(stroke is not None),
                         fill=int(fill is not None))
            elif kind == "line":
                _, x1, y1, x2, y2, col, lw = op
                self._stroke(col)
                c.setLineWidth(lw * scale)
                c.line(x0 + x1 * scale, top - y1 * scale, x0 + x2 * scale, top - y2 * scale)
            elif kind == "text":
                _, x, base, s, face, size, col = op
                self._fill(col)
                c.setFont(fonts.PDF_NAMES[face], size * scale)
                c.drawString(x0 + x * scale, top - base * scale, s)
            elif kind == "icon":
                _, name, x, y, size, col = op
                self.draw(_icon_ops(name, col), x0 + x * scale, top - y * scale, size * scale)
            elif kind == "shape":
                _, name, x, y, size, col = op
                from .gameicons import unit_polygons
                self._fill(col)
                p = c.beginPath()
                X, Y, k = x0 + x * scale, top - y * scale, size * scale
                for poly in unit_polygons(name):
                    (fx, fy), *rest = poly
                    p.moveTo(X + fx * k, Y - fy * k)
                    for px, py in rest:
                        p.lineTo(X + px * k, Y - py * k)
                    p.close()
                c.drawPath(p, stroke=0, fill=1, fillMode=0)   # even-odd, as the PNG renderer fills it
            elif kind == "image":
                _, path, x, y, w, h = op
                from reportlab.lib.utils import ImageReader
                px = (max(1, round(w / 72 * DPI)), max(1, round(h / 72 * DPI)))
                img = cover_image(path, *px, "CMYK" if self.cmyk else "RGB")
                c.drawImage(ImageReader(img), x0 + x * scale, top - (y + h) * scale, w * scale, h * scale)

    def _poly(self, pts, x0, top, scale):
        p = self.c.beginPath()
        (fx, fy), *rest = pts
        p.moveTo(x0 + fx * scale, top - fy * scale)
        for x, y in rest:
            p.lineTo(x0 + x * scale, top - y * scale)
        p.close()
        self.c.drawPath(p, stroke=0, fill=1)


@lru_cache(maxsize=512)
def _icon_ops_cached(name: str, col) -> tuple:
    out = []
    for prim in icon(name, col):
        if prim[0] == "poly":
            out.append(("poly", prim[1], prim[2]))
        else:
            _, cx, cy, r, fill = prim
            out.append(("circle", cx, cy, r, fill, None, 0))
    return tuple(out)


def _icon_ops(name: str, col) -> tuple:
    return _icon_ops_cached(name, tuple(col))


# ------------------------------------------------------------------ PNG

def _c255(col) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(v * 255))) for v in col)


@lru_cache(maxsize=1024)
def icon_image(name: str, px: int, col):
    """An icon as an RGBA image of px x px, drawn 4x larger and scaled down for smooth edges."""
    from PIL import Image, ImageDraw
    big = px * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    for prim in icon(name, col):
        if prim[0] == "poly":
            d.polygon([(x * big, y * big) for x, y in prim[1]], fill=_c255(prim[2]) + (255,))
        else:
            _, cx, cy, r, fill = prim
            d.ellipse([(cx - r) * big, (cy - r) * big, (cx + r) * big, (cy + r) * big], fill=_c255(fill) + (255,))
    return im.resize((px, px), Image.LANCZOS)


@lru_cache(maxsize=64)
def shape_mask(name: str, px: int):
    """A game-icons.net icon as an L mask of px x px: its polygons filled even-odd (each XORed into
    the mask) at 4x the size, then scaled down for smooth edges."""
    from PIL import Image, ImageChops, ImageDraw

    from .gameicons import unit_polygons
    big = px * SUPERSAMPLE
    mask = Image.new("1", (big, big), 0)
    for poly in unit_polygons(name):
        one = Image.new("1", (big, big), 0)
        ImageDraw.Draw(one).polygon([(x * big, y * big) for x, y in poly], fill=1)
        mask = ImageChops.logical_xor(mask, one)
    return mask.convert("L").resize((px, px), Image.LANCZOS)


def render_png(ops, width_px: int | None = None, height_px: int | None = None, dpi: float = DPI,
               size_pt: tuple[float, float] = (FULL_W, FULL_H), shift_px: tuple[float, float] = (0.0, 0.0)):
    """Render ops into an RGB Pillow image at ``dpi`` (the face's full bleed box by default).
    ``shift_px`` moves the drawing (for a canvas with another bleed, e.g. MakePlayingCards' 36 px)."""
    from PIL import Image, ImageDraw
    k = dpi / 72
    ox, oy = shift_px
    W = width_px or round(size_pt[0] * k)
    H = height_px or round(size_pt[1] * k)
    im = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(im)

    def X(v):
        return v * k + ox

    def Y(v):
        return v * k + oy
    for op in ops:
        kind = op[0]
        if kind == "rect":
            _, x, y, w, h, fill, stroke, lw, r = op
            box = [X(x), Y(y), X(x + w) - 1, Y(y + h) - 1]
            kw = {"fill": _c255(fill) if fill is not None else None}
            if stroke is not None:
                kw["outline"] = _c255(stroke)
                kw["width"] = max(1, round(lw * k))
            if r:
                d.rounded_rectangle(box, radius=r * k, **kw)
            else:
                d.rectangle(box, **kw)
        elif kind == "poly":
            d.polygon([(X(x), Y(y)) for x, y in op[1]], fill=_c255(op[2]))
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, lw = op
            kw = {"fill": _c255(fill) if fill is not None else None}
            if stroke is not None:
                kw["outline"] = _c255(stroke)
                kw["width"] = max(1, round(lw * k))
            d.ellipse([X(cx - r), Y(cy - r), X(cx + r), Y(cy + r)], **kw)
        elif kind == "line":
            _, x1, y1, x2, y2, col, lw = op
            d.line([X(x1), Y(y1), X(x2), Y(y2)], fill=_c255(col), width=max(1, round(lw * k)))
        elif kind == "text":
            _, x, base, s, face, size, col = op
            d.text((X(x), Y(base)), s, font=fonts.pil_font(face, round(size * k * 4) / 4), fill=_c255(col),
                   anchor="ls")
        elif kind == "icon":
            _, name, x, y, size, col = op
            px = max(1, round(size * k))
            ic = icon_image(name, px, tuple(col))
            im.paste(ic, (round(X(x)), round(Y(y))), ic)
        elif kind == "shape":
            _, name, x, y, size, col = op
            px = max(1, round(size * k))
            mask = shape_mask(name, px)
            im.paste(Image.new("RGB", mask.size, _c255(col)), (round(X(x)), round(Y(y))), mask)
        elif kind == "image":
            _, path, x, y, w, h = op
            box = (round(X(x)), round(Y(y)), round(X(x + w)), round(Y(y + h)))
            im.paste(cover_image(path, box[2] - box[0], box[3] - box[1]), box[:2])
    return im
