"""Seeded randomness that replays identically on every machine and Python version.

Each applied action draws from its own generator, salted by the state version
(STYLE.md §2.2): no generator state is ever stored. Only `random.Random.random()` is
promised stable across Python versions, so shuffling and choosing are built here on it.
"""

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic generator for one action of one game."""

    __slots__ = ("_random",)

    def __init__(self, seed: int, version: int, salt: str = "") -> None:
        # A string seed is hashed with SHA-512 by `random`, independent of PYTHONHASHSEED.
        self._random = random.Random(f"{seed}:{version}:{salt}")

    def below(self, n: int) -> int:
        """Return an integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        return min(int(self._random.random() * n), n - 1)

    def die(self, sides: int = 6) -> int:
        """Roll one die: an integer from 1 to `sides`."""
        return self.below(sides) + 1

    def pick(self, items: Sequence[T]) -> T:
        """Return one item, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates), drawing exactly as `below(i + 1)` does."""
        # `below` inlined (the AI's determinisers shuffle every search iteration): the same
        # draws and the same swaps, so every seeded game and replay is unchanged.
        draw = self._random.random
        for i in range(len(items) - 1, 0, -1):
            j = int(draw() * (i + 1))
            if j > i:  # noqa: PLR1730 - min() costs a call per card here
                j = i
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Return a shuffled copy."""
        out = list(items)
        self.shuffle(out)
        return out
