"""Print and play from card data: home sheets, print-shop files, counters, a proof and the rulebook.

``capeclash print`` (``printgen.cli``) runs ``printgen.build.build``; see printgen/README.md.
Card faces are laid out once (``faces``; Derring-Dice's in ``dice_faces``) and drawn by two renderers
(``render``): reportlab for vector PDFs and Pillow for PNGs. ``dice_build`` and ``dice_rulebook`` print
the second game, Derring-Dice, from card_data/dice.
"""
