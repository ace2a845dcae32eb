"""Session-level refusals: lobby, seats, requests and lookups, each a GameError for players.

Each is raised with a catalog key and its arguments (`NotSeatedError("error.not_seated")`,
the `error.session.*` messages of data/i18n/{en,es}.toml), so the one error handler
(cogs/common/errors.py) answers in the player's language with the precise sentence: one plain
sentence a player can act on, with no Discord markup.
"""

from engine.core.errors import GameError, NotYourTurnError


class GameNotFoundError(GameError):
    """No game has that id."""


class UnknownGameError(GameError):
    """The game name or an option is not one the bot offers."""


class NotSeatedError(GameError):
    """The user has no seat in the game."""


class AlreadySeatedError(GameError):
    """The user already has a seat in the game."""


class LobbyFullError(GameError):
    """Every seat of the lobby is taken."""


class NotInLobbyError(GameError):
    """The game has started (or ended); seats can no longer change."""


class NotStartedError(GameError):
    """The game is still in its lobby."""


class NotEnoughPlayersError(GameError):
    """The lobby cannot start with the seats it has."""


class NotAllowedError(GameError):
    """Only the creator (or a server admin) may do this."""


class UndoRefusedError(GameError):
    """The undo would cross a revealed die, card or hidden information, or is not possible."""


class RequestNotFoundError(GameError):
    """The undo or abandon request does not exist or is closed."""


class StateNeedsRepairError(GameError):
    """The stored state fails its game's checks: nobody plays on it until an admin repairs it."""


class ThinkingError(NotYourTurnError):
    """A person acted while an AI seat of the game is deciding (`seat`): not their turn."""

    def __init__(self, key: str, seat: int) -> None:
        """Name the seat that is thinking (the cogs name it in the player's language).

        `seat` is not one of the message's fields (the catalog's sentence names nobody), so
        it is passed by position, beside the key, not as a keyword the message would fill.
        """
        super().__init__(key)
        self.seat = seat
