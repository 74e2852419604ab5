"""Print and play from card data: home sheets, print-shop files, counters, a proof and the rulebook.

``capeclash print`` (``printgen.cli``) runs ``printgen.build.build``; see printgen/README.md.
One pipeline (``build``) prints every game from a small description of it (``games.Game``: its jobs
of cards, face and back drawings, counters and rulebook); Cape Clash and Derring-Dice are the two
descriptions in ``games``. Card faces are laid out once (``faces``; Derring-Dice's in ``dice_faces``,
both with the one ``faces.Context``) and drawn by two renderers (``render``): reportlab for vector
PDFs and Pillow for PNGs. Both rulebooks are written by ``book.Book`` (contents: ``rulebook`` and
``dice_rulebook``).
"""
