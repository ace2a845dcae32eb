"""Reading a thread's story back: which moves a message tells (tests of cogs/common/story.py)."""

import re

# A move's number, or a run of one seat's moves told as one line, its numbers joined by an
# en dash ("`12`-`26` **AI (2)**: 15 moves: ...").
MOVE_NUMBER = re.compile(r"`\s*(\d+)`(?:\N{EN DASH}`\s*(\d+)`)?")
# The note naming moves a message left out, spans joined by an en dash: "… moves 10-11 left
# out here: see `/game log`.", "… moves 18 and 20-23 left out here", "… 5 of moves 3-20 ...".
LEFT_OUT = re.compile(r"… (?:\d+ of )?moves? ([\d\N{EN DASH}, and]+?) left out here")
SPAN = re.compile(r"(\d+)(?:\N{EN DASH}(\d+))?")


def _spans(found: list[tuple[str, str]]) -> set[int]:
    """Return the numbers of (first, last) spans; a lone number's last is empty."""
    numbers: set[int] = set()
    for first, last in found:
        numbers.update(range(int(first), int(last or first) + 1))
    return numbers


def told_numbers(content: str) -> set[int]:
    """Return the moves a message tells: each headline's, and every move of a run's line."""
    return _spans(MOVE_NUMBER.findall(content))


def left_out_numbers(content: str) -> set[int]:
    """Return the moves a message's notes say were left out of it (a span says its ends)."""
    return _spans([span for note in LEFT_OUT.finditer(content) for span in SPAN.findall(note[1])])
