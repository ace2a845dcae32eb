"""The refusal of a stored state that breaks the game's invariants (issue 20).

Each game checks its states in `engine/<game>/validate.py`; its `from_json` calls that check,
so a state read from the database that holds components the box does not have, a value out of
its range or a decision its phase cannot ask is refused before anyone plays on it. The error
names the check that caught it, for the admin who repairs the game (`/admin game repair`).
"""

from dataclasses import dataclass


class InvalidStateError(ValueError):
    """A state that breaks one of its game's invariants; `check` names which."""

    def __init__(self, game: str, check: str, detail: str) -> None:
        """Name the game, the check that failed and what it found."""
        self.game, self.check, self.detail = game, check, detail
        super().__init__(f"invalid {game} state: {check}: {detail}")


@dataclass(frozen=True, slots=True)
class Problem:
    """One failed check: its name and what it found."""

    check: str
    detail: str


def first(game: str, problems: list[Problem]) -> None:
    """Raise InvalidStateError for the first problem, if there is one."""
    if problems:
        raise InvalidStateError(game, problems[0].check, problems[0].detail)
