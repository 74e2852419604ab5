"""The card language: what a card's abilities may say (``language``), its effect verbs, one class
each (``verbs``), cards as validated data (``cards``), the rules text rendered from them (``text``,
built from ``phrases``) and the generated language reference (``reference``)."""
