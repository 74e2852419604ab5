"""Cape Clash's rules: the game state and flow (``game``), combat, zones, powers, effects, the
player's view, decks, scenarios and the guided first game."""
