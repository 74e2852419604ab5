"""The game-agnostic core both games are built on: actions, events, the random generator, errors,
replay and saving, reading data files, and the protocol every game implements (``protocol``)."""
