"""The game's random generator: SplitMix64, one integer of state.

It lives inside the game state, so a seed plus the actions reproduce a game
exactly on CPython and on Pyodide, and copying a game copies its generator.

>>> r = Rng(42)
>>> [r.below(6) for _ in range(5)]
[1, 1, 0, 0, 4]
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_SPAN = 1 << 64


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        while True:  # next64, inlined: this is the hottest call of a random playout
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            # reject x in the last, incomplete run of n values: below _SPAN - (_SPAN % n), which
            # is only worked out when x comes within n of the top
            if x < _SPAN - n or x < _SPAN - (_SPAN % n):
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
