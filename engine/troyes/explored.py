"""Which moves a "back" leaves: the sub-menu a seat explored and left, paying nothing.

A Troyes action is chosen in steps (actions.py): the target, then the craftsman, the card
cube, the dice. `Back` leaves the current sub-choice for the menu it came from, with nothing
paid, so the moves that opened and walked that sub-choice changed nothing a player sees
(the choice is only not offered again in this decision). The thread and the log hide them
with the back itself (issue 14, playtest item 26: an AI's "Use influence", "Back", "Guard
the walls", "Back" ... before one pass). What is stored is unchanged.
"""

from collections.abc import Sequence

BACK = "back"

# The moves chosen from the turn's menu that open a sub-choice; `Back` inside it returns to
# that menu. "influence" from a counter's decision returns to the counter, likewise.
_OPENERS = frozenset(
    {"card", "cathedral", "event", "events", "agriculture", "citizen", "walls", "influence"}
)
# The steps inside a sub-choice, before anything is paid ("flip <die>": a die to flip; "flip"
# alone opens the flip choice, whose back returns to the influence menu).
_INSIDE = frozenset({"craftsman", "cube", "no", "die", "from"})


def explored(notation: str, moves: Sequence[str]) -> int | None:
    """Return how many of `moves` the move `notation` leaves; None: it is no back.

    `moves`: the seat's eventless moves just before it, oldest first. The back leaves the
    sub-choice's opener and its steps; 0 when they are not one sub-choice (leave them shown).
    """
    if notation != BACK:
        return None
    return backed_out(moves)


def backed_out(moves: Sequence[str]) -> int:
    """Return how many of the eventless moves before a back (oldest first) it leaves."""
    for i in range(len(moves) - 1, -1, -1):
        move = moves[i]
        word = move.split(" ", 1)[0]
        if move == "flip" or (word in _OPENERS and word != "flip"):
            # The list of events opened from the menu: back from an event returns there.
            first = i - 1 if word == "event" and i > 0 and moves[i - 1] == "events" else i
            return len(moves) - first
        if word not in _INSIDE and not (word == "flip" and move != "flip done"):
            return 0
    return 0
