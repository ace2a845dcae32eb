"""Errors a player can cause, each with a one-sentence message they can act on.

Messages carry no Discord markup: the cogs show them as they are, in an ephemeral reply.
`CatalogError` is different: it is a broken data file, raised at load time, and stops start-up.
"""


class GameError(Exception):
    """A move or request that the rules refuse; the game is unchanged."""


class IllegalMoveError(GameError):
    """The action is not one of the legal actions of the current decision."""


class NotYourTurnError(GameError):
    """Someone other than the deciding seat tried to act."""


class StaleStateError(GameError):
    """The action was chosen on an older version of the game."""


class GameOverError(GameError):
    """The game has ended; nothing more can be played."""


class CatalogError(Exception):
    """A data file is invalid; the message names the file, the entry and the field."""
