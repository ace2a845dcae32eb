"""The session service refuses by catalog key, so a Spanish player reads each refusal precisely.

Before, engine/sessions raised English sentences and Spanish players got one generic sentence
per error class. tests/engine/core/test_error_keys.py checks each key and its arguments
against the catalogs; this checks that no session refusal is a plain sentence any more.
"""

import ast
from pathlib import Path

import pytest

from engine.core import i18n
from engine.core.errors import GameError, StaleStateError
from engine.sessions import NotSeatedError, UndoRefusedError

ROOT = Path(__file__).resolve().parents[3]
SESSIONS = ROOT / "engine" / "sessions"
NOT_REFUSALS = {"ValueError", "RuntimeError", "TypeError", "KeyError"}


def _raises() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(SESSIONS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                name = getattr(node.exc.func, "id", getattr(node.exc.func, "attr", ""))
                if name.endswith("Error") and name not in NOT_REFUSALS:
                    found.append((f"{path.name}:{node.lineno}", node.exc))
    return found


def test_every_session_refusal_is_a_catalog_key_in_both_languages():
    raises = _raises()
    assert len(raises) > 30
    english, spanish = i18n.catalog("en").messages, i18n.catalog("es").messages
    for where, call in raises:
        assert call.args, where
        first = call.args[0]
        assert isinstance(first, ast.Constant), f"{where}: a sentence built at run time"
        key = first.value
        assert isinstance(key, str)
        assert key in english, f"{where}: {key!r} is not a catalog key"
        assert key in spanish, where
        assert spanish[key] != english[key], f"{where}: {key} is not translated"


@pytest.mark.parametrize(
    ("error", "en", "es"),
    [
        (
            StaleStateError("error.stale_move", shown=3, current=5),
            "This board is out of date (move 3, the game is at move 5).",
            "Este tablero está desactualizado (jugada 3; la partida va por la jugada 5).",
        ),
        (
            UndoRefusedError("error.session.no_such_move", number=9),
            "There is no move number 9 to take back.",
            "No hay ninguna jugada número 9 que deshacer.",
        ),
        (
            NotSeatedError("error.session.left_game"),
            "You have left this game, so you can no longer act in it.",
            "Has dejado esta partida, así que ya no puedes actuar en ella.",
        ),
    ],
)
def test_a_refusal_reads_precisely_in_each_language(error: GameError, en: str, es: str):
    assert str(error) == en  # the logs and the English players read what they read before
    assert error.text("en") == en
    assert error.text("es") == es
