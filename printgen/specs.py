"""Print specifications: card geometry, papers and print-shop profiles.

Lengths are in PostScript points (1/72 in) unless a name says otherwise.
The card face is laid out in points with the origin at the top left corner of
the *bleed* box and y growing downwards; both renderers follow that.
"""

from __future__ import annotations

MM = 72 / 25.4
INCH = 72.0

CARD_W = 2.5 * INCH          # trim: poker size, 63.5 x 88.9 mm
CARD_H = 3.5 * INCH
BLEED = INCH / 8             # 1/8 in = 3.175 mm
SAFE = INCH / 8              # safe zone: 1/8 in inside the trim
FULL_W = CARD_W + 2 * BLEED  # 198 pt = 825 px at 300 DPI
FULL_H = CARD_H + 2 * BLEED  # 270 pt = 1125 px at 300 DPI

TRIM = (BLEED, BLEED, CARD_W, CARD_H)                      # x, y, w, h in the face's coordinates
SAFE_BOX = (BLEED + SAFE, BLEED + SAFE, CARD_W - 2 * SAFE, CARD_H - 2 * SAFE)

MIN_TEXT_PT = 6.0
MIN_ART_DPI = 300
DPI = 300

PAPERS = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * INCH, 11 * INCH)}

# Print-shop image sizes at 300 DPI (width, height) in pixels, bleed included.
#  - The Game Crafter poker card: 825 x 1125 (2.75 x 3.75 in: 1/8 in bleed all round).
#  - MakePlayingCards poker card: 822 x 1122 (their published poker guide: a 750 x 1050 px trim with
#    36 px of bleed each side at 300 DPI, 0.12 in rather than 1/8 in). We draw the same face with the
#    trim exactly 36 px from every edge (the outermost 1.5 px of our bleed falls off the canvas).
PNG_SIZES = {"tgc": (825, 1125), "mpc": (822, 1122)}
MPC_BLEED_PX = 36

# Tabletop Simulator: a deck sheet of up to 10 x 7 cards, at most 4096 px a side; the 70th slot
# holds the image shown for a hidden card.
TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
TTS_CARD_PX = (409, 572)     # 10 x 409 = 4090 px wide, 7 x 572 = 4004 px high; ratio 0.715 (poker 0.714)

TOTAL_INK_LIMIT = 2.4        # DriveThruCards: at most 240 % total ink

PROFILES = ("home", "tgc", "mpc", "drivethru", "tts")
