"""Refusals carry a catalog key and arguments: English in logs, the player's language in replies."""

from engine.core.errors import GameError, StaleStateError


def test_a_keyed_refusal_reads_english_and_spanish_with_its_arguments():
    error = StaleStateError("error.stale_move", shown=12, current=14)
    assert str(error) == "This board is out of date (move 12, the game is at move 14)."
    assert error.key == "error.stale_move"
    assert error.text("es") == (
        "Este tablero está desactualizado (jugada 12; la partida va por la jugada 14)."
    )
    assert error.text("en") == str(error)


def test_a_plain_sentence_still_works_in_every_language():
    error = GameError("You may not do that.")
    assert error.key is None
    assert str(error) == "You may not do that."
    assert error.text("es") == "You may not do that."
    assert str(GameError()) == ""


def test_a_games_own_refusal_comes_from_its_folder():
    error = GameError("troyes.error.option", name="walls", value="maybe")
    assert str(error) == "Unknown option walls=maybe."
    assert error.text("es") == "Opción desconocida walls=maybe."
