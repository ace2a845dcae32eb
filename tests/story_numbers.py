"""Reading a thread's story back: which moves a message tells (tests of cogs/common/story.py)."""

import re

# A move's number, or a run of one seat's moves told as one line, its numbers joined by an
# en dash ("`12`-`26` **AI (2)**: 15 moves: ...").
MOVE_NUMBER = re.compile(r"`\s*(\d+)`(?:\N{EN DASH}`\s*(\d+)`)?")


def told_numbers(content: str) -> set[int]:
    """Return the moves a message tells: each headline's, and every move of a run's line."""
    told: set[int] = set()
    for first, last in MOVE_NUMBER.findall(content):
        told.update(range(int(first), int(last or first) + 1))
    return told
