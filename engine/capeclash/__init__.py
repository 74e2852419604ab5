"""Cape Clash's rules.

``game.Game`` is the one entry object: it owns the state, runs the main loop, applies actions and
saves, and offers the rules below as methods. The rules live in modules named for what they hold:

- ``config``     modes, defaults and checks of a game's config, and its saved form
- ``setup``      seats (players, sides, teams) and the deal
- ``flow``       the turn sequence: setup questions, phases and build steps
- ``moves``      the legal actions for the open decision
- ``resolve``    what each kind of action does
- ``legality``   why an action is not legal now, in words
- ``triggers``   events and the triggered abilities they queue
- ``queries``    read-only questions: sides, control, characters in play, main characters
- ``keywords``   what a character has now: keywords, names, continuous abilities, lost powers
- ``ending``     players leaving the game and the game's end
- ``levels``     main characters' levels and XP
- ``combat``, ``zones``, ``powers``, ``stats``, ``effects`` (the card language's interpreter)
- ``state``      the records: Card, Player, Combat, Trigger, Decision, Modifier
- ``view``       what one player may see; ``decisions`` the table of questions; ``caches`` every shortcut
- ``decks``, ``loader``, ``position``, ``scenario``, ``tutorial``, ``invariants``, ``futility``, ``testing``
"""
