"""A search's rules text says where the card found goes, in the order it happens (issue 16, item 12):
the deck is shuffled before a card is put on top of it or under it."""

from __future__ import annotations

import pytest

from engine.cardlang.text import render_effect


@pytest.mark.parametrize(("into", "text"), [
    ("hand", "Search your deck for a card and put it into your hand, then shuffle your deck."),
    ("deck_top", "Search your deck for a card, shuffle your deck, then put that card on top of it."),
    ("deck_bottom", "Search your deck for a card, shuffle your deck, then put that card at the bottom of it."),
    ("ko", "Search your deck for a card and put it into your KO pile, then shuffle your deck."),
])
def test_search_text_follows_where_the_card_goes(into, text):
    assert render_effect([{"search": {"into": into}}]) == text
