"""The browser game: build the static site (``capeclash web build``) and serve it."""
