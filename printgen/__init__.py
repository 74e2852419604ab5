"""Print and play from card data: home sheets, print-shop files, counters, a proof and the rulebook.

``capeclash print`` (``printgen.cli``) runs ``printgen.build.build``; see printgen/README.md.
Card faces are laid out once (``faces``) and drawn by two renderers (``render``): reportlab for
vector PDFs and Pillow for PNGs.
"""
