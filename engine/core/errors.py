"""Errors a player can cause, each a catalog key with named arguments they can act on.

`GameError("error.stale_move", shown=3, current=5)` names its sentence in the message
catalogs (engine/core/i18n.py): `str(error)` is the English sentence, so logs stay readable,
and `error.text(lang)` the sentence in the player's language. A plain sentence that is not a
catalog key still works (`GameError("No.")`): it reads the same in every language, and
cogs/common/errors.py may map its class to a catalog sentence. The engines and the session
service raise by key only (tests/engine/sessions/test_refusal_keys.py).
Sentences carry no Discord markup: the cogs show them as they are, in an ephemeral reply.
`CatalogError` is different: it is a broken data file, raised at load time, and stops start-up
(it is defined beside the loader, which raises it).
"""

from collections.abc import Mapping

from engine.core import i18n
from engine.core.i18n import CatalogError

__all__ = [
    "CatalogError",
    "GameError",
    "GameOverError",
    "IllegalMoveError",
    "NotYourTurnError",
    "StaleStateError",
]


class GameError(Exception):
    """A move or request that the rules refuse; the game is unchanged."""

    def __init__(self, key: str = "", /, **params: object) -> None:
        """Name the refusal by catalog key and arguments (or, the old way, by a sentence)."""
        self.key: str | None = key if i18n.has(key) else None
        self.params: Mapping[str, object] = params
        super().__init__(i18n.text(i18n.DEFAULT, key, **params) if self.key else key)

    def text(self, lang: str) -> str:
        """Return the sentence in `lang` (a plain sentence reads the same in every language)."""
        if self.key is None:
            return str(self)
        return i18n.text(lang, self.key, **self.params)


class IllegalMoveError(GameError):
    """The action is not one of the legal actions of the current decision."""


class NotYourTurnError(GameError):
    """Someone other than the deciding seat tried to act."""


class StaleStateError(GameError):
    """The action was chosen on an older version of the game."""


class GameOverError(GameError):
    """The game has ended; nothing more can be played."""
