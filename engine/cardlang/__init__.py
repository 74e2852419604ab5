"""The card language: what a card's abilities may say (``language``), cards as validated data
(``cards``) and the rules text rendered from them (``text``)."""
